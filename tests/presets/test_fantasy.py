"""The ``[fantasy]`` preset section (docs/rules.md §5): every number a setting, the seed's
values as defaults, wrong settings refused with the reason."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pydantic import ValidationError

from torneo.presets import load_preset
from torneo.presets.fantasy import FantasyRules


def test_fan_roster_1_the_preset_holds_the_seed_values() -> None:
    rules = load_preset("fanta-magic").fantasy
    assert rules == FantasyRules()
    assert rules is not None
    assert (rules.budget, rules.quotas, rules.roster_size) == (
        250,
        {"P": 3, "D": 8, "C": 8, "A": 6},
        25,
    )
    assert (rules.transfers_per_season, rules.extra_transfers, rules.deadline_minutes) == (
        12,
        3,
        30,
    )
    assert rules.malus_yellow == Fraction(1, 2)
    assert [s.points for s in rules.modifier_steps] == [6, 3, 1]


@pytest.mark.parametrize(
    "change",
    [
        {"quotas": {"P": 3, "D": 8, "C": 8}},
        {"formations": ["3-4-4"]},
        {"formations": ["4-4"]},
        {"malus_yellow": 0.5},
        {"modifier_steps": [{"average": "6", "points": "1"}, {"average": "7", "points": "6"}]},
        {"budget": 0},
        {"unknown": 1},
    ],
)
def test_wrong_settings_are_refused(change: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        FantasyRules.model_validate(change)
