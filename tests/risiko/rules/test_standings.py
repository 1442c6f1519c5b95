"""RSK-PTS-2 discards, RSK-TIE-1 ranking ties, the final ranking and RSK-OUT-2 expulsions."""

from fractions import Fraction

import pytest

from tests.support.risiko_rules import P, alive, out, table
from torneo.core.errors import TorneoError
from torneo.risiko.rules.formulas import ScoringRules
from torneo.risiko.rules.results import SeatResult, SeatStatus
from torneo.risiko.rules.standings import (
    Stage,
    Standing,
    final_ranking,
    standings,
    title_roll,
    title_tie,
)

BONUS = ScoringRules("bonus-50")


def _by_player(rows: tuple[Standing, ...]) -> dict[int, Standing]:
    return {int(r.player): r for r in rows}


def test_RSK_TIE_1_total_then_wins_then_best_game() -> None:
    """RSK-TIE-1: three players on 100: the winner of an 80 game, of a 70 game, and nobody."""
    results = [
        table(alive(1, 30), alive(11, 10), alive(12, 5), out(13, 1), number=1),  # 1: 80
        table(alive(14, 60), alive(2, 50), alive(15, 5), out(16, 1), number=2),  # 2: 50
        table(alive(3, 20), alive(17, 10), alive(18, 0), out(19, 1), number=3),  # 3: 70
        table(alive(21, 60), alive(1, 20), alive(22, 5), out(23, 1), round_no=2),  # 1: 20
        table(alive(24, 60), alive(2, 50), alive(25, 5), out(26, 1), round_no=2, number=2),
        table(alive(27, 40), alive(3, 30), alive(28, 5), out(29, 1), round_no=2, number=3),
    ]
    rows = standings(results, BONUS)
    top3 = [int(r.player) for r in rows if int(r.player) in (1, 2, 3)]
    assert top3 == [1, 3, 2]
    by = _by_player(rows)
    assert [by[p].total for p in (1, 2, 3)] == [100, 100, 100]
    assert [by[p].wins for p in (1, 2, 3)] == [1, 0, 1]
    positions = [by[p].position or 0 for p in (1, 3, 2)]
    assert positions == sorted(positions)
    assert len(set(positions)) == 3


def test_RSK_TIE_1_players_equal_on_everything_share_the_place() -> None:
    """RSK-TIE-1: equal total, wins and games share the position."""
    results = [table(alive(1, 40), alive(2, 40), alive(3, 10), out(4, 1))]
    rows = standings(results, BONUS)
    assert [(int(r.player), r.position, r.total) for r in rows] == [
        (1, 1, Fraction(65)),
        (2, 1, Fraction(65)),
        (3, 3, Fraction(10)),
        (4, 4, Fraction(0)),
    ]


def test_RSK_PTS_2_the_worst_games_are_discarded() -> None:
    """RSK-PTS-2: with 3 rounds and 1 discard, each player's best 2 games count."""
    results = [
        table(alive(1, 30), alive(2, 20), alive(3, 10), round_no=1),
        table(alive(2, 30), alive(3, 20), alive(1, 10), round_no=2),
        table(alive(3, 30), alive(1, 20), alive(2, 10), round_no=3),
    ]
    rules = ScoringRules("bonus-50", discard_worst=1)
    by = _by_player(standings(results, rules))
    assert by[1].total == 80 + 20
    assert by[1].discarded == (2,)
    without = _by_player(standings(results, BONUS))
    assert without[1].total == 80 + 10 + 20


def test_RSK_PTS_2_a_late_entry_is_not_discarded_a_game_never_played() -> None:
    """RSK-PTS-2: discards keep the same number of counting games for everybody."""
    results = [
        table(alive(1, 30), alive(2, 20), alive(3, 10), round_no=1),
        table(alive(1, 30), alive(2, 20), alive(9, 10), round_no=2),
    ]
    by = _by_player(standings(results, ScoringRules("bonus-50", discard_worst=1)))
    assert by[9].total == 10  # one game played, one counts
    assert by[1].total == 80


def test_RSK_OUT_2_an_expelled_player_has_no_place() -> None:
    """RSK-OUT-2: expelled from the tournament."""
    expelled = SeatResult(P(4), 0, SeatStatus.EXPELLED)
    rows = standings([table(alive(1, 50), alive(2, 30), out(3, 1), expelled)], BONUS)
    assert rows[-1].player == P(4)
    assert rows[-1].position is None
    assert rows[-1].expelled


def test_RSK_TBL_2_final_ranking_final_table_then_semifinals_then_qualifying() -> None:
    """RSK-TBL-2: the final table decides the podium; semifinalists next; then qualifying."""
    qualifying = standings(
        [
            table(alive(1, 50), alive(2, 40), alive(3, 30), alive(4, 20), number=1),
            table(alive(5, 50), alive(6, 40), alive(7, 30), alive(8, 20), number=2),
            table(alive(9, 50), alive(10, 40), alive(11, 30), alive(12, 20), number=3),
        ],
        BONUS,
    )
    semis = [
        table(alive(1, 40), alive(6, 30), alive(11, 20), out(4, 1), round_no=3, number=1),
        table(alive(2, 40), alive(5, 30), alive(12, 20), out(3, 1), round_no=3, number=2),
    ]
    final = table(alive(2, 60), alive(1, 30), out(7, 1), alive(9, 10), round_no=4)
    ranking = final_ranking(qualifying, semis, final)
    assert [int(p.player) for p in ranking[:4]] == [2, 1, 9, 7]
    assert ranking[0].stage is Stage.FINAL
    # semifinal 2nds by qualifying order (5 before 6), then 3rds, then 4ths (3 before 4 by qualifying)
    assert [int(p.player) for p in ranking[4:10]] == [5, 6, 11, 12, 3, 4]
    assert [int(p.player) for p in ranking[10:]] == [10, 8]
    assert [p.position for p in ranking] == list(range(1, 13))
    assert ranking[-1].stage is Stage.QUALIFYING


def _qualifying_for_final() -> tuple[Standing, ...]:
    """Players 1, 5 and 9 won their tables on 50; 2 and 6 were second on 40 (equal on all)."""
    return standings(
        [
            table(alive(1, 50), alive(2, 40), alive(3, 30), alive(4, 20), number=1),
            table(alive(5, 50), alive(6, 40), alive(7, 30), alive(8, 20), number=2),
            table(alive(9, 60), alive(10, 40), alive(11, 30), alive(12, 20), number=3),
        ],
        BONUS,
    )


def test_RSK_TIE_1_one_champion_co_winners_of_the_final_by_the_regulations_order() -> None:
    """RSK-TIE-1: co-winners of the final table used to share the title. The regulation's order
    (the ranking: total, wins, best game, …) decides: 9 (110 in qualifying) is champion over 1."""
    qualifying = _qualifying_for_final()
    final = table(alive(1, 40), alive(9, 40), alive(2, 20), alive(5, 10), round_no=2)
    ranking = final_ranking(qualifying, (), final)
    assert [(int(p.player), p.position) for p in ranking[:4]] == [(9, 1), (1, 2), (2, 3), (5, 4)]
    assert title_tie(qualifying, final) == ()
    # A setting lets an event share its titles.
    shared = final_ranking(qualifying, (), final, shared_titles=True)
    assert [(int(p.player), p.position) for p in shared[:2]] == [(9, 1), (1, 1)]


def test_RSK_TIE_1_one_champion_still_tied_falls_to_the_referees_roll() -> None:
    """RSK-TIE-1: co-winners equal on the whole ranking (1 and 5: 100 each, one win, the same
    games) roll the dice before the referee; the highest roll is champion, equal rolls again."""
    qualifying = _qualifying_for_final()
    final = table(alive(1, 40), alive(5, 40), alive(9, 20), alive(2, 10), round_no=2)
    assert title_tie(qualifying, final) == (P(1), P(5))
    undecided = final_ranking(qualifying, (), final)
    assert [p.position for p in undecided[:2]] == [1, 1]
    roll = title_roll({P(1): 6, P(5): 9}, title_tie(qualifying, final))
    assert roll == (P(5), P(1))
    ranking = final_ranking(qualifying, (), final, roll=roll)
    assert [(int(p.player), p.position) for p in ranking[:3]] == [(5, 1), (1, 2), (9, 3)]
    for totals, field in (
        ({P(1): 7, P(5): 7}, "rolls"),
        ({P(1): 7}, "rolls"),
        ({P(1): 7, P(5): 8, P(9): 3}, "rolls"),
        ({P(1): 1, P(5): 8}, "rolls"),
    ):
        with pytest.raises(TorneoError) as err:
            title_roll(totals, (P(1), P(5)))
        assert err.value.field == field
        assert err.value.rule == "RSK-TIE-1"
