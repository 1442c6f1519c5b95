"""Small builders for RisiKo! test tables."""

from __future__ import annotations

from torneo.core.ids import PlayerId
from torneo.risiko.rules.results import (
    ResultRules,
    SeatResult,
    SeatStatus,
    TableResult,
    record_table_result,
)

DEFAULT = ResultRules()


def P(n: int) -> PlayerId:
    return PlayerId(n)


def alive(player: int, points: int) -> SeatResult:
    return SeatResult(PlayerId(player), points)


def out(player: int, order: int) -> SeatResult:
    return SeatResult(PlayerId(player), 0, SeatStatus.ELIMINATED, order)


def excluded(player: int) -> SeatResult:
    return SeatResult(PlayerId(player), 0, SeatStatus.EXCLUDED)


def table(
    *seats: SeatResult,
    round_no: int = 1,
    number: int = 1,
    winners: tuple[int, ...] = (),
    rules: ResultRules = DEFAULT,
) -> TableResult:
    result = TableResult(round_no, number, seats, tuple(PlayerId(w) for w in winners))
    return record_table_result(result, rules)
