"""The deck format each card event was judged in (BER-RANK-1).

This is judging's declared interface for the other disciplines (pyproject ``[tool.importlinter]``
"disciplines"): a rating ladder of ``torneo.seasons`` feeds each event to the ladder its deck
format declares, and asks here which format the event's judges set instead of reading judging's
tables. It reads in the caller's session, so a ladder is recomputed in one transaction.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.cards.tables import Event


def deck_format(session: Session, event_id: int) -> str | None:
    """The event's format (chosen at its creation or set by its judges, ``events.format``);
    None when none was chosen (the preset's default applies)."""
    return session.scalars(select(Event.format).where(Event.id == event_id)).first()


__all__ = ["deck_format"]
