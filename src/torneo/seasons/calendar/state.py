"""A season's calendar as the sanctioning rules read it, built once for announcing and scoring.

The calendar is the season's played tournaments (``SeasonTournament``) and the tournaments
announced on it (``SeasonAnnouncement``); a played tournament is the announced one of the same
name. :class:`SeasonCalendar` turns those rows into the inputs of the one legality function
(:mod:`torneo.seasons.rules.legality`): the Majors fixed at season start, the announced
tournaments not played yet, and the facts of each played tournament.

Decisions where the regulation is silent:
- A played tournament takes the facts of its announcement (announced on, judge, venue, prizes):
  INV-LEGAL-1/3/4/5 are checked for it as they were when it was announced.
- An event of the app with no announcement of its name was never announced: INV-LEGAL-1 and
  INV-LEGAL-3 (no judge announced) void it ("qualunque inosservanza ... rende nullo il torneo").
- A tournament imported from a spreadsheet with no announcement carries none of those facts:
  they are not checked, and the import's report says so (:attr:`SeasonCalendar.unchecked`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.seasons.calendar.tables import SeasonAnnouncement
from torneo.seasons.rules.calendar import CalendarEntry, season_majors
from torneo.seasons.rules.dates import SeasonDates
from torneo.seasons.rules.legality import TournamentFacts
from torneo.seasons.tables import Season, SeasonTournament

# INV-LEGAL-1/3/4/5: what an imported tournament without an announcement leaves unchecked.
UNCHECKED_RULES = ("INV-LEGAL-1", "INV-LEGAL-3", "INV-LEGAL-4", "INV-LEGAL-5")


def announcements(session: Session, season_id: int) -> list[SeasonAnnouncement]:
    return list(
        session.scalars(
            select(SeasonAnnouncement)
            .where(SeasonAnnouncement.season_id == season_id)
            .order_by(SeasonAnnouncement.held_on, SeasonAnnouncement.id)
        )
    )


@dataclass(frozen=True, slots=True)
class SeasonCalendar:
    dates: SeasonDates
    played: tuple[SeasonTournament, ...]
    announced: tuple[SeasonAnnouncement, ...]

    @classmethod
    def load(cls, session: Session, season: Season) -> SeasonCalendar:
        return cls(
            SeasonDates(season.starts_on, season.ends_on),
            tuple(season.tournaments),
            tuple(announcements(session, season.id)),
        )

    def announcement_of(self, name: str) -> SeasonAnnouncement | None:
        key = name.casefold()
        return next((a for a in self.announced if a.name.casefold() == key), None)

    @property
    def majors(self) -> tuple[date, ...]:
        """INV-SEASON-2: the Majors fixed at season start (the announced ones by its first day;
        for an imported season, its imported Majors up to five)."""
        imported = [
            t.held_on
            for t in self.played
            if t.is_major and t.event_id is None and self.announcement_of(t.name) is None
        ]
        return season_majors(
            self.dates,
            [(a.held_on, a.announced_on) for a in self.announced if a.is_major],
            imported,
        )

    def not_played(self) -> list[CalendarEntry]:
        """The announced tournaments not played yet (sanctioned when announced)."""
        names = {t.name.casefold() for t in self.played}
        return [
            CalendarEntry(a.name, a.store, a.held_on, a.is_major, announced_on=a.announced_on)
            for a in self.announced
            if a.name.casefold() not in names
        ]

    def entries(self) -> list[CalendarEntry]:
        """The whole calendar for a newcomer: a played tournament is on record and has
        precedence over anything announced now (INV-LEGAL-6 refuses the newcomer)."""
        played = [
            CalendarEntry(
                t.name, t.store, t.held_on, t.is_major, void=t.void, announced_on=date.min
            )
            for t in self.played
        ]
        return played + self.not_played()

    def facts_of(self, t: SeasonTournament) -> TournamentFacts:
        """The facts of a played tournament, with its announcement's when it has one."""
        a = self.announcement_of(t.name)
        base = TournamentFacts(
            key=t.name, store=t.store, date=t.held_on, is_major=t.is_major, players=t.field_size
        )
        if a is not None:
            return TournamentFacts(
                key=base.key,
                store=base.store,
                date=base.date,
                is_major=base.is_major,
                players=base.players,
                announced_on=a.announced_on,
                judge_named=bool(a.judge.strip()),
                public_place=a.public_place,
                prizes_for_top=a.prizes_for_top,
                announced=True,
            )
        if t.event_id is not None:  # INV-LEGAL-1/3: an event of the app never announced
            return TournamentFacts(
                key=base.key,
                store=base.store,
                date=base.date,
                is_major=base.is_major,
                players=base.players,
                judge_named=False,
                announced=False,
            )
        return base

    def unchecked(self) -> tuple[str, ...]:
        """Imported tournaments without an announcement: INV-LEGAL-1/3/4/5 not checked."""
        return tuple(
            t.name
            for t in self.played
            if t.event_id is None and self.announcement_of(t.name) is None
        )


__all__ = ["UNCHECKED_RULES", "SeasonCalendar", "announcements"]
