"""FAN-MOD-1: the defence modifier, with the issue's example."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from torneo.fantasy.rules.modifier import defence_modifier
from torneo.presets.fantasy import FantasyRules

RULES = FantasyRules()


def test_fan_mod_1_example_average_6_375_gives_plus_1() -> None:
    result = defence_modifier(F("6.5"), [F("6.5"), F(5), F(6), F("6.5")], RULES)
    assert result.votes == (F("6.5"), F("6.5"), F("6.5"), F(6))
    assert result.average == F("6.375")
    assert result.points == F(1)


@pytest.mark.parametrize(
    ("gk", "defenders", "points"),
    [
        (F(7), [F(7), F(7), F(7), F(4)], F(6)),
        (F("6.5"), [F("6.5"), F("6.5"), F("6.5"), F(4)], F(3)),
        (F(6), [F(7), F(7), F(7), F(4)], F(3)),  # (6 + 21) / 4 = 6.75
        (F(6), [F(6), F(6), F(6), F(6)], F(1)),
        (F("5.5"), [F(6), F(6), F(6), F(6)], F(0)),
    ],
)
def test_fan_mod_1_steps(gk: F, defenders: list[F], points: F) -> None:
    assert defence_modifier(gk, defenders, RULES).points == points


def test_fan_mod_1_needs_the_goalkeeper_and_four_defenders() -> None:
    assert defence_modifier(F(8), [F(8), F(8), F(8)], RULES).average is None
    assert defence_modifier(None, [F(8)] * 5, RULES).points == 0
    assert defence_modifier(F(8), [F(8), F(8), F(8)], FantasyRules(modifier_defenders=3)).points
