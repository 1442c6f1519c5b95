"""A pausable clock computed from stored timestamps only (INV-STRUCT-3 rounds, PKR-BTN-1 levels).

Nothing ticks in memory: the state is when it was started, the time banked before the last
start, and whether it is running. Any worker, after any restart, computes the same elapsed time
from the same row, so two screens never drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from torneo.core.errors import Conflict

ZERO = timedelta(0)


@dataclass(frozen=True, slots=True)
class Stopwatch:
    running_since: datetime | None = None  # None while stopped or paused
    banked: timedelta = ZERO  # elapsed time accumulated before ``running_since``
    adjustment: timedelta = ZERO  # time added (negative) or removed by a judge/director

    @property
    def is_running(self) -> bool:
        return self.running_since is not None

    def elapsed(self, now: datetime) -> timedelta:
        live = now - self.running_since if self.running_since is not None else ZERO
        return max(ZERO, self.banked + live - self.adjustment)

    def start(self, now: datetime) -> Stopwatch:
        if self.running_since is not None:
            raise Conflict("clock", "the clock is already running", "pause or stop it first")
        return replace(self, running_since=now)

    def pause(self, now: datetime) -> Stopwatch:
        if self.running_since is None:
            raise Conflict("clock", "the clock is not running", "start or resume it first")
        return replace(self, running_since=None, banked=self.banked + (now - self.running_since))

    def add_time(self, amount: timedelta) -> Stopwatch:
        """Give back ``amount`` (a judge call, a deck check): the countdown shows more time left."""
        return replace(self, adjustment=self.adjustment + amount)


@dataclass(frozen=True, slots=True)
class Countdown:
    """A stopwatch against a fixed duration: a Swiss round of 55 minutes, a blind level."""

    duration: timedelta
    watch: Stopwatch = Stopwatch()

    def remaining(self, now: datetime) -> timedelta:
        return max(ZERO, self.duration - self.watch.elapsed(now))

    def is_over(self, now: datetime) -> bool:
        return self.watch.elapsed(now) >= self.duration
