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
    role: Mapped[str] = mapped_column(String(20))  # organizer | judge | player
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), default=None)
    created_at: Mapped[datetime]
    # torneo.platform.sessions: a session cookie carries the generation it was made in; bumping
    # it (log out, new password, disabled) ends every session of the account on every worker.
    session_generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    disabled: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class Player(Versioned, Base):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), index=True)
    club: Mapped[str | None] = mapped_column(String(120), default=None)
    rating: Mapped[int | None] = mapped_column(Integer, default=None)
    created_at: Mapped[datetime]


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
