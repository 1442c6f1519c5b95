"""What the season's ranking earns (INV-RANK-3), set by the season's organizer, audited.

- :func:`decide_cut`: players equal on points and on every INV-RANK-1 variable straddle the
  Regional cut; the seed is silent, so the organizer decides: they name who qualifies, or a lot
  is drawn from a recorded seed (the poker leagues' way at their cut, PKR-LEAGUE-4). The
  decision is stored on the season and read by every surface through
  :func:`torneo.seasons.state.empty_table`; a change of results that changes the tie brings it
  back to the organizer (rules/cut.py).
- :func:`set_placement_bonus`: the National Final bonus of the season's best placements (the
  seed: "i migliori piazzamenti riceveranno un bonus"; it gives no figures).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from fractions import Fraction

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.seasons.commands import get_season
from torneo.seasons.commands_scoring import stored_outcome
from torneo.seasons.rules.cut import CutDecision, decide, draw_lot
from torneo.seasons.state import empty_table
from torneo.seasons.state_access import authorize_season

MAX_NOTE = 500
MAX_BONUS_PLACES = 100
MAX_BONUS = Fraction(100)


def decide_cut(
    store: Store,
    actor: Actor,
    season_name: str | int,
    *,
    qualified: Sequence[int] | None = None,
    lot: bool = False,
    seed: int | None = None,
    note: str = "",
) -> CutDecision:
    """INV-RANK-3: settle the tie at the cut, by naming who qualifies or by drawing a lot."""
    precheck(actor, Action.MANAGE)
    if lot == (qualified is not None):
        raise TorneoError(
            "qualified",
            N_("give either the players who qualify or a lot, not both or neither"),
            N_("the tied players who go through, or a drawn lot"),
            rule="INV-RANK-3",
        )
    clean_note = " ".join(note.split())
    if len(clean_note) > MAX_NOTE:
        raise TorneoError(
            "note",
            N_("%(n)s characters"),
            N_("at most %(max)s characters"),
            params={"n": len(clean_note), "max": MAX_NOTE},
        )
    with store.unit(actor) as uow:
        season = get_season(uow.session, season_name, for_update=True)
        authorize_season(actor, season)
        table = empty_table(season)
        for t in season.tournaments:
            table.put(stored_outcome(t))
        tie, seats = table.cut_tie(), table.cut_seats()
        if lot:
            drawn = seed if seed is not None else secrets.randbelow(2**31)
            decision = draw_lot(season.cut_size, tie, seats, f"{drawn}:cut", clean_note)
        else:
            decision = decide(season.cut_size, tie, seats, qualified or (), clean_note)
        before = season.cut_decision
        season.cut_decision = decision.as_record()
        # INV-RANK-3: the decision or the lot, with its seed, is in the audit log.
        uow.audit(
            "season.cut_decision",
            "season",
            season.id,
            before=before,
            after={**decision.as_record(), "tied": [int(p) for p in tie]},
        )
        return decision


def parse_bonus(values: Sequence[str | int | float | Fraction]) -> tuple[Fraction, ...]:
    """The placement bonus typed as numbers ("1.5", "1,5", "3/2"), position 1 first."""
    if len(values) > MAX_BONUS_PLACES:
        raise TorneoError(
            "placement_bonus",
            N_("%(n)s places"),
            N_("at most %(max)s places"),
            params={"n": len(values), "max": MAX_BONUS_PLACES},
        )
    out: list[Fraction] = []
    for place, raw in enumerate(values, start=1):
        text = str(raw).strip().replace(",", ".")
        try:
            value = Fraction(text)
        except (ValueError, ZeroDivisionError):
            value = Fraction(-1)
        if not 0 <= value <= MAX_BONUS:
            raise TorneoError(
                "placement_bonus",
                N_("'%(value)s' for place %(place)s"),
                N_("a number from 0 to 100 for each place, such as 1.5, 1, 0.5"),
                params={"value": raw, "place": place},
                rule="INV-RANK-3",
            )
        out.append(value)
    while out and out[-1] == 0:
        out.pop()  # trailing zeros give nothing: not kept
    return tuple(out)


def set_placement_bonus(
    store: Store,
    actor: Actor,
    season_name: str | int,
    values: Sequence[str | int | float | Fraction],
) -> tuple[Fraction, ...]:
    """INV-RANK-3: the National Final bonus of the best placements (empty: none)."""
    precheck(actor, Action.MANAGE)
    bonus = parse_bonus(values)
    with store.unit(actor) as uow:
        season = get_season(uow.session, season_name, for_update=True)
        authorize_season(actor, season)
        before = list(season.placement_bonus or ())
        season.placement_bonus = [str(b) for b in bonus]
        uow.audit(
            "season.placement_bonus",
            "season",
            season.id,
            before={"placement_bonus": before},
            after={"placement_bonus": season.placement_bonus},
        )
        return bonus


__all__ = ["decide_cut", "parse_bonus", "set_placement_bonus"]
