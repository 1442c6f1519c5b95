"""Who may act on a card event: the event as a resource of the one policy (issue 12).

The event belongs to its club; its staff are the judges on its roster (INV-JUDGE-1, kept by
judging). Every card use case authorizes through :func:`authorize_event` after loading the
event, inside its transaction.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.cards.state_results import EventHead
from torneo.cards.tables import Event, Registration
from torneo.core.messages import N_
from torneo.core.policy import JUDGE, Action, Actor, Resource
from torneo.judging.staff import judges_of
from torneo.platform.guards import authorize

EVENT = N_("event")
NOT_STARTED = ("draft", "registration")


def event_resource(session: Session, event: Event | EventHead) -> Resource:
    return Resource(
        EVENT, event.id, club_id=event.club_id, staff=judges_of(session, event.id), staff_role=JUDGE
    )


def authorize_event(
    session: Session, actor: Actor, event: Event | EventHead, action: Action
) -> None:
    """403 unless the policy lets ``actor`` do ``action`` on this event."""
    authorize(actor, action, event_resource(session, event))


def player_clubs(session: Session, player_id: int) -> set[int]:
    """The clubs whose started card events player ``player_id`` played (who may hand out the
    code of a record older than its creating club, issue 27 hole 1)."""
    return set(
        session.scalars(
            select(Event.club_id)
            .join(Registration, Registration.event_id == Event.id)
            .where(Registration.player_id == player_id, Event.status.not_in(NOT_STARTED))
        )
    )
