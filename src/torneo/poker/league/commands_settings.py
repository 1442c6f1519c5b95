"""A jackpot league's settings checked before anything is written (PKR-LEAGUE-2..4): its points
formula over every result the league can see (issue 28 item 1), its final table, its jackpot rule.
Each function raises a :class:`TorneoError` naming the field; none writes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func, select

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.platform.store.uow import UnitOfWork
from torneo.poker.commands import parse_int, parse_money
from torneo.poker.league.tables import PokerLeagueResult, PokerSchedule
from torneo.poker.rules.points_formula import MAX_FIELD, PointsFormula
from torneo.presets.poker import FinalTableRow


def check_formula(
    uow: UnitOfWork, formula: PointsFormula, schedule_ids: Sequence[int], league_id: int | None
) -> None:
    """PKR-LEAGUE-4 (issue 28 item 1): inside the writing unit, before anything is written,
    the formula must score every result the league can see: every field of 2 to the largest
    (``MAX_FIELD``, or the largest field the league has already scored), every place, each
    buy-in of its schedule entries (``PointsFormula.check_fields``)."""
    buy_ins = [
        sum(int(part[1]) for part in row.buy_in)
        for sid in schedule_ids
        if (row := uow.session.get(PokerSchedule, sid)) is not None
    ]
    largest = MAX_FIELD
    if league_id is not None:
        seen = uow.session.scalar(
            select(func.max(PokerLeagueResult.entrants)).where(
                PokerLeagueResult.league_id == league_id
            )
        )
        largest = max(largest, int(seen or 0))
    formula.check_fields(largest, buy_ins)


def final_settings(values: Mapping[str, Any]) -> dict[str, Any]:
    """PKR-LEAGUE-3 as typed: the final table's rules, checked by the preset's model."""
    ranks = values.get("qualifier_ranks")
    try:
        row = FinalTableRow(
            direct_seats=parse_int("direct_seats", values.get("direct_seats", 6), low=0, high=11),
            qualifier_seats=parse_int(
                "qualifier_seats", values.get("qualifier_seats", 0), low=0, high=11
            ),
            qualifier_min_played=parse_int(
                "qualifier_min_played", values["qualifier_min_played"], low=1
            )
            if str(values.get("qualifier_min_played") or "").strip()
            else None,
            qualifier_ranks=(
                parse_int("qualifier_ranks", ranks[0], low=1),
                parse_int("qualifier_ranks", ranks[1], low=1),
            )
            if ranks
            else None,
            qualifier_buy_in_cents=parse_money(
                "qualifier_buy_in", values.get("qualifier_buy_in") or 0
            ),
            extra_chips=parse_int("extra_chips", values.get("extra_chips", 10_000), low=0),
            level_minutes=parse_int(
                "final_level_minutes", values.get("final_level_minutes", 30), low=1
            ),
        )
    except ValueError as err:
        if isinstance(err, TorneoError):
            raise
        raise TorneoError(
            "final",
            N_("a qualifier open to nobody"),
            N_("a minimum of tournaments or a rank range"),
        ) from None
    if row.direct_seats + row.qualifier_seats > 11:
        raise TorneoError(
            "qualifier_seats",
            N_("%(n)s seats at the final table"),
            N_("at most 11 (PKR-TBL-1)"),
            params={"n": row.direct_seats + row.qualifier_seats},
        )
    return row.model_dump(mode="json")


def jackpot_settings(per_entry: Any, per_tournament: Any) -> tuple[int | None, int | None]:
    entry = parse_money("jackpot_per_entry", per_entry) if str(per_entry or "").strip() else None
    fixed = (
        parse_money("jackpot_per_tournament", per_tournament)
        if str(per_tournament or "").strip()
        else None
    )
    if (entry is None) == (fixed is None):
        raise TorneoError(
            "jackpot_per_entry",
            N_("give exactly one of per entry or per tournament"),
            N_("e.g. 20 per entry, or 50 per tournament (PKR-LEAGUE-2)"),
        )
    return entry, fixed
