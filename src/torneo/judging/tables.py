"""Tables of judging (issue 6): the judges of an event, rulings, deck lists, deck checks, clocks.

- ``judging_judges``: the roster of one event (INV-JUDGE-1); a judge who also plays names the
  player (INV-STRUCT-5).
- ``judging_configs``: what the organizer set for judging an event: the card catalog decks are
  checked against, the restricted list in force (INV-DECK-3) when it differs from the preset's,
  the deck-registration deadline, whether deck lists are published.
- ``judging_rulings``: every ruling (who, when, what, why, the rule id), with the consequences
  the domain gave it and the ``effects`` the service applied to stored rows (so an overrule can
  undo exactly those, INV-JUDGE-1). ``seq`` numbers the rulings of one event.
- ``judging_deck_lists``: registered lists and limited pools, with their history (a list submitted
  again, or corrected by a deck check, keeps the old row with ``is_current`` false).
- ``judging_deck_checks``: the table drawn for each round (INV-DECK-1), unique per round so a
  second draw is refused by the database too, with the seed and the outcome per player.
- ``judging_round_clocks``: one row per round holding a stopwatch (timestamps and banked
  microseconds, never a ticking value), the table durations fixed at the start and the per-table
  extensions (INV-STRUCT-3/5).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from torneo.platform.store.tables import Base, Versioned


class EventJudge(Versioned, Base):
    __tablename__ = "judging_judges"
    __table_args__ = (UniqueConstraint("event_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), default=None)
    is_head: Mapped[bool] = mapped_column(Boolean, default=False)
    appointed_at: Mapped[datetime]


class JudgingConfig(Versioned, Base):
    __tablename__ = "judging_configs"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), unique=True)
    cards: Mapped[list[Any]] = mapped_column(JSON, default=list)  # the card catalog; [] = any
    restricted_cards: Mapped[list[Any] | None] = mapped_column(JSON, default=None)  # None = preset
    deck_format: Mapped[str | None] = mapped_column(String(40), default=None)  # None = preset's
    deck_deadline: Mapped[datetime | None] = mapped_column(default=None)
    decklists_published: Mapped[bool] = mapped_column(Boolean, default=False)


class RulingRow(Versioned, Base):
    __tablename__ = "judging_rulings"
    __table_args__ = (UniqueConstraint("event_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    judge_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    judge_name: Mapped[str] = mapped_column(String(120))
    at: Mapped[datetime]
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), default=None)
    kind: Mapped[str] = mapped_column(String(30))
    rule: Mapped[str] = mapped_column(String(30))
    reason: Mapped[str] = mapped_column(Text)
    infraction: Mapped[str | None] = mapped_column(String(60), default=None)
    round_no: Mapped[int | None] = mapped_column(Integer, default=None)
    escalated_from: Mapped[int | None] = mapped_column(Integer, default=None)
    consequences: Mapped[list[Any]] = mapped_column(JSON, default=list)
    effects: Mapped[list[Any]] = mapped_column(JSON, default=list)


class DeckListRow(Versioned, Base):
    __tablename__ = "judging_deck_lists"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    kind: Mapped[str] = mapped_column(String(10))  # deck | pool (BER-FMT-2/3)
    format: Mapped[str] = mapped_column(String(40))
    cards: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [[name, count], ...]
    blanks: Mapped[int] = mapped_column(Integer, default=0)  # INV-DECK-2/3
    total: Mapped[int] = mapped_column(Integer)
    is_current: Mapped[bool] = mapped_column(Boolean, default=True)
    submitted_at: Mapped[datetime]
    submitted_by: Mapped[str] = mapped_column(String(120))
    source: Mapped[str] = mapped_column(String(200))  # "player", "organizer", "deck check r3"


class DeckCheckRow(Versioned, Base):
    __tablename__ = "judging_deck_checks"
    __table_args__ = (UniqueConstraint("event_id", "round_no"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    round_no: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    tables: Mapped[int] = mapped_column(Integer)  # the bye counted as a table (INV-DECK-1)
    players: Mapped[list[Any]] = mapped_column(JSON, default=list)
    seed: Mapped[int] = mapped_column(BigInteger)  # recorded: the draw is reproducible
    drawn_at: Mapped[datetime]
    drawn_by: Mapped[str] = mapped_column(String(120))
    outcomes: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # player id → outcome


class RoundClockRow(Versioned, Base):
    __tablename__ = "judging_round_clocks"
    __table_args__ = (UniqueConstraint("event_id", "round_no"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    round_no: Mapped[int] = mapped_column(Integer)
    durations: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [[table, seconds|null]]
    extra_turns: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime | None] = mapped_column(default=None)  # the judges' "go"
    running_since: Mapped[datetime | None] = mapped_column(default=None)
    banked_us: Mapped[int] = mapped_column(BigInteger, default=0)
    adjustment_us: Mapped[int] = mapped_column(BigInteger, default=0)
    extensions: Mapped[list[Any]] = mapped_column(JSON, default=list)
