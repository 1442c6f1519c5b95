"""The defence modifier (FAN-MOD-1).

Only when the goalkeeper and at least ``modifier_defenders`` (4) defenders bring a score to the
team: the average of the goalkeeper's vote and the best ``modifier_best_defenders`` (3)
defenders' votes (votes only, without bonuses and maluses; an s.v. with an official score
counts that score without them) gives the first step it reaches: ≥ 7 → +6, ≥ 6.5 → +3,
≥ 6 → +1. The average is exact: 6.375 stays 6.375.

>>> from fractions import Fraction as F
>>> from torneo.presets.fantasy import FantasyRules
>>> defence_modifier(F("6.5"), [F("6.5"), F(5), F(6), F("6.5")], FantasyRules()).points
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from torneo.presets.fantasy import FantasyRules


@dataclass(frozen=True, slots=True)
class Modifier:
    points: Fraction
    average: Fraction | None  # None: not computed (too few defenders or no goalkeeper)
    votes: tuple[Fraction, ...] = ()


NONE = Modifier(Fraction(0), None)


def defence_modifier(
    goalkeeper: Fraction | None, defenders: Sequence[Fraction], rules: FantasyRules
) -> Modifier:
    """``goalkeeper``: the playing goalkeeper's base vote (None: he brings no score);
    ``defenders``: the base votes of the playing defenders who bring a score."""
    if goalkeeper is None or len(defenders) < rules.modifier_defenders:
        return NONE
    best = sorted(defenders, reverse=True)[: rules.modifier_best_defenders]
    votes = (goalkeeper, *best)
    average = sum(votes, Fraction(0)) / len(votes)
    for step in rules.modifier_steps:
        if average >= step.average:
            return Modifier(step.points, average, votes)
    return Modifier(Fraction(0), average, votes)
