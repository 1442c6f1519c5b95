"""Accounts: organizers, judges and players log in with argon2-hashed passwords."""

from __future__ import annotations

from sqlalchemy import func, select

from torneo.core.errors import Conflict, TorneoError, Unauthorized
from torneo.core.messages import N_
from torneo.platform.passwords import check_password, hash_password, verify_password
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Actor, Store

# N_: refusals name roles as translated words (Term), so the catalog must hold them.
ROLES = (N_("organizer"), N_("judge"), N_("player"))
# Verifying against a dummy hash when the user is unknown keeps the timing of both failures equal.
_DUMMY_HASH = hash_password("torneo-dummy-password")


def actor_of(user: User) -> Actor:
    roles = {user.role}
    if user.role == "organizer":
        roles.add("judge")  # an organizer may act as judge at their own club's events
    return Actor(user.username, frozenset(roles), user_id=user.id)


def create_user(
    store: Store,
    actor: Actor,
    *,
    username: str,
    password: str,
    role: str,
    display_name: str | None = None,
    player_id: int | None = None,
) -> int:
    name = username.strip().lower()
    if not name or len(name) > 80 or not all(c.isalnum() or c in "._-" for c in name):
        raise TorneoError(
            "username",
            N_("'%(name)s' is not a valid user name"),
            N_("1-80 letters, digits, '.', '_' or '-'"),
            params={"name": username},
        )
    check_password(password)
    if role not in ROLES:
        raise TorneoError(
            "role",
            N_("unknown role '%(role)s'"),
            N_("organizer, judge, player"),  # ROLES, said as one translated list
            params={"role": role},
        )
    with store.unit(actor) as uow:
        exists = uow.session.scalar(select(func.count()).where(User.username == name))
        if exists:
            raise Conflict(
                "username",
                N_("'%(name)s' is taken"),
                N_("another user name"),
                params={"name": name},
            )
        user = User(
            username=name,
            display_name=display_name or username,
            role=role,
            password_hash=hash_password(password),
            player_id=player_id,
            created_at=uow.now,
        )
        uow.session.add(user)
        uow.session.flush()
        uow.audit("user.create", "user", user.id, after={"username": name, "role": role})
        return user.id


def authenticate(store: Store, username: str, password: str) -> Actor:
    """Return the actor for good credentials; one message for every failure (no user probing).

    Decision: a disabled account is told so, but only after its right password (a guesser learns
    nothing about it); both answers are 401, so the login throttle counts them alike. Raises
    :class:`torneo.platform.passwords.Busy` (503) when the worker checks too many at once.
    """
    with store.read() as session:
        user = session.scalars(
            select(User).where(User.username == username.strip().lower())
        ).first()
        if not verify_password(user.password_hash if user else _DUMMY_HASH, password):
            user = None
        if user is None:
            raise Unauthorized(
                "credentials",
                N_("wrong user name or password"),
                N_("the user name and password of an account"),
            )
        if user.disabled:
            raise Unauthorized(
                "credentials",
                N_("this account is disabled"),
                N_("ask the club's owner or the server's admin to enable it"),
            )
        return actor_of(user)


def get_actor(store: Store, user_id: int) -> Actor | None:
    with store.read() as session:
        user = session.get(User, user_id)
        return actor_of(user) if user else None
