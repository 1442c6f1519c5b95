"""The standings table: INV-BYE-1, INV-RANK-2, BER-TIE-1, BER-BYE-1 and the table's own rules."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.standings import entrants, match, pid
from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.records import Entrant, MatchRecord, Stage
from torneo.engines.results import GameScore, ResultKind
from torneo.engines.standings import StandingRow, compute_standings
from torneo.presets import load_preset
from torneo.presets.models import PointsScheme

INVASION = load_preset("invasion-it-2012")
BERSERK = load_preset("berserk-online")
MTR = INVASION.points


def order(rows: list[StandingRow]) -> list[int]:
    return [int(r.player_id) for r in rows]


# R1: 1 bye, 2 beats 3, 4 draws 5 — R2: 2 beats 1, 3 beats 4, 5 bye.
# Points: 1 → 3 (bye), 2 → 6, 3 → 3, 4 → 1, 5 → 4. Players 1 and 3 tie on 3; 1's OMW is 1
# (2 won everything) and 3's only (1 + 1/3) / 2, yet the bye puts 1 below.
BYE_EVENT = [
    match(1, 1, None),
    match(1, 2, 3, "2-0"),
    match(1, 4, 5, "1-1-1"),
    match(2, 2, 1, "2-1"),
    match(2, 3, 4, "2-0"),
    match(2, 5, None),
]


def test_INV_BYE_1_bye_ranks_below_on_equal_points() -> None:
    """INV-BYE-1: a bye is a win (3 points) but ranks the player below others on equal points."""
    rows = compute_standings(entrants(1, 2, 3, 4, 5), BYE_EVENT, MTR, INVASION.tiebreaks)
    assert order(rows) == [2, 5, 3, 1, 4]
    by_id = {int(r.player_id): r for r in rows}
    assert by_id[1].points == by_id[3].points == 3
    assert by_id[1].tiebreaks["omw"] > by_id[3].tiebreaks["omw"]  # OMW alone would invert them
    assert (by_id[1].byes, by_id[1].wins, by_id[1].matches_played) == (1, 0, 1)
    without_bye_last = compute_standings(entrants(1, 2, 3, 4, 5), BYE_EVENT, MTR, ["omw"])
    assert order(without_bye_last) == [2, 5, 1, 3, 4]


def test_INV_RANK_2_dense_rank_shares_positions_on_equal_points() -> None:
    """INV-RANK-2: equal points share the displayed position; positions stay strict."""
    rows = compute_standings(entrants(1, 2, 3, 4, 5), BYE_EVENT, MTR, INVASION.tiebreaks)
    assert [r.points for r in rows] == [6, 4, 3, 3, 1]
    assert [r.dense_rank for r in rows] == [1, 2, 3, 3, 4]
    assert [r.position for r in rows] == [1, 2, 3, 4, 5]


def test_INV_RANK_EX1_dense_rank_71_65_54_54_42_42() -> None:
    """INV-RANK-EX1: Tizio 71, Caio 65, Sempronio 54, Platone 54, Aristotele 42, Ulisse 42."""
    # A points scheme chosen so that one round yields exactly the example's points.
    scheme = PointsScheme(win=71, loss=65, draw=54, double_loss=42, bye=0)
    double_loss = GameScore(0, 0, 0, ResultKind.DOUBLE_LOSS)
    matches = [
        match(1, 1, 2, "2-0"),  # Tizio beats Caio
        match(1, 3, 4, "1-1"),  # Sempronio and Platone draw
        replace(match(1, 5, 6), score=double_loss),  # Aristotele and Ulisse
    ]
    rows = compute_standings(entrants(1, 2, 3, 4, 5, 6), matches, scheme, ["match_points"])
    assert [r.points for r in rows] == [71, 65, 54, 54, 42, 42]
    assert [r.dense_rank for r in rows] == [1, 2, 3, 3, 4, 4]
    assert [r.position for r in rows] == [1, 2, 3, 4, 5, 6]
    assert {r.losses for r in rows if r.points == 42} == {1}  # a double loss is a loss for both


BERSERK_CHAIN = BERSERK.tiebreaks  # match_points, quality_of_wins, head_to_head, fewer_warnings


def test_BER_TIE_1_each_step_in_turn() -> None:
    """BER-TIE-1: quality of wins, then head-to-head, then fewer warnings.

    R1: 1 beats 2, 3 beats 4, 5 beats 6. R2: 3 beats 1, 2 beats 5, 4 beats 6.
    On 30: 1, 2, 4, 5. Quality of wins: 1 beat 2 (30), 2 beat 5 (30), 4 and 5 beat 6 (0).
    {1, 2}: 1 beat 2 (head-to-head), although 1 has more warnings. {4, 5} never met: warnings.
    """
    matches = [
        match(1, 1, 2, "1-0"),
        match(1, 3, 4, "1-0"),
        match(1, 5, 6, "1-0"),
        match(2, 3, 1, "1-0"),
        match(2, 2, 5, "1-0"),
        match(2, 4, 6, "1-0"),
    ]
    warnings = {pid(1): 2, pid(4): 1}
    rows = compute_standings(
        entrants(1, 2, 3, 4, 5, 6), matches, BERSERK.points, BERSERK_CHAIN, warnings=warnings
    )
    assert order(rows) == [3, 1, 2, 5, 4, 6]
    by_id = {int(r.player_id): r for r in rows}
    assert by_id[1].tiebreaks["quality_of_wins"] == by_id[2].tiebreaks["quality_of_wins"] == 30
    assert by_id[5].tiebreaks["quality_of_wins"] == by_id[4].tiebreaks["quality_of_wins"] == 0
    h2h = [by_id[i].tiebreaks["head_to_head"] for i in (1, 2, 5, 4)]
    assert h2h == [Fraction(30), Fraction(0), Fraction(0), Fraction(0)]
    warned = [by_id[i].tiebreaks["fewer_warnings"] for i in (5, 4)]
    assert warned == [Fraction(0), Fraction(1)]


def test_BER_TIE_1_quality_of_wins_comes_before_head_to_head() -> None:
    """BER-TIE-1: 1 and 2 end on 60 and 2 beat 1, but 1 beat stronger opponents (3 and 4).

    R1: 1 beats 3, 5 beats 2, 4 beats 6. R2: 1 beats 4, 2 beats 6, 3 beats 5.
    R3: 2 beats 1, 3 beats 6, 4 beats 5. Points: 1, 2, 3, 4 → 60; 5 → 30; 6 → 0.
    Quality of wins: 1 → 3 + 4 = 120; 2 → 1 + 6 = 60; 3 → 5 + 6 = 30; 4 → 6 + 5 = 30.
    """
    matches = [
        match(1, 1, 3, "1-0"),
        match(1, 5, 2, "1-0"),
        match(1, 4, 6, "1-0"),
        match(2, 1, 4, "1-0"),
        match(2, 2, 6, "1-0"),
        match(2, 3, 5, "1-0"),
        match(3, 2, 1, "1-0"),
        match(3, 3, 6, "1-0"),
        match(3, 4, 5, "1-0"),
    ]
    rows = compute_standings(
        entrants(1, 2, 3, 4, 5, 6), matches, BERSERK.points, BERSERK_CHAIN, warnings={pid(3): 1}
    )
    assert order(rows) == [1, 2, 4, 3, 5, 6]
    assert [r.tiebreaks["quality_of_wins"] for r in rows[:4]] == [120, 60, 30, 30]


def test_BER_BYE_1_auto_win_counts_20_when_points_are_equal() -> None:
    """BER-BYE-1: 1 has 60 with an auto-win, 2 has 60 from two wins: 2 ranks above.

    The auto-win still shows 30 in the points; 3 (30, no bye) stays below 1 (60, bye counted 20
    only against equal points).
    """
    matches = [
        match(1, 1, 3, "1-0"),
        match(1, 2, 4, "1-0"),
        match(2, 1, None),
        match(2, 2, 3, "1-0"),
    ]
    rows = compute_standings(entrants(1, 2, 3, 4), matches, BERSERK.points, BERSERK_CHAIN)
    assert order(rows) == [2, 1, 3, 4]
    by_id = {int(r.player_id): r for r in rows}
    assert by_id[1].points == 60
    assert by_id[1].tiebreaks["match_points"] == 50
    assert by_id[2].tiebreaks["match_points"] == 60


def test_head_to_head_is_applied_again_to_what_it_leaves_tied() -> None:
    """Head-to-head inside {1, 2, 3, 4} (every pair met): 1 and 2 score 6, 3 and 4 score 3.
    Applied again inside {1, 2}: 1 beat 2; inside {3, 4}: 3 beat 4. Matches against 5 and 6
    even the points at 6 (5 and 6 beat 1 and 2; 3 and 4 beat 5 and 6)."""
    matches = [
        match(1, 1, 2, "1-0"),
        match(1, 3, 4, "1-0"),
        match(2, 1, 3, "1-0"),
        match(2, 2, 4, "1-0"),
        match(3, 4, 1, "1-0"),
        match(3, 2, 3, "1-0"),
        match(4, 5, 1, "1-0"),
        match(4, 6, 2, "1-0"),
        match(5, 3, 5, "1-0"),
        match(5, 4, 6, "1-0"),
    ]
    points = PointsScheme(win=3, draw=1, loss=0)
    rows = compute_standings(entrants(1, 2, 3, 4, 5, 6), matches, points, ["head_to_head"])
    assert [r.points for r in rows[:4]] == [6, 6, 6, 6]
    assert order(rows)[:4] == [1, 2, 3, 4]
    assert [r.tiebreaks["head_to_head"] for r in rows[:4]] == [6, 6, 3, 3]


def test_only_reported_swiss_matches_count() -> None:
    matches = [
        match(1, 1, 2, "2-0"),
        match(2, 1, 2, None),  # unreported
        match(3, 2, 1, "2-0", stage=Stage.TOP),
        match(3, 2, 1, "2-0", stage=Stage.THIRD_PLACE),
    ]
    rows = compute_standings(entrants(1, 2), matches, MTR, INVASION.tiebreaks)
    assert [(int(r.player_id), r.points, r.matches_played) for r in rows] == [(1, 3, 1), (2, 0, 1)]


def test_dropped_and_disqualified_players_stay_flagged_inactive() -> None:
    players = entrants(1, 2, 3, 4)
    players[0] = replace(players[0], dropped_after_round=1)
    players[1] = replace(players[1], disqualified=True)
    matches = [match(1, 1, 3, "2-0"), match(1, 2, 4, "2-0"), match(2, 3, 4, "2-1")]
    rows = compute_standings(players, matches, MTR, INVASION.tiebreaks)
    assert len(rows) == 4
    assert {int(r.player_id): r.is_active for r in rows} == {1: False, 2: False, 3: True, 4: True}
    assert [r.points for r in rows] == [3, 3, 3, 0]


def test_a_late_entry_loses_the_rounds_it_missed() -> None:
    """Entrant.joined_round: rounds paired before the entry count as losses (MTR), also in MW%."""
    players = entrants(1, 2, 3)
    players[2] = replace(players[2], joined_round=2)
    matches = [match(1, 1, 2, "2-0"), match(2, 3, 1, "2-0"), match(2, 2, None)]
    rows = compute_standings(players, matches, MTR, ["match_points", "bye_last", "omw"])
    late = next(r for r in rows if r.player_id == 3)
    assert (late.points, late.wins, late.losses, late.matches_played) == (3, 1, 1, 1)
    winner = next(r for r in rows if r.player_id == 1)
    # 1's only opponents: 2 (its one played match lost: 1/3, its bye is not a won match,
    # INV-BYE-1) and 3 (3 points in 2 rounds, the missed one a loss: 1/2)
    assert winner.tiebreaks["omw"] == Fraction(5, 12)


@pytest.mark.parametrize(
    ("matches", "warnings", "field"),
    [
        ([match(1, 1, 9, "2-0")], None, "matches"),
        ([match(1, 9, None)], None, "matches"),
        ([], {pid(9): 1}, "warnings"),
        ([], {pid(1): -1}, "warnings"),
    ],
)
def test_bad_input_names_the_field(
    matches: list[MatchRecord], warnings: dict[PlayerId, int] | None, field: str
) -> None:
    with pytest.raises(TorneoError) as err:
        compute_standings(entrants(1, 2), matches, MTR, INVASION.tiebreaks, warnings=warnings)
    assert err.value.field == field


def test_an_entrant_listed_twice_is_refused() -> None:
    with pytest.raises(TorneoError) as err:
        compute_standings(entrants(1, 2, 1), [], MTR, INVASION.tiebreaks)
    assert err.value.field == "entrants"


SCORES = ["2-0", "2-1", "1-2", "0-2", "1-1-1", "0-0-3", "1-0", "1-1"]


@st.composite
def events(draw: st.DrawFn) -> tuple[list[Entrant], list[MatchRecord]]:
    n = draw(st.integers(min_value=1, max_value=16))
    rounds = draw(st.integers(min_value=0, max_value=5))
    rng = random.Random(draw(st.integers(min_value=0, max_value=10**6)))
    players = [Entrant(PlayerId(i), f"P{i}") for i in rng.sample(range(1, 100), n)]
    for k in rng.sample(range(n), rng.randint(0, n // 3)):
        players[k] = replace(players[k], dropped_after_round=1)
    matches: list[MatchRecord] = []
    for r in range(1, rounds + 1):
        ids = [p.id for p in players]
        rng.shuffle(ids)
        if len(ids) % 2:
            matches.append(MatchRecord(r, 0, ids.pop(), None, None))
        for t in range(0, len(ids), 2):
            score = rng.choice([*SCORES, None])
            parsed = None if score is None else match(r, 1, 2, score).score
            matches.append(MatchRecord(r, t // 2 + 1, ids[t], ids[t + 1], parsed))
    return players, matches


CHAINS = [
    INVASION.tiebreaks,
    BERSERK.tiebreaks,
    ["buchholz_cut1", "sonneborn_berger", "rounds_played"],
    ["head_to_head", "buchholz_median", "random"],
]


@settings(max_examples=60, deadline=None)
@given(events(), st.sampled_from(CHAINS), st.integers(min_value=0, max_value=99))
def test_standings_are_a_strict_reproducible_permutation(
    event: tuple[list[Entrant], list[MatchRecord]], chain: list[str], seed: int
) -> None:
    players, matches = event
    rows = compute_standings(players, matches, MTR, chain, seed=seed)
    assert sorted(r.player_id for r in rows) == sorted(p.id for p in players)
    assert [r.position for r in rows] == list(range(1, len(players) + 1))
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    assert rows[0].dense_rank == 1
    for before, after in itertools.pairwise(rows):
        assert after.dense_rank == before.dense_rank + (after.points != before.points)
    again = compute_standings(
        list(reversed(players)), list(reversed(matches)), MTR, chain, seed=seed
    )
    assert [r.player_id for r in again] == [r.player_id for r in rows]
    assert [dict(r.tiebreaks) for r in again] == [dict(r.tiebreaks) for r in rows]
