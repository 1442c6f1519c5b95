"""The ``[risiko]`` preset section (docs/rules.md §3 settings): what a preset may hold.

Its conversion to the domain's rules is tested beside it: tests/risiko/rules/test_settings.py.
"""

import pytest
from pydantic import ValidationError

from torneo.presets.risiko import RisikoRules


def test_RSK_PTS_2_open_factor_floats_are_refused() -> None:
    """RSK-PTS-2 Open: 1.25 as a float is refused, and so is a table of 6."""
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
