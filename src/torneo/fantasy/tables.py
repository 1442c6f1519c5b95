"""Tables of a fantasy league (issue 18, docs/rules.md §5).

A league (:class:`FantasyLeague`) belongs to a club and holds its rules (the preset's
``[fantasy]`` section with the administrator's changes) and its season's calendar
(:class:`FantasyFixture`). The league's list of players (:class:`FantasyPlayer`) carries their
prices by matchday (:class:`FantasyPrice`, FAN-MKT-1: a price holds from its matchday on).

A team (:class:`FantasyTeam`) has one manager, an account; its roster is the history of its
holdings (:class:`FantasyHolding`: bought at, sold at), so the roster at any deadline is known
(FAN-PEN-1: a player not in the roster). Transfers (:class:`FantasyTransfer`) and lineups
(:class:`FantasyLineup`) are rows in the order they happened.

A matchday's imported data (:class:`FantasyMatchday`: votes, minutes, postponed matches, the
review list) is kept whole as the source of its scores; the scores (:class:`FantasyScore`,
each team's total) are recomputed from it at every import and penalty, and explained from it
when a team's score is read.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from torneo.platform.store.tables import Base, User, Versioned


class FantasyLeague(Versioned, Base):
    __tablename__ = "fantasy_leagues"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id"), index=True)  # its owner
    name: Mapped[str] = mapped_column(String(200))
    preset: Mapped[str] = mapped_column(String(80))
    season: Mapped[str] = mapped_column(String(40))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)  # torneo.presets.fantasy.FantasyRules
    roster_due: Mapped[datetime | None] = mapped_column(default=None)  # FAN-ROSTER-1
    created_at: Mapped[datetime]

    fixtures: Mapped[list[FantasyFixture]] = relationship(
        order_by="(FantasyFixture.matchday, FantasyFixture.kickoff, FantasyFixture.id)",
        cascade="all, delete-orphan",
    )


class FantasyFixture(Base):
    __tablename__ = "fantasy_fixtures"
    __table_args__ = (UniqueConstraint("league_id", "matchday", "home"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(
        ForeignKey("fantasy_leagues.id", ondelete="CASCADE"), index=True
    )
    matchday: Mapped[int] = mapped_column(Integer)
    kickoff: Mapped[datetime]
    home: Mapped[str] = mapped_column(String(80))
    away: Mapped[str] = mapped_column(String(80))


class FantasyPlayer(Base):
    """A player of the league's list; ``active`` False: he left the league (flagged)."""

    __tablename__ = "fantasy_players"
    __table_args__ = (UniqueConstraint("league_id", "code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(
        ForeignKey("fantasy_leagues.id", ondelete="CASCADE"), index=True
    )
    code: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(120))
    norm: Mapped[str] = mapped_column(String(120), index=True)  # normalise_name(name)
    role: Mapped[str] = mapped_column(String(1))
    club: Mapped[str] = mapped_column(String(80))
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    left_on: Mapped[int | None] = mapped_column(Integer, default=None)  # the matchday he left

    prices: Mapped[list[FantasyPrice]] = relationship(
        order_by="FantasyPrice.matchday", cascade="all, delete-orphan"
    )


class FantasyPrice(Base):
    __tablename__ = "fantasy_prices"
    __table_args__ = (UniqueConstraint("player_id", "matchday"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("fantasy_players.id", ondelete="CASCADE"), index=True
    )
    matchday: Mapped[int] = mapped_column(Integer)  # the price holds from this matchday on
    price: Mapped[int] = mapped_column(Integer)


class FantasyTeam(Versioned, Base):
    __tablename__ = "fantasy_teams"
    __table_args__ = (
        UniqueConstraint("league_id", "name", name="uq_fantasy_teams_league_name"),
        UniqueConstraint("league_id", "manager_id", name="uq_fantasy_teams_league_manager"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(
        ForeignKey("fantasy_leagues.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(120))
    manager_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    credits: Mapped[int] = mapped_column(Integer)  # FAN-MKT-1: never below zero
    created_at: Mapped[datetime]

    manager: Mapped[User] = relationship(lazy="joined")
    holdings: Mapped[list[FantasyHolding]] = relationship(
        order_by="FantasyHolding.id", cascade="all, delete-orphan"
    )


class FantasyHolding(Base):
    """A player in a team's roster from ``bought_at`` to ``sold_at`` (None: still there)."""

    __tablename__ = "fantasy_holdings"

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(
        ForeignKey("fantasy_teams.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("fantasy_players.id"))
    price: Mapped[int] = mapped_column(Integer)
    bought_at: Mapped[datetime]
    sold_at: Mapped[datetime | None] = mapped_column(default=None)
    sold_price: Mapped[int | None] = mapped_column(Integer, default=None)


class FantasyTransfer(Base):
    __tablename__ = "fantasy_transfers"

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(
        ForeignKey("fantasy_teams.id", ondelete="CASCADE"), index=True
    )
    matchday: Mapped[int] = mapped_column(Integer)  # the matchday whose prices it used
    sold_id: Mapped[int] = mapped_column(ForeignKey("fantasy_players.id"))
    bought_id: Mapped[int] = mapped_column(ForeignKey("fantasy_players.id"))
    sold_price: Mapped[int] = mapped_column(Integer)
    bought_price: Mapped[int] = mapped_column(Integer)
    month: Mapped[int] = mapped_column(Integer)  # FAN-MKT-1: January's extra transfers
    at: Mapped[datetime]
    by: Mapped[str] = mapped_column(String(80))


class FantasyLineup(Base):
    __tablename__ = "fantasy_lineups"
    __table_args__ = (UniqueConstraint("team_id", "matchday"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(
        ForeignKey("fantasy_teams.id", ondelete="CASCADE"), index=True
    )
    matchday: Mapped[int] = mapped_column(Integer)
    starters: Mapped[list[Any]] = mapped_column(JSON)  # player ids, in the manager's order
    bench: Mapped[list[Any]] = mapped_column(JSON)  # player ids, in bench order
    as_received: Mapped[bool] = mapped_column(Boolean, default=False)  # FAN-PEN-1: by SMS
    submitted_at: Mapped[datetime]
    by: Mapped[str] = mapped_column(String(80))


class FantasyMatchday(Versioned, Base):
    __tablename__ = "fantasy_matchdays"
    __table_args__ = (UniqueConstraint("league_id", "matchday"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(
        ForeignKey("fantasy_leagues.id", ondelete="CASCADE"), index=True
    )
    matchday: Mapped[int] = mapped_column(Integer)
    official: Mapped[bool] = mapped_column(Boolean, default=False)  # False: provisional
    votes: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [[player id, line…], …]
    clubs: Mapped[list[Any]] = mapped_column(JSON, default=list)  # the clubs in the file
    extras: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # minutes, postponed
    review: Mapped[list[Any]] = mapped_column(JSON, default=list)  # doubtful rows (FAN-DATA-1)
    source: Mapped[str] = mapped_column(String(200), default="")
    imported_at: Mapped[datetime]


class FantasyPenalty(Base):
    """FAN-PEN-1 penalties recorded by the administrator (a wrong transfer, …)."""

    __tablename__ = "fantasy_penalties"

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(
        ForeignKey("fantasy_teams.id", ondelete="CASCADE"), index=True
    )
    matchday: Mapped[int] = mapped_column(Integer)
    what: Mapped[str] = mapped_column(String(40))
    points: Mapped[str] = mapped_column(String(20))  # an exact fraction
    note: Mapped[str] = mapped_column(String(500), default="")
    at: Mapped[datetime]
    by: Mapped[str] = mapped_column(String(80))


class FantasyScore(Base):
    __tablename__ = "fantasy_scores"
    __table_args__ = (UniqueConstraint("team_id", "matchday"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(
        ForeignKey("fantasy_teams.id", ondelete="CASCADE"), index=True
    )
    # Issue 32 item 2: the team's league, for reading a league's scores by an index; no foreign
    # key of its own (migration 0027). PostgreSQL checks a COPY's foreign keys once it ends, a
    # lookup per row and key that cannot overlap the computing: the league's cost 1.5 s of the
    # 38 x 10,000 recompute. It repeats the team's: the recomputation writes it from the team,
    # and deleting a league deletes its teams and, with them, their scores. (A composite key
    # (team, league) was tried: PostgreSQL's check then looked up the team by the league's
    # index, a scan of the league's teams per row, +1.1 s at 38 x 1,000.)
    league_id: Mapped[int] = mapped_column(Integer, index=True)
    matchday: Mapped[int] = mapped_column(Integer)
    total: Mapped[str] = mapped_column(String(20))  # an exact fraction ("145/2")
    eligible: Mapped[bool] = mapped_column(Boolean)  # FAN-LINEUP-1: its own lineup
    official: Mapped[bool] = mapped_column(Boolean)
    lineup_from: Mapped[int | None] = mapped_column(Integer, default=None)  # reused lineup
    # Issue 32 item 2: no breakdown is stored; the score page explains the total when it is
    # read (fantasy.state_explain).
    # Issue 32 item 2: the digest of the inputs it was computed from (None: not known); a
    # recomputation rewrites only the rows whose digest changed (fantasy.state_scores).
    basis: Mapped[str | None] = mapped_column(String(32), default=None)
