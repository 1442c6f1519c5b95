"""Tables of a RisiKo! tournament (issue 7, docs/rules.md §3).

One row per tournament (:class:`RisikoTournament`) holds what is read as a whole: the rules the
organizer chose (the preset's ``[risiko]`` section with their changes, as JSON), the regulation's
four parts (RSK-REG-1) and when it was published. Its ``version`` is bumped by every change to
the tournament, so an organizer's stale page gets a conflict instead of overwriting; a round and a
result keep the version of their own last change (``changed_in``), against which a referee's
write at one table is checked, so referees of different tables never refuse each other.

What accumulates is kept as rows: the players (:class:`RisikoEntrant`, clubs live on the shared
``players`` row), each round's draw (:class:`RisikoRound`: method, recorded seed, tables in turn
order, the hand swaps), each table's result (:class:`RisikoResult`) and each table's referee
console (:class:`RisikoGame`: the turn order and the log of what happened at the table, from which
the end-of-game roll assistant's state is rebuilt). A console has its own ``version``, so the
referees of different tables never block each other, while two phones at one table do.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Date, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from torneo.platform.store.tables import Base, Player, Versioned


class RisikoTournament(Versioned, Base):
    __tablename__ = "risiko_tournaments"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id"), index=True)  # its owner
    name: Mapped[str] = mapped_column(String(200))
    preset: Mapped[str] = mapped_column(String(80))
    held_on: Mapped[date] = mapped_column(Date)
    # Issue 15 item 7: moments are stored in UTC and shown in this zone (core/zones.py).
    time_zone: Mapped[str] = mapped_column(String(64), default="Europe/Rome")
    location: Mapped[str | None] = mapped_column(String(200), default=None)
    season: Mapped[str | None] = mapped_column(String(40), index=True, default=None)
    kind: Mapped[str] = mapped_column(String(40), default="club")  # the season class
    status: Mapped[str] = mapped_column(String(20), index=True)  # registration|running|finished
    seed: Mapped[int] = mapped_column(Integer)  # every draw derives from it (recorded per round)
    draws: Mapped[int] = mapped_column(Integer, default=0)  # draws made so far (seed:draws)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)  # RisikoRules as JSON
    regulation: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # RSK-REG-1 parts
    regulation_published_at: Mapped[datetime | None] = mapped_column(default=None)
    created_at: Mapped[datetime]
    finished_at: Mapped[datetime | None] = mapped_column(default=None)

    entrants: Mapped[list[RisikoEntrant]] = relationship(
        back_populates="tournament", order_by="RisikoEntrant.id", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[RisikoRound]] = relationship(
        order_by="RisikoRound.number", cascade="all, delete-orphan"
    )
    results: Mapped[list[RisikoResult]] = relationship(
        order_by="(RisikoResult.round_no, RisikoResult.table_no)", cascade="all, delete-orphan"
    )
    games: Mapped[list[RisikoGame]] = relationship(
        order_by="(RisikoGame.round_no, RisikoGame.table_no)", cascade="all, delete-orphan"
    )


class RisikoEntrant(Versioned, Base):
    """A player of the tournament; ``left_after_round`` when they left it (not drawn again)."""

    __tablename__ = "risiko_entrants"
    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("risiko_tournaments.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    left_after_round: Mapped[int | None] = mapped_column(Integer, default=None)
    reason: Mapped[str | None] = mapped_column(Text, default=None)
    created_at: Mapped[datetime]

    tournament: Mapped[RisikoTournament] = relationship(back_populates="entrants")
    player: Mapped[Player] = relationship(lazy="joined")


class RisikoRound(Versioned, Base):
    """One round's draw (RSK-TBL-2): reproducible from ``seed``, with the hand swaps after it."""

    __tablename__ = "risiko_rounds"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("risiko_tournaments.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    stage: Mapped[str] = mapped_column(String(20))  # qualifying | semifinal | final
    method: Mapped[str] = mapped_column(String(20))  # DrawMethod of the draw itself
    seed: Mapped[int] = mapped_column(Integer)
    priorities: Mapped[list[Any]] = mapped_column(JSON, default=list)
    tables: Mapped[list[Any]] = mapped_column(JSON)  # [[player id, ...] in turn order, ...]
    swaps: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [{a, b, at, by}, ...]
    drawn_at: Mapped[datetime]
    # Issue 26 item 1: the tournament version at which the draw was made or last swapped by
    # hand (its tables changed); None for rounds older than the stamp.
    changed_in: Mapped[int | None] = mapped_column(Integer, default=None)


class RisikoResult(Versioned, Base):
    """One table's game (RSK-PTS-1, RSK-OUT-1/2): seats in turn order and the winners."""

    __tablename__ = "risiko_results"
    __table_args__ = (UniqueConstraint("tournament_id", "round_no", "table_no"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("risiko_tournaments.id", ondelete="CASCADE"), index=True
    )
    round_no: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    seats: Mapped[list[Any]] = mapped_column(JSON)  # [{player, table_points, status, eliminated}]
    winners: Mapped[list[Any]] = mapped_column(JSON)
    # RSK-TIE-1: the final table's roll between players still tied for the title, as
    # [{player, total}, ...]; None when no roll was needed (or the result was corrected since).
    tiebreak: Mapped[list[Any] | None] = mapped_column(JSON, default=None)
    entered_by: Mapped[str] = mapped_column(String(120))
    entered_at: Mapped[datetime]
    # Issue 26 item 1: the tournament version at which the result was entered, corrected or
    # rolled for; a referee's write is checked against it, not against the whole tournament.
    changed_in: Mapped[int | None] = mapped_column(Integer, default=None)


class RisikoGame(Versioned, Base):
    """A table's referee console: the turn order and every action, rolls included, in order."""

    __tablename__ = "risiko_games"
    __table_args__ = (UniqueConstraint("tournament_id", "round_no", "table_no"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("risiko_tournaments.id", ondelete="CASCADE"), index=True
    )
    round_no: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    turn_order: Mapped[list[Any]] = mapped_column(JSON)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)  # roll rules, army cap, minutes
    actions: Mapped[list[Any]] = mapped_column(JSON, default=list)
    started_at: Mapped[datetime]
