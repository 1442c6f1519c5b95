"""The club's week as the calendar page, the API and the iCalendar feed show it (PKR-SCHED-1).

The feed (``/poker/calendar.ics``) holds one recurring event per active entry (``RRULE``
weekly, or monthly on "the first Sunday"), in the club's time zone (Europe/Rome by default), so
players subscribe once and their calendar follows the club's week.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from icalendar import Calendar, Event
from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.platform.store.uow import Store
from torneo.poker.league.tables import PokerLeague, PokerSchedule, PokerScheduleRun
from torneo.poker.rules.entries import Price
from torneo.poker.rules.schedules import Recurrence
from torneo.poker.state import parts_of, price_of
from torneo.poker.tables import PokerTournament

CLUB_ZONE = ZoneInfo("Europe/Rome")
EVENT_HOURS = 5  # decided: a tournament blocks the evening in the calendar


@dataclass(frozen=True, slots=True)
class ScheduleView:
    id: int
    club_id: int
    name: str
    weekday: str
    week_of_month: int | None
    start: str
    buy_in: str  # "90+10+20"
    buy_in_cents: int
    starting_stack: int
    level_minutes: int
    re_entries: int
    add_on: str | None  # "50 → 6000 chips"
    add_on_chips: int | None
    jackpot_levy_cents: int
    active: bool
    next_date: date


def _view(row: PokerSchedule, today: date) -> ScheduleView:
    price = Price(parts_of(row.buy_in), row.starting_stack)
    add_on = price_of(row.add_on)
    return ScheduleView(
        row.id,
        row.club_id,
        row.name,
        row.weekday,
        row.week_of_month,
        row.start,
        price.label,
        price.cents,
        row.starting_stack,
        row.level_minutes,
        row.re_entries,
        add_on.label if add_on else None,
        add_on.chips if add_on else None,
        row.jackpot_levy_cents,
        row.active,
        Recurrence(row.weekday, row.week_of_month).next_on_or_after(today),
    )


def list_schedules(store: Store, today: date | None = None) -> list[ScheduleView]:
    day = today or store.clock().date()
    with store.read() as session:
        rows = session.scalars(select(PokerSchedule).order_by(PokerSchedule.id)).all()
        return [_view(r, day) for r in rows]


def schedule_view(store: Store, schedule_id: int) -> ScheduleView:
    with store.read() as session:
        row = session.get(PokerSchedule, schedule_id)
        if row is None:
            raise NotFound(
                "schedule_id",
                N_("no poker schedule %(schedule_id)s"),
                N_("the id of a schedule entry"),
                params={"schedule_id": schedule_id},
            )
        return _view(row, store.clock().date())


@dataclass(frozen=True, slots=True)
class CalendarDay:
    day: date
    entries: tuple[tuple[ScheduleView, int | None, str | None], ...]  # entry, tournament, status


def calendar(store: Store, start: date, days: int = 28) -> list[CalendarDay]:
    """Every active entry's dates from ``start`` on, with the tournament opened for each."""
    end = start + timedelta(days=days - 1)
    with store.read() as session:
        rows = session.scalars(
            select(PokerSchedule)
            .where(PokerSchedule.active.is_(True))
            .order_by(PokerSchedule.start)
        ).all()
        runs = {
            (r.schedule_id, r.held_on): (r.tournament_id, status)
            for r, status in session.execute(
                select(PokerScheduleRun, PokerTournament.status)
                .join(PokerTournament, PokerTournament.id == PokerScheduleRun.tournament_id)
                .where(PokerScheduleRun.held_on >= start, PokerScheduleRun.held_on <= end)
            ).all()
        }
        by_day: dict[date, list[tuple[ScheduleView, int | None, str | None]]] = {}
        for row in rows:
            view = _view(row, start)
            for day in Recurrence(row.weekday, row.week_of_month).dates(start, end):
                tid, status = runs.get((row.id, day), (None, None))
                by_day.setdefault(day, []).append((view, tid, status))
        return [CalendarDay(d, tuple(by_day[d])) for d in sorted(by_day)]


def ical_feed(store: Store, host: str = "torneo") -> bytes:
    """RFC 5545: one recurring event per active entry (the players' subscription)."""
    cal = Calendar()
    cal.add("prodid", "-//Torneo//poker schedule//IT")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", "Poker")
    with store.read() as session:
        rows = session.scalars(
            select(PokerSchedule).where(PokerSchedule.active.is_(True)).order_by(PokerSchedule.id)
        ).all()
        season_ends = _season_ends(session)
        for row in rows:
            recurrence = Recurrence(row.weekday, row.week_of_month)
            first = recurrence.next_on_or_after(row.created_at.date())
            hour, minute = (int(x) for x in row.start.split(":"))
            begins = datetime(first.year, first.month, first.day, hour, minute, tzinfo=CLUB_ZONE)
            price = Price(parts_of(row.buy_in), row.starting_stack)
            event = Event()
            event.add("uid", f"poker-schedule-{row.id}@{host}")
            event.add("summary", row.name)
            event.add("dtstart", begins)
            event.add("dtend", begins + timedelta(hours=EVENT_HOURS))
            event.add("dtstamp", row.created_at)
            rule = dict(recurrence.rrule)
            ends = season_ends.get(row.id)
            if ends is not None:
                # Issue 28 item 6 (PKR-SCHED-1): the entry repeats until the last day of the
                # leagues it feeds, not forever (RFC 5545: UNTIL in UTC with a zoned DTSTART).
                last = datetime(ends.year, ends.month, ends.day, 23, 59, 59, tzinfo=CLUB_ZONE)
                rule["UNTIL"] = last.astimezone(UTC)
            event.add("rrule", rule)
            event.add(
                "description",
                f"Buy-in {price.label} · Stack {row.starting_stack} · {row.level_minutes}m",
            )
            cal.add_component(event)
    # Issue 28 item 6: a feed that names its zone (TZID) defines it (RFC 5545 3.6.5).
    cal.add_missing_timezones()
    return bytes(cal.to_ical())


def _season_ends(session: Session) -> dict[int, date]:
    """Each schedule entry's season end: the last day of the leagues it feeds (none: no end)."""
    ends: dict[int, date] = {}
    for league in session.scalars(select(PokerLeague)):
        for sid in league.schedules:
            key = int(sid)
            ends[key] = max(ends.get(key, league.ends_on), league.ends_on)
    return ends
