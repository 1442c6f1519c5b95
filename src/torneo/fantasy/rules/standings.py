"""Standings of the season (FAN-LINEUP-1 prizes): each matchday's stage winner, the season's
total and its highest single stage, and each team's series for the charts.

A team that did not give its lineup (the last one stood) scores as usual but cannot win that
week's stage nor the season's highest-stage prize: they go to the next team. Ties share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction


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
    """The season's standings by total points (then stages won), with each team's series."""
    days = sorted(stages)
    totals = {t: Fraction(0) for t in teams}
    won = dict.fromkeys(teams, 0)
    series: dict[int, list[Fraction | None]] = {t: [None] * len(days) for t in teams}
    for i, day in enumerate(days):
        for s in stages[day]:
            if s.team_id in totals:
                totals[s.team_id] += s.total
                series[s.team_id][i] = s.total
        for winner in stage_winners(stages[day]):
            if winner in won:
                won[winner] += 1
    order = sorted(teams, key=lambda t: (-totals[t], -won[t], t))
    rows: list[SeasonRow] = []
    for n, team in enumerate(order, start=1):
        prev = rows[-1] if rows else None
        same = prev is not None and (prev.total, prev.stages_won) == (totals[team], won[team])
        played = [v for v in series[team] if v is not None]
        rows.append(
            SeasonRow(
                prev.place if same and prev else n,
                team,
                totals[team],
                won[team],
                max(played) if played else None,
                tuple(series[team]),
            )
        )
    return tuple(rows)
