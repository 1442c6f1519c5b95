"""Accounts: organizers, judges and players log in with argon2-hashed passwords."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, select

from torneo.core.errors import Conflict, TorneoError, Unauthorized
from torneo.core.messages import N_
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Actor, Store

# N_: refusals name roles as translated words (Term), so the catalog must hold them.
ROLES = (N_("organizer"), N_("judge"), N_("player"))
_hasher = PasswordHasher()
# Verifying against a dummy hash when the user is unknown keeps the timing of both failures equal.
_DUMMY_HASH = _hasher.hash("torneo-dummy-password")


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
    if len(password) < 8:
        raise TorneoError(
            "password", N_("is shorter than 8 characters"), N_("at least 8 characters")
        )
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
            password_hash=_hasher.hash(password),
            player_id=player_id,
            created_at=uow.now,
        )
        uow.session.add(user)
        uow.session.flush()
        uow.audit("user.create", "user", user.id, after={"username": name, "role": role})
        return user.id


def authenticate(store: Store, username: str, password: str) -> Actor:
    """Return the actor for good credentials; one message for every failure (no user probing)."""
    with store.read() as session:
        user = session.scalars(
            select(User).where(User.username == username.strip().lower())
        ).first()
        try:
            _hasher.verify(user.password_hash if user else _DUMMY_HASH, password)
        except (VerificationError, InvalidHashError):
            user = None
        if user is None:
            raise Unauthorized(
                "credentials",
                N_("wrong user name or password"),
                N_("the user name and password of an account"),
            )
        return actor_of(user)


def get_actor(store: Store, user_id: int) -> Actor | None:
    with store.read() as session:
        user = session.get(User, user_id)
        return actor_of(user) if user else None
