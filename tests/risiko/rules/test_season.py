"""The RisiKo! season across tournaments: best N results with class factors."""

from fractions import Fraction

import pytest

from tests.support.risiko_rules import P
from torneo.core.errors import TorneoError
from torneo.risiko.rules.season import SeasonResult, SeasonRules, points_by_position, season_ranking
from torneo.risiko.rules.standings import FinalPlace, Stage

RULES = SeasonRules(2, {"club": Fraction(1), "regional": Fraction(3, 2)})


def test_RSK_TIE_1_season_best_two_with_class_factors() -> None:
    """RSK-TIE-1 (season): best 2 weighted results; ties by best single result."""
    results = [
        SeasonResult("night-1", "club", P(1), Fraction(40)),
        SeasonResult("night-2", "club", P(1), Fraction(10)),
        SeasonResult("regional", "regional", P(1), Fraction(20)),  # 30 weighted
        SeasonResult("night-1", "club", P(2), Fraction(35)),
        SeasonResult("regional", "regional", P(2), Fraction(30)),  # 45 weighted
        SeasonResult("night-2", "club", P(3), Fraction(40)),
        SeasonResult("night-1", "club", P(3), Fraction(30)),
    ]
    rows = season_ranking(results, RULES)
    assert [(int(r.player), r.position, r.total) for r in rows] == [
        (2, 1, Fraction(80)),
        (1, 2, Fraction(70)),
        (
            3,
            3,
            Fraction(70),
        ),  # equal total and best two; player 1's third result (10) breaks the tie
    ]
    one = rows[1]
    assert [(w.tournament, w.points, w.counted) for w in one.results] == [
        ("night-1", Fraction(40), True),
        ("regional", Fraction(30), True),
        ("night-2", Fraction(10), False),
    ]


def test_RSK_TIE_1_season_tie_broken_by_the_best_single_result() -> None:
    """RSK-TIE-1 (season): equal totals, the better best result first."""
    results = [
        SeasonResult("a", "club", P(1), Fraction(30)),
        SeasonResult("b", "club", P(1), Fraction(30)),
        SeasonResult("a", "club", P(2), Fraction(50)),
        SeasonResult("b", "club", P(2), Fraction(10)),
    ]
    rows = season_ranking(results, RULES)
    assert [(int(r.player), r.position) for r in rows] == [(2, 1), (1, 2)]


def test_season_unknown_class_and_duplicate_results_are_refused() -> None:
    with pytest.raises(TorneoError) as err:
        season_ranking([SeasonResult("x", "national", P(1), Fraction(1))], RULES)
    assert err.value.field == "kind"
    assert "regional" in (err.value.accepted or "")
    twice = [SeasonResult("x", "club", P(1), Fraction(1))] * 2
    with pytest.raises(TorneoError):
        season_ranking(twice, RULES)


def test_season_base_points_by_position() -> None:
    places = [
        FinalPlace(1, P(5), Stage.FINAL),
        FinalPlace(2, P(6), Stage.FINAL),
        FinalPlace(3, P(7), Stage.QUALIFYING),
    ]
    assert points_by_position(places) == {P(5): 3, P(6): 2, P(7): 1}
