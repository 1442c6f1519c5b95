"""Who judges an event: the roster check other disciplines pass to the platform's guards.

INV-JUDGE-1: the organizer appoints each event's judges (``judging_judges``). The one policy
(``torneo.core.policy``) needs the roster of the event a judge acts on; the card discipline
loads it from here (``torneo.cards.state_access``). This module is judging's declared
interface for the card discipline (contract "disciplines").
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


def judges_of(session: Session, event_id: int) -> frozenset[int]:
    """INV-JUDGE-1: the user ids on event ``event_id``'s judge roster."""
    return frozenset(
        session.scalars(select(EventJudge.user_id).where(EventJudge.event_id == event_id))
    )


def events_judged_by(session: Session, user_id: int) -> frozenset[int]:
    """The events whose judge roster has user ``user_id`` (their desks, issue 15)."""
    return frozenset(
        session.scalars(select(EventJudge.event_id).where(EventJudge.user_id == user_id))
    )
