"""The tournament clock: levels and breaks run from stored timestamps (PKR-BTN-1).

The clock is one :class:`~torneo.core.clock.Stopwatch` over the whole structure: the elapsed
playing time (pauses excluded, the director's adjustments included) says which step runs and
how much of it is left. Nothing ticks in memory, so the TV, the phones and a restarted worker
all show the same time from the same stored row.

- start / pause / resume: the stopwatch;
- add time: the running step gets longer (a negative amount shortens it);
- jump to a level: the elapsed time is set to the start of that level (forward or back);
- PKR-BTN-1: new blinds apply from the next hand. A hand is played at the level in force when
  it started (:func:`level_for_hand`); a hand starting now gets :func:`level_for_new_hand`,
  which during a break is the level after the break.

When the last level is over the clock stays on it (the director adds levels or ends the event).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from torneo.core.clock import ZERO, Stopwatch
from torneo.core.errors import Conflict, TorneoError
from torneo.core.messages import N_
from torneo.poker.rules.structure import BlindLevel, Break, Structure


@dataclass(frozen=True, slots=True)
class TournamentClock:
    structure: Structure
    watch: Stopwatch = field(default_factory=Stopwatch)
    started_at: datetime | None = None  # the first start; None before the tournament begins
    extensions: tuple[tuple[int, timedelta], ...] = ()  # (step index, time added to it)

    @property
    def is_started(self) -> bool:
        return self.started_at is not None

    @property
    def is_running(self) -> bool:
        return self.watch.is_running


def _step_bounds(clock: TournamentClock) -> list[tuple[timedelta, timedelta]]:
    extra: dict[int, timedelta] = {}
    for index, amount in clock.extensions:
        extra[index] = extra.get(index, ZERO) + amount
    bounds = []
    start = ZERO
    for i, step in enumerate(clock.structure.steps):
        end = start + timedelta(minutes=step.minutes) + extra.get(i, ZERO)
        bounds.append((start, end))
        start = end
    return bounds


def start(clock: TournamentClock, now: datetime) -> TournamentClock:
    if clock.is_started:
        raise Conflict(
            "clock", N_("the tournament clock has already started"), N_("pause or resume it")
        )
    return replace(clock, watch=clock.watch.start(now), started_at=now)


def pause(clock: TournamentClock, now: datetime) -> TournamentClock:
    return replace(clock, watch=clock.watch.pause(now))


def resume(clock: TournamentClock, now: datetime) -> TournamentClock:
    if not clock.is_started:
        raise Conflict("clock", N_("the tournament clock has not started"), N_("start it first"))
    return replace(clock, watch=clock.watch.start(now))


def elapsed(clock: TournamentClock, now: datetime) -> timedelta:
    return clock.watch.elapsed(now)


def step_at(clock: TournamentClock, now: datetime) -> int:
    """Index of the step running at ``now`` (the last one once the structure is over)."""
    spent = elapsed(clock, now)
    bounds = _step_bounds(clock)
    for i, (_, end) in enumerate(bounds):
        if spent < end:
            return i
    return len(bounds) - 1


def add_time(clock: TournamentClock, amount: timedelta, now: datetime) -> TournamentClock:
    """Lengthen the step running at ``now`` by ``amount``; a negative amount shortens it, at
    most down to now (the next step starts at once)."""
    index = step_at(clock, now)
    end = _step_bounds(clock)[index][1]
    spent = elapsed(clock, now)
    if end + amount < spent:
        amount = spent - end
    return replace(clock, extensions=(*clock.extensions, (index, amount)))


def jump_to_level(clock: TournamentClock, number: int, now: datetime) -> TournamentClock:
    """Move the clock to the start of level ``number`` (the director skips or repeats)."""
    index = clock.structure.step_of_level(number)
    target = _step_bounds(clock)[index][0]
    watch = clock.watch
    raw = watch.banked + (now - watch.running_since if watch.running_since else ZERO)
    # Stopwatch.elapsed = raw - adjustment: choose the adjustment that makes it ``target``.
    return replace(clock, watch=replace(watch, adjustment=raw - target))


def level_at(clock: TournamentClock, now: datetime) -> BlindLevel:
    """The level in force at ``now``; during a break, the level after it (the next hand's)."""
    steps = clock.structure.steps
    index = step_at(clock, now)
    for step in steps[index:]:
        if isinstance(step, BlindLevel):
            return step
    for step in reversed(steps[:index]):
        if isinstance(step, BlindLevel):
            return step
    raise AssertionError("a structure always has a level")


def level_for_new_hand(clock: TournamentClock, now: datetime) -> BlindLevel:
    """PKR-BTN-1: the blinds of a hand whose shuffle starts at ``now``."""
    return level_at(clock, now)


def level_for_hand(clock: TournamentClock, hand_started: datetime) -> BlindLevel:
    """PKR-BTN-1: a hand keeps the blinds in force when it started (new ones: next hand)."""
    return level_at(clock, hand_started)


@dataclass(frozen=True, slots=True)
class ClockView:
    """What the TV and the phones show."""

    is_started: bool
    is_running: bool
    step_index: int
    level_number: int | None  # None during a break
    level: BlindLevel | None  # None during a break
    on_break: Break | None
    next_level: BlindLevel | None
    time_left: timedelta  # in the running step
    time_to_break: timedelta | None  # until the next break starts; None when no break is left
    elapsed: timedelta
    players_left: int
    chips_in_play: int
    average_stack: int  # chips in play // players left (0 with nobody left)
    smallest_chip: int


def view(clock: TournamentClock, now: datetime, players_left: int, chips_in_play: int) -> ClockView:
    if players_left < 0 or chips_in_play < 0:
        raise TorneoError("players_left", N_("a negative count"), N_("0 or more"))
    structure = clock.structure
    spent = elapsed(clock, now)
    index = step_at(clock, now)
    bounds = _step_bounds(clock)
    step = structure.steps[index]
    time_left = max(ZERO, bounds[index][1] - spent)
    next_level = next((s for s in structure.steps[index + 1 :] if isinstance(s, BlindLevel)), None)
    to_break: timedelta | None = None
    for j in range(index + 1, len(structure.steps)):
        if isinstance(structure.steps[j], Break):
            to_break = max(ZERO, bounds[j][0] - spent)
            break
    if isinstance(step, Break):
        to_break = ZERO
    return ClockView(
        is_started=clock.is_started,
        is_running=clock.is_running,
        step_index=index,
        level_number=structure.level_number(index),
        level=step if isinstance(step, BlindLevel) else None,
        on_break=step if isinstance(step, Break) else None,
        next_level=next_level,
        time_left=time_left,
        time_to_break=to_break,
        elapsed=spent,
        players_left=players_left,
        chips_in_play=chips_in_play,
        average_stack=chips_in_play // players_left if players_left else 0,
        smallest_chip=structure.smallest_chip_at(index),
    )
