"""How many Swiss rounds and how big a Top X, from the preset's table (INV-STRUCT-1/2).

The table is data (``Ruleset.structure``): each row covers players up to ``max_players`` (the
last row has no bound). INV-STRUCT-2: from ``short_min_players`` on (24 in invasion-it-2012)
the organizer may play one round fewer with a Top ``short_top`` (16) instead; below that the
option is refused with the threshold in the message.

Decision where the rules are silent: a Top never exceeds the field. With fewer players than
the row's Top (e.g. 3 players, Top 4 in the ≤8 row) the Top shrinks to the largest power of two
that fits (Top 2 = a final); a single player gets no Top.
"""

from __future__ import annotations

from dataclasses import dataclass

from torneo.cards.rules.pods import form_pods, plan_pods, rounds_in_pod
from torneo.core.errors import Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Np_
from torneo.presets.models import Ruleset, StructureRow


@dataclass(frozen=True, slots=True)
class EventPlan:
    rounds: int  # Swiss rounds
    top: int  # players in the Top X; 0 = no Top
    one_round_fewer: bool = False  # INV-STRUCT-2 chosen


def structure_row(ruleset: Ruleset, players: int) -> StructureRow:
    """INV-STRUCT-1: the row of the preset's table that covers ``players``."""
    if not ruleset.structure:
        raise TorneoError(
            "structure",
            N_("preset %(preset)s has no table of rounds by players"),
            N_("a preset with a [[structure]] table"),
            params={"preset": ruleset.id},
        )
    minimum = max(ruleset.swiss.min_players, 2)
    if players < minimum:
        raise TorneoError(
            "players",
            Np_("%(n)s player", "%(n)s players"),
            N_("at least %(least)s"),
            params={"n": players, "least": minimum},
        )
    for row in ruleset.structure:
        if row.max_players is None or players <= row.max_players:
            return row
    last = ruleset.structure[-1].max_players
    raise TorneoError(
        "players",
        Np_("%(n)s player", "%(n)s players"),
        N_("at most %(most)s for preset %(preset)s"),
        params={"n": players, "most": last, "preset": ruleset.id},
    )


def can_play_one_round_fewer(ruleset: Ruleset, players: int) -> Refusal | None:
    """INV-STRUCT-2: may this event play one round fewer with a bigger Top?"""
    row = structure_row(ruleset, players)
    if row.short_min_players is None or row.short_top is None:
        return Refusal(
            "one_round_fewer",
            N_("preset %(preset)s offers no shorter Swiss for %(n)s players"),
            rule="INV-STRUCT-2",
            params={"preset": ruleset.id, "n": players},
        )
    if players < row.short_min_players:
        return Refusal(
            "one_round_fewer",
            N_("needs at least %(least)s players; %(n)s are registered"),
            N_("%(least)s or more players"),
            "INV-STRUCT-2",
            params={"least": row.short_min_players, "n": players},
        )
    if row.rounds < 2:
        return Refusal(
            "one_round_fewer", N_("the Swiss would have no round left"), rule="INV-STRUCT-2"
        )
    return None


def plan_for(ruleset: Ruleset, players: int, *, one_round_fewer: bool = False) -> EventPlan:
    """INV-STRUCT-1/2: Swiss rounds and Top size for ``players`` under ``ruleset``.

    ``one_round_fewer`` is the organizer's INV-STRUCT-2 option (refused below the threshold).
    """
    if ruleset.swiss.rounds_rule == "pods":
        if one_round_fewer:
            raise TorneoError("one_round_fewer", N_("this preset has no short option"), N_("false"))
        # BER-POD-1..3: the automatic seating's pods (the start re-plans a judge's seating).
        field = [PlayerId(i) for i in range(1, players + 1)]
        pods = plan_pods(form_pods(field, ruleset.swiss.max_pod_size))
        return EventPlan(pods.swiss_rounds, pods.top, False)
    if ruleset.swiss.rounds_rule == "log2":
        if one_round_fewer:
            raise TorneoError("one_round_fewer", N_("this preset has no short option"), N_("false"))
        # BER-POD-3 / BER-TOP-1: the whole field plays as one pod, then a Top 4.
        rounds = rounds_in_pod(players)
        return EventPlan(rounds, _fitting_top(ruleset.swiss.log2_top, players), False)
    row = structure_row(ruleset, players)
    rounds, top = row.rounds, row.top
    if one_round_fewer:
        refusal = can_play_one_round_fewer(ruleset, players)
        if refusal:
            raise refusal.raise_as()
        assert row.short_top is not None
        rounds, top = rounds - 1, row.short_top
    return EventPlan(rounds=rounds, top=_fitting_top(top, players), one_round_fewer=one_round_fewer)


def _fitting_top(top: int, players: int) -> int:
    """The Top never exceeds the field: the largest power of two ≤ players (0 below 2)."""
    if top <= players:
        return top
    return 1 << (players.bit_length() - 1) if players >= 2 else 0
