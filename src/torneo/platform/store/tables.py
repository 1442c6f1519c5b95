"""Tables of Torneo (SQLAlchemy 2 declarative mapping).

Every aggregate row has a ``version`` column used by SQLAlchemy's optimistic locking
(``version_id_col``): an UPDATE carries ``WHERE version = <loaded>``; a writer that loaded an older
version gets a stale-data error, turned into :class:`torneo.core.errors.Conflict` by the unit of work.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, declared_attr, mapped_column

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
    # The federation's administrator: sees and may correct everything (issue 12). Club roles
    # are memberships; an account with a player_id and no membership is a player's account.
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), default=None)
    created_at: Mapped[datetime]
    # torneo.platform.sessions: a session cookie carries the generation it was made in; bumping
    # it (log out, new password, disabled) ends every session of the account on every worker.
    session_generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    disabled: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class Club(Versioned, Base):
    """A club: it owns its events, seasons, ladders, RisiKo! and poker tournaments (issue 12)."""

    __tablename__ = "clubs"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), unique=True)
    created_at: Mapped[datetime]


class Membership(Base):
    """One role of one account in one club: owner, organizer, judge, referee or floor."""

    __tablename__ = "memberships"
    __table_args__ = (UniqueConstraint("club_id", "user_id", "role"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    role: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime]


class StaffAppointment(Base):
    """A referee of a RisiKo! tournament or a floor person of a poker tournament (issue 12).

    Card events keep their richer judge roster (head judge, INV-JUDGE-1) in judging; this table
    is the roster of the disciplines whose staff carry no more than their appointment.
    ``resource`` names the kind of tournament ("risiko", "poker").
    """

    __tablename__ = "staff_appointments"
    __table_args__ = (UniqueConstraint("resource", "resource_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    resource: Mapped[str] = mapped_column(String(20))
    resource_id: Mapped[int] = mapped_column(Integer, index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    role: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime]


class Invitation(Base):
    """A one-time link a club's owner sends: whoever opens it before it expires creates an
    account with the role it carries (issue 12). Only the token's hash is kept."""

    __tablename__ = "invitations"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id"), index=True)
    role: Mapped[str] = mapped_column(String(20))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_by: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None] = mapped_column(default=None)
    used_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)


class Player(Versioned, Base):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), index=True)
    club: Mapped[str | None] = mapped_column(String(120), default=None)
    rating: Mapped[int | None] = mapped_column(Integer, default=None)
    created_at: Mapped[datetime]
    # The club whose organizer created the record: its organizers hand out the claim code
    # (issue 27 hole 1; None for records older than migration 0019).
    club_id: Mapped[int | None] = mapped_column(ForeignKey("clubs.id"), default=None)
    # A one-time code an organizer hands out so the player's account can claim this record
    # (issue 12; torneo.platform.invitations): only its hash, and until when it works.
    claim_hash: Mapped[str | None] = mapped_column(String(64), default=None, index=True)
    claim_expires: Mapped[datetime | None] = mapped_column(default=None)


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
