"""Season dates (INV-SEASON-1) and the strict ISO day parser every season input goes through.

"31 giugno 2012" is in the regulation itself, so a day that does not exist must be refused with
the field that held it and the reason, never silently moved to 1 July.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date

from torneo.core.errors import TorneoError

_ISO_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
DAY_ACCEPTED = "a day that exists, written YYYY-MM-DD (e.g. 2012-06-30)"


def day_problem(text: str) -> str | None:
    """Why ``text`` is not an existing ISO day, or None when it is one."""
    match = _ISO_DAY.match(text.strip())
    if not match:
        return f"'{text}' is not a date"
    year, month, day = (int(g) for g in match.groups())
    if not 1 <= month <= 12:
        return f"{text.strip()} does not exist: there is no month {month}"
    last = calendar.monthrange(year, month)[1]
    if not 1 <= day <= last:
        month_name = calendar.month_name[month]
        return f"{text.strip()} does not exist: {month_name} {year} has {last} days"
    return None


def parse_day(field: str, text: str) -> date:
    """Parse an ISO day; raise a TorneoError naming ``field`` when the day does not exist."""
    problem = day_problem(text)
    if problem:
        raise TorneoError(field, problem, DAY_ACCEPTED)
    return date.fromisoformat(text.strip())


@dataclass(frozen=True, slots=True)
class SeasonDates:
    """The first and last day of a season, both included (INV-SEASON-1)."""

    start: date
    end: date

    def __post_init__(self) -> None:
        if self.end < self.start:
            raise TorneoError(
                "end",
                f"the season ends on {self.end.isoformat()}, before it starts on "
                f"{self.start.isoformat()}",
                f"an end on or after {self.start.isoformat()}",
            )

    @classmethod
    def parse(cls, start: str, end: str) -> SeasonDates:
        """INV-SEASON-1: "2012-06-31" → TorneoError on ``end``: that day does not exist."""
        return cls(parse_day("start", start), parse_day("end", end))

    def contains(self, day: date) -> bool:
        return self.start <= day <= self.end

    def outside_reason(self, day: date) -> str | None:
        """A sentence saying how ``day`` falls outside the season, or None when it is inside."""
        if day < self.start:
            return (
                f"held on {day.isoformat()}, before the season starts on {self.start.isoformat()}"
            )
        if day > self.end:
            return f"held on {day.isoformat()}, after the season ends on {self.end.isoformat()}"
        return None

    def text(self) -> str:
        return f"{self.start.isoformat()} – {self.end.isoformat()}"
