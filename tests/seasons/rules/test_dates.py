from datetime import date

import pytest

from torneo.core.errors import TorneoError
from torneo.seasons.rules.dates import SeasonDates, parse_day


def test_INV_SEASON_1_season_has_start_and_end() -> None:
    """INV-SEASON-1: a season has a start and an end day, both inside it."""
    season = SeasonDates.parse("2011-09-18", "2012-06-30")
    assert season == SeasonDates(date(2011, 9, 18), date(2012, 6, 30))
    assert season.contains(date(2011, 9, 18))
    assert season.contains(date(2012, 6, 30))
    assert not season.contains(date(2012, 7, 1))
    assert season.outside_reason(date(2012, 7, 1)) == (
        "held on 2012-07-01, after the season ends on 2012-06-30"
    )


def test_INV_SEASON_1_31_june_is_refused_naming_the_end_field() -> None:
    """INV-SEASON-1: "2012-06-31" does not exist; the error names the field and the reason."""
    with pytest.raises(TorneoError) as err:
        SeasonDates.parse("2011-09-18", "2012-06-31")
    assert err.value.field == "end"
    assert "does not exist" in err.value.reason
    assert "June 2012 has 30 days" in err.value.reason
    assert err.value.accepted
    assert "YYYY-MM-DD" in err.value.accepted


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("2011-02-29", "February 2011 has 28 days"),
        ("2012-13-01", "there is no month 13"),
        ("18/09/2011", "is not a date"),
        ("", "is not a date"),
    ],
)
def test_INV_SEASON_1_impossible_start_is_refused(text: str, reason: str) -> None:
    """INV-SEASON-1: the start is checked as strictly as the end."""
    with pytest.raises(TorneoError) as err:
        SeasonDates.parse(text, "2012-06-30")
    assert err.value.field == "start"
    assert reason in err.value.reason


def test_INV_SEASON_1_season_ending_before_it_starts_is_refused() -> None:
    """INV-SEASON-1: the end cannot come before the start."""
    with pytest.raises(TorneoError) as err:
        SeasonDates.parse("2012-06-30", "2011-09-18")
    assert err.value.field == "end"
    assert "before it starts" in err.value.reason


def test_leap_day_exists() -> None:
    assert parse_day("date", "2012-02-29") == date(2012, 2, 29)
