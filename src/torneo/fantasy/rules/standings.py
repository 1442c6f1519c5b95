"""Standings of the season (FAN-LINEUP-1 prizes): each matchday's stage winner, the season's
total and its highest single stage, and each team's series for the charts.

A team that did not give its lineup (the last one stood) scores as usual but cannot win that
week's stage nor the season's highest-stage prize: they go to the next team. Ties share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm


@dataclass(frozen=True, slots=True)
class StageScore:
    team_id: int
    total: Fraction
    eligible: bool  # False: the lineup was not given (FAN-LINEUP-1)


@dataclass(frozen=True, slots=True)
class SeasonRow:
    place: int
    team_id: int
    total: Fraction
    stages_won: int
    best: Fraction | None  # the team's best stage
    series: tuple[Fraction | None, ...]  # per matchday, for the chart


@dataclass(frozen=True, slots=True)
class HighestStage:
    matchday: int
    team_id: int
    total: Fraction


def stage_winners(stage: Sequence[StageScore]) -> tuple[int, ...]:
    """The eligible teams with the highest score of the matchday (ties share the stage)."""
    eligible = [s for s in stage if s.eligible]
    if not eligible:
        return ()
    top = max(s.total for s in eligible)
    return tuple(sorted(s.team_id for s in eligible if s.total == top))


def highest_stages(stages: Mapping[int, Sequence[StageScore]]) -> tuple[HighestStage, ...]:
    """The season's highest single stage among eligible scores (ties share)."""
    best: list[HighestStage] = []
    for matchday in sorted(stages):
        for s in stages[matchday]:
            if not s.eligible:
                continue
            if not best or s.total > best[0].total:
                best = [HighestStage(matchday, s.team_id, s.total)]
            elif s.total == best[0].total:
                best.append(HighestStage(matchday, s.team_id, s.total))
    return tuple(best)


def season_table(
    teams: Sequence[int], stages: Mapping[int, Sequence[StageScore]]
) -> tuple[SeasonRow, ...]:
    """The season's standings by total points (then stages won), with each team's series.

    A season of 10,000 teams has 380,000 scores: they are added and compared as whole numbers
    of ``1/scale`` points (``scale`` the common denominator, usually 2), not as fractions,
    which cost a microsecond an operation (issue 18); the result is the same exact numbers.
    """
    days = sorted(stages)
    scale = lcm(1, *{s.total.denominator for day in days for s in stages[day]})
    totals = dict.fromkeys(teams, 0)
    won = dict.fromkeys(teams, 0)
    series: dict[int, list[Fraction | None]] = {t: [None] * len(days) for t in teams}
    scaled: dict[int, list[int | None]] = {t: [None] * len(days) for t in teams}
    for i, day in enumerate(days):
        top: int | None = None
        winners: list[int] = []
        for s in stages[day]:
            value = s.total.numerator * (scale // s.total.denominator)
            if s.team_id in totals:
                totals[s.team_id] += value
                series[s.team_id][i] = s.total
                scaled[s.team_id][i] = value
            if not s.eligible:
                continue
            if top is None or value > top:
                top, winners = value, [s.team_id]
            elif value == top:
                winners.append(s.team_id)
        for winner in winners:  # stage_winners, on whole numbers
            if winner in won:
                won[winner] += 1
    order = sorted(teams, key=lambda t: (-totals[t], -won[t], t))
    rows: list[SeasonRow] = []
    for n, team in enumerate(order, start=1):
        prev = rows[-1] if rows else None
        total = Fraction(totals[team], scale)
        same = prev is not None and (prev.total, prev.stages_won) == (total, won[team])
        played = [v for v in scaled[team] if v is not None]
        rows.append(
            SeasonRow(
                prev.place if same and prev else n,
                team,
                total,
                won[team],
                Fraction(max(played), scale) if played else None,
                tuple(series[team]),
            )
        )
    return tuple(rows)
