"""Guards every use case runs before it changes anything: the policy and a stale page.

One place for both so that every discipline refuses the same way, with the same words: a
Forbidden that says who may act, and a Conflict that tells the client to reload.
"""

from __future__ import annotations

from typing import Protocol

from torneo.core.errors import Conflict, Forbidden
from torneo.core.messages import N_
from torneo.core.policy import Action, Actor, Resource, refusal

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


class HasVersion(Protocol):
    """A row under optimistic locking (``torneo.platform.store.tables.Versioned``)."""

    @property
    def version(self) -> int: ...


def authorize(actor: Actor, action: Action, resource: Resource) -> None:
    """Refuse (403, nothing changed) unless the one policy lets ``actor`` do ``action`` on
    ``resource`` (``torneo.core.policy``: memberships, staff rosters, the admin).

    Every use case calls this inside its unit of work, after loading the resource's club and
    roster (each discipline's ``state_access`` module), before it changes anything.
    """
    refused = refusal(actor, action, resource)
    if refused is not None:
        raise Forbidden(
            refused.field, refused.reason, refused.accepted, params=dict(refused.params)
        )


def precheck(actor: Actor, action: Action) -> None:
    """Refuse at once an actor who could not do ``action`` on anything, before the input is
    read: an account with no role in any club (a player) may neither manage nor officiate, and
    only organizers and owners manage. The full check, on the resource's own club and roster,
    is :func:`authorize` inside the transaction; this one only makes "you may not" come before
    "your input is wrong" for those who may not do it anywhere."""
    if actor.admin:
        return
    may = bool(actor.clubs_run()) if action is not Action.OFFICIATE else bool(actor.memberships)
    if not may:
        raise Forbidden(
            "actor",
            N_("%(who)s may not do this"),
            N_("an organizer of the club") if action is not Action.OFFICIATE else _STAFF,
            params={"who": actor.name},
        )


_STAFF = N_("the tournament's staff, or an organizer of the club")


def require_player(actor: Actor) -> int:
    """The player record of a player's account (a player acting for themselves)."""
    if actor.player_id is None:
        raise Forbidden(
            "actor",
            N_("%(who)s is not a player's account"),
            N_("the account of a player (claimed with the organizer's code)"),
            params={"who": actor.name},
        )
    return actor.player_id


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
