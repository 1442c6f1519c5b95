"""Tables of a season (issue 5): the season, its tournaments and each player's result in them.

A season tournament is either imported from a spreadsheet or taken from a finished Torneo event
(``event_id``). Each result keeps the raw facts (place, Swiss points, Top X wins, dropped) *and*
the season points computed from them with their explanation, so the table can be shown without
recomputing and recomputed from the facts at any time (the facts are the source of truth).

A void tournament (INV-LEGAL-8) stays with its reasons; its results are kept and give 0 points.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Date, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from torneo.platform.store.tables import Base, Player, Versioned


class Season(Versioned, Base):
    __tablename__ = "seasons"
    __table_args__ = (UniqueConstraint("club_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id"), index=True)  # its owner
    name: Mapped[str] = mapped_column(String(200))  # unique in its club (issue 27)
    preset: Mapped[str] = mapped_column(String(80))
    starts_on: Mapped[date] = mapped_column(Date)  # INV-SEASON-1
    ends_on: Mapped[date] = mapped_column(Date)
    cut_size: Mapped[int] = mapped_column(Integer)  # INV-RANK-3: places that qualify
    # INV-RANK-3: how a tie on the whole chain across the cut was settled (rules/cut.py), or None
    cut_decision: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    # INV-RANK-3: the National Final bonus of the best placements ("3/2", "1", ...: position 1
    # first); the seed gives no figures, so the organizer sets them on the season.
    placement_bonus: Mapped[list[Any]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime]

    tournaments: Mapped[list[SeasonTournament]] = relationship(
        back_populates="season",
        order_by="(SeasonTournament.held_on, SeasonTournament.id)",
        cascade="all, delete-orphan",
    )


class SeasonTournament(Versioned, Base):
    __tablename__ = "season_tournaments"
    __table_args__ = (UniqueConstraint("season_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    season_id: Mapped[int] = mapped_column(ForeignKey("seasons.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    held_on: Mapped[date] = mapped_column(Date)
    store: Mapped[str] = mapped_column(String(200))  # the store / organizer holding it
    is_major: Mapped[bool] = mapped_column(Boolean, default=False)
    field_size: Mapped[int] = mapped_column(Integer)  # players who took part
    top_size: Mapped[int | None] = mapped_column(Integer, default=None)
    void: Mapped[bool] = mapped_column(Boolean, default=False)  # INV-LEGAL-8
    void_reasons: Mapped[list[Any]] = mapped_column(JSON, default=list)  # ["INV-LEGAL-2: ..."]
    event_id: Mapped[int | None] = mapped_column(
        ForeignKey("events.id", ondelete="SET NULL"), default=None
    )
    created_at: Mapped[datetime]

    season: Mapped[Season] = relationship(back_populates="tournaments")
    results: Mapped[list[SeasonResult]] = relationship(
        back_populates="tournament", order_by="SeasonResult.place", cascade="all, delete-orphan"
    )


class SeasonResult(Versioned, Base):
    __tablename__ = "season_results"
    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("season_tournaments.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    place: Mapped[int] = mapped_column(Integer)
    swiss_points: Mapped[int] = mapped_column(Integer)
    topcut_wins: Mapped[int] = mapped_column(Integer)  # the 3rd/4th-place match excluded
    dropped: Mapped[bool] = mapped_column(Boolean, default=False)
    # INV-MAJOR-6: False when the player left before the last round their placement allowed
    # (a late entry who plays to the end keeps the benefits): no Major benefits.
    played_every_round: Mapped[bool] = mapped_column(Boolean, default=True)
    # Counted only when the preset reads INV-PTS-1 as including the 3rd/4th-place match.
    third_place_win: Mapped[bool] = mapped_column(Boolean, default=False)
    points: Mapped[int] = mapped_column(Integer)  # INV-PTS-1..4, INV-MAJOR-3..6; 0 when void
    final_bonus: Mapped[str] = mapped_column(String(20), default="0")  # INV-MAJOR-5, a Fraction
    breakdown: Mapped[str] = mapped_column(Text)  # "13 Swiss + 9 Top 8 + 4 first place + ..."

    tournament: Mapped[SeasonTournament] = relationship(back_populates="results")
    player: Mapped[Player] = relationship(lazy="joined")
