"""Sessions that can be ended: a per-account session generation, checked on every request.

The signed session cookie carries the account's id and its ``session_generation`` at login.
Every request that reads the logged-in account compares the two (one primary-key read, which the
request makes anyway): a cookie of another generation, of a disabled account or of an account that
is gone is treated as logged out. :func:`end_sessions` bumps the generation, so logging out,
a new password or disabling an account ends every session of that account on every worker at
once (the generation is in the database, not in a worker), and a copied or replayed cookie of a
logged-out session is worthless.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from sqlalchemy import Table, bindparam, select
from sqlalchemy.orm import Session

from torneo.platform.store.tables import Membership, User
from torneo.platform.store.uow import Actor, Store


@dataclass(frozen=True, slots=True)
class SessionKey:
    """What the cookie carries to name a session: the account and its generation."""

    user_id: int
    generation: int


def end_sessions(session: Session, user: User) -> None:
    """End every session of ``user`` (call inside the unit of work that changes the account).

    The increment is done by the database (``generation + 1``), so two at once both count.
    """
    user.session_generation = User.session_generation + 1
    session.flush()  # run the increment now, so a second call in the same unit counts too


def session_key(store: Store, user_id: int) -> SessionKey:
    """The key of a new session of ``user_id`` (at login)."""
    with store.read() as session:
        user = session.get(User, user_id)
        generation = user.session_generation if user is not None else -1
    return SessionKey(user_id, generation)


_users = cast(Table, User.__table__)
_members = cast(Table, Membership.__table__)
# The account and its memberships in one statement, built once: every logged-in request reads
# it (issue 14: a player's report from their account paid two queries and a transaction).
_SESSION = (
    select(
        _users.c.username,
        _users.c.is_admin,
        _users.c.player_id,
        _users.c.disabled,
        _users.c.session_generation,
        _members.c.club_id,
        _members.c.role,
    )
    .select_from(_users.outerjoin(_members, _members.c.user_id == _users.c.id))
    .where(_users.c.id == bindparam("user_id"))
)


def session_actor(store: Store, key: SessionKey) -> Actor | None:
    """The actor of a live session; None when it was ended, or the account is disabled or gone.

    One statement in autocommit (a single read needs no transaction around it: no BEGIN, no
    ROLLBACK), the same rows as :func:`~torneo.platform.accounts.actor_of` reads."""
    with store.lone_read() as conn:
        rows = conn.execute(_SESSION, {"user_id": key.user_id}).all()
    if not rows:
        return None
    user = rows[0]
    if user.disabled or user.session_generation != key.generation:
        return None
    return Actor(
        user.username,
        frozenset((r.club_id, r.role) for r in rows if r.club_id is not None),
        user_id=key.user_id,
        admin=user.is_admin,
        player_id=user.player_id,
    )


def log_out(store: Store, actor: Actor) -> None:
    """End every session of the actor's account (logging out on one device logs out all)."""
    if actor.user_id is None:
        return
    with store.unit(actor) as uow:
        user = uow.session.get(User, actor.user_id)
        if user is None:
            return
        end_sessions(uow.session, user)
        uow.audit("user.log_out", "user", user.id)
