"""Tables of Torneo (SQLAlchemy 2 declarative mapping).

Every aggregate row has a ``version`` column used by SQLAlchemy's optimistic locking
(``version_id_col``): an UPDATE carries ``WHERE version = <loaded>``; a writer that loaded an older
version gets a stale-data error, turned into :class:`torneo.errors.Conflict` by the unit of work.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, declared_attr, mapped_column, relationship

# Stable constraint names so Alembic migrations are the same on SQLite and PostgreSQL.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map: ClassVar[dict[Any, Any]] = {datetime: DateTime(timezone=True)}


class Versioned:
    """Optimistic locking: SQLAlchemy bumps ``version`` on every UPDATE and checks the old one."""

    version: Mapped[int] = mapped_column(Integer, nullable=False)

    @declared_attr.directive
    def __mapper_args__(cls) -> dict[str, Any]:
        return {"version_id_col": cls.__table__.c.version}  # type: ignore[attr-defined]


class User(Versioned, Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(80), unique=True)
    display_name: Mapped[str] = mapped_column(String(120))
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(20))  # organizer | judge | player
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), default=None)
    created_at: Mapped[datetime]


class Player(Versioned, Base):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), index=True)
    club: Mapped[str | None] = mapped_column(String(120), default=None)
    rating: Mapped[int | None] = mapped_column(Integer, default=None)
    created_at: Mapped[datetime]


class Event(Versioned, Base):
    __tablename__ = "events"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    preset: Mapped[str] = mapped_column(String(80))
    status: Mapped[str] = mapped_column(String(20), index=True)
    held_on: Mapped[date] = mapped_column(Date)
    location: Mapped[str | None] = mapped_column(String(200), default=None)
    organizer_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)
    is_major: Mapped[bool] = mapped_column(Boolean, default=False)
    one_round_fewer: Mapped[bool] = mapped_column(Boolean, default=False)  # INV-STRUCT-2
    swiss_rounds: Mapped[int | None] = mapped_column(Integer, default=None)  # fixed at start
    top_size: Mapped[int | None] = mapped_column(Integer, default=None)
    seed: Mapped[int] = mapped_column(Integer)  # every draw of the event derives from it
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

    event: Mapped[Event] = relationship(back_populates="matches")


class AuditEntry(Base):
    """Who did what, when, to which row, before and after, and why (DESIGN.md: store)."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(index=True)
    actor: Mapped[str] = mapped_column(String(120))
    action: Mapped[str] = mapped_column(String(80))
    entity: Mapped[str] = mapped_column(String(40))
    entity_id: Mapped[int | None] = mapped_column(Integer, default=None)
    event_id: Mapped[int | None] = mapped_column(Integer, index=True, default=None)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    reason: Mapped[str | None] = mapped_column(Text, default=None)
