"""FAN-MOD-1: the defence modifier, with the issue's example."""

from __future__ import annotations

from fractions import Fraction as Q

import pytest

from torneo.fantasy.rules.modifier import defence_modifier
from torneo.presets.fantasy import FantasyRules

RULES = FantasyRules()


def test_fan_mod_1_example_average_6_375_gives_plus_1() -> None:
    result = defence_modifier(Q("6.5"), [Q("6.5"), Q(5), Q(6), Q("6.5")], RULES)
    assert result.votes == (Q("6.5"), Q("6.5"), Q("6.5"), Q(6))
    assert result.average == Q("6.375")
    assert result.points == Q(1)


@pytest.mark.parametrize(
    ("gk", "defenders", "points"),
    [
        (Q(7), [Q(7), Q(7), Q(7), Q(4)], Q(6)),
        (Q("6.5"), [Q("6.5"), Q("6.5"), Q("6.5"), Q(4)], Q(3)),
        (Q(6), [Q(7), Q(7), Q(7), Q(4)], Q(3)),  # (6 + 21) / 4 = 6.75
        (Q(6), [Q(6), Q(6), Q(6), Q(6)], Q(1)),
        (Q("5.5"), [Q(6), Q(6), Q(6), Q(6)], Q(0)),
    ],
)
def test_fan_mod_1_steps(gk: Q, defenders: list[Q], points: Q) -> None:
    assert defence_modifier(gk, defenders, RULES).points == points


def test_fan_mod_1_needs_the_goalkeeper_and_four_defenders() -> None:
    assert defence_modifier(Q(8), [Q(8), Q(8), Q(8)], RULES).average is None
    assert defence_modifier(None, [Q(8)] * 5, RULES).points == 0
    assert defence_modifier(Q(8), [Q(8), Q(8), Q(8)], FantasyRules(modifier_defenders=3)).points
