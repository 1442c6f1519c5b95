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
from torneo.core.messages import N_, Message, Term

_ISO_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
DAY_ACCEPTED = Message(N_("a day that exists, written YYYY-MM-DD (e.g. 2012-06-30)"))

# The English month names as vocabulary words, so "June 2012" reads "giugno 2012" on a page.
MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)


def month_name(month: int) -> Term:
    """The month's English name (1 → "January"), a word the pages translate."""
    return Term(MONTHS[month - 1])


def day_problem(text: str) -> Message | None:
    """Why ``text`` is not an existing ISO day, or None when it is one (INV-SEASON-1)."""
    match = _ISO_DAY.match(text.strip())
    if not match:
        return Message(N_("'%(text)s' is not a date"), {"text": text})
    year, month, day = (int(g) for g in match.groups())
    if not 1 <= month <= 12:
        return Message(
            N_("%(day)s does not exist: there is no month %(m)s"),
            {"day": text.strip(), "m": month},
        )
    last = calendar.monthrange(year, month)[1]
    if not 1 <= day <= last:
        return Message(
            N_("%(day)s does not exist: %(month)s %(year)s has %(n)s days"),
            {"day": text.strip(), "month": month_name(month), "year": year, "n": last},
        )
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
                N_("the season ends on %(end)s, before it starts on %(start)s"),
                N_("an end on or after %(start)s"),
                params={"end": self.end.isoformat(), "start": self.start.isoformat()},
            )

    @classmethod
    def parse(cls, start: str, end: str) -> SeasonDates:
        """INV-SEASON-1: "2012-06-31" → TorneoError on ``end``: that day does not exist."""
        return cls(parse_day("start", start), parse_day("end", end))

    def contains(self, day: date) -> bool:
        return self.start <= day <= self.end

    def outside_reason(self, day: date) -> str | None:
        """How ``day`` falls outside the season, in English, or None when it is inside."""
        found = self.outside(day)
        return None if found is None else found.english()

    def outside(self, day: date) -> Message | None:
        """How ``day`` falls outside the season (INV-SEASON-1), or None when it is inside."""
        if day < self.start:
            return Message(
                N_("held on %(day)s, before the season starts on %(start)s"),
                {"day": day.isoformat(), "start": self.start.isoformat()},
            )
        if day > self.end:
            return Message(
                N_("held on %(day)s, after the season ends on %(end)s"),
                {"day": day.isoformat(), "end": self.end.isoformat()},
            )
        return None

    def text(self) -> str:
        return f"{self.start.isoformat()} – {self.end.isoformat()}"
