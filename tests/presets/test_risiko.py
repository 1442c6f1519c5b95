"""The ``[risiko]`` preset section (RULES.md §3 settings) and its conversion to domain rules."""

from fractions import Fraction

import pytest
from pydantic import ValidationError

from torneo.presets import load_preset
from torneo.presets.risiko import RisikoRules
from torneo.risiko.rules.criteria import Criterion
from torneo.risiko.rules.table_sizes import TablePolicy


def test_RSK_PTS_2_preset_defaults_reach_the_domain() -> None:
    """RSK-PTS-2: the preset's scoring, roll and season settings become domain values."""
    rules = load_preset("risiko-rtu-2016").risiko
    assert rules is not None
    scoring = rules.scoring_rules()
    assert scoring.formula == "bonus-50"
    assert scoring.results.objective_max == 86
    assert scoring.master_cap == Fraction(11, 10)
    assert rules.roll_rules().max_threshold == 7
    assert rules.table_policy is TablePolicy.FOURS_THEN_FIVES
    assert rules.draw_priorities[0] is Criterion.REPEAT_OPPONENTS
    assert rules.season_rules().class_factors["regional"] == Fraction(3, 2)


def test_RSK_PTS_2_open_factors_are_exact_and_floats_are_refused() -> None:
    """RSK-PTS-2 Open: "5/4" and "0.75" are exact; 1.25 as a float is refused."""
    rules = RisikoRules.model_validate(
        {"scoring": {"table_size_factors": {"5": "5/4", "3": "0.75"}}}
    )
    assert rules.scoring_rules().table_size_factors == {5: Fraction(5, 4), 3: Fraction(3, 4)}
    with pytest.raises(ValidationError):
        RisikoRules.model_validate({"scoring": {"table_size_factors": {"5": 1.25}}})
    with pytest.raises(ValidationError):
        RisikoRules.model_validate({"scoring": {"table_size_factors": {"6": "1"}}})


def test_RSK_PTS_2_unknown_formula_and_repeated_criteria_are_refused() -> None:
    """RSK-PTS-2 / RSK-TBL-2: the formula must be registered; criteria appear once."""
    with pytest.raises(ValidationError):
        RisikoRules.model_validate({"scoring": {"formula": "elo"}})
    with pytest.raises(ValidationError):
        RisikoRules.model_validate({"draw_priorities": ["same_club", "same_club"]})
    assert (
        RisikoRules.model_validate({"scoring": {"formula": "spartac"}}).scoring.formula == "spartac"
    )
