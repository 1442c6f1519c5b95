"""Who judges an event: the roster check other disciplines pass to the platform's guards.

INV-JUDGE-1: the organizer appoints each event's judges (``judging_judges``). The platform's
``require_event_staff`` needs to know whether a user is on that roster, but the platform imports
no discipline (import contract "platform"), so the check lives here, next to the table, and the
card use cases hand it over: ``require_event_staff(session, actor, event_id, on_roster=on_roster)``.
This module is judging's declared interface for the card discipline (contract "disciplines").
"""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.judging.tables import EventJudge


def on_roster(session: Session, event_id: int, user_id: int) -> bool:
    """INV-JUDGE-1: is user ``user_id`` an appointed judge of event ``event_id``?"""
    count = session.scalar(
        select(func.count(EventJudge.id)).where(
            EventJudge.event_id == event_id, EventJudge.user_id == user_id
        )
    )
    return bool(count)
