"""Time zones (issue 15 item 7): stored in UTC, typed and shown in the event's zone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from torneo.core.errors import TorneoError
from torneo.core.zones import DEFAULT_ZONE, check_zone, local, to_utc
from torneo.platform import i18n


def test_a_typed_evening_in_rome_is_stored_in_utc_in_summer_and_winter() -> None:
    assert to_utc(datetime(2026, 7, 1, 20, 30), "Europe/Rome") == datetime(
        2026, 7, 1, 18, 30, tzinfo=UTC
    )
    assert to_utc(datetime(2026, 12, 1, 20, 30), "Europe/Rome") == datetime(
        2026, 12, 1, 19, 30, tzinfo=UTC
    )


def test_pages_show_the_zone_s_local_time_whatever_the_server_runs_in() -> None:
    stored = datetime(2026, 12, 1, 19, 30)  # naive UTC, as SQLite hands it back
    with i18n.language("it"), i18n.time_zone("Europe/Rome"):
        assert i18n.format_clock(stored) == "20:30"
        assert "20:30" in i18n.format_moment(stored, "short")
        assert i18n.format_local_input(stored) == "2026-12-01T20:30"
    with i18n.language("en"), i18n.time_zone("America/New_York"):
        assert i18n.format_clock(stored) == "14:30"
    assert local(stored, "Europe/Rome").hour == 20


def test_a_zone_is_an_iana_name_or_refused_naming_the_field() -> None:
    assert check_zone("time_zone", None) == DEFAULT_ZONE
    assert check_zone("time_zone", " Europe/London ") == "Europe/London"
    with pytest.raises(TorneoError) as err:
        check_zone("time_zone", "Roma")
    assert err.value.field == "time_zone"
    assert "Europe/Rome" in (err.value.accepted or "")
