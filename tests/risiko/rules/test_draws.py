"""RSK-TBL-2 table formation: random draw + improving swaps, greca, svizzera, bands, final."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.risiko_rules import P, alive, out, table
from torneo.core.errors import NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.risiko.rules.criteria import DEFAULT_PRIORITIES, Criterion, criteria
from torneo.risiko.rules.draw import DrawMethod, TableDraw
from torneo.risiko.rules.greca import alla_greca, greca_unavoidable
from torneo.risiko.rules.history import History, PastTable
from torneo.risiko.rules.random_draw import draw_tables, random_only, swap_players
from torneo.risiko.rules.results import TableResult
from torneo.risiko.rules.seeding import (
    alla_svizzera,
    final_table,
    semifinal_bands,
    semifinal_winners,
)
from torneo.risiko.rules.swap_advice import improving_swaps
from torneo.risiko.rules.table_sizes import TablePolicy


def field(n: int) -> list[PlayerId]:
    return [P(i) for i in range(1, n + 1)]


def played(history: History, draw: TableDraw) -> History:
    """Add a drawn round to the history; the first seat of each table wins (for the test)."""
    past = tuple(PastTable(draw.round_no, t.seats, (t.seats[0],)) for t in draw.tables)
    return History(history.tables + past, history.clubs)


def _seated_once(draw: TableDraw, players: list[PlayerId]) -> None:
    assert sorted(draw.players) == sorted(players)


def test_RSK_TBL_2_same_seed_same_draw() -> None:
    """RSK-TBL-2: every draw is reproducible from its seed."""
    history = History((PastTable(1, (P(1), P(2), P(3), P(4))),))
    a = draw_tables(field(41), history, random.Random(99), round_no=2)
    b = draw_tables(field(41), history, random.Random(99), round_no=2)
    c = draw_tables(field(41), history, random.Random(100), round_no=2)
    assert a == b
    assert a.tables != c.tables


def test_RSK_TBL_2_four_rounds_of_40_without_a_repeated_opponent() -> None:
    """RSK-TBL-2: zero repeated opponents while the field allows it."""
    players = field(40)
    history = History()
    for round_no in range(1, 5):
        draw = draw_tables(players, history, random.Random(round_no), round_no=round_no)
        _seated_once(draw, players)
        assert [t.size for t in draw.tables] == [4] * 10
        assert draw.criteria.repeat_opponents == 0
        assert draw.criteria == criteria(draw, history)
        history = played(history, draw)


def test_RSK_TBL_2_off_size_tables_follow_the_policy_and_rotate() -> None:
    """RSK-TBL-2: 42 players sit 8×4 + 2×5; nobody sits at a 5 twice while avoidable."""
    players = field(42)
    history = History()
    for round_no in range(1, 4):
        draw = draw_tables(players, history, random.Random(round_no), round_no=round_no)
        assert Counter(t.size for t in draw.tables) == {4: 8, 5: 2}
        assert draw.criteria.repeat_off_size == 0
        history = played(history, draw)
    threes = draw_tables(
        players, history, random.Random(4), round_no=4, policy=TablePolicy.FOURS_THEN_THREES
    )
    assert Counter(t.size for t in threes.tables) == {4: 9, 3: 2}


def test_RSK_TBL_1_seven_players_sit_at_4_and_3_even_with_tables_of_5() -> None:
    """RSK-TBL-1: 7 players used to be refused at tables of 4 and 5; a table of 3 is mixed in.
    Fewer than 3 are still refused."""
    draw = draw_tables(field(7), History(), random.Random(1), round_no=1)
    assert [t.size for t in draw.tables] == [4, 3]
    with pytest.raises(TorneoError) as err:
        draw_tables(field(2), History(), random.Random(1), round_no=1)
    assert err.value.field == "players"


def test_RSK_TBL_1_a_player_listed_twice_is_refused() -> None:
    """RSK-TBL-1: a player would sit at two tables in one round."""
    with pytest.raises(TorneoError) as err:
        draw_tables([*field(11), P(3)], History(), random.Random(1), round_no=1)
    assert err.value.field == "players"


def test_RSK_TBL_2_same_club_pairs_are_avoided() -> None:
    """RSK-TBL-2: 5 clubs of 8 players over 10 tables: nobody sits with a clubmate."""
    clubs = {p: f"club {int(p) % 5}" for p in field(40)}
    draw = draw_tables(field(40), History((), clubs), random.Random(3), round_no=1)
    assert draw.criteria.same_club == 0
    assert (
        random_only(field(40), History((), clubs), random.Random(3), round_no=1).criteria.same_club
        > 0
    )


def test_RSK_TBL_2_the_organizers_priority_order_decides_the_trade_off() -> None:
    """RSK-TBL-2: 1 already met 3 and 4, who are clubmates: avoid one or the other."""
    history = History(
        (PastTable(1, (P(1), P(3))), PastTable(1, (P(1), P(4)))),
        {P(3): "Ares", P(4): "Ares"},
    )
    repeat_first = draw_tables(
        field(8),
        history,
        random.Random(5),
        round_no=2,
        priorities=["repeat_opponents", "same_club"],
    )
    assert (repeat_first.criteria.repeat_opponents, repeat_first.criteria.same_club) == (0, 1)
    club_first = draw_tables(
        field(8),
        history,
        random.Random(5),
        round_no=2,
        priorities=["same_club", "repeat_opponents"],
    )
    assert (club_first.criteria.repeat_opponents, club_first.criteria.same_club) == (1, 0)


def test_RSK_TBL_2_previous_winners_are_separated() -> None:
    """RSK-TBL-2: 4 previous winners at 4 tables: one each."""
    history = History(tuple(PastTable(1, (P(w),), (P(w),)) for w in (1, 2, 3, 4)))
    draw = draw_tables(
        field(16), history, random.Random(8), round_no=2, priorities=["winners_together"]
    )
    assert draw.criteria.winners_together == 0
    assert all(len({P(1), P(2), P(3), P(4)} & set(t.seats)) == 1 for t in draw.tables)


def test_RSK_TBL_2_unknown_or_repeated_criterion_is_refused() -> None:
    """RSK-TBL-2: the priority order names each criterion at most once."""
    with pytest.raises(TorneoError) as err:
        draw_tables(field(8), History(), random.Random(1), round_no=1, priorities=["elo"])
    assert err.value.field == "priorities"
    with pytest.raises(TorneoError):
        draw_tables(
            field(8), History(), random.Random(1), round_no=1, priorities=["same_club", "same_club"]
        )


def test_RSK_TBL_2_a_hand_swap_recomputes_the_criteria() -> None:
    """RSK-TBL-2: the organizer swaps two players and sees the repeated pair appear."""
    history = History((PastTable(1, (P(1), P(2))),))
    draw = draw_tables(field(8), history, random.Random(2), round_no=2)
    assert draw.criteria.repeat_opponents == 0
    table_of_1 = draw.table_of(P(1))
    stranger = next(p for p in table_of_1.seats if p != P(1))
    swapped = swap_players(draw, stranger, P(2), history)
    assert swapped.method is DrawMethod.MANUAL
    assert P(2) in swapped.table_of(P(1)).seats
    assert swapped.criteria.repeat_opponents == 1
    assert swapped.criteria.repeated_pairs == ((P(1), P(2)),)
    assert swap_players(swapped, stranger, P(2), history).criteria == draw.criteria
    with pytest.raises(NotFound):
        swap_players(draw, P(1), P(99), history)


def test_RSK_TBL_2_alla_greca_winner_stays_second_moves_one_third_two() -> None:
    """RSK-TBL-2 alla greca: the k-th of table t goes to table t + k − 1, around."""
    rounds = []
    for t in range(4):
        base = 10 * (t + 1)  # table 1: 11..14, table 2: 21..24, …
        rounds.append(
            table(
                alive(base + 3, 20),
                alive(base + 1, 50),
                alive(base + 2, 30),
                out(base + 4, 1),
                number=t + 1,
            )
        )
    players = [p for r in rounds for p in r.players]
    draw = alla_greca(rounds, players, History.from_results(rounds), random.Random(1), round_no=2)
    got = [sorted(int(p) for p in t.seats) for t in draw.tables]
    # Table 1: its winner 11, the 2nd of table 4 (42), the 3rd of table 3 (33), the 4th of table 2 (24).
    assert got == [[11, 24, 33, 42], [12, 21, 34, 43], [13, 22, 31, 44], [14, 23, 32, 41]]
    assert draw.method is DrawMethod.GRECA
    assert draw.criteria.repeat_opponents == 0


def _greca_round(sizes: tuple[int, ...]) -> list[TableResult]:
    """Tables numbered 1.., players 10t+k finishing k-th at table t (k = 1 wins)."""
    rounds = []
    for t, size in enumerate(sizes, start=1):
        seats = [alive(10 * t + k, 60 - 10 * k) for k in range(1, size)]
        rounds.append(table(*seats, out(10 * t + size, 1), number=t))
    return rounds


@pytest.mark.parametrize("sizes", [(4, 4, 4), (4, 4, 5), (4, 5, 5, 4), (4, 4, 3), (4, 4)])
def test_RSK_TBL_2_alla_greca_sends_nobody_back_to_their_own_table(sizes: tuple[int, ...]) -> None:
    """RSK-TBL-2 alla greca with 3 tables: the 4th of table t used to go to t + 3 = t, back to
    the winner they just played with (and the 5th at 4 tables too). Only the winner stays; the
    others move 1, 2, … tables on, counting the other tables only; table sizes stay the same."""
    rounds = _greca_round(sizes)
    players = [p for r in rounds for p in r.players]
    draw = alla_greca(rounds, players, History.from_results(rounds), random.Random(1), round_no=2)
    before = {p: r.table for r in rounds for p in r.players}
    winners = {r.winners[0] for r in rounds}
    for t in draw.tables:
        for p in t.seats:
            assert (before[p] == t.number) == (p in winners), (p, t.number)
    assert sorted(t.size for t in draw.tables) == sorted(sizes)
    assert sorted(draw.players) == sorted(players)


def test_RSK_TBL_2_alla_greca_says_when_repeats_cannot_be_avoided_and_offers_swaps() -> None:
    """RSK-TBL-2: 3 tables of 4 cannot avoid repeats (a table of 4 gathers players from 3
    tables: one pair each, which alla greca attains); the draw counts the pairs that meet
    again, and the swaps that lower them are offered, best first, each with what it leaves.
    Here 11 and 23 also met in an earlier game, which alla greca does not look at."""
    rounds = _greca_round((4, 4, 4))
    players = [p for r in rounds for p in r.players]
    history = History.from_results(rounds)
    draw = alla_greca(rounds, players, history, random.Random(1), round_no=2)
    assert greca_unavoidable(len(rounds), max(r.size for r in rounds))
    assert not greca_unavoidable(4, 4)
    assert draw.criteria.repeat_opponents == 3  # the least possible
    assert improving_swaps(draw, history, DEFAULT_PRIORITIES) == ()
    history = History((*history.tables, PastTable(0, (P(11), P(23)))))
    draw = alla_greca(rounds, players, history, random.Random(1), round_no=2)
    assert draw.criteria.repeat_opponents == 4
    swaps = improving_swaps(draw, history, DEFAULT_PRIORITIES)
    assert swaps  # at least one swap lowers the repeats
    best = swaps[0]
    assert best.after.vector(DEFAULT_PRIORITIES) < draw.criteria.vector(DEFAULT_PRIORITIES)
    swapped = swap_players(draw, best.a, best.b, history)
    assert swapped.criteria == best.after
    assert all(
        x.after.vector(DEFAULT_PRIORITIES) <= y.after.vector(DEFAULT_PRIORITIES)
        for x, y in itertools.pairwise(swaps)
    )
    four = _greca_round((4, 4, 4, 4))
    fours = [p for r in four for p in r.players]
    clean = alla_greca(four, fours, History.from_results(four), random.Random(1), round_no=2)
    assert improving_swaps(clean, History.from_results(four), DEFAULT_PRIORITIES) == ()


def test_RSK_TBL_2_alla_greca_needs_the_previous_field() -> None:
    """RSK-TBL-2 alla greca: a player who left is named."""
    result = table(alive(1, 50), alive(2, 30), alive(3, 20), out(4, 1))
    with pytest.raises(TorneoError) as err:
        alla_greca([result], [P(1), P(2), P(3)], History(), random.Random(1), round_no=2)
    assert "4 left" in err.value.reason


def test_RSK_TBL_2_alla_svizzera_by_standing() -> None:
    """RSK-TBL-2 alla svizzera: best four at table 1, …, the table of 5 last."""
    ranking = [P(i) for i in (7, 3, 9, 1, 12, 2, 4, 8, 13, 5, 6, 10, 11)]
    draw = alla_svizzera(ranking, History(), random.Random(1), round_no=3)
    assert [set(t.seats) for t in draw.tables] == [
        set(ranking[0:4]),
        set(ranking[4:8]),
        set(ranking[8:13]),
    ]


def test_RSK_TBL_2_semifinals_one_player_from_each_quarter_per_table() -> None:
    """RSK-TBL-2: semifinals by bands; swaps inside bands avoid repeated opponents."""
    ranking = field(40)
    # 1 already met 5, 6 and 7: they must sit with 8 (the only one of band 2 left).
    history = History(
        (PastTable(1, (P(1), P(5))), PastTable(1, (P(1), P(6))), PastTable(1, (P(1), P(7))))
    )
    for seed in range(5):
        draw = semifinal_bands(ranking, history, random.Random(seed), round_no=3, tables=4)
        assert len(draw.tables) == 4
        for t in draw.tables:
            assert sorted((int(p) - 1) // 4 for p in t.seats) == [0, 1, 2, 3]
        assert P(8) in draw.table_of(P(1)).seats
        assert draw.criteria.repeat_opponents == 0
    with pytest.raises(TorneoError) as err:
        semifinal_bands(field(15), History(), random.Random(1), round_no=3, tables=4)
    assert err.value.field == "tables"


def test_RSK_TBL_2_final_table_of_four_from_the_semifinal_winners() -> None:
    """RSK-TBL-2: a final table of 4; the semifinal winners sit there."""
    semis = [
        table(alive(1, 40), alive(5, 30), alive(9, 20), alive(13, 10), number=1),
        table(alive(2, 20), alive(6, 45), alive(10, 20), out(14, 1), number=2),
        table(alive(3, 40), alive(7, 30), alive(11, 20), alive(15, 10), number=3),
        table(alive(4, 40), alive(8, 50), alive(12, 20), alive(16, 10), number=4),
    ]
    winners = semifinal_winners(semis)
    assert winners == (P(1), P(6), P(3), P(8))
    draw = final_table(winners, History(), random.Random(1), round_no=4)
    assert sorted(draw.players) == sorted(winners)
    assert draw.method is DrawMethod.FINAL
    with pytest.raises(TorneoError):
        final_table(winners[:3], History(), random.Random(1), round_no=4)
    tied = table(alive(1, 40), alive(5, 40), alive(9, 20), alive(13, 10), number=1)
    with pytest.raises(TorneoError):
        semifinal_winners([tied])


def _zero_repeat_possible(players: list[PlayerId], met: dict[PlayerId, set[PlayerId]]) -> bool:
    def solve(left: frozenset[PlayerId]) -> bool:
        if not left:
            return True
        first = min(left)
        rest = sorted(p for p in left if p != first and p not in met.get(first, ()))
        for trio in itertools.combinations(rest, 3):
            if all(b not in met.get(a, ()) for a, b in itertools.combinations(trio, 2)) and solve(
                left - {first, *trio}
            ):
                return True
        return False

    return solve(frozenset(players))


@settings(max_examples=25, deadline=None)
@given(n=st.sampled_from([8, 12, 16]), past_rounds=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_RSK_TBL_2_zero_repeats_whenever_the_field_allows(
    n: int, past_rounds: int, seed: int
) -> None:
    """RSK-TBL-2: if an exact search seats everybody with new opponents, so does the draw."""
    players = field(n)
    rng = random.Random(seed)
    history = History()
    for r in range(1, past_rounds + 1):
        history = played(history, random_only(players, history, rng, round_no=r))
    draw = draw_tables(
        players,
        history,
        random.Random(seed),
        round_no=past_rounds + 1,
        priorities=[Criterion.REPEAT_OPPONENTS],
    )
    _seated_once(draw, players)
    if _zero_repeat_possible(players, history.opponents()):
        assert draw.criteria.repeat_opponents == 0
    # The draw starts from the same shuffle as the purely random draw and only improves it.
    same_shuffle = random_only(players, history, random.Random(seed), round_no=past_rounds + 1)
    assert draw.criteria.repeat_opponents <= same_shuffle.criteria.repeat_opponents


@settings(max_examples=40, deadline=None)
@given(n=st.integers(3, 90), seed=st.integers(0, 10**6), policy=st.sampled_from(list(TablePolicy)))
def test_RSK_TBL_1_every_player_seated_once_at_a_legal_table(
    n: int, seed: int, policy: TablePolicy
) -> None:
    """RSK-TBL-1: each player at exactly one table of 3..5, sizes per the policy when it can
    seat the field alone (else the other off size is mixed in)."""
    from torneo.risiko.rules.table_sizes import is_seatable

    draw = draw_tables(field(n), History(), random.Random(seed), round_no=1, policy=policy)
    _seated_once(draw, field(n))
    assert {t.size for t in draw.tables} <= {3, 4, 5}
    if is_seatable(n, policy):
        assert {t.size for t in draw.tables} <= {4, policy.off_size}
    assert [t.number for t in draw.tables] == list(range(1, len(draw.tables) + 1))


def test_RSK_TBL_2_semifinals_and_the_final_sit_at_tables_from_1() -> None:
    """Issue 30: players report by table, so the semifinal tables are 1..n and the final is
    table 1 (the card Top X once left table 1 empty; the RisiKo! finals never did)."""
    semis = semifinal_bands(field(40), History(), random.Random(3), round_no=3, tables=4)
    assert [t.number for t in semis.tables] == [1, 2, 3, 4]
    final = final_table(field(4), History(), random.Random(3), round_no=4)
    assert [t.number for t in final.tables] == [1]
