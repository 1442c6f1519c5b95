"""The round clock (INV-STRUCT-3/4/5), computed from stored timestamps only.

A Swiss round lasts 55 minutes; at "time" the players of an unfinished match play 2 more complete
turns each (INV-STRUCT-3). Top X matches have no limit, but the 3rd/4th-place match is timed as
Swiss (INV-STRUCT-4). A table with a player-judge gets 60 minutes (INV-STRUCT-5). A judge may
give one table extra time (a judge call, a deck check): that table's clock runs later than the
round's. The whole round can be paused and resumed (``torneo.core.clock.Stopwatch``).

Nothing ticks in memory: the clock is one stopwatch (when it started, time banked, time added)
plus each table's base duration and extensions. Every screen, on every worker, after any restart,
computes the same :class:`ClockView` from the same row and ``now``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from torneo.core.clock import ZERO, Countdown, Stopwatch
from torneo.core.errors import Conflict, NotFound, Refusal, TorneoError
from torneo.core.ids import UserId
from torneo.core.messages import N_
from torneo.engines.records import MatchRecord
from torneo.judging.rules.record import Check
from torneo.judging.rules.roster import JudgeRoster, round_minutes_for
from torneo.presets.models import MatchRules

MAX_EXTENSION = timedelta(minutes=60)  # a typo guard: no judge call takes an hour


@dataclass(frozen=True, slots=True)
class TimeExtension:
    table: int
    amount: timedelta
    reason: str
    judge: UserId
    at: datetime


@dataclass(frozen=True, slots=True)
class TableClock:
    table: int
    remaining: timedelta | None  # None = untimed (a Top X match)
    is_time: bool
    extra_turns: int  # INV-STRUCT-3: turns each still to play once time is called, else 0
    extended_by: timedelta


@dataclass(frozen=True, slots=True)
class ClockView:
    round_no: int
    remaining: timedelta | None  # the round's own clock (the big screen); None = untimed
    is_time: bool
    extra_turns: int
    is_running: bool
    tables: tuple[TableClock, ...]

    def table(self, number: int) -> TableClock | None:
        return next((t for t in self.tables if t.table == number), None)


@dataclass(frozen=True, slots=True)
class RoundClock:
    round_no: int
    # Each paired table with its base duration; None = untimed. A bye has no table clock.
    table_durations: tuple[tuple[int, timedelta | None], ...]
    extra_turns: int
    watch: Stopwatch = field(default_factory=Stopwatch)
    extensions: tuple[TimeExtension, ...] = ()

    @property
    def duration(self) -> timedelta | None:
        """The round's clock: the shortest timed table (55 with any table not a judge's)."""
        timed = [d for _, d in self.table_durations if d is not None]
        return min(timed) if timed else None

    @property
    def is_timed(self) -> bool:
        return self.duration is not None

    def start(self, now: datetime) -> RoundClock:
        return replace(self, watch=self.watch.start(now))

    def pause(self, now: datetime) -> RoundClock:
        return replace(self, watch=self.watch.pause(now))

    def resume(self, now: datetime) -> RoundClock:
        return replace(self, watch=self.watch.start(now))

    def add_time(self, amount: timedelta) -> RoundClock:
        """Time for the whole round (an interruption affecting every table)."""
        if amount <= ZERO or amount > MAX_EXTENSION:
            raise TorneoError(
                "amount",
                N_("%(amount)s to add"),
                N_("more than 0, at most 60 minutes"),
                params={"amount": amount},
            )
        return replace(self, watch=self.watch.add_time(amount))

    def extended_by(self, table: int) -> timedelta:
        return sum((e.amount for e in self.extensions if e.table == table), ZERO)

    def _check_extend(self, table: int, amount: timedelta, reason: str) -> Check | None:
        base = dict(self.table_durations)
        if table not in base:
            return Check(
                Refusal(
                    "table",
                    N_("round %(round)s has no match at table %(table)s"),
                    ", ".join(str(t) for t, _ in self.table_durations) or N_("a paired table"),
                    params={"round": self.round_no, "table": table},
                ),
                NotFound,
            )
        if base[table] is None:
            return Check(
                Refusal(
                    "table",
                    N_("table %(table)s plays untimed"),
                    N_("a timed table"),
                    "INV-STRUCT-3",
                    params={"table": table},
                ),
                Conflict,
            )
        if amount <= ZERO or amount > MAX_EXTENSION:
            return Check(
                Refusal(
                    "amount",
                    N_("%(amount)s of extra time"),
                    N_("more than 0, at most 60 minutes"),
                    params={"amount": amount},
                ),
                TorneoError,
            )
        if not reason.strip():
            return Check(
                Refusal(
                    "reason", N_("extra time needs its reason"), N_("a judge call, a deck check")
                ),
                TorneoError,
            )
        return None

    def can_extend_table(self, table: int, amount: timedelta, reason: str) -> Refusal | None:
        check = self._check_extend(table, amount, reason)
        return check.refusal if check else None

    def extend_table(
        self, table: int, amount: timedelta, *, judge: UserId, reason: str, at: datetime
    ) -> RoundClock:
        """Give one table extra time; recorded with the judge, the reason and the moment."""
        check = self._check_extend(table, amount, reason)
        if check:
            raise check.raise_error()
        extension = TimeExtension(table, amount, reason.strip(), judge, at)
        return replace(self, extensions=(*self.extensions, extension))

    def view(self, now: datetime) -> ClockView:
        tables = tuple(self._table_view(t, d, now) for t, d in self.table_durations)
        duration = self.duration
        if duration is None:
            return ClockView(self.round_no, None, False, 0, self.watch.is_running, tables)
        round_clock = Countdown(duration, self.watch)
        is_time = round_clock.is_over(now)
        return ClockView(
            self.round_no,
            round_clock.remaining(now),
            is_time,
            self.extra_turns if is_time else 0,
            self.watch.is_running,
            tables,
        )

    def _table_view(self, table: int, base: timedelta | None, now: datetime) -> TableClock:
        extra = self.extended_by(table)
        if base is None:
            return TableClock(table, None, False, 0, extra)
        clock = Countdown(base + extra, self.watch)
        is_time = clock.is_over(now)
        return TableClock(
            table, clock.remaining(now), is_time, self.extra_turns if is_time else 0, extra
        )


def round_clock_for(
    round_no: int, matches: Sequence[MatchRecord], roster: JudgeRoster, rules: MatchRules
) -> RoundClock:
    """The (not yet started) clock of a round, one table clock per paired match."""
    durations: list[tuple[int, timedelta | None]] = []
    for match in sorted(matches, key=lambda m: m.table):
        if match.round_no != round_no or match.is_bye:
            continue
        minutes = round_minutes_for((match.player_a, match.player_b), roster, rules, match.stage)
        durations.append((match.table, None if minutes is None else timedelta(minutes=minutes)))
    return RoundClock(round_no, tuple(durations), rules.extra_turns)
