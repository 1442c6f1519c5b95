"""A pausable clock computed from stored timestamps only (INV-STRUCT-3 rounds, PKR-BTN-1 levels).

Nothing ticks in memory: the state is when it was started, the time banked before the last
start, and whether it is running. Any worker, after any restart, computes the same elapsed time
from the same row, so two screens never drift apart.

A Swiss round of 55 minutes (INV-STRUCT-3), started at 15:00, paused for a judge call at 15:20
and resumed at 15:23, with 2 minutes given back for a deck check:

>>> from datetime import datetime, timedelta
>>> at = lambda hh, mm: datetime(2012, 3, 10, hh, mm)
>>> watch = Stopwatch().start(at(15, 0)).pause(at(15, 20)).start(at(15, 23))
>>> round_clock = Countdown(timedelta(minutes=55), watch.add_time(timedelta(minutes=2)))
>>> round_clock.remaining(at(15, 40))
datetime.timedelta(seconds=1200)
>>> watch.start(at(15, 41))
Traceback (most recent call last):
...
torneo.core.errors.Conflict: clock: the clock is already running (accepted: pause or stop it first)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from torneo.core.errors import Conflict
from torneo.core.messages import N_

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
            raise Conflict(
                "clock", N_("the clock is already running"), N_("pause or stop it first")
            )
        return replace(self, running_since=now)

    def pause(self, now: datetime) -> Stopwatch:
        if self.running_since is None:
            raise Conflict("clock", N_("the clock is not running"), N_("start or resume it first"))
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
