"""PKR-SCHED-1: recurring entries of the club's week and their dates."""

from __future__ import annotations

from datetime import date

import pytest

from torneo.core.errors import TorneoError
from torneo.poker.rules.schedules import Recurrence, check_start


def test_PKR_SCHED_1_weekly_and_first_sunday_of_the_month() -> None:
    """PKR-SCHED-1: Tuesdays every week; "the first Sunday of the month" once a month."""
    tuesdays = list(Recurrence("tue").dates(date(2025, 12, 1), date(2025, 12, 31)))
    assert tuesdays == [date(2025, 12, d) for d in (2, 9, 16, 23, 30)]
    first = Recurrence("sun", 1)
    assert list(first.dates(date(2025, 9, 1), date(2025, 12, 31))) == [
        date(2025, 9, 7),
        date(2025, 10, 5),
        date(2025, 11, 2),
        date(2025, 12, 7),
    ]
    assert first.falls_on(date(2025, 12, 7))
    assert not first.falls_on(date(2025, 12, 14))
    assert first.next_on_or_after(date(2025, 12, 8)) == date(2026, 1, 4)
    assert Recurrence("tue").rrule == {"FREQ": "WEEKLY", "BYDAY": "TU"}
    assert first.rrule == {"FREQ": "MONTHLY", "BYDAY": "1SU"}


def test_PKR_SCHED_1_bad_entries_are_refused() -> None:
    with pytest.raises(TorneoError) as caught:
        Recurrence("sunday")
    assert caught.value.field == "weekday"
    with pytest.raises(TorneoError) as caught:
        Recurrence("sun", 6)
    assert caught.value.field == "week_of_month"
    assert check_start("9:5") == "09:05"
    with pytest.raises(TorneoError) as caught:
        check_start("25:00")
    assert caught.value.field == "start"
