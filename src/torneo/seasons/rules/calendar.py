"""The season calendar: sanctioned tournaments by store, the Majors fixed at season start, and the
days a store may still book (INV-LEGAL-6, INV-LEGAL-7 / INV-MAJOR-1, INV-SEASON-2).

Decisions where the regulation is silent:
- INV-LEGAL-7 "less than 7 days from a Major" is ``abs(days) < 7``: a tournament exactly one week
  before or after a Major is allowed; the Major's own day and the six days either side are not.
- INV-LEGAL-6 "two weeks apart" is ``abs(days) >= 14`` between any two tournaments of one store,
  across month boundaries too ("uno ogni due settimane"); the "2 a month" count is per calendar
  month.
- When two tournaments of one store clash, the one with *precedence* stands and the other is in
  breach. Precedence: announced first (when known), then held first, then key order — so at
  announcement the newcomer is the one refused, never a tournament already sanctioned.
- Void tournaments do not count against a store's quota (they are not sanctioned).
- Majors are fixed on or before the season's first day, inside the season, and at least 7 days
  apart from one another (so INV-LEGAL-7 never voids a Major).
- INV-MAJOR-1 / INV-SEASON-2: the Majors of a season are the ones announced on or before its
  first day (:func:`season_majors`). A season imported from a spreadsheet has no calendar to
  read: when no Major was announced by its first day, its imported Majors fill the schedule in
  date order up to five, and a sixth is not a fixed Major. An event of the app is a Major only on a fixed day.
"""

from __future__ import annotations

import calendar as _calendar
import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from itertools import pairwise

from torneo.core.errors import Refusal
from torneo.core.messages import N_, Term
from torneo.seasons.rules.dates import SeasonDates
from torneo.seasons.rules.settings import DEFAULT_SANCTIONING, SanctioningRules


@dataclass(frozen=True, slots=True)
class CalendarEntry:
    """A tournament on the season calendar."""

    key: str  # the tournament's name or id, unique in the season
    store: str  # the store / organizer holding it
    date: dt.date
    is_major: bool = False
    void: bool = False
    announced_on: dt.date | None = None

    @property
    def precedence(self) -> tuple[dt.date, dt.date, str]:
        return (self.announced_on or self.date, self.date, self.key)


@dataclass(frozen=True, slots=True)
class MajorSchedule:
    """The Majors ("tappe") fixed at season start (INV-SEASON-2)."""

    days: tuple[date, ...]

    def is_major_day(self, day: date) -> bool:
        return day in self.days


def season_majors(
    season: SeasonDates,
    announced: Iterable[tuple[date, date]],
    imported: Iterable[date] = (),
    rules: SanctioningRules = DEFAULT_SANCTIONING,
) -> tuple[date, ...]:
    """INV-SEASON-2 / INV-MAJOR-1: the Majors fixed at season start.

    ``announced`` are the announced Majors as ``(held_on, announced_on)``: those announced on or
    before the season's first day are fixed. ``imported`` are the days of Majors imported
    without an announcement (a past season's spreadsheet): when the calendar fixed none, they
    fill the schedule in date order up to ``majors_per_season``.

    >>> s = SeasonDates(date(2011, 9, 18), date(2012, 6, 30))
    >>> season_majors(s, [(date(2012, 3, 17), date(2011, 9, 1)), (date(2012, 4, 1), date(2012, 1, 2))])
    (datetime.date(2012, 3, 17),)
    """
    fixed = {held for held, on in announced if on <= season.start}
    if fixed:  # the season's calendar fixed its Majors: no other day is a Major
        return tuple(sorted(fixed))
    for day in sorted(set(imported)):
        if len(fixed) >= rules.majors_per_season:
            break
        fixed.add(day)
    return tuple(sorted(fixed))


def same_store(
    store: str, calendar: Iterable[CalendarEntry], *, skip: str | None = None
) -> list[CalendarEntry]:
    """The store's sanctioned (non-void) tournaments, except the one keyed ``skip``."""
    wanted = store.strip().casefold()
    return [
        e for e in calendar if not e.void and e.key != skip and e.store.strip().casefold() == wanted
    ]


def majors_near(day: date, majors: Iterable[date], rules: SanctioningRules) -> list[date]:
    """INV-LEGAL-7: the Majors less than ``major_quiet_days`` away from ``day``."""
    return sorted(m for m in majors if abs((day - m).days) < rules.major_quiet_days)


def can_fix_majors(
    season: SeasonDates,
    days: Sequence[date],
    *,
    today: date,
    rules: SanctioningRules = DEFAULT_SANCTIONING,
) -> Refusal | None:
    """INV-SEASON-2: all the Majors are fixed together, no later than the season's first day."""
    if today > season.start:
        return _too_late(season, MajorSchedule(()), None)
    if len(days) != rules.majors_per_season:
        return Refusal(
            "majors",
            N_("%(n)s Majors given"),
            N_("exactly %(most)s Majors"),
            "INV-SEASON-2",
            params={"n": len(days), "most": rules.majors_per_season},
        )
    return _schedule_problem(season, days, rules)


def fix_majors(
    season: SeasonDates,
    days: Sequence[date],
    *,
    today: date,
    rules: SanctioningRules = DEFAULT_SANCTIONING,
) -> MajorSchedule:
    refusal = can_fix_majors(season, days, today=today, rules=rules)
    if refusal:
        raise refusal.raise_as()
    return MajorSchedule(tuple(sorted(days)))


def can_add_major(
    season: SeasonDates,
    schedule: MajorSchedule,
    day: date,
    *,
    today: date,
    rules: SanctioningRules = DEFAULT_SANCTIONING,
) -> Refusal | None:
    """INV-SEASON-2: a Major joins the schedule only before the season starts, up to five."""
    if today > season.start:
        return _too_late(season, schedule, day)
    if len(schedule.days) >= rules.majors_per_season:
        return Refusal(
            "is_major",
            N_("the season already has its %(n)s Majors"),
            N_("at most %(most)s Majors"),
            "INV-SEASON-2",
            params={"n": len(schedule.days), "most": rules.majors_per_season},
        )
    return _schedule_problem(season, [*schedule.days, day], rules)


def add_major(
    season: SeasonDates,
    schedule: MajorSchedule,
    day: date,
    *,
    today: date,
    rules: SanctioningRules = DEFAULT_SANCTIONING,
) -> MajorSchedule:
    refusal = can_add_major(season, schedule, day, today=today, rules=rules)
    if refusal:
        raise refusal.raise_as()
    return MajorSchedule(tuple(sorted([*schedule.days, day])))


def _too_late(season: SeasonDates, schedule: MajorSchedule, day: date | None) -> Refusal:
    fixed = ", ".join(d.isoformat() for d in schedule.days) or Term(N_("none"))
    start = season.start.isoformat()
    accepted = N_("Majors fixed on or before %(start)s")
    if day is None:
        return Refusal(
            "majors",
            N_(
                "the Majors cannot be added: the season started on %(start)s and the Majors "
                "fixed at its start are %(fixed)s"
            ),
            accepted,
            "INV-SEASON-2",
            params={"start": start, "fixed": fixed},
        )
    return Refusal(
        "is_major",
        N_(
            "a Major on %(day)s cannot be added: the season started on %(start)s and the Majors "
            "fixed at its start are %(fixed)s"
        ),
        accepted,
        "INV-SEASON-2",
        params={"day": day.isoformat(), "start": start, "fixed": fixed},
    )


def _schedule_problem(
    season: SeasonDates, days: Sequence[date], rules: SanctioningRules
) -> Refusal | None:
    if len(set(days)) != len(days):
        return Refusal(
            "majors", N_("a Major day is given twice"), N_("distinct days"), "INV-SEASON-2"
        )
    for day in days:
        if not season.contains(day):
            return Refusal(
                "majors",
                N_("a Major on %(day)s is outside the season %(season)s"),
                N_("days inside the season"),
                "INV-SEASON-1",
                params={"day": day.isoformat(), "season": season.text()},
            )
    ordered = sorted(days)
    for a, b in pairwise(ordered):
        if (b - a).days < rules.major_quiet_days:
            return Refusal(
                "majors",
                N_("the Majors of %(a)s and %(b)s are %(n)s days apart"),
                N_("at least %(quiet)s days apart"),
                "INV-MAJOR-1",
                params={
                    "a": a.isoformat(),
                    "b": b.isoformat(),
                    "n": (b - a).days,
                    "quiet": rules.major_quiet_days,
                },
            )
    return None


def bookable_days(
    store: str,
    month: date,
    calendar: Sequence[CalendarEntry],
    majors: Iterable[date],
    *,
    season: SeasonDates | None = None,
    today: date | None = None,
    rules: SanctioningRules = DEFAULT_SANCTIONING,
) -> list[date]:
    """The days of ``month`` (any day of it) on which ``store`` may still hold a tournament.

    A day is bookable when the store holds fewer than 2 sanctioned tournaments that month, no
    other tournament of the store is less than 14 days away (INV-LEGAL-6), no Major is less than
    7 days away (INV-LEGAL-7), the day is in the season (INV-SEASON-1), and — given ``today`` —
    there is still time to announce it 14 days ahead (INV-LEGAL-1).
    """
    first = month.replace(day=1)
    last = first.replace(day=_calendar.monthrange(first.year, first.month)[1])
    own = same_store(store, calendar)
    if sum(1 for e in own if (e.date.year, e.date.month) == (first.year, first.month)) >= (
        rules.store_max_per_month
    ):
        return []
    major_days = sorted(set(majors))
    earliest = today + timedelta(days=rules.announce_days) if today else date.min
    days: list[date] = []
    day = first
    while day <= last:
        if (
            day >= earliest
            and (season is None or season.contains(day))
            and not majors_near(day, major_days, rules)
            and all(abs((day - e.date).days) >= rules.store_min_gap_days for e in own)
        ):
            days.append(day)
        day += timedelta(days=1)
    return days
