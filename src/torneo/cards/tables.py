"""Tables of a card-game event: the event, its registrations, rounds and matches.

Every row is versioned (optimistic locking, :class:`torneo.platform.store.tables.Versioned`).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from torneo.cards.pods.tables import PodSeat
from torneo.platform.store.tables import Base, Player, Versioned


class Event(Versioned, Base):
    __tablename__ = "events"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id"), index=True)  # its owner
    name: Mapped[str] = mapped_column(String(200))
    preset: Mapped[str] = mapped_column(String(80))
    status: Mapped[str] = mapped_column(String(20), index=True)
    held_on: Mapped[date] = mapped_column(Date)
    # Issue 15 item 7: moments are stored in UTC and shown in this zone (core/zones.py).
    time_zone: Mapped[str] = mapped_column(String(64), default="Europe/Rome")
    location: Mapped[str | None] = mapped_column(String(200), default=None)
    organizer_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)
    is_major: Mapped[bool] = mapped_column(Boolean, default=False)
    one_round_fewer: Mapped[bool] = mapped_column(Boolean, default=False)  # INV-STRUCT-2
    swiss_rounds: Mapped[int | None] = mapped_column(Integer, default=None)  # fixed at start
    top_size: Mapped[int | None] = mapped_column(Integer, default=None)
    seed: Mapped[int] = mapped_column(Integer)  # every draw of the event derives from it
    # BER-FMT-1..3: the key of one of the preset's deck formats (None: the preset's default);
    # it says which ladder the event feeds (BER-RANK-1), see torneo.cards.state_formats
    format: Mapped[str | None] = mapped_column(String(40), default=None)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime]

    registrations: Mapped[list[Registration]] = relationship(
        back_populates="event", order_by="Registration.id", cascade="all, delete-orphan"
    )
    matches: Mapped[list[Match]] = relationship(
        back_populates="event",
        order_by="(Match.round_no, Match.table_no)",
        cascade="all, delete-orphan",
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="event", order_by="Round.number", cascade="all, delete-orphan"
    )
    # BER-POD-1/2: the pods' seats, pod by pod in seat order (torneo.cards.pods.state)
    pod_seats: Mapped[list[PodSeat]] = relationship(
        order_by="(PodSeat.pod, PodSeat.seat)", cascade="all, delete-orphan"
    )


class Registration(Versioned, Base):
    __tablename__ = "registrations"
    __table_args__ = (UniqueConstraint("event_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    joined_round: Mapped[int] = mapped_column(Integer, default=1)
    dropped_after_round: Mapped[int | None] = mapped_column(Integer, default=None)
    disqualified: Mapped[bool] = mapped_column(Boolean, default=False)
    dq_reason: Mapped[str | None] = mapped_column(Text, default=None)
    is_judge: Mapped[bool] = mapped_column(Boolean, default=False)

    event: Mapped[Event] = relationship(back_populates="registrations")
    player: Mapped[Player] = relationship(lazy="joined")


class Round(Versioned, Base):
    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    stage: Mapped[str] = mapped_column(String(20))
    started_at: Mapped[datetime]
    seed: Mapped[int] = mapped_column(Integer)  # recorded: the pairing is reproducible from it

    event: Mapped[Event] = relationship(back_populates="rounds")


class Match(Versioned, Base):
    __tablename__ = "matches"
    __table_args__ = (UniqueConstraint("event_id", "round_no", "table_no"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    round_no: Mapped[int] = mapped_column(Integer)
    stage: Mapped[str] = mapped_column(String(20))
    table_no: Mapped[int] = mapped_column(Integer)
    player_a_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    player_b_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), default=None)
    wins_a: Mapped[int | None] = mapped_column(Integer, default=None)
    wins_b: Mapped[int | None] = mapped_column(Integer, default=None)
    draws: Mapped[int | None] = mapped_column(Integer, default=None)
    result_kind: Mapped[str | None] = mapped_column(String(30), default=None)
    reported_at: Mapped[datetime | None] = mapped_column(default=None)
    explanation: Mapped[str | None] = mapped_column(Text, default=None)
    # The event's version when the match was paired or last changed (issue 14, finer locks):
    # a client's version for a result is checked against it (torneo.cards.commands_results).
    changed_in: Mapped[int | None] = mapped_column(Integer, default=None)

    event: Mapped[Event] = relationship(back_populates="matches")
