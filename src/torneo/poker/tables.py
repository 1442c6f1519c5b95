"""Tables of a poker tournament run by the director (issue 8, docs/rules.md §4).

One row per tournament (:class:`PokerTournament`) holds what changes as a whole and is read as a
whole: the structure (levels, breaks, colour-ups), the entry options, the clock's stored
timestamps, the seating snapshot (tables, seats, button positions), the payout table, the last
chip counts and a chop. Its ``version`` column is bumped by every action, so two directors'
phones never silently overwrite each other: the one that saw an older version gets a conflict.

What accumulates is kept as rows, in the order it happened: the players booked or entered
(:class:`PokerEntrant`), the cashier's ledger (:class:`PokerPurchase`), the bust-outs
(:class:`PokerBust`), every seat change announced on the screens (:class:`PokerMove`), the
sanctions (:class:`PokerSanction`) and the floor's log (:class:`PokerLogEntry`): each action
with who did it and what it changed, so that it can be undone as a whole (issue 15 item 8). The pure domain's objects are rebuilt from these rows by
``torneo.poker.state``.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Date, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from torneo.platform.store.tables import Base, Player, Versioned


class PokerTournament(Versioned, Base):
    __tablename__ = "poker_tournaments"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id"), index=True)  # its owner
    name: Mapped[str] = mapped_column(String(200))
    preset: Mapped[str] = mapped_column(String(80))
    template: Mapped[str | None] = mapped_column(String(40), default=None)  # PKR-SCHED-1 id
    held_on: Mapped[date] = mapped_column(Date)
    # Issue 15 item 7: moments are stored in UTC and shown in this zone (core/zones.py).
    time_zone: Mapped[str] = mapped_column(String(64), default="Europe/Rome")
    status: Mapped[str] = mapped_column(String(20), index=True)  # registration|running|finished
    seed: Mapped[int] = mapped_column(Integer)  # every draw derives from it (recorded)
    draws: Mapped[int] = mapped_column(Integer, default=0)  # draws made so far (seed:draws)
    seats_per_table: Mapped[int] = mapped_column(Integer)  # PKR-TBL-1
    balance_threshold: Mapped[int] = mapped_column(Integer)  # PKR-BAL-1: 2 or 3
    # PKR-BAL-2: the moved player's seat, nearest_left | big_blind_soonest (the preset's)
    balance_seat: Mapped[str] = mapped_column(String(20), default="big_blind_soonest")
    break_order: Mapped[list[Any]] = mapped_column(JSON, default=list)  # PKR-BRK-1; [] = highest
    structure: Mapped[dict[str, Any]] = mapped_column(JSON)  # levels, breaks, chip set
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # prices, re-entries, late terms
    clock: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # stored timestamps
    seating: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # tables and seats
    payouts: Mapped[dict[str, Any]] = mapped_column(JSON)  # rows of percentages, unit
    adjustments: Mapped[list[Any]] = mapped_column(JSON, default=list)  # chips in/out of play
    stacks: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # last chip counts
    chop: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    # Issue 26 item 1: the version at which each thing last changed ("player:12", "clock"...),
    # so a phone's stale version is refused only for what changed (poker.state_changes).
    changed_in: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    created_at: Mapped[datetime]
    finished_at: Mapped[datetime | None] = mapped_column(default=None)

    entrants: Mapped[list[PokerEntrant]] = relationship(
        back_populates="tournament", order_by="PokerEntrant.id", cascade="all, delete-orphan"
    )
    purchases: Mapped[list[PokerPurchase]] = relationship(
        order_by="PokerPurchase.number", cascade="all, delete-orphan"
    )
    busts: Mapped[list[PokerBust]] = relationship(
        order_by="(PokerBust.seq, PokerBust.id)", cascade="all, delete-orphan"
    )
    moves: Mapped[list[PokerMove]] = relationship(
        order_by="PokerMove.seq", cascade="all, delete-orphan"
    )
    sanctions: Mapped[list[PokerSanction]] = relationship(
        order_by="PokerSanction.id", cascade="all, delete-orphan"
    )
    log: Mapped[list[PokerLogEntry]] = relationship(
        order_by="PokerLogEntry.number", cascade="all, delete-orphan"
    )


class PokerEntrant(Versioned, Base):
    """A player booked (PKR-LATE-1: "prenotato") or registered for the tournament."""

    __tablename__ = "poker_entrants"
    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    booked: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime]

    tournament: Mapped[PokerTournament] = relationship(back_populates="entrants")
    player: Mapped[Player] = relationship(lazy="joined")


class PokerPurchase(Versioned, Base):
    """One line of the cashier's ledger: an entry, late entry, re-entry, rebuy or add-on."""

    __tablename__ = "poker_purchases"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    kind: Mapped[str] = mapped_column(String(20))
    parts: Mapped[list[Any]] = mapped_column(JSON)  # [[kind, cents, name], ...] (PKR-SCHED-1)
    price_chips: Mapped[int] = mapped_column(Integer)
    chips: Mapped[int] = mapped_column(Integer)  # given, after a late penalty
    penalty: Mapped[int] = mapped_column(Integer, default=0)  # PKR-LATE-1
    level: Mapped[int | None] = mapped_column(Integer, default=None)
    at: Mapped[datetime]


class PokerBust(Versioned, Base):
    """A player out in a hand (PKR-END-1); players of one hand share ``seq``."""

    __tablename__ = "poker_busts"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    chips_at_start: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    readmitted: Mapped[bool] = mapped_column(Boolean, default=False)  # a re-entry followed
    at: Mapped[datetime]


class PokerMove(Versioned, Base):
    """A seat given or changed, as announced: "Table 3 seat 4 → Table 1 seat 7".

    ``from_table`` is None for a seat drawn for a late entry or a re-entry.
    """

    __tablename__ = "poker_moves"
    __table_args__ = (UniqueConstraint("tournament_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    from_table: Mapped[int | None] = mapped_column(Integer, default=None)
    from_seat: Mapped[int | None] = mapped_column(Integer, default=None)
    to_table: Mapped[int] = mapped_column(Integer)
    to_seat: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(20))  # balance|break|director|undo|seat
    waits_for_button: Mapped[bool] = mapped_column(Boolean, default=False)
    undone: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime]


class PokerSanction(Versioned, Base):
    """PKR-PEN-1: a warning, missed hands or a disqualification, with the ruling."""

    __tablename__ = "poker_sanctions"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    kind: Mapped[str] = mapped_column(String(20))
    orbits: Mapped[int] = mapped_column(Integer, default=0)
    hands: Mapped[int] = mapped_column(Integer, default=0)
    chips_removed: Mapped[int] = mapped_column(Integer, default=0)
    infraction: Mapped[str] = mapped_column(Text)
    ruling: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime]


class PokerLogEntry(Versioned, Base):
    """One floor action as the director's log shows it: a bust-out, a move, a late entry, a
    re-entry, a rebuy, an add-on, a sanction (PKR-PEN-1), the chop or a floor ruling, with who
    did it and what it changed (``details``: the bust's ``seq``, the ``moves`` seqs it caused,
    the ``purchase`` number, the ``sanction`` row, the chip counts a chop replaced, the table
    ``broken`` or ``opened``, the bust rows ``readmitted``), so that
    :mod:`torneo.poker.floor.commands_undo` can put back exactly that. An undone entry keeps its row,
    struck through, with who undid it."""

    __tablename__ = "poker_floor_log"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)  # 1, 2, ... in the tournament
    kind: Mapped[str] = mapped_column(String(20))  # commands_log.KINDS (at most 16 characters)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), default=None)
    actor: Mapped[str] = mapped_column(String(120))
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    at: Mapped[datetime]
    undone_at: Mapped[datetime | None] = mapped_column(default=None)
    undone_by: Mapped[str | None] = mapped_column(String(120), default=None)
