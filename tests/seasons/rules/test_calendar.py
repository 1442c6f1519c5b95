from datetime import date, timedelta

import pytest

from torneo.core.errors import TorneoError
from torneo.seasons.rules.calendar import (
    CalendarEntry,
    MajorSchedule,
    add_major,
    bookable_days,
    can_add_major,
    can_fix_majors,
    fix_majors,
)
from torneo.seasons.rules.dates import SeasonDates

SEASON = SeasonDates.parse("2011-09-18", "2012-06-30")
MAJORS = [date(2011, 10, 15), date(2011, 12, 10), date(2012, 2, 11), date(2012, 4, 14),
          date(2012, 6, 9)]  # fmt: skip
BEFORE_START = date(2011, 9, 1)


def _march(*days: int) -> list[date]:
    return [date(2012, 3, d) for d in days]


def test_INV_LEGAL_6_bookable_days_with_no_tournament_yet() -> None:
    """INV-LEGAL-6: a store with nothing booked may book any day away from the Majors."""
    days = bookable_days("Dadi e Draghi", date(2012, 3, 1), [], MAJORS)
    assert days == _march(*range(1, 32))


def test_INV_LEGAL_6_bookable_days_keep_two_weeks_from_the_store_own_tournaments() -> None:
    """INV-LEGAL-6: the store's own tournaments keep 14 days clear either side."""
    calendar = [CalendarEntry("A", "Dadi e Draghi", date(2012, 3, 10)),
                CalendarEntry("X", "Altro", date(2012, 3, 20))]  # fmt: skip
    days = bookable_days("dadi e draghi ", date(2012, 3, 1), calendar, [])
    assert days == _march(24, 25, 26, 27, 28, 29, 30, 31)


def test_INV_LEGAL_6_no_day_left_after_two_tournaments_in_the_month() -> None:
    """INV-LEGAL-6: at most 2 a month: with two booked, the month is closed to the store."""
    calendar = [CalendarEntry("A", "Dadi e Draghi", date(2012, 3, 3)),
                CalendarEntry("B", "Dadi e Draghi", date(2012, 3, 17))]  # fmt: skip
    assert bookable_days("Dadi e Draghi", date(2012, 3, 1), calendar, []) == []
    void = [calendar[0], CalendarEntry("B", "Dadi e Draghi", date(2012, 3, 17), void=True)]
    assert bookable_days("Dadi e Draghi", date(2012, 3, 1), void, []) != []


def test_INV_LEGAL_7_bookable_days_avoid_the_week_around_a_major() -> None:
    """INV-LEGAL-7: days less than 7 from a Major are not bookable; exactly 7 are."""
    days = bookable_days("Dadi e Draghi", date(2012, 4, 1), [], MAJORS)
    major = date(2012, 4, 14)
    blocked = {major + timedelta(days=d) for d in range(-6, 7)}
    assert set(days) == {date(2012, 4, d) for d in range(1, 31)} - blocked
    assert major - timedelta(days=7) in days


def test_INV_LEGAL_1_bookable_days_leave_time_to_announce() -> None:
    """INV-LEGAL-1: a day is bookable only if it can still be announced 14 days ahead."""
    days = bookable_days("Dadi e Draghi", date(2012, 3, 1), [], [], today=date(2012, 3, 10))
    assert days[0] == date(2012, 3, 24)


def test_INV_SEASON_1_bookable_days_stay_inside_the_season() -> None:
    """INV-SEASON-1: no day after the season's end is bookable."""
    days = bookable_days("Dadi e Draghi", date(2012, 6, 1), [], [], season=SEASON)
    assert days[-1] == date(2012, 6, 30)
    assert bookable_days("Dadi e Draghi", date(2012, 7, 1), [], [], season=SEASON) == []


def test_INV_SEASON_2_five_majors_fixed_before_the_season_starts() -> None:
    """INV-SEASON-2: five Majors are fixed on the calendar at season start."""
    schedule = fix_majors(SEASON, list(reversed(MAJORS)), today=BEFORE_START)
    assert schedule == MajorSchedule(tuple(MAJORS))
    assert schedule.is_major_day(date(2012, 2, 11))


@pytest.mark.parametrize(
    ("days", "today", "reason"),
    [
        (MAJORS, date(2011, 9, 19), "the season started on 2011-09-18"),
        (MAJORS[:4], BEFORE_START, "4 Majors given"),
        ([*MAJORS[:4], date(2012, 7, 7)], BEFORE_START, "outside the season"),
        ([*MAJORS[:4], date(2012, 4, 17)], BEFORE_START, "3 days apart"),
        ([*MAJORS[:4], MAJORS[0]], BEFORE_START, "given twice"),
    ],
)
def test_INV_SEASON_2_bad_major_schedules_are_refused(
    days: list[date], today: date, reason: str
) -> None:
    """INV-SEASON-2: the schedule is complete, inside the season, fixed in time."""
    refusal = can_fix_majors(SEASON, days, today=today)
    assert refusal is not None
    assert reason in refusal.text
    with pytest.raises(TorneoError):
        fix_majors(SEASON, days, today=today)


def test_INV_SEASON_2_a_major_added_after_the_start_is_refused() -> None:
    """INV-SEASON-2: once the season has started, no Major can be added."""
    schedule = MajorSchedule(tuple(MAJORS[:4]))
    refusal = can_add_major(SEASON, schedule, date(2012, 6, 9), today=date(2011, 11, 1))
    assert refusal is not None
    assert refusal.rule == "INV-SEASON-2"
    assert "was not fixed at the start" not in refusal.text
    assert "the season started on 2011-09-18" in refusal.text
    with pytest.raises(TorneoError) as err:
        add_major(SEASON, schedule, date(2012, 6, 9), today=date(2011, 11, 1))
    assert err.value.field == "is_major"
    grown = add_major(SEASON, schedule, date(2012, 6, 9), today=BEFORE_START)
    assert grown.days == tuple(MAJORS)
    full = can_add_major(SEASON, grown, date(2012, 5, 1), today=BEFORE_START)
    assert full is not None
    assert "already has its 5 Majors" in full.text
