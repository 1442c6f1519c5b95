"""Tables of card sets, limited events (sealed, draft) and live drafts (BER-FMT-2/3, BER-DRAFT-*).

- ``card_sets`` / ``card_set_cards``: a set imported once and never edited (import a new code to
  change it), so every worker may cache it by id;
- ``card_event_setups``: an event's set and draft options (time per pick, passing direction);
- ``draft_pods`` / ``draft_seats``: the pods of a live draft with their current booster, pick
  and deadline (the server's timer: any worker re-arms it from here after a restart), and who
  sits where (disqualified or not, when last seen connected);
- ``draft_picks``: every pick, one row each, unique per seat, booster and pick: two workers racing
  on one pick store one. The packs are not stored: they follow from the seed and the picks.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from torneo.platform.store.tables import Base, Versioned


class CardSetRow(Base):
    __tablename__ = "card_sets"
    # Issue 27: a code is unique within its club (the shared sets, club NULL, are kept unique
    # among themselves by ``sets.commands.import_set``): one club cannot squat another's codes.
    __table_args__ = (UniqueConstraint("club_id", "code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(200))
    club_id: Mapped[int | None] = mapped_column(ForeignKey("clubs.id"), default=None)  # None: all
    booster: Mapped[list[Any]] = mapped_column(JSON)  # [[rarity, count], ...]
    starter: Mapped[list[Any]] = mapped_column(JSON)
    source: Mapped[str] = mapped_column(String(20))  # csv | json | demo
    created_at: Mapped[datetime]
    created_by: Mapped[str] = mapped_column(String(120))


class CardRow(Base):
    __tablename__ = "card_set_cards"
    __table_args__ = (UniqueConstraint("set_id", "code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    set_id: Mapped[int] = mapped_column(ForeignKey("card_sets.id", ondelete="CASCADE"), index=True)
    code: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(200))
    rarity: Mapped[str] = mapped_column(String(20))
    faction: Mapped[str] = mapped_column(String(60))
    cost: Mapped[int | None] = mapped_column(Integer, default=None)
    kind: Mapped[str] = mapped_column(String(60), default="")
    text: Mapped[str] = mapped_column(Text, default="")
    not_legal_in: Mapped[list[Any]] = mapped_column(JSON, default=list)


class CardEventSetup(Versioned, Base):
    __tablename__ = "card_event_setups"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), unique=True)
    set_id: Mapped[int] = mapped_column(ForeignKey("card_sets.id"))
    pick_seconds: Mapped[int] = mapped_column(Integer, default=60)  # BER-DRAFT-2
    alternate: Mapped[bool] = mapped_column(Boolean, default=False)  # BER-DRAFT-1 option
    pools_opened_at: Mapped[datetime | None] = mapped_column(default=None)  # sealed


class DraftPod(Versioned, Base):
    __tablename__ = "draft_pods"
    __table_args__ = (
        UniqueConstraint("event_id", "pod_no"),
        Index("ix_draft_pods_status_deadline", "status", "deadline"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    pod_no: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10))  # running | done
    boosters: Mapped[int] = mapped_column(Integer)
    booster_no: Mapped[int] = mapped_column(Integer, default=1)
    pick_no: Mapped[int] = mapped_column(Integer, default=1)
    deadline: Mapped[datetime | None] = mapped_column(default=None)
    started_at: Mapped[datetime]
    finished_at: Mapped[datetime | None] = mapped_column(default=None)


class DraftSeat(Base):
    __tablename__ = "draft_seats"
    __table_args__ = (
        UniqueConstraint("pod_id", "seat_no", name="uq_draft_seats_pod_seat"),
        UniqueConstraint("pod_id", "player_id", name="uq_draft_seats_pod_player"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    pod_id: Mapped[int] = mapped_column(ForeignKey("draft_pods.id", ondelete="CASCADE"), index=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    seat_no: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    disqualified: Mapped[bool] = mapped_column(Boolean, default=False)
    seen_at: Mapped[datetime | None] = mapped_column(default=None)  # last sign of a connection
    left_at: Mapped[datetime | None] = mapped_column(default=None)  # its last page closed


class DraftPick(Base):
    __tablename__ = "draft_picks"
    __table_args__ = (UniqueConstraint("pod_id", "seat_no", "booster_no", "pick_no"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    pod_id: Mapped[int] = mapped_column(ForeignKey("draft_pods.id", ondelete="CASCADE"), index=True)
    seat_no: Mapped[int] = mapped_column(Integer)
    booster_no: Mapped[int] = mapped_column(Integer)
    pick_no: Mapped[int] = mapped_column(Integer)
    card_code: Mapped[str] = mapped_column(String(40))
    how: Mapped[str] = mapped_column(String(20))  # player | timeout | disqualified
    picked_at: Mapped[datetime]
