"""A season's calendar: announcing a tournament (the sanctioning check) and the days a store may
still book (issue 5 item 2; INV-LEGAL-1..7, INV-MAJOR-1/2, INV-SEASON-1/2).

The calendar is the season's played tournaments (``SeasonTournament``) plus the tournaments
announced and not played yet (``SeasonAnnouncement``). Announcing runs
:func:`~torneo.seasons.rules.legality.check_legality` with every fact known at announcement
(announced today, the judge, the venue, the prizes, the store's other tournaments, the Majors);
the close is checked again when the results enter the season (``services.seasons``).

Decisions where the rules are silent:
- A tournament that would break a rule is not announced at all: the organizer sees every breach
  at once (rule id and sentence) and nothing is saved; a void tournament never holds a place on
  the calendar, so it never blocks another store's booking (a void one gives no points anyway).
- The Majors fixed at season start (INV-SEASON-2) are the Majors announced on or before the
  season's first day; an imported season's Majors fill the schedule up to five
  (:func:`~torneo.seasons.rules.calendar.season_majors`). A Major announced later breaks
  INV-SEASON-2. The same calendar (:mod:`torneo.seasons.calendar.state`) and the same legality
  function judge the tournaments again when they are scored.
- "Today" is the store's clock: the announcement date is the day it is saved.
- An announced tournament whose name is already a played tournament of the season is the same
  tournament: the played one stands on the calendar.
- A played tournament has precedence over any announcement (INV-LEGAL-6 refuses the newcomer),
  even when an import put it after today.
- A Major announced on or before the season's first day is being fixed now: it must fit the
  schedule (at most five, inside the season, a week apart: ``can_add_major``).
"""

from __future__ import annotations

import calendar as _months
from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.inputs import clean_name
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.seasons.calendar.state import SeasonCalendar
from torneo.seasons.calendar.tables import SeasonAnnouncement
from torneo.seasons.commands import season_rules
from torneo.seasons.rules.calendar import MajorSchedule, bookable_days, can_add_major
from torneo.seasons.rules.dates import SeasonDates, parse_day
from torneo.seasons.rules.legality import Breach, TournamentFacts, check_legality
from torneo.seasons.rules.settings import DEFAULT_SANCTIONING
from torneo.seasons.state_access import authorize_season
from torneo.seasons.state_named import season_named
from torneo.seasons.tables import Season
from torneo.seasons.views import BreachLine, SeasonRef

MAX_PRIZE_PLACES = 1000


class SanctioningError(TorneoError):
    """The tournament would break sanctioning rules; ``breaches`` lists every one. Not saved."""

    def __init__(self, breaches: tuple[BreachLine, ...]) -> None:
        self.breaches = breaches
        count = len(breaches)
        super().__init__(
            "tournament",
            N_("1 breach of the sanctioning rules, not announced: %(breaches)s")
            if count == 1
            else N_("%(count)s breaches of the sanctioning rules, not announced: %(breaches)s"),
            N_("a tournament that breaks no sanctioning rule (INV-LEGAL-1..7, INV-MAJOR-1/2)"),
            params={"count": count, "breaches": [b.text_message() for b in breaches]},
        )


@dataclass(frozen=True, slots=True)
class AnnouncementInput:
    """What an organizer announces; ``held_on`` as typed (checked here)."""

    name: str
    store: str
    held_on: str | date
    is_major: bool = False
    judge: str = ""  # INV-LEGAL-3: empty = no judge named
    public_place: bool = True  # INV-LEGAL-4
    prizes_for_top: int = 2  # INV-LEGAL-5


@dataclass(frozen=True, slots=True)
class AnnouncedLine:
    id: int
    name: str
    store: str
    held_on: date
    is_major: bool
    announced_on: date
    judge: str
    prizes_for_top: int


@dataclass(frozen=True, slots=True)
class DayCell:
    day: date
    in_season: bool
    is_major: bool  # a Major is held that day
    near_major: bool  # INV-LEGAL-7: less than 7 days from a Major
    tournaments: tuple[str, ...]  # every tournament held that day ("name · store")
    own: bool  # the chosen store holds one that day
    bookable: bool  # the chosen store may still book it


@dataclass(frozen=True, slots=True)
class MonthView:
    first: date
    weeks: tuple[tuple[DayCell | None, ...], ...]  # Monday first; None outside the month
    own: int  # the chosen store's tournaments that month (INV-LEGAL-6: at most 2)
    bookable: int


@dataclass(frozen=True, slots=True)
class CalendarView:
    season_id: int
    season: str
    starts_on: date
    ends_on: date
    today: date
    store: str | None  # the store whose bookable days are shown
    stores: tuple[str, ...]
    majors: tuple[date, ...]  # fixed at season start (INV-SEASON-2)
    announced: tuple[AnnouncedLine, ...]
    months: tuple[MonthView, ...]
    max_per_month: int
    min_gap_days: int
    quiet_days: int
    announce_days: int


# --- helpers ---------------------------------------------------------------------------------


def _season(session: Session, ref: SeasonRef, *, for_update: bool = False) -> Season:
    if isinstance(ref, int):
        stmt = select(Season).where(Season.id == ref)
        if for_update:
            stmt = stmt.with_for_update()
        season = session.scalars(stmt).first()
    else:  # issue 27: names are per club; a name two clubs use asks for the id
        season = season_named(session, ref, for_update=for_update)
    if season is None:
        what = N_("no season %(ref)s") if isinstance(ref, int) else N_("no season named '%(ref)s'")
        raise NotFound("season", what, N_("an existing season"), params={"ref": ref})
    return season


def _facts(data: AnnouncementInput, today: date) -> TournamentFacts:
    name = clean_name("name", data.name)
    shop = clean_name("store", data.store)
    held_on = data.held_on if isinstance(data.held_on, date) else parse_day("held_on", data.held_on)
    if not 0 <= data.prizes_for_top <= MAX_PRIZE_PLACES:
        raise TorneoError(
            "prizes_for_top",
            N_("%(n)s places"),
            N_("0..%(most)s places"),
            params={"n": data.prizes_for_top, "most": MAX_PRIZE_PLACES},
        )
    judge = " ".join(data.judge.split())
    if len(judge) > 120:
        raise TorneoError(
            "judge",
            N_("is %(n)s characters long"),
            N_("at most %(most)s characters"),
            params={"n": len(judge), "most": 120},
        )
    return TournamentFacts(
        key=name,
        store=shop,
        date=held_on,
        is_major=data.is_major,
        announced_on=today,
        judge_named=bool(judge),
        public_place=data.public_place,
        prizes_for_top=data.prizes_for_top,
    )


def _breaches(session: Session, season: Season, facts: TournamentFacts) -> tuple[BreachLine, ...]:
    _, rules = season_rules(season.preset)
    calendar = SeasonCalendar.load(session, season)
    taken = {t.name.casefold() for t in calendar.played}
    taken |= {a.name.casefold() for a in calendar.announced}
    if facts.key.casefold() in taken:
        raise Conflict(
            "name",
            N_("'%(name)s' is already on the calendar of season '%(season)s'"),
            N_("another name"),
            params={"name": facts.key, "season": season.name},
        )
    dates = calendar.dates
    majors = list(calendar.majors)
    extra: list[Breach] = []
    today = facts.announced_on or facts.date
    if facts.is_major and today <= season.starts_on:
        # INV-SEASON-2: a Major announced by the first day is being fixed now — as one of at
        # most five, inside the season, a week from the others (domain.season.calendar).
        refusal = can_add_major(dates, MajorSchedule(tuple(majors)), facts.date, today=today)
        if refusal is None:
            majors = sorted({*majors, facts.date})
        elif refusal.rule != "INV-SEASON-1":  # outside the season: check_legality says so
            extra.append(Breach(refusal.rule or "INV-SEASON-2", refusal.reason_message))
    breaches = check_legality(facts, calendar.entries(), dates, rules, majors=majors)
    return tuple(BreachLine.of(b) for b in [*extra, *breaches])


# --- use cases -------------------------------------------------------------------------------


def check_announcement(
    store: Store, season_name: SeasonRef, data: AnnouncementInput
) -> tuple[BreachLine, ...]:
    """Every breach the tournament would have if announced today (empty: it may be announced)."""
    today = store.clock().date()
    facts = _facts(data, today)
    with store.read() as session:
        return _breaches(session, _season(session, season_name), facts)


def announce_tournament(
    store: Store, actor: Actor, season_name: SeasonRef, data: AnnouncementInput
) -> int:
    """Put a sanctioned tournament on the calendar; a breach refuses it (SanctioningError)."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        facts = _facts(data, uow.now.date())
        season = _season(uow.session, season_name, for_update=True)
        authorize_season(actor, season)
        breaches = _breaches(uow.session, season, facts)
        if breaches:
            raise SanctioningError(breaches)
        row = SeasonAnnouncement(
            season_id=season.id,
            name=facts.key,
            store=facts.store,
            held_on=facts.date,
            is_major=facts.is_major,
            announced_on=uow.now.date(),
            judge=" ".join(data.judge.split()),
            public_place=data.public_place,
            prizes_for_top=data.prizes_for_top,
            created_at=uow.now,
        )
        uow.session.add(row)
        uow.session.flush()
        uow.audit(
            "season.announce",
            "season_announcement",
            row.id,
            after={
                "season": season.name,
                "tournament": row.name,
                "store": row.store,
                "date": row.held_on.isoformat(),
                "major": row.is_major,
                "judge": row.judge,
                "prizes_for_top": row.prizes_for_top,
            },
        )
        return row.id


def withdraw_announcement(
    store: Store, actor: Actor, season_name: SeasonRef, announcement_id: int, *, reason: str = ""
) -> None:
    """Take an announced tournament off the calendar (it frees the store's day)."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        season = _season(uow.session, season_name)
        authorize_season(actor, season)
        row = uow.session.get(SeasonAnnouncement, announcement_id)
        if row is None or row.season_id != season.id:
            raise NotFound(
                "announcement",
                N_("no announced tournament %(id)s in season '%(season)s'"),
                N_("a tournament listed on the calendar"),
                params={"id": announcement_id, "season": season.name},
            )
        before = {"tournament": row.name, "store": row.store, "date": row.held_on.isoformat()}
        uow.session.delete(row)
        uow.audit(
            "season.withdraw",
            "season_announcement",
            announcement_id,
            before=before,
            reason=reason.strip() or None,
        )


def calendar_view(
    store: Store, season_name: SeasonRef, *, store_name: str | None = None
) -> CalendarView:
    """The season month by month: Majors and their quiet days, every tournament, and — for
    ``store_name`` — the days it may still book (INV-LEGAL-1/6/7, INV-SEASON-1)."""
    today = store.clock().date()
    rules = DEFAULT_SANCTIONING
    with store.read() as session:
        season = _season(session, season_name)
        calendar = SeasonCalendar.load(session, season)
        announced = list(calendar.announced)
    entries = calendar.entries()
    majors = list(calendar.majors)
    dates = calendar.dates
    stores = tuple(sorted({e.store for e in entries}, key=str.casefold))
    chosen = " ".join(store_name.split()) if store_name and store_name.strip() else None
    by_day: dict[date, list[str]] = {}
    own_days: set[date] = set()
    for e in entries:
        if e.void:
            continue
        by_day.setdefault(e.date, []).append(f"{e.key} · {e.store}")
        if chosen and e.store.strip().casefold() == chosen.casefold():
            own_days.add(e.date)
    months: list[MonthView] = []
    month = season.starts_on.replace(day=1)
    while month <= season.ends_on:
        free = (
            set(bookable_days(chosen, month, entries, majors, season=dates, today=today))
            if chosen
            else set()
        )
        months.append(_month(month, dates, majors, by_day, own_days, free, rules.major_quiet_days))
        month = (month + timedelta(days=32)).replace(day=1)
    return CalendarView(
        season_id=season.id,
        season=season.name,
        starts_on=season.starts_on,
        ends_on=season.ends_on,
        today=today,
        store=chosen,
        stores=stores,
        majors=tuple(majors),
        announced=tuple(
            AnnouncedLine(
                a.id,
                a.name,
                a.store,
                a.held_on,
                a.is_major,
                a.announced_on,
                a.judge,
                a.prizes_for_top,
            )
            for a in announced
        ),
        months=tuple(months),
        max_per_month=rules.store_max_per_month,
        min_gap_days=rules.store_min_gap_days,
        quiet_days=rules.major_quiet_days,
        announce_days=rules.announce_days,
    )


def _month(
    first: date,
    season: SeasonDates,
    majors: list[date],
    by_day: dict[date, list[str]],
    own_days: set[date],
    free: set[date],
    quiet: int,
) -> MonthView:
    days_in = _months.monthrange(first.year, first.month)[1]
    cells: list[DayCell | None] = [None] * first.weekday()  # Monday first
    own = 0
    for n in range(1, days_in + 1):
        day = first.replace(day=n)
        own += int(day in own_days)
        cells.append(
            DayCell(
                day=day,
                in_season=season.contains(day),
                is_major=day in majors,
                near_major=any(0 < abs((day - m).days) < quiet for m in majors),
                tournaments=tuple(by_day.get(day, ())),
                own=day in own_days,
                bookable=day in free,
            )
        )
    cells += [None] * (-len(cells) % 7)
    weeks = tuple(tuple(cells[i : i + 7]) for i in range(0, len(cells), 7))
    return MonthView(first, weeks, own, len(free))


__all__ = [
    "AnnouncedLine",
    "AnnouncementInput",
    "CalendarView",
    "DayCell",
    "MonthView",
    "SanctioningError",
    "announce_tournament",
    "calendar_view",
    "check_announcement",
    "withdraw_announcement",
]
