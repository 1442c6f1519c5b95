from datetime import date
from fractions import Fraction
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from torneo.cards.rules.points import Placement
from torneo.core.errors import NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.presets import load_preset
from torneo.presets.models import SeasonPointsRules
from torneo.seasons.rules.outcome import SeasonResult, TournamentOutcome, score_tournament
from torneo.seasons.rules.ranking import SeasonRow, SeasonTable, rank_season

P = PlayerId


def _rules() -> SeasonPointsRules:
    season = load_preset("invasion-it-2012").season
    assert season is not None
    return season


def _t(key: str, *results: tuple[int, int, int], major: bool = False, void: bool = False,
       day: date | None = None) -> TournamentOutcome:  # fmt: skip
    """A tournament from (player, place, points) triples."""
    return TournamentOutcome(
        key, day, major, tuple(SeasonResult(P(p), place, pts) for p, place, pts in results), void
    )


def _order(rows: list[SeasonRow]) -> list[int]:
    return [int(r.player_id) for r in rows]


def test_INV_RANK_EX1_dense_display_71_65_54_54_42_42() -> None:
    """INV-RANK-EX1: Tizio 71, Caio 65, Sempronio 54, Platone 54, Aristotele 42, Ulisse 42
    → 1, 2, 3, 3, 4, 4."""
    tizio, caio, sempronio, platone, aristotele, ulisse = range(1, 7)
    points = {tizio: 71, caio: 65, sempronio: 54, platone: 54, aristotele: 42, ulisse: 42}
    outcomes = [_t(f"T{p}", (p, 5, pts)) for p, pts in points.items()]
    rows = rank_season(outcomes)
    assert [(r.rank, r.points) for r in rows] == [
        (1, 71), (2, 65), (3, 54), (3, 54), (4, 42), (4, 42)
    ]  # fmt: skip
    assert [r.position for r in rows] == [1, 2, 3, 4, 5, 6]


def test_INV_RANK_1_points_first() -> None:
    """INV-RANK-1: total points decide first, over any tiebreak."""
    rows = rank_season([_t("A", (1, 1, 20), (2, 2, 21))])
    assert _order(rows) == [2, 1]


def test_INV_RANK_1_tournaments_won_break_equal_points() -> None:
    """INV-RANK-1: equal points → more tournaments won (W)."""
    rows = rank_season([_t("A", (1, 3, 20), (2, 1, 10)), _t("B", (2, 4, 10))])
    assert _order(rows) == [2, 1]
    assert rows[0].wins == 1
    assert rows[0].rank == rows[1].rank == 1  # INV-RANK-2: the display still shares the rank


def test_INV_RANK_1_second_places_break_equal_wins() -> None:
    """INV-RANK-1: then more second places (S)."""
    rows = rank_season([_t("A", (1, 3, 20), (2, 2, 15)), _t("B", (2, 5, 5))])
    assert _order(rows) == [2, 1]
    assert rows[0].seconds == 1


def test_INV_RANK_1_majors_won_break_equal_seconds() -> None:
    """INV-RANK-1: then more Majors won (MW)."""
    rows = rank_season([_t("A", (1, 1, 20)), _t("M", (2, 1, 20), major=True)])
    assert _order(rows) == [2, 1]
    assert rows[0].major_wins == 1


def test_INV_RANK_1_best_major_placement_breaks_equal_major_wins() -> None:
    """INV-RANK-1: then the best placement at a Major (MP): lower is better, none is worst."""
    rows = rank_season([
        _t("M1", (1, 4, 10), (2, 3, 10), major=True),
        _t("A", (3, 5, 10)),
    ])  # fmt: skip
    assert _order(rows) == [2, 1, 3]
    assert [r.best_major_place for r in rows] == [3, 4, None]


def test_INV_RANK_1_more_tournaments_played_break_the_rest() -> None:
    """INV-RANK-1: last, tournaments played (T): more first."""
    rows = rank_season([_t("A", (1, 5, 10), (2, 6, 5)), _t("B", (2, 6, 5))])
    assert _order(rows) == [2, 1]
    assert [r.played for r in rows] == [2, 1]


def test_INV_RANK_2_dense_ranks_while_the_chain_orders() -> None:
    """INV-RANK-2: equal points share a rank; the next points value takes the next integer."""
    rows = rank_season([_t("A", (1, 1, 30), (2, 2, 30), (3, 3, 20), (4, 4, 10))])
    assert [r.rank for r in rows] == [1, 1, 2, 3]
    assert _order(rows) == [1, 2, 3, 4]


def test_INV_RANK_3_cut_of_35_by_default_and_configurable() -> None:
    """INV-RANK-3: the best 35 qualify for the Regional; the cut is a setting."""
    outcome = _t("A", *[(p, p, 100 - p) for p in range(1, 41)])
    rows = rank_season([outcome])
    assert [r.qualified for r in rows] == [True] * 35 + [False] * 5
    rows8 = rank_season([outcome], cut=8)
    assert sum(r.qualified for r in rows8) == 8


def test_INV_RANK_3_the_chain_decides_who_is_inside_the_cut() -> None:
    """INV-RANK-3: on equal points across the cut line the INV-RANK-1 chain decides."""
    table = SeasonTable(cut=2)
    table.put(_t("A", (1, 3, 50), (2, 4, 40), (3, 5, 40)))
    table.put(_t("B", (3, 1, 0)))  # player 3 won a tournament
    rows = table.rows()
    assert _order(rows) == [1, 3, 2]
    assert [r.qualified for r in rows] == [True, True, False]
    assert rows[1].rank == rows[2].rank == 2
    assert table.cut_tie() == ()


def test_INV_RANK_3_full_tie_across_the_cut_is_reported() -> None:
    """INV-RANK-3: a tie on the whole chain straddling the cut is named for the organizer."""
    table = SeasonTable(cut=2)
    table.put(_t("A", (1, 3, 50), (2, 4, 40), (3, 5, 40)))
    assert table.cut_tie() == (P(2), P(3))


def test_INV_RANK_3_a_tie_at_the_cut_is_on_every_row_it_concerns() -> None:
    """INV-RANK-3 (issue 29 item 9): the rows tied on the whole chain across the cut say so
    (the CLI, the API and the CSV read them), so "qualified" in player-id order is never taken
    for a decision; a correction that breaks the tie clears it."""
    from torneo.seasons import exports
    from torneo.seasons.state import standing_of

    table = SeasonTable(cut=2)
    table.put(_t("A", (1, 3, 50), (2, 4, 40), (3, 5, 40)))
    rows = table.rows()
    assert [(r.player_id, r.tied_at_cut) for r in rows] == [(1, False), (2, True), (3, True)]
    assert rows[1].as_dict()["tied_at_cut"] is True
    sheet = exports.table_sheet([standing_of(r, f"P{r.player_id}", None) for r in rows])
    column = exports.SEASON_TABLE_HEADER.index("tied_at_cut")
    assert [line[column] for line in sheet.rows] == [False, True, True]
    table.put(_t("B", (3, 1, 0)))  # player 3 won a tournament: the chain decides
    assert [r.tied_at_cut for r in table.rows()] == [False, False, False]


def test_INV_RANK_3_final_bonus_column_adds_majors_and_placement_bonus() -> None:
    """INV-RANK-3 / INV-MAJOR-5: the final bonus column: Major bonuses + season placement."""
    rules = _rules()
    major = score_tournament(
        "M",
        [Placement(P(1), 1, 12, 3, False), Placement(P(2), 2, 12, 2, False)],
        field_size=16,
        is_major=True,
        rules=rules,
    )
    rows = rank_season([major], placement_final_bonus=[Fraction(1), Fraction(1, 2)])
    assert [r.final_bonus for r in rows] == [Fraction(5, 2), Fraction(3, 2)]
    assert rows[0].as_dict()["final_bonus"] == "5/2"


def test_INV_LEGAL_8_void_tournament_gives_no_points_but_stays_in_the_history() -> None:
    """INV-LEGAL-8: a void tournament gives no season points, stays visible in the history."""
    table = SeasonTable()
    table.put(_t("A", (1, 2, 20), day=date(2012, 1, 7)))
    table.put(_t("V", (1, 1, 34), (2, 2, 30), void=True, day=date(2012, 1, 21)))
    [row] = table.rows()  # player 2 only played the void one: not in the table
    assert (row.player_id, row.points, row.wins, row.played) == (1, 20, 0, 1)
    history = table.history(P(1))
    assert [(h.tournament, h.points, h.cumulative, h.void) for h in history] == [
        ("A", 20, 20, False), ("V", 0, 20, True)
    ]  # fmt: skip


def test_INV_MAJOR_6_dropped_major_counts_neither_for_mw_nor_mp() -> None:
    """INV-MAJOR-6: a Major where the player dropped gives no Major benefit in the chain."""
    outcome = score_tournament(
        "M",
        [Placement(P(1), 9, 9, 0, dropped=True), Placement(P(2), 10, 9, 0, dropped=False)],
        field_size=26,
        is_major=True,
        rules=_rules(),
    )
    rows = {r.player_id: r for r in rank_season([outcome])}
    assert rows[P(1)].points == 0
    assert rows[P(1)].best_major_place is None
    assert rows[P(2)].best_major_place == 10


def test_correcting_a_result_updates_the_season() -> None:
    """Issue 5 item 3: a corrected past result updates the season table."""
    table = SeasonTable()
    table.put(_t("A", (1, 1, 30), (2, 2, 20)))
    table.put(_t("B", (1, 2, 10), (3, 1, 25)))
    assert _order(table.rows()) == [1, 3, 2]
    touched = table.put(_t("A", (1, 2, 20), (2, 1, 30)))  # places were swapped by mistake
    assert touched == {P(1), P(2)}
    assert _order(table.rows()) == [2, 1, 3]
    assert table.row(P(2)).wins == 1
    table.remove("B")
    assert _order(table.rows()) == [2, 1]
    with pytest.raises(NotFound):
        table.row(P(3))
    with pytest.raises(NotFound):
        table.remove("B")


def test_a_player_twice_in_one_tournament_is_refused() -> None:
    with pytest.raises(TorneoError) as err:
        SeasonTable().put(_t("A", (1, 1, 30), (1, 2, 20)))
    assert err.value.field == "results"


_outcomes = st.lists(
    st.tuples(
        st.booleans(),
        st.booleans(),
        st.lists(st.tuples(st.integers(0, 30), st.integers(0, 60)), min_size=1, max_size=12),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=60, deadline=None)
@given(_outcomes, st.randoms(use_true_random=False), st.integers(0, 11))
def test_incremental_table_equals_a_full_recompute(
    spec: list[tuple[bool, bool, list[tuple[int, int]]]], rng: Random, fix: int
) -> None:
    """Recomputing a season from its tournaments always gives the same table, in any order
    and after any correction."""
    outcomes = []
    for i, (major, void, players) in enumerate(spec):
        unique = list(dict.fromkeys(p for p, _ in players))
        pts = dict(players)
        results = [(p, place, pts[p]) for place, p in enumerate(unique, start=1)]
        outcomes.append(_t(f"T{i}", *results, major=major, void=void))
    table = SeasonTable(cut=5)
    shuffled = list(outcomes)
    rng.shuffle(shuffled)
    for o in shuffled:
        table.put(o)
        table.rows()  # force the incremental path between puts
    # A correction: one tournament's results are replaced, then restored.
    target = outcomes[fix % len(outcomes)]
    wrong = TournamentOutcome(target.key, None, not target.is_major, target.results[::-1])
    table.put(wrong)
    assert table.rows() == rank_season([*(o for o in outcomes if o is not target), wrong], cut=5)
    table.put(target)
    assert table.rows() == rank_season(outcomes, cut=5)
