"""Tournaments announced on a season's calendar, before they are played (issue 5 item 2).

An announcement carries the facts the sanctioning rules look at when a tournament is announced
(INV-LEGAL-1 announced 14 days ahead, INV-LEGAL-3 a judge named, INV-LEGAL-4 a public place,
INV-LEGAL-5 prizes for the first 2, INV-LEGAL-6/7 the store's and the Majors' calendar). Only a
tournament with no breach is announced (the service refuses the others, listing every breach),
so the calendar holds sanctioned tournaments only; when it is played its results enter the season
as a ``SeasonTournament`` of the same name.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from torneo.platform.store.tables import Base, Versioned


class SeasonAnnouncement(Versioned, Base):
    __tablename__ = "season_announcements"
    __table_args__ = (UniqueConstraint("season_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    season_id: Mapped[int] = mapped_column(ForeignKey("seasons.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    store: Mapped[str] = mapped_column(String(200))  # the store / organizer holding it
    held_on: Mapped[date] = mapped_column(Date)
    is_major: Mapped[bool] = mapped_column(Boolean, default=False)
    announced_on: Mapped[date] = mapped_column(Date)  # INV-LEGAL-1
    judge: Mapped[str] = mapped_column(String(120))  # INV-LEGAL-3
    public_place: Mapped[bool] = mapped_column(Boolean, default=True)  # INV-LEGAL-4
    prizes_for_top: Mapped[int] = mapped_column(Integer)  # INV-LEGAL-5
    created_at: Mapped[datetime]
