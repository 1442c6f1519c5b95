"""Tables of the rating ladders (issue 5 item 5, BER-RANK-1).

A ladder is a definition (which finished events feed it, which rating moves) and a snapshot of
its table as last recomputed: one row per player with the points, the events and games played,
the rating and the rating after each event (the chart). The snapshot is always recomputable from
the events themselves (``services.ladders.recompute_ladder``); it is kept so a page shows the
ladder without replaying every match of a season.

Ratings are floats (DESIGN.md: floats are fine for ratings shown to people, never for points).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Date,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from torneo.platform.store.tables import Base, Player, Versioned


class RatingLadder(Versioned, Base):
    __tablename__ = "ladders"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id"), index=True)  # its owner
    name: Mapped[str] = mapped_column(String(200), unique=True)
    preset: Mapped[str] = mapped_column(String(80))
    # "matches" (card events → Glicko-2), "tables" (RisiKo! tables → openskill),
    # "placings" (a season's tournaments as rankings → openskill).
    source: Mapped[str] = mapped_column(String(20))
    # BER-RANK-1: "professional" / "amateur" keeps only the events whose format feeds it;
    # None = every event of the preset.
    ladder: Mapped[str | None] = mapped_column(String(20), default=None)
    season_id: Mapped[int | None] = mapped_column(
        ForeignKey("seasons.id", ondelete="SET NULL"), index=True, default=None
    )
    starts_on: Mapped[date | None] = mapped_column(Date, default=None)
    ends_on: Mapped[date | None] = mapped_column(Date, default=None)
    events: Mapped[int] = mapped_column(Integer, default=0)  # events rated at the last recompute
    games: Mapped[int] = mapped_column(Integer, default=0)  # matches or tables rated
    computed_at: Mapped[datetime | None] = mapped_column(default=None)
    created_at: Mapped[datetime]

    entries: Mapped[list[LadderEntry]] = relationship(
        back_populates="ladder_row",
        order_by="LadderEntry.position",
        cascade="all, delete-orphan",
    )


class LadderEntry(Versioned, Base):
    __tablename__ = "ladder_entries"
    __table_args__ = (UniqueConstraint("ladder_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    ladder_id: Mapped[int] = mapped_column(ForeignKey("ladders.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)  # 1..n in the ladder's order
    rank: Mapped[int] = mapped_column(Integer)  # dense, as shown
    points: Mapped[int] = mapped_column(Integer)  # BER-PTS-1 event points (0 for ratings only)
    events: Mapped[int] = mapped_column(Integer)
    games: Mapped[int] = mapped_column(Integer)
    rating: Mapped[float] = mapped_column(Float)  # Glicko-2 rating, or openskill mu
    deviation: Mapped[float] = mapped_column(Float)  # Glicko-2 RD, or openskill sigma
    volatility: Mapped[float | None] = mapped_column(Float, default=None)  # Glicko-2 only
    shown: Mapped[float] = mapped_column(Float)  # conservative value: rating − 2·RD / mu − 3σ
    history: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [[YYYY-MM-DD, shown], ...]

    ladder_row: Mapped[RatingLadder] = relationship(back_populates="entries")
    player: Mapped[Player] = relationship(lazy="joined")
