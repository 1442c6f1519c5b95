"""The ``[risiko]`` preset section read into the domain's rules (docs/rules.md §3 settings)."""

from fractions import Fraction
from typing import get_args

from torneo.presets import load_preset
from torneo.presets import risiko as preset
from torneo.presets.risiko import RisikoRules
from torneo.risiko.rules.criteria import Criterion
from torneo.risiko.rules.formulas import FORMULAS
from torneo.risiko.rules.settings import rules_from_preset
from torneo.risiko.rules.table_sizes import MAX_TABLE, MIN_TABLE, TablePolicy


def test_RSK_PTS_2_preset_defaults_reach_the_domain() -> None:
    """RSK-PTS-2: the preset's scoring, roll and season settings become domain values."""
    section = load_preset("risiko-rtu-2016").risiko
    assert section is not None
    rules = rules_from_preset(section)
    scoring = rules.scoring_rules()
    assert scoring.formula == "bonus-50"
    assert scoring.results.objective_max == 86
    assert scoring.master_cap == Fraction(11, 10)
    assert rules.roll_rules().max_threshold == 7
    assert rules.table_policy is TablePolicy.FOURS_THEN_FIVES
    assert rules.draw_priorities[0] is Criterion.REPEAT_OPPONENTS
    assert rules.season_rules().class_factors["regional"] == Fraction(3, 2)


def test_RSK_PTS_2_open_factors_are_exact() -> None:
    """RSK-PTS-2 Open: "5/4" and "0.75" reach the scoring as exact fractions."""
    rules = rules_from_preset(
        RisikoRules.model_validate({"scoring": {"table_size_factors": {"5": "5/4", "3": "0.75"}}})
    )
    assert rules.scoring_rules().table_size_factors == {5: Fraction(5, 4), 3: Fraction(3, 4)}


def test_RSK_TBL_2_the_preset_names_are_the_domain_names() -> None:
    """RSK-TBL-1/2, RSK-PTS-2: the preset section writes the domain's vocabulary as data, so
    each name it accepts is one the domain knows, and the other way round."""
    assert set(preset.FORMULA_NAMES) == set(FORMULAS)
    assert tuple(c.value for c in Criterion) == preset.CRITERIA
    assert set(get_args(preset.TablePolicyName)) == {p.value for p in TablePolicy}
    assert (preset.MIN_TABLE, preset.MAX_TABLE) == (MIN_TABLE, MAX_TABLE)
