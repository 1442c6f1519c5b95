"""Tables of self-reporting (issue 4): players report their own match results from the phone.

``self_reports`` holds one row per match that a player reported: the first report (who, when,
the result seen from side A), the second (the opponent's), and where it stands:

- ``pending``: one side reported; waiting for the other to confirm;
- ``confirmed``: both sides agreed; the result is in the match row (same transaction);
- ``disputed``: the sides disagreed; the judges' queue shows it until a judge decides;
- ``resolved``: a judge decided (the result is in the match row).

``match_id`` is unique: two first reports of one match cannot both be stored (the database
refuses the second; the service turns that into a conflict the player sees).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from torneo.platform.store.tables import Base, Versioned


class SelfReport(Versioned, Base):
    __tablename__ = "self_reports"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), unique=True)
    round_no: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(20), index=True)
    first_player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    first_result: Mapped[str] = mapped_column(String(20))  # as side A sees it: "2-1", "1-1-1"
    first_by: Mapped[str] = mapped_column(String(120))
    first_at: Mapped[datetime]
    second_player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), default=None)
    second_result: Mapped[str | None] = mapped_column(String(20), default=None)
    second_by: Mapped[str | None] = mapped_column(String(120), default=None)
    second_at: Mapped[datetime | None] = mapped_column(default=None)
    resolved_by: Mapped[str | None] = mapped_column(String(120), default=None)
    resolved_at: Mapped[datetime | None] = mapped_column(default=None)
    resolution: Mapped[str | None] = mapped_column(Text, default=None)  # the judge's reason
