"""Guards every use case runs before it changes anything: the actor's role and a stale page.

One place for both so that every discipline refuses the same way, with the same words: a
Forbidden that names the roles accepted, and a Conflict that tells the client to reload.
"""

from __future__ import annotations

from typing import Protocol

from torneo.errors import Conflict, Forbidden
from torneo.store.uow import Actor

ORGANIZER = "organizer"
JUDGE = "judge"


class HasVersion(Protocol):
    """A row under optimistic locking (``torneo.store.models.Versioned``)."""

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
