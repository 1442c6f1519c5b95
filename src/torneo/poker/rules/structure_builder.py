"""Building a blind structure from nothing (issue 15 item 8; PKR-BTN-1, PKR-RACE-1).

The club's weekly tournaments start from its ladder (:func:`.structure.structure_from_ladder`);
an organizer may instead build one step by step or have one generated, and edit either:

- :func:`insert_step`, :func:`remove_step`, :func:`move_step`: one level or break added where
  wanted, removed, or moved; the result is checked whole by :func:`.structure.check_structure`
  (blinds never go down, the big blind at least the small one, every blind payable with the
  chips still in play, colour-ups of chips in play at breaks), and a refusal names the level;
- :func:`generate`: levels from a starting small blind, each about ``growth`` times the one
  before, rounded to the familiar values the chips in play can pay (25, 50, 75, 100, 150, 200,
  250, 300, 400, 500, 600, 800, 1,000 ...), the big blind twice the small (PKR-BTN-1), classic
  or big-blind antes from a given level, a break every few levels with its colour-up where the
  smallest chip is no longer needed (PKR-RACE-1).

Decisions: a generated structure's first small blind is exactly the one given (it must be a
multiple of the smallest chip); the growth is between 1.1 and 3 (the usual structures grow by
1.2 to 2 a level); positions count from 1, levels and breaks alike, as the setup page lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.poker.rules.structure import (
    Break,
    Step,
    Structure,
    _candidates,
    _proposed_level,
    check_structure,
    chip_values,
    make_structure,
    with_colour_ups,
)

MIN_GROWTH = Fraction(11, 10)
MAX_GROWTH = Fraction(3)
MAX_LEVELS = 60

AnteMode = Literal["none", "classic", "big_blind"]


def _checked(steps: Sequence[Step], chip_set: Sequence[int]) -> tuple[Step, ...]:
    refusal = check_structure(steps, chip_set)
    if refusal is not None:
        raise refusal.raise_as()
    return tuple(steps)


def _position(field: str, position: int, count: int) -> int:
    if not 1 <= position <= count:
        raise TorneoError(
            field,
            N_("position %(position)s"),
            N_("1 to %(count)s"),
            params={"position": position, "count": count},
        )
    return position - 1


def insert_step(
    steps: Sequence[Step], step: Step, chip_set: Sequence[int], position: int | None = None
) -> tuple[Step, ...]:
    """``step`` at ``position`` (1 = first; None = last); the whole checked (PKR-BTN-1)."""
    index = len(steps) if position is None else _position("position", position, len(steps) + 1)
    return _checked([*steps[:index], step, *steps[index:]], chip_set)


def remove_step(steps: Sequence[Step], position: int, chip_set: Sequence[int]) -> tuple[Step, ...]:
    """The step at ``position`` taken out; the last level cannot go (a structure has one)."""
    index = _position("position", position, len(steps))
    return _checked([*steps[:index], *steps[index + 1 :]], chip_set)


def move_step(
    steps: Sequence[Step], position: int, to: int, chip_set: Sequence[int]
) -> tuple[Step, ...]:
    """The step at ``position`` moved to ``to``; refused when the blinds would go down."""
    index = _position("position", position, len(steps))
    target = _position("to", to, len(steps))
    rest = [*steps[:index], *steps[index + 1 :]]
    rest.insert(target, steps[index])
    return _checked(rest, chip_set)


def _growth_refusal(growth: Fraction) -> None:
    if not MIN_GROWTH <= growth <= MAX_GROWTH:
        raise TorneoError(
            "growth",
            N_("a growth of %(growth)s a level"),
            N_("between 1.1 and 3, e.g. 1.5"),
            params={"growth": float(growth)},
        )


def generate(
    start_small_blind: int,
    level_minutes: int,
    levels: int,
    growth: Fraction,
    chip_set: Sequence[int],
    break_every: int = 0,
    break_minutes: int = 10,
    ante: AnteMode = "none",
    ante_from_level: int = 1,
) -> Structure:
    """``levels`` levels from ``start_small_blind``, each small blind the payable familiar value
    nearest ``growth`` times the one before (and larger), big blind twice the small (PKR-BTN-1);
    a break every ``break_every`` levels (0: none) with its colour-up (PKR-RACE-1)."""
    chips = chip_values(chip_set)
    _growth_refusal(growth)
    if start_small_blind < 1 or start_small_blind % chips[0]:
        raise TorneoError(
            "start_small_blind",
            N_("%(amount)s cannot be paid with chips of %(unit)s and up"),
            N_("a multiple of %(unit)s"),
            params={"amount": start_small_blind, "unit": chips[0]},
        )
    for field, value, low, high in (
        ("levels", levels, 1, MAX_LEVELS),
        ("level_minutes", level_minutes, 1, 240),
        ("break_every", break_every, 0, MAX_LEVELS),
        ("break_minutes", break_minutes, 1, 120),
        ("ante_from_level", ante_from_level, 1, MAX_LEVELS),
    ):
        if not low <= value <= high:
            raise TorneoError(
                field,
                N_("%(value)s is out of range"),
                N_("%(low)s to %(high)s"),
                params={"value": value, "low": low, "high": high},
            )
    ceiling = int(start_small_blind * float(growth) ** levels * 4) + 1
    candidates = [c for c in _candidates(chips, ceiling) if c % chips[0] == 0]
    small_blinds = [start_small_blind]
    while len(small_blinds) < levels:
        target = small_blinds[-1] * growth
        larger = [c for c in candidates if c > small_blinds[-1]]
        if not larger:
            break
        small_blinds.append(min(larger, key=lambda c: (abs(Fraction(c) - target), c)))
    steps: list[Step] = []
    for number, sb in enumerate(small_blinds, start=1):
        steps.append(_proposed_level(number, sb, chips, level_minutes, ante, ante_from_level))
        if break_every and number % break_every == 0 and number < len(small_blinds):
            steps.append(Break(break_minutes))
    return make_structure(with_colour_ups(steps, chips), chips)
