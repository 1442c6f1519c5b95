"""Guards every use case runs before it changes anything: the actor's role and a stale page.

One place for both so that every discipline refuses the same way, with the same words: a
Forbidden that names the roles accepted, and a Conflict that tells the client to reload.
"""

from __future__ import annotations

from typing import Protocol

from sqlalchemy.orm import Session

from torneo.core.errors import Conflict, Forbidden
from torneo.core.messages import N_, Message, Term
from torneo.platform.store.uow import Actor

ORGANIZER = "organizer"
JUDGE = "judge"

# "the event changed since you loaded it": one sentence per row a person knows by name, so each
# is translated whole (an Italian event is masculine, a table console feminine).
_CHANGED: dict[str, str] = {
    "event": N_("the event changed since you loaded it (yours %(mine)s, now %(now)s)"),
    "tournament": N_("the tournament changed since you loaded it (yours %(mine)s, now %(now)s)"),
    "table console": N_(
        "the table console changed since you loaded it (yours %(mine)s, now %(now)s)"
    ),
}
_CHANGED_ANY = N_("the %(what)s changed since you loaded it (yours %(mine)s, now %(now)s)")


class RosterCheck(Protocol):
    """Is user ``user_id`` on the staff roster of event ``event_id``? (a discipline's check)"""

    def __call__(self, session: Session, event_id: int, user_id: int) -> bool: ...


class HasVersion(Protocol):
    """A row under optimistic locking (``torneo.platform.store.tables.Versioned``)."""

    @property
    def version(self) -> int: ...


def require(actor: Actor, *roles: str) -> None:
    """Refuse an actor holding none of ``roles``."""
    if not actor.roles.intersection(roles):
        raise Forbidden(
            "actor",
            N_("%(who)s may not do this"),
            Message(N_("%(roles)s role"), {"roles": _either(roles)}),
            params={"who": actor.name},
        )


def _either(roles: tuple[str, ...]) -> Term | Message:
    """ "organizer or judge": the roles as translated words joined by "or"."""
    said: Term | Message = Term(roles[0])
    for role in roles[1:]:
        said = Message(N_("%(first)s or %(second)s"), {"first": said, "second": Term(role)})
    return said


def check_version(row: HasVersion, version: int | None, what: str) -> None:
    """A client that read an older version must reload: never overwrite what it did not see.

    ``what`` names the row to the person ("event", "tournament", "table console"); ``None``
    means the client sent no version and takes the row as it is now.
    """
    if version is not None and version != row.version:
        raise Conflict(
            "version",
            _CHANGED.get(what, _CHANGED_ANY),
            N_("reload the page and try again"),
            params={"what": what, "mine": version, "now": row.version},
        )


def require_event_staff(
    session: Session, actor: Actor, event_id: int, *, on_roster: RosterCheck
) -> None:
    """Organizers, and judges on this event's roster: a judge of event A never acts on event B
    (INV-JUDGE-1: the organizer appoints the event's judges).

    The roster belongs to a discipline (judging's ``judging_judges``) and the platform imports
    no discipline (import contract "platform"), so the caller passes the roster check
    (``torneo.judging.staff.on_roster``). A required argument rather than a registry filled at
    start-up: a caller cannot forget it, and no import order can leave the check missing.
    """
    require(actor, ORGANIZER, JUDGE)
    if ORGANIZER in actor.roles:
        return
    if actor.user_id is None or not on_roster(session, event_id, actor.user_id):
        raise Forbidden(
            "judge",
            N_("%(who)s is not a judge of event %(id)s"),
            N_("a judge on the event's roster (the organizer appoints judges)"),
            params={"who": actor.name, "id": event_id},
        )
