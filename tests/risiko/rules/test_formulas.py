"""RSK-PTS-2 scoring formulas, each with a worked case, and Example RSK-PTS-EX1."""

from fractions import Fraction

import pytest

from tests.support.risiko_rules import P, alive, excluded, out, table
from torneo.core.errors import TorneoError
from torneo.risiko.rules.formulas import FORMULAS, ScoringRules, formula_bounds, game_points
from torneo.risiko.rules.results import ResultRules, TableResult

OPEN = {5: Fraction(5, 4), 3: Fraction(3, 4)}


def points(formula: str, result: object, **kw: object) -> dict[int, Fraction]:
    rules = ScoringRules(formula=formula, **kw)  # type: ignore[arg-type]
    return {int(p): v for p, v in game_points(result, rules).items()}  # type: ignore[arg-type]


FOUR = table(alive(1, 42), alive(2, 33), alive(3, 20), out(4, 1))


def test_RSK_PTS_EX1_spartac_winner_42_second_33() -> None:
    """RSK-PTS-EX1: spartac, winner 42 and second 33 → 142 and 91."""
    got = points("spartac", FOUR)
    assert got[1] == 142
    assert got[2] == 91


def test_RSK_PTS_2_spartac_worked_case() -> None:
    """RSK-PTS-2 spartac: others lose the gap to the winner; a RisiKo! winner counts as 100."""
    assert points("spartac", FOUR) == {1: 142, 2: 91, 3: 78, 4: 58}
    risiko = table(alive(1, 100), alive(2, 60), alive(3, 12), out(4, 1))
    # RisiKo! = 186; the others keep just their own points (100 − (100 − own)).
    assert points("spartac", risiko) == {1: 186, 2: 60, 3: 12, 4: 0}
    co = table(alive(1, 40), alive(2, 40), alive(3, 30))
    assert points("spartac", co) == {1: 140, 2: 140, 3: 90}


def test_RSK_PTS_2_bonus_50_worked_case() -> None:
    """RSK-PTS-2 bonus-50: +50 to a sole winner, +25 each to two, nothing to three."""
    assert points("bonus-50", FOUR) == {1: 92, 2: 33, 3: 20, 4: 0}
    two = table(alive(1, 40), alive(2, 40), alive(3, 10), out(4, 1))
    assert points("bonus-50", two) == {1: 65, 2: 65, 3: 10, 4: 0}
    three = table(alive(1, 30), alive(2, 30), alive(3, 30), out(4, 1))
    assert points("bonus-50", three) == {1: 30, 2: 30, 3: 30, 4: 0}
    risiko = table(alive(1, 100), alive(2, 50), alive(3, 10))
    assert points("bonus-50", risiko)[1] == 150


def test_RSK_PTS_2_master_worked_case() -> None:
    """RSK-PTS-2 master: thousandths exact, ×1.25 at 5 rounded up, capped at 1.100."""
    assert points("master", FOUR) == {
        1: Fraction("1.042"),
        2: Fraction("0.033"),
        3: Fraction("0.020"),
        4: 0,
    }
    five = table(alive(1, 61), alive(2, 50), alive(3, 33), out(4, 2), out(5, 1))
    # 61 × 1.25 = 76.25 → 0.07625 → up to 0.077; 33 × 1.25 = 41.25 → 0.042.
    assert points("master", five) == {
        1: Fraction("1.077"),
        2: Fraction("0.063"),
        3: Fraction("0.042"),
        4: 0,
        5: 0,
    }
    capped = table(alive(1, 85), alive(2, 45), alive(3, 33), out(4, 2), out(5, 1))
    assert points("master", capped)[1] == Fraction("1.100")  # 1.107 capped
    risiko = table(alive(1, 100), alive(2, 45), alive(3, 33))
    assert points("master", risiko)[1] == Fraction("1.1")


def test_RSK_PTS_2_placement_worked_case() -> None:
    """RSK-PTS-2 placement: 12/7/5/3/2 in the game, 0/1/2/3 from the first eliminated, + tp/100."""
    assert points("placement", FOUR) == {
        1: Fraction("12.42"),
        2: Fraction("7.33"),
        3: Fraction("5.20"),
        4: 0,
    }
    five = table(alive(1, 50), alive(2, 30), out(3, 3), out(4, 2), out(5, 1))
    assert points("placement", five) == {1: Fraction("12.5"), 2: Fraction("7.3"), 3: 2, 4: 1, 5: 0}
    co = table(alive(1, 40), alive(2, 40), alive(3, 10), out(4, 1))
    # Co-winners share 1st and 2nd: (12 + 7) / 2 + 0.40.
    assert points("placement", co) == {
        1: Fraction("9.9"),
        2: Fraction("9.9"),
        3: Fraction("5.1"),
        4: 0,
    }


def test_RSK_OUT_1_excluded_player_scores_as_eliminated_first_in_placement() -> None:
    """RSK-OUT-1: the exclusion takes the first eliminated slot (0); the others move up."""
    result = table(alive(1, 50), alive(2, 30), out(3, 2), out(4, 1), excluded(5))
    assert points("placement", result) == {
        1: Fraction("12.5"),
        2: Fraction("7.3"),
        3: 2,
        4: 1,
        5: 0,
    }


def test_RSK_PTS_2_open_factors_for_tables_of_five_and_three() -> None:
    """RSK-PTS-2 Open: ×1.25 at tables of 5, ×0.75 at tables of 3, ×1 at 4."""
    three = table(alive(1, 40), alive(2, 30), out(3, 1))
    assert points("bonus-50", three, table_size_factors=OPEN) == {
        1: Fraction("67.5"),
        2: Fraction("22.5"),
        3: 0,
    }
    five = table(alive(1, 40), alive(2, 30), alive(3, 20), alive(4, 10), out(5, 1))
    assert points("bonus-50", five, table_size_factors=OPEN)[1] == Fraction("112.5")
    assert points("bonus-50", FOUR, table_size_factors=OPEN)[1] == 92


def test_RSK_PTS_2_formulas_are_registered_in_one_place() -> None:
    """RSK-PTS-2: the four formulas by name; an unknown name lists the known ones."""
    assert set(FORMULAS) == {"bonus-50", "master", "spartac", "placement"}
    with pytest.raises(TorneoError) as err:
        points("elo", FOUR)
    assert err.value.field == "formula"
    assert "spartac" in (err.value.accepted or "")


def test_RSK_PTS_2_points_are_exact_fractions() -> None:
    """RSK-PTS-2: no float anywhere in the points."""
    for name in FORMULAS:
        assert all(type(v) is Fraction for v in points(name, FOUR).values()), name
    assert P(1) in game_points(FOUR, ScoringRules())


def test_RSK_PTS_2_master_with_the_open_variant_keeps_the_cap_and_the_5_factor_once() -> None:
    """RSK-PTS-2 master + Open: master already weighs tables of 5 by ×1.25; the Open variant
    must not apply it a second time on top, nor lift the points over the 1.100 cap. Its factors
    weigh the part master weighs, the table points: ×1.25 once at 5, ×0.75 at 3."""
    five = table(alive(1, 61), alive(2, 50), alive(3, 33), out(4, 2), out(5, 1))
    assert points("master", five, table_size_factors=OPEN) == points("master", five)
    assert points("master", five, table_size_factors=OPEN)[1] == Fraction("1.077")
    capped = table(alive(1, 85), alive(2, 45), alive(3, 33), out(4, 2), out(5, 1))
    assert points("master", capped, table_size_factors=OPEN)[1] == Fraction("1.100")
    risiko = table(alive(1, 100), alive(2, 40), alive(3, 30), out(4, 2), out(5, 1))
    assert points("master", risiko, table_size_factors=OPEN)[1] == Fraction("1.100")
    three = table(alive(1, 40), alive(2, 30), out(3, 1))
    # 40 × 0.75 = 30 → 0.030 + 1; 30 × 0.75 = 22.5 → rounded up to 0.023.
    assert points("master", three, table_size_factors=OPEN) == {
        1: Fraction("1.030"),
        2: Fraction("0.023"),
        3: 0,
    }
    assert points("master", FOUR, table_size_factors=OPEN) == points("master", FOUR)


@pytest.mark.parametrize("name", sorted(FORMULAS))
def test_RSK_PTS_2_every_formula_is_checked_against_its_own_bounds(name: str) -> None:
    """RSK-PTS-2: what a formula gives is checked against what it can give (bonus-50 0..150,
    master 0..1.100, spartac 0..186, placement 0..13, times the Open factor): settings that push
    it outside (a negative bonus, a cap above a RisiKo!) are refused, not scored."""
    for result in (FOUR, table(alive(1, 100), alive(2, 45), alive(3, 33))):
        rules = ScoringRules(formula=name)
        low, high = formula_bounds(result, rules)
        assert all(low <= v <= high for v in game_points(result, rules).values())
    # A 200-point objective: a winner on 150 puts a second on 10 at 100 − 140 = −40.
    wide = ResultRules(objective_max=200, board_total=400)
    far = table(alive(1, 150), alive(2, 10), out(3, 1), rules=wide)
    broken: dict[str, tuple[TableResult, dict[str, object]]] = {
        "bonus-50": (FOUR, {"bonus_sole": -60}),
        "master": (FOUR, {"master_table_factors": {4: Fraction(-1)}}),
        "spartac": (far, {"results": wide}),
        "placement": (FOUR, {"placement_eliminated": (-5, 1, 2, 3)}),
    }
    result, settings = broken[name]
    with pytest.raises(TorneoError) as err:
        points(name, result, **settings)
    assert err.value.field == "points"
    assert err.value.rule == "RSK-PTS-2"
    assert "outside" in err.value.reason
