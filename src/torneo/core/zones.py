"""Time zones (issue 15 item 7): moments are stored in UTC and shown in the event's zone.

A club night in Italy reads "20:30" on every page, slip and calendar entry, whatever zone the
server runs in. Each event and tournament keeps its zone (an IANA name, ``Europe/Rome`` unless
the organizer says otherwise); a moment typed on a form without a zone is that zone's local time.

>>> to_utc(datetime(2026, 7, 1, 20, 30), "Europe/Rome").isoformat()
'2026-07-01T18:30:00+00:00'
>>> local(datetime(2026, 12, 1, 19, 30, tzinfo=UTC), "Europe/Rome").strftime("%H:%M")
'20:30'
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from torneo.core.errors import TorneoError
from torneo.core.messages import N_

DEFAULT_ZONE = "Europe/Rome"


@cache
def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


@cache
def _known() -> frozenset[str]:
    return frozenset(available_timezones())


def check_zone(field: str, name: str | None) -> str:
    """``name`` as a known IANA zone (None or blank: the default), or a refusal naming ``field``."""
    text = (name or "").strip()
    if not text:
        return DEFAULT_ZONE
    if text not in _known():
        raise TorneoError(
            field,
            N_("'%(zone)s' is not a time zone"),
            N_("an IANA time zone such as Europe/Rome"),
            params={"zone": text},
        )
    try:
        zone(text)
    except (ZoneInfoNotFoundError, ValueError) as exc:  # listed but not loadable: say so
        raise TorneoError(
            field,
            N_("'%(zone)s' is not a time zone"),
            N_("an IANA time zone such as Europe/Rome"),
            params={"zone": text},
        ) from exc
    return text


def aware(moment: datetime) -> datetime:
    """A stored moment as UTC-aware (SQLite hands back naive UTC moments)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def local(moment: datetime, name: str) -> datetime:
    """A stored (UTC) moment in the zone ``name``."""
    return aware(moment).astimezone(zone(name))


def to_utc(moment: datetime, name: str) -> datetime:
    """A typed moment: naive means local time in the zone ``name``; the result is UTC."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone(name))
    return moment.astimezone(UTC)
