"""PKR-LEAGUE-1..4: leaderboard, jackpot, final table, points formula and tie-breaks."""

from __future__ import annotations

import math
import random
from datetime import date
from fractions import Fraction

import pytest

from tests.support.poker import P
from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.poker.rules.leagues import (
    JackpotRule,
    LeaderboardRow,
    PlayerResult,
    SeatKind,
    TournamentResult,
    final_table,
    jackpot_total,
    leaderboard,
    order_for_cut,
    projected_jackpot,
    qualifier_entrants,
)
from torneo.poker.rules.points_formula import parse_formula
from torneo.poker.rules.presets import final_table_rules, jackpot_rule, league_row, points_formula
from torneo.presets import load_preset
from torneo.presets.poker import LeagueRow

PLACEMENT = parse_formula("pick(f, 100, 80, 60, 50) + 5", 0)


def result(tid: str, day: int, *places: int, n: int = 20, b: int = 12_000) -> TournamentResult:
    return TournamentResult(
        tid,
        date(2025, 11, day),
        n,
        b,
        tuple(PlayerResult(PlayerId(p), i) for i, p in enumerate(places, start=1)),
    )


def club_league(league_id: str) -> LeagueRow:
    rules = load_preset("lifeclub-poker").poker
    assert rules is not None
    return league_row(rules, league_id)


def test_PKR_LEAGUE_1_leaderboard_from_the_leagues_weekly_tournaments() -> None:
    """PKR-LEAGUE-1: a league is fed by its own weekly tournaments and keeps a leaderboard."""
    results = [
        result("tue", 4, 1, 2, 3),
        result("fri", 7, 2, 1, 4),
        result("mon", 3, 3, 3, 3),  # another league's tournament: ignored
    ]
    board = leaderboard(results, PLACEMENT, league_tournaments=["tue", "fri", "sun-first"])
    assert [(r.player, r.points, r.played) for r in board] == [
        (P(1), Fraction(105 + 85), 2),
        (P(2), Fraction(85 + 105), 2),
        (P(3), Fraction(65), 1),
        (P(4), Fraction(65), 1),
    ]
    # P1 and P2 tie on points and played; best finish ties too: they share position 1.
    assert [r.position for r in board] == [1, 1, 3, 3]


def test_PKR_LEAGUE_2_jackpot_per_entry_and_fixed_levy() -> None:
    """PKR-LEAGUE-2: 20 × 20 players × 36 tournaments = 14,400; 50 × 89 = 4,450."""
    campione = jackpot_rule(club_league("campione"))
    mister = jackpot_rule(club_league("mister-allin"))
    assert projected_jackpot(campione, 36, 20) == 14_400_00
    assert projected_jackpot(mister, 89, 20) == 4_450_00
    assert jackpot_total(campione, [18, 22, 25]) == 2000 * 65
    assert jackpot_total(mister, [18, 22, 25]) == 5000 * 3
    with pytest.raises(TorneoError):
        JackpotRule(2000, 5000)


def board_of(*rows: tuple[int, int, int, int]) -> tuple[LeaderboardRow, ...]:
    """(player, points, played, best finish) rows, already in order."""
    return tuple(
        LeaderboardRow(i, PlayerId(p), Fraction(pts), played, best, ())
        for i, (p, pts, played, best) in enumerate(rows, start=1)
    )


def test_PKR_LEAGUE_3_campione_top_6_direct_and_4_qualifiers_with_the_7th_chips() -> None:
    """PKR-LEAGUE-3: top 6 direct; 4 seats from a qualifier for who played 25 of 36; they
    start with the chips of the 7th; every finalist gets 10,000 extra chips."""
    rules = final_table_rules(club_league("campione"))
    board = board_of(*[(p, 1000 - 50 * p, 30 if p <= 10 else 10, p) for p in range(1, 13)])
    entrants = qualifier_entrants(board, rules, [P(p) for p in range(1, 7)])
    assert entrants == (P(7), P(8), P(9), P(10))  # 11th and 12th played 10 of 36
    final = final_table(board, rules, [P(7), P(9), P(10), P(8)], random.Random(1))
    direct = [f for f in final.finalists if f.kind is SeatKind.DIRECT]
    qualifiers = [f for f in final.finalists if f.kind is SeatKind.QUALIFIER]
    assert [(f.player, f.chips) for f in direct][:2] == [(P(1), 950 + 10_000), (P(2), 900 + 10_000)]
    assert len(direct) == 6
    assert len(qualifiers) == 4
    assert {f.chips for f in qualifiers} == {650 + 10_000}  # the 7th has 650 points
    with pytest.raises(Conflict):
        final_table(board, rules, [P(12)], random.Random(1))  # played too little


def test_PKR_LEAGUE_3_mister_allin_top_5_and_ranks_6_to_25_with_the_6th_chips() -> None:
    """PKR-LEAGUE-3: top 5 direct; 5 seats from a qualifier of ranks 6th-25th, who start with
    the chips of the 6th."""
    rules = final_table_rules(club_league("mister-allin"))
    board = board_of(*[(p, 2000 - 10 * p, 5, p) for p in range(1, 31)])
    entrants = qualifier_entrants(board, rules, [P(p) for p in range(1, 6)])
    assert entrants == tuple(P(p) for p in range(6, 26))
    final = final_table(board, rules, [P(6), P(11), P(20), P(25), P(9)], random.Random(1))
    qualifiers = [f for f in final.finalists if f.kind is SeatKind.QUALIFIER]
    assert {f.chips for f in qualifiers} == {1940 + 10_000}
    with pytest.raises(Conflict):
        final_table(board, rules, [P(26)], random.Random(1))


def test_PKR_LEAGUE_4_the_seeds_formula_and_a_placement_table() -> None:
    """PKR-LEAGUE-4: 10*sqrt(n/f)*(1+log(b+0.25)) and a placement table, rounded exactly."""
    formula = points_formula(club_league("campione"))
    value = formula.evaluate(n=20, f=4, b=Fraction(120))
    expected = 10 * math.sqrt(20 / 4) * (1 + math.log(120.25))
    assert value == Fraction(round(expected * 100), 100)
    assert value.denominator in (1, 2, 4, 5, 10, 20, 25, 50, 100)
    placement = points_formula(club_league("mister-allin"))
    assert placement.evaluate(n=12, f=1, b=50) == 105
    assert placement.evaluate(n=12, f=11, b=50) == 5


@pytest.mark.parametrize(
    "text",
    [
        "__import__('os').system('true')",
        "open('x')",
        "n.__class__",
        "[1][0]",
        "lambda: 1",
        "x + 1",
        "'a' * 3",
        "(n ** 64) ** 64 ** 64",
        "f(1)",
        "True + 1",
    ],
)
def test_PKR_LEAGUE_4_formulas_are_parsed_never_evaluated_by_python(text: str) -> None:
    """PKR-LEAGUE-4: only numbers, the variables, arithmetic and a few functions."""
    with pytest.raises(TorneoError) as err:
        parse_formula(text)
    assert err.value.field == "points_formula"


def test_PKR_LEAGUE_4_formula_errors_name_the_values() -> None:
    """PKR-LEAGUE-4: a formula dividing by zero for some result is refused with the values."""
    formula = parse_formula("100 / (n - f)")
    with pytest.raises(TorneoError) as err:
        formula.evaluate(n=5, f=5, b=10)
    assert "cannot be computed for n=5, f=5, b=10: a division by zero" in err.value.reason


def test_PKR_LEAGUE_4_best_n_results() -> None:
    """PKR-LEAGUE-4: optionally only the best N results count."""
    results = [result("tue", d, 1, 2) for d in (4, 11)] + [result("tue", 18, 2, 1)]
    board = leaderboard(results, PLACEMENT, best_n=2)
    assert [(r.player, r.points, r.played) for r in board] == [
        (P(1), Fraction(210), 3),
        (P(2), Fraction(190), 3),
    ]


def test_PKR_LEAGUE_4_ties_at_the_cut_played_then_best_finish_then_a_recorded_lot() -> None:
    """PKR-LEAGUE-4: ties at a cut-off: tournaments played, then best finish, then lots."""
    results = [
        result("tue", 4, 1, 2, 3, 4),
        result("tue", 11, 2, 1, 4, 3),
        result("fri", 14, 5, 6),
    ]
    board = leaderboard(results, PLACEMENT)
    assert [r.player for r in board][:2] in ([P(1), P(2)], [P(2), P(1)])
    assert board[0].position == board[1].position == 1  # equal on every criterion
    ordered, draw = order_for_cut(board, 1, random.Random(3))
    assert draw is not None
    assert set(draw.tied) == {P(1), P(2)}
    assert ordered[0].player == draw.order[0]
    again, same = order_for_cut(board, 1, random.Random(3))
    assert same == draw
    assert again == ordered
    no_tie, none = order_for_cut(board, 2, random.Random(3))
    assert none is None
    assert no_tie == board
