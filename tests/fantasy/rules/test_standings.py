"""FAN-LINEUP-1 prizes: the weekly stage and the highest stage skip teams without a lineup."""

from __future__ import annotations

from fractions import Fraction as Q

from torneo.fantasy.rules.standings import (
    StageScore,
    highest_stages,
    season_table,
    stage_winners,
)


def test_fan_lineup_1_stage_winner_skips_the_team_without_a_lineup() -> None:
    stage = [StageScore(1, Q(80), False), StageScore(2, Q(75), True), StageScore(3, Q(70), True)]
    assert stage_winners(stage) == (2,)
    assert stage_winners([StageScore(1, Q(70), True), StageScore(2, Q(70), True)]) == (1, 2)


def test_fan_lineup_1_highest_stage_goes_to_the_next() -> None:
    stages = {
        1: [StageScore(1, Q(90), False), StageScore(2, Q(70), True)],
        2: [StageScore(1, Q(60), True), StageScore(2, Q(85), True)],
    }
    assert [(h.matchday, h.team_id, h.total) for h in highest_stages(stages)] == [(2, 2, Q(85))]


def test_season_table_totals_stages_and_series() -> None:
    stages = {
        1: [StageScore(1, Q(90), False), StageScore(2, Q(70), True)],
        2: [StageScore(1, Q(60), True), StageScore(2, Q("85.5"), True)],
    }
    rows = season_table([1, 2, 3], stages)
    assert [(r.place, r.team_id, r.total, r.stages_won) for r in rows] == [
        (1, 2, Q("155.5"), 2),
        (2, 1, Q(150), 0),
        (3, 3, Q(0), 0),
    ]
    assert rows[0].series == (Q(70), Q("85.5"))
    assert rows[0].best == Q("85.5")
    assert rows[2].series == (None, None)


def test_season_table_exact_with_mixed_denominators_ties_and_strangers() -> None:
    """Scores in halves, quarters and thirds (other penalty or bonus settings) add exactly; a
    stage's winner who is not in the table takes the stage from everyone in it."""
    stages = {
        1: [StageScore(1, Q(1, 4), True), StageScore(2, Q(1, 3), True), StageScore(9, Q(99), True)],
        2: [StageScore(1, Q(141, 2), True), StageScore(2, Q(70), True)],
        3: [StageScore(1, Q(-3, 4), True), StageScore(2, Q(5, 12), True)],
    }
    rows = season_table([2, 1], stages)
    assert [(r.place, r.team_id, r.total, r.stages_won, r.best) for r in rows] == [
        (1, 2, Q(283, 4), 1, Q(70)),
        (2, 1, Q(70), 1, Q(141, 2)),
    ]
    assert rows[1].series == (Q(1, 4), Q(141, 2), Q(-3, 4))
    tied = season_table([1, 2], {1: [StageScore(1, Q(7, 2), True), StageScore(2, Q(14, 4), True)]})
    assert [(r.place, r.total, r.stages_won) for r in tied] == [(1, Q(7, 2), 1), (1, Q(7, 2), 1)]
