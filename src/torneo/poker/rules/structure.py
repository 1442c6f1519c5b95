"""Blind structures as data: levels, breaks and colour-ups (PKR-BTN-1, PKR-SCHED-1, PKR-LEAGUE-3).

A :class:`Structure` is the schedule published before the start (PKR-BTN-1): blind levels
(small blind, big blind, ante or big-blind ante, minutes) and breaks, at which chips of the
smallest values may be coloured up (PKR-RACE-1). It is checked when built: a big blind smaller
than the small blind, a structure without levels, blinds that go down, or blinds that cannot be
paid with the chips still in play are refused.

Two ways to build one:
- :func:`structure_from_ladder` — the club's ladder of blinds from a starting level, with the
  tournament's level length (the weekly tournaments; the finals start at 50/100 with 30- or
  20-minute levels, PKR-LEAGUE-3);
- :func:`propose_structure` — a proposal from the starting stack, the target duration and the
  chip set, the way tournament clocks propose one: blinds grow geometrically from about 1/100
  of the stack to about 1/20 of the chips in play at the target time, rounded to the familiar
  values (25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1,000, 1,200, 1,500 ...)
  that the chips in play can pay.

Colour-ups are placed at the first break after which every later blind and ante is a multiple
of the next larger chip: the smallest chip is no longer needed and is raced off (PKR-RACE-1).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from torneo.core.errors import Refusal, TorneoError
from torneo.core.messages import N_


@dataclass(frozen=True, slots=True)
class BlindLevel:
    small_blind: int
    big_blind: int
    minutes: int
    ante: int = 0  # paid by every player dealt in; with ``big_blind_ante`` once, by the big blind
    big_blind_ante: bool = False

    def __post_init__(self) -> None:
        refusal = check_level(self)
        if refusal is not None:
            raise refusal.raise_as()

    @property
    def label(self) -> str:
        text = f"{self.small_blind:,}/{self.big_blind:,}"
        if self.ante:
            text += f" BB ante {self.ante:,}" if self.big_blind_ante else f" ante {self.ante:,}"
        return text


@dataclass(frozen=True, slots=True)
class Break:
    minutes: int
    colour_up: tuple[int, ...] = ()  # chip values raced off at this break (PKR-RACE-1)

    def __post_init__(self) -> None:
        if self.minutes < 1:
            raise TorneoError(
                "break",
                N_("a break of %(minutes)s minutes"),
                N_("1 minute or more"),
                params={"minutes": self.minutes},
            )


Step = BlindLevel | Break


def check_level(level: BlindLevel) -> Refusal | None:
    if level.small_blind < 1:
        return Refusal(
            "small_blind",
            N_("a small blind of %(small_blind)s"),
            N_("1 chip or more"),
            params={"small_blind": level.small_blind},
        )
    if level.big_blind < level.small_blind:
        return Refusal(
            "big_blind",
            N_("big blind %(big_blind)s is smaller than small blind %(small_blind)s"),
            N_("a big blind at least the small blind (usually twice, PKR-BTN-1)"),
            "PKR-BTN-1",
            params={"big_blind": level.big_blind, "small_blind": level.small_blind},
        )
    if level.ante < 0:
        return Refusal(
            "ante", N_("an ante of %(ante)s"), N_("0 or more chips"), params={"ante": level.ante}
        )
    if level.big_blind_ante and level.ante == 0:
        return Refusal("ante", N_("a big-blind ante of 0"), N_("the amount the big blind antes"))
    if level.minutes < 1:
        return Refusal(
            "minutes",
            N_("a level of %(minutes)s minutes"),
            N_("1 minute or more"),
            params={"minutes": level.minutes},
        )
    return None


def _colour_up_refusal(step: Break, in_play: list[int]) -> Refusal | None:
    """PKR-RACE-1: a break races off chips that are in play, and leaves one value at least.
    ``in_play`` loses the chips raced off."""
    for chip in step.colour_up:
        if chip not in in_play:
            return Refusal(
                "colour_up",
                N_("chip %(chip)s is not in play"),
                ", ".join(map(str, in_play)),
                params={"chip": chip},
            )
        in_play.remove(chip)
    if step.colour_up and not in_play:
        return Refusal("colour_up", N_("every chip would be raced off"), N_("keep one chip value"))
    return None


def _payable_refusal(number: int, level: BlindLevel, in_play: Sequence[int]) -> Refusal | None:
    """Every blind and ante of a level can be paid with the smallest chip still in play."""
    if not in_play:
        return None
    unit = in_play[0]
    for name, amount in (
        ("small_blind", level.small_blind),
        ("big_blind", level.big_blind),
        ("ante", level.ante),
    ):
        if amount % unit:
            return Refusal(
                f"levels[{number}].{name}",
                N_("%(amount)s cannot be paid with chips of %(unit)s and up"),
                N_("a multiple of %(unit)s"),
                params={"amount": amount, "unit": unit},
            )
    return None


def check_structure(steps: Sequence[Step], chip_set: Sequence[int] = ()) -> Refusal | None:
    """Why these steps are not a structure that can be played, or None."""
    if not any(isinstance(s, BlindLevel) for s in steps):
        return Refusal("levels", N_("a structure with no levels"), N_("at least one blind level"))
    if list(chip_set) != sorted(set(chip_set)) or any(c < 1 for c in chip_set):
        return Refusal(
            "chip_set",
            N_("chips %(chips)s"),
            N_("distinct values, ascending, ≥ 1"),
            params={"chips": str(list(chip_set))},
        )
    in_play = list(chip_set)
    previous: BlindLevel | None = None
    number = 0
    for step in steps:
        if isinstance(step, Break):
            refusal = _colour_up_refusal(step, in_play)
            if refusal is not None:
                return refusal
            continue
        number += 1
        if previous is not None and step.big_blind < previous.big_blind:
            return Refusal(
                f"levels[{number}]",
                N_("big blind %(big_blind)s after %(previous)s"),
                N_("blinds that never go down (PKR-BTN-1)"),
                "PKR-BTN-1",
                params={"big_blind": step.big_blind, "previous": previous.big_blind},
            )
        refusal = _payable_refusal(number, step, in_play)
        if refusal is not None:
            return refusal
        previous = step
    return None


@dataclass(frozen=True, slots=True)
class Structure:
    steps: tuple[Step, ...]
    chip_set: tuple[int, ...] = ()  # chip values in play at the start, ascending

    def __post_init__(self) -> None:
        refusal = check_structure(self.steps, self.chip_set)
        if refusal is not None:
            raise refusal.raise_as()

    @property
    def levels(self) -> tuple[BlindLevel, ...]:
        return tuple(s for s in self.steps if isinstance(s, BlindLevel))

    def level(self, number: int) -> BlindLevel:
        """Level ``number``, counting from 1 and skipping breaks."""
        levels = self.levels
        if not 1 <= number <= len(levels):
            raise TorneoError(
                "level",
                N_("level %(number)s"),
                N_("1 to %(n)s"),
                params={"number": number, "n": len(levels)},
            )
        return levels[number - 1]

    def level_number(self, step_index: int) -> int | None:
        """The level number of a step (None for a break)."""
        if isinstance(self.steps[step_index], Break):
            return None
        return sum(1 for s in self.steps[: step_index + 1] if isinstance(s, BlindLevel))

    def step_of_level(self, number: int) -> int:
        self.level(number)
        seen = 0
        for i, step in enumerate(self.steps):
            if isinstance(step, BlindLevel):
                seen += 1
                if seen == number:
                    return i
        raise AssertionError("unreachable")

    def chips_at(self, step_index: int) -> tuple[int, ...]:
        """Chip values still in play during step ``step_index`` (after its own colour-up)."""
        removed = {
            c for s in self.steps[: step_index + 1] if isinstance(s, Break) for c in s.colour_up
        }
        return tuple(c for c in self.chip_set if c not in removed)

    def smallest_chip_at(self, step_index: int) -> int:
        chips = self.chips_at(step_index)
        return chips[0] if chips else 1

    @property
    def total_minutes(self) -> int:
        return sum(s.minutes for s in self.steps)


def make_structure(steps: Sequence[Step], chip_set: Sequence[int] = ()) -> Structure:
    return Structure(tuple(steps), tuple(chip_set))


def with_colour_ups(steps: Sequence[Step], chip_set: Sequence[int]) -> tuple[Step, ...]:
    """Put each colour-up at the first break after which the chip is no longer needed."""
    out: list[Step] = []
    in_play = list(chip_set)
    for i, step in enumerate(steps):
        if isinstance(step, Break):
            later = [s for s in steps[i + 1 :] if isinstance(s, BlindLevel)]
            removed: list[int] = []
            while (
                len(in_play) > 1
                and later
                and all(
                    a % in_play[1] == 0 for s in later for a in (s.small_blind, s.big_blind, s.ante)
                )
            ):
                removed.append(in_play.pop(0))
            out.append(Break(step.minutes, tuple(removed)))
        else:
            out.append(step)
    return tuple(out)


def structure_from_ladder(
    ladder: Sequence[tuple[int, int, int]],
    level_minutes: int,
    chip_set: Sequence[int],
    start_big_blind: int | None = None,
    break_every: int = 0,
    break_minutes: int = 10,
    big_blind_ante: bool = False,
) -> Structure:
    """The club's ladder of (small blind, big blind, ante) from ``start_big_blind`` on.

    A break every ``break_every`` levels (0: none), colour-ups at the breaks where possible.
    """
    if level_minutes < 1:
        raise TorneoError(
            "level_minutes",
            N_("%(level_minutes)s"),
            N_("1 minute or more"),
            params={"level_minutes": level_minutes},
        )
    rungs = [r for r in ladder if start_big_blind is None or r[1] >= start_big_blind]
    if start_big_blind is not None and (not rungs or rungs[0][1] != start_big_blind):
        raise TorneoError(
            "start_big_blind",
            N_("no level with big blind %(start_big_blind)s in the ladder"),
            ", ".join(str(r[1]) for r in ladder),
            params={"start_big_blind": start_big_blind},
        )
    steps: list[Step] = []
    for i, (sb, bb, ante) in enumerate(rungs, start=1):
        steps.append(BlindLevel(sb, bb, level_minutes, ante, big_blind_ante and ante > 0))
        if break_every and i % break_every == 0 and i < len(rungs):
            steps.append(Break(break_minutes))
    return make_structure(with_colour_ups(steps, chip_set), chip_set)


def start_big_blind_for(stack: int, ladder: Sequence[tuple[int, int, int]]) -> int:
    """The ladder's big blind for a starting stack: the largest at most 1/100 of the stack.

    The seed gives stacks but not blinds; 100 big blinds is the usual club start.
    """
    fitting = [bb for _, bb, _ in ladder if bb * 100 <= stack]
    return fitting[-1] if fitting else ladder[0][1]


# --- The generator ---------------------------------------------------------------------------

_MANTISSAS = (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8)  # familiar blind values x 10^k


def _unit_for(small_blind: int, chip_set: Sequence[int]) -> int:
    """The chip a level is counted in: the largest at most 1/10 of the small blind."""
    fitting = [c for c in chip_set if c * 10 <= small_blind]
    return fitting[-1] if fitting else chip_set[0]


def _candidates(chip_set: Sequence[int], ceiling: int) -> list[int]:
    out: set[int] = set()
    exponent = 0
    while 10**exponent <= ceiling * 10:
        for m in _MANTISSAS:
            value = round(m * 10**exponent)
            if value >= chip_set[0] and value % _unit_for(value, chip_set) == 0:
                out.add(value)
        exponent += 1
    return sorted(out)


def _round_to(value: float, unit: int) -> int:
    return max(unit, round(value / unit) * unit)


def chip_values(chip_set: Iterable[int]) -> list[int]:
    """The chip values in play, smallest first, or a refusal naming ``chip_set``."""
    given = list(chip_set)
    chips = sorted(set(given))
    if not chips or chips[0] < 1:
        raise TorneoError(
            "chip_set",
            N_("chips %(chips)s"),
            N_("one chip value or more, each ≥ 1"),
            params={"chips": str(given)},
        )
    return chips


def propose_structure(
    starting_stack: int,
    target_minutes: int,
    chip_set: Sequence[int],
    expected_entries: int = 20,
    level_minutes: int = 15,
    break_every: int = 6,
    break_minutes: int = 10,
    ante: Literal["none", "classic", "big_blind"] = "none",
    ante_from_level: int = 5,
) -> Structure:
    """A proposed structure for a field of ``expected_entries`` due to end near the target.

    Blinds start at about 100 big blinds per stack and grow geometrically to a big blind of
    about 1/20 of all chips at ``target_minutes`` (heads-up with ten big blinds each), then keep
    growing for a few more levels so that the clock never runs out. Classic antes are about
    1/8 of the big blind; big-blind antes equal the big blind.
    """
    if starting_stack < 1 or target_minutes < level_minutes or expected_entries < 2:
        raise TorneoError(
            "structure",
            N_(
                "stack %(starting_stack)s, %(target_minutes)s minutes, %(expected_entries)s entries"
            ),
            N_("a positive stack, a target of at least one level, at least 2 entries"),
            params={
                "starting_stack": starting_stack,
                "target_minutes": target_minutes,
                "expected_entries": expected_entries,
            },
        )
    if level_minutes < 1 or break_every < 0 or break_minutes < 1:
        raise TorneoError(
            "level_minutes",
            N_("%(level_minutes)s"),
            N_("1 minute or more"),
            params={"level_minutes": level_minutes},
        )
    chips = chip_values(chip_set)
    levels_in_target = _levels_in(target_minutes, level_minutes, break_every, break_minutes)
    total_chips = starting_stack * expected_entries
    first = starting_stack / 200
    last = max(first * 2, total_chips / 40)  # small blind = half of 1/20 of the chips
    count = levels_in_target + max(4, levels_in_target // 3)
    ratio = (last / first) ** (1 / max(1, levels_in_target - 1))
    small_blinds = _small_blinds(_candidates(chips, total_chips), first, ratio, count)
    steps: list[Step] = []
    for number, sb in enumerate(small_blinds, start=1):
        steps.append(_proposed_level(number, sb, chips, level_minutes, ante, ante_from_level))
        if break_every and number % break_every == 0 and number < len(small_blinds):
            steps.append(Break(break_minutes))
    return make_structure(with_colour_ups(steps, chips), chips)


def _levels_in(
    target_minutes: int, level_minutes: int, break_every: int, break_minutes: int
) -> int:
    """Levels that fit in the target, breaks included."""
    levels = 0
    elapsed = 0
    while elapsed + level_minutes <= target_minutes:
        levels += 1
        elapsed += level_minutes
        if break_every and levels % break_every == 0:
            elapsed += break_minutes
    return levels


def _small_blinds(candidates: Sequence[int], first: float, ratio: float, count: int) -> list[int]:
    """Small blinds growing geometrically from ``first`` (floats only to place them), each the
    payable candidate nearest its target and larger than the one before."""
    small_blinds: list[int] = []
    for i in range(count):
        target = first * ratio**i
        pool = [c for c in candidates if not small_blinds or c > small_blinds[-1]]
        if not pool:
            break
        small_blinds.append(min(pool, key=lambda c: abs(math.log(c / target))))
    return small_blinds


def _proposed_level(
    number: int,
    small_blind: int,
    chips: Sequence[int],
    minutes: int,
    ante: Literal["none", "classic", "big_blind"],
    ante_from_level: int,
) -> BlindLevel:
    """Level ``number``: the big blind twice the small; from ``ante_from_level`` a classic ante
    of about 1/8 of the big blind, or a big-blind ante equal to the big blind."""
    big_blind = small_blind * 2
    level_ante = 0
    if ante != "none" and number >= ante_from_level:
        level_ante = (
            big_blind
            if ante == "big_blind"
            else _round_to(big_blind / 8, _unit_for(small_blind, chips))
        )
    return BlindLevel(
        small_blind, big_blind, minutes, level_ante, ante == "big_blind" and level_ante > 0
    )
