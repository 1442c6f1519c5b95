"""The club's week as recurring entries (PKR-SCHED-1): which days a schedule entry falls on.

An entry recurs every week on its weekday, or once a month on the weekday of one week
(``week_of_month`` 1 = "the first Sunday of the month": days 1–7). The calendar page lists the
dates of a span, the iCalendar feed states the same rule (``RRULE``), and a tournament is opened
from its entry on one of those dates only (PKR-SCHED-1).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta

from torneo.core.errors import TorneoError
from torneo.core.messages import N_

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
ICAL_DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


@dataclass(frozen=True, slots=True)
class Recurrence:
    weekday: str  # mon … sun
    week_of_month: int | None = None  # 1 … 5; None: every week

    def __post_init__(self) -> None:
        if self.weekday not in WEEKDAYS:
            raise TorneoError(
                "weekday",
                N_("'%(weekday)s'"),
                N_("one of %(days)s"),
                params={"weekday": self.weekday, "days": ", ".join(WEEKDAYS)},
            )
        if self.week_of_month is not None and not 1 <= self.week_of_month <= 5:
            raise TorneoError(
                "week_of_month",
                N_("week %(week)s"),
                N_("1 (the first) to 5, or every week"),
                params={"week": self.week_of_month},
            )

    def falls_on(self, day: date) -> bool:
        if WEEKDAYS[day.weekday()] != self.weekday:
            return False
        return self.week_of_month is None or (day.day - 1) // 7 + 1 == self.week_of_month

    def dates(self, start: date, end: date) -> Iterator[date]:
        """Every date of the entry from ``start`` to ``end`` (both included)."""
        offset = (WEEKDAYS.index(self.weekday) - start.weekday()) % 7
        day = start + timedelta(days=offset)
        while day <= end:
            if self.falls_on(day):
                yield day
            day += timedelta(days=7)

    def next_on_or_after(self, day: date) -> date:
        return next(self.dates(day, day + timedelta(days=7 * 6)))

    @property
    def rrule(self) -> dict[str, object]:
        """RFC 5545: ``FREQ=WEEKLY;BYDAY=TU`` or ``FREQ=MONTHLY;BYDAY=1SU``."""
        byday = ICAL_DAYS[WEEKDAYS.index(self.weekday)]
        if self.week_of_month is None:
            return {"FREQ": "WEEKLY", "BYDAY": byday}
        return {"FREQ": "MONTHLY", "BYDAY": f"{self.week_of_month}{byday}"}


def check_start(text: str) -> str:
    """A start time "21:00" (24-hour clock)."""
    parts = text.strip().split(":")
    ok = len(parts) == 2 and all(p.isdigit() for p in parts)
    if ok and 0 <= int(parts[0]) <= 23 and 0 <= int(parts[1]) <= 59:
        return f"{int(parts[0]):02d}:{int(parts[1]):02d}"
    raise TorneoError(
        "start",
        N_("'%(text)s' is not a time"),
        N_("hours:minutes, e.g. 21:00"),
        params={"text": text},
    )
