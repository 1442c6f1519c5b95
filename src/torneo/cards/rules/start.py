"""What an event fixes when it starts, and what it warns of then (issue 13 items 4, 5 and 7).

- INV-TOP-3: the choice rule is usable only when it was announced at the start ("la scelta del
  metodo utilizzato va comunicata a inizio torneo: se non viene comunicata ... si da per scontata
  l'applicazione della regola del dado"); otherwise the die rule (INV-TOP-2) stands alone.
- INV-DECK-1: deck checks are optional and decided at the start ("Deck Check (facoltativo, da
  stabilire a inizio torneo)"): on or off is fixed then; the preset gives the default.
- INV-LEGAL-2 / INV-MAJOR-2: a field under 6 players (12 at a Major) will be void for the season;
  the start says so, and still starts (a club may play for fun).

>>> from torneo.presets import load_preset
>>> invasion = load_preset("invasion-it-2012")
>>> start_settings(invasion, choice_rule=False, deck_checks=None)
{'choice_rule': False, 'deck_checks': True}
>>> small_field_warning(invasion, players=5, is_major=False).english()
'5 players: a tournament needs at least 6 to count for the season (INV-LEGAL-2); it will be void'
"""

from __future__ import annotations

from typing import Any

from torneo.core.messages import N_, Message, Np_
from torneo.presets import Ruleset

CHOICE_RULE = "choice_rule"  # event.settings key: INV-TOP-3 announced at the start
DECK_CHECKS = "deck_checks"  # event.settings key: INV-DECK-1 on or off, fixed at the start


def start_settings(
    ruleset: Ruleset, *, choice_rule: bool | None, deck_checks: bool | None
) -> dict[str, Any]:
    """The settings fixed when the event starts (None: the preset's default)."""
    judging = ruleset.judging
    return {
        CHOICE_RULE: ruleset.top.choice_rule if choice_rule is None else choice_rule,
        DECK_CHECKS: (bool(judging and judging.deck_check_every_round))
        if deck_checks is None
        else deck_checks,
    }


def _short_field(ruleset: Ruleset, players: int, is_major: bool) -> tuple[bool, int] | None:
    """INV-LEGAL-2 / INV-MAJOR-2: (the Major's minimum?, the minimum) the field falls short of,
    or None when it is large enough or the preset has no season."""
    season = ruleset.season
    if season is None:
        return None
    if is_major and players < season.major_min_players:
        return True, season.major_min_players
    if players < season.min_players:
        return False, season.min_players
    return None


def small_field_warning(ruleset: Ruleset, *, players: int, is_major: bool) -> Message | None:
    """INV-LEGAL-2 / INV-MAJOR-2: the field is too small for the season (None: it is not)."""
    short = _short_field(ruleset, players, is_major)
    if short is None:
        return None
    major, need = short
    text = (
        N_(
            "%(n)s players: a Major needs at least %(need)s to count for the season "
            "(INV-MAJOR-2); it will be void"
        )
        if major
        else N_(
            "%(n)s players: a tournament needs at least %(need)s to count for the season "
            "(INV-LEGAL-2); it will be void"
        )
    )
    return Message(text, {"n": players, "need": need})


def small_field_void(ruleset: Ruleset, *, players: int, is_major: bool) -> Message | None:
    """INV-LEGAL-2 / INV-MAJOR-2 once the event is over: why it is void for the season and
    gives no points (None: the field was large enough). The event's page says so instead of
    showing the points a Major would give (issue 29 item 12)."""
    short = _short_field(ruleset, players, is_major)
    if short is None:
        return None
    major, need = short
    text = (
        Np_(
            "%(n)s player: a Major needs at least %(need)s to count for the season (INV-MAJOR-2)",
            "%(n)s players: a Major needs at least %(need)s to count for the season (INV-MAJOR-2)",
        )
        if major
        else N_(
            "%(n)s players: a tournament needs at least %(need)s to count for the season "
            "(INV-LEGAL-2)"
        )
    )
    return Message(text, {"n": players, "need": need})


__all__ = [
    "CHOICE_RULE",
    "DECK_CHECKS",
    "small_field_void",
    "small_field_warning",
    "start_settings",
]
