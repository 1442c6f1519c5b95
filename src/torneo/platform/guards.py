"""Guards every use case runs before it changes anything: the actor's role and a stale page.

One place for both so that every discipline refuses the same way, with the same words: a
Forbidden that names the roles accepted, and a Conflict that tells the client to reload.
"""

from __future__ import annotations

from typing import Protocol

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.core.errors import Conflict, Forbidden
from torneo.judging.tables import EventJudge
from torneo.platform.store.uow import Actor

ORGANIZER = "organizer"
JUDGE = "judge"


class HasVersion(Protocol):
    """A row under optimistic locking (``torneo.platform.store.tables.Versioned``)."""

    @property
    def version(self) -> int: ...


def require(actor: Actor, *roles: str) -> None:
    """Refuse an actor holding none of ``roles``."""
    if not actor.roles.intersection(roles):
        raise Forbidden("actor", f"{actor.name} may not do this", " or ".join(roles) + " role")


def check_version(row: HasVersion, version: int | None, what: str) -> None:
    """A client that read an older version must reload: never overwrite what it did not see.

    ``what`` names the row to the person ("event", "tournament", "table console"); ``None``
    means the client sent no version and takes the row as it is now.
    """
    if version is not None and version != row.version:
        raise Conflict(
            "version",
            f"the {what} changed since you loaded it (yours {version}, now {row.version})",
            "reload the page and try again",
        )


def require_event_staff(session: Session, actor: Actor, event_id: int) -> None:
    """Organizers, and judges on this event's roster: a judge of event A never acts on event B
    (INV-JUDGE-1: the organizer appoints the event's judges)."""
    require(actor, ORGANIZER, JUDGE)
    if ORGANIZER in actor.roles:
        return
    on_roster = actor.user_id is not None and session.scalar(
        select(func.count(EventJudge.id)).where(
            EventJudge.event_id == event_id, EventJudge.user_id == actor.user_id
        )
    )
    if not on_roster:
        raise Forbidden(
            "judge",
            f"{actor.name} is not a judge of event {event_id}",
            "a judge on the event's roster (the organizer appoints judges)",
        )
