"""The format of a card event (BER-FMT-1..3) and the ladder it feeds (BER-RANK-1).

An event's format is the key of one of its preset's deck formats (``[judging.deck_formats.*]``:
``constructed``, ``sealed_starter``, ``sealed_boosters``, ``draft_one_booster``,
``draft_two_boosters``, ``draft_standard`` in berserk-online), chosen when the event is created
(or later by its judges) and kept in ``events.format``; None means the preset's default. The
format says the deck's size and pool (judging checks the lists) and the ladder the event feeds.
"""

from __future__ import annotations

from torneo.cards.rules.draft import pools_of_format
from torneo.core.errors import Conflict, TorneoError
from torneo.core.messages import N_, Np_
from torneo.presets import Ruleset
from torneo.presets.judging import DeckFormat


def format_keys(ruleset: Ruleset) -> tuple[str, ...]:
    return tuple(ruleset.judging.deck_formats) if ruleset.judging is not None else ()


def check_format(ruleset: Ruleset, key: str | None) -> str | None:
    """``key`` cleaned (None or empty: the preset's default), or a refusal listing the formats."""
    chosen = (key or "").strip()
    if not chosen:
        return None
    keys = format_keys(ruleset)
    if chosen not in keys:
        raise TorneoError(
            "format",
            N_("'%(format)s' is not a format of preset %(preset)s"),
            ", ".join(keys) or N_("none: this preset has no formats"),
            params={"format": chosen, "preset": ruleset.id},
        )
    return chosen


def event_format(ruleset: Ruleset, key: str | None) -> tuple[str, DeckFormat] | None:
    """The event's format key and its definition (``key`` None: the preset's default); None when
    the preset has no formats."""
    judging = ruleset.judging
    if judging is None:
        return None
    chosen = key or judging.default_deck_format
    if chosen is None or chosen not in judging.deck_formats:
        return None
    return chosen, judging.deck_formats[chosen]


def pools_of_event(ruleset: Ruleset, key: str | None) -> str | None:
    """BER-FMT-2/3 (issue 30): "draft" or "sealed" when the event's format builds its decks from
    pools made before round 1 (:func:`torneo.cards.rules.draft.pools_of_format`), else None."""
    fmt = event_format(ruleset, key)
    return pools_of_format(fmt[1]) if fmt is not None else None


def check_field(ruleset: Ruleset, key: str | None, players: int) -> None:
    """The start's check of the field: at least the format's minimum (BER-FMT-1..3: 4 players in
    every format of berserk-online, the refusal naming the format and its rule), and at least the
    Swiss's (``[swiss] min_players``)."""
    fmt = event_format(ruleset, key)
    if fmt is not None and fmt[1].min_players is not None and players < fmt[1].min_players:
        chosen, definition = fmt
        raise Conflict(
            "players",
            Np_(
                "%(n)s player registered; a %(format)s event needs at least %(least)s",
                "%(n)s players registered; a %(format)s event needs at least %(least)s",
            ),
            N_("at least %(least)s players (every format)"),
            rule=definition.rule,
            params={"n": players, "format": chosen, "least": definition.min_players},
        )
    least = ruleset.swiss.min_players
    if players < least:
        raise Conflict(
            "players",
            N_("registered: %(n)s"),
            N_("at least %(least)s"),
            params={"n": players, "least": least},
        )


__all__ = ["check_field", "check_format", "event_format", "format_keys"]
