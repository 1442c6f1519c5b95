"""Accounts: club staff and players log in with argon2-hashed passwords.

An account's rights are its memberships (club, role) and the admin flag (issue 12); the actor
built here carries them, read from the database on each request, so a removed role or account
stops working at once, on every worker.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.core.errors import Conflict, NotFound, TorneoError, Unauthorized
from torneo.core.inputs import clean_text
from torneo.core.messages import N_
from torneo.core.policy import CLUB_ROLES, PLAYER, Action
from torneo.platform.clubs import club_by_name, club_resource
from torneo.platform.guards import authorize
from torneo.platform.passwords import check_password, hash_password, verify_password
from torneo.platform.store.tables import Club, Membership, User
from torneo.platform.store.uow import Actor, Store, UnitOfWork

# "player": an account linked to a player record, with no club role (it reports its results).
ROLES = (*CLUB_ROLES, PLAYER)
# Verifying against a dummy hash when the user is unknown keeps the timing of both failures equal.
_DUMMY_HASH = hash_password("torneo-dummy-password")


def actor_of(session: Session, user: User) -> Actor:
    memberships = session.execute(
        select(Membership.club_id, Membership.role).where(Membership.user_id == user.id)
    ).all()
    return Actor(
        user.username,
        frozenset((club, role) for club, role in memberships),
        user_id=user.id,
        admin=user.is_admin,
        player_id=user.player_id,
    )


def check_username(username: str) -> str:
    """The user name as stored (trimmed, lower case), or a refusal naming what is accepted."""
    name = username.strip().lower()
    if not name or len(name) > 80 or not all(c.isalnum() or c in "._-" for c in name):
        raise TorneoError(
            "username",
            N_("'%(name)s' is not a valid user name"),
            N_("1-80 letters, digits, '.', '_' or '-'"),
            params={"name": username},
        )
    return name


def create_user(
    store: Store,
    actor: Actor,
    *,
    username: str,
    password: str,
    role: str,
    club: int | str | None = None,
    display_name: str | None = None,
    player_id: int | None = None,
    admin: bool = False,
) -> int:
    """A new account. ``role`` "player" links it to ``player_id`` with no club role; any other
    role is a membership of ``club`` (an id or name; left out, the one club of the server)."""
    new = new_account(username, password, role, display_name)
    with store.unit(actor) as uow:
        return add_account(uow, new, club=club, player_id=player_id, admin=admin)


@dataclass(frozen=True)
class NewAccount:
    """An account checked and its password hashed, before any transaction (argon2 is slow)."""

    username: str
    display_name: str
    password_hash: str
    role: str


def new_account(
    username: str, password: str, role: str, display_name: str | None = None
) -> NewAccount:
    """The checks of a new account that need no database; refused with the field named."""
    name = check_username(username)
    check_password(password)
    if role not in ROLES:
        raise TorneoError(
            "role",
            N_("unknown role '%(role)s'"),
            N_("owner, organizer, judge, referee, floor or player"),  # ROLES, as one list
            params={"role": role},
        )
    shown = clean_text("display_name", display_name) if display_name else ""
    return NewAccount(name, shown or username, hash_password(password), role)


def add_account(
    uow: UnitOfWork,
    new: NewAccount,
    *,
    club: int | str | None = None,
    player_id: int | None = None,
    admin: bool = False,
) -> int:
    """Write ``new`` with its membership inside the caller's transaction (an invitation's
    join consumes its link in the same one, issue 27 hole 3)."""
    club_id = None
    if new.role != PLAYER:
        club_id = _club_for_account(uow.session, uow.actor, club)
    exists = uow.session.scalar(select(func.count()).where(User.username == new.username))
    if exists:
        raise Conflict(
            "username",
            N_("'%(name)s' is taken"),
            N_("another user name"),
            params={"name": new.username},
        )
    user = User(
        username=new.username,
        display_name=new.display_name,
        is_admin=admin,
        password_hash=new.password_hash,
        player_id=player_id,
        created_at=uow.now,
    )
    uow.session.add(user)
    uow.session.flush()
    if club_id is not None:
        uow.session.add(
            Membership(club_id=club_id, user_id=user.id, role=new.role, created_at=uow.now)
        )
    uow.audit(
        "user.create",
        "user",
        user.id,
        after={"username": new.username, "role": new.role, "club": club_id, "admin": admin},
    )
    return user.id


def _club_for_account(session: Session, actor: Actor, club: int | str | None) -> int:
    """The club of a new account's role: its owner (or the admin) gives roles (MEMBERS)."""
    if club is None:
        ids = session.scalars(select(Club.id).order_by(Club.id)).all()
        if len(ids) != 1:
            raise TorneoError(
                "club",
                N_("say which club the account's role belongs to"),
                N_("the name of a club"),
            )
        club_id = ids[0]
    elif isinstance(club, str) and not club.isdigit():
        club_id = club_by_name(session, club).id
    else:
        club_id = int(club)
        if session.get(Club, club_id) is None:
            raise NotFound(
                "club", N_("no club %(id)s"), N_("the id of a club"), params={"id": club_id}
            )
    authorize(actor, Action.MEMBERS, club_resource(club_id))
    return club_id


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
        return actor_of(session, user)


def get_actor(store: Store, user_id: int) -> Actor | None:
    with store.read() as session:
        user = session.get(User, user_id)
        return actor_of(session, user) if user else None


@dataclass(frozen=True, slots=True)
class UserRow:
    """One account as ``torneo user list`` shows it."""

    id: int
    username: str
    display_name: str
    admin: bool
    player_id: int | None
    roles: tuple[tuple[str, str], ...]  # (club name, role)

    def roles_text(self) -> str:
        return ", ".join(f"{role}@{club}" for club, role in self.roles)

    def as_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "username": self.username,
            "name": self.display_name,
            "admin": self.admin,
            "player_id": self.player_id,
            "roles": [{"club": c, "role": r} for c, r in self.roles],
        }


def list_users(store: Store) -> list[UserRow]:
    with store.read() as session:
        roles: dict[int, list[tuple[str, str]]] = {}
        for uid, club, role in session.execute(
            select(Membership.user_id, Club.name, Membership.role)
            .join(Club, Club.id == Membership.club_id)
            .order_by(Club.name, Membership.role)
        ):
            roles.setdefault(uid, []).append((club, role))
        return [
            UserRow(
                u.id,
                u.username,
                u.display_name,
                u.is_admin,
                u.player_id,
                tuple(roles.get(u.id, ())),
            )
            for u in session.scalars(select(User).order_by(User.username))
        ]


def with_password(store: Store, usernames: tuple[str, ...], password: str) -> list[str]:
    """Which of ``usernames`` still log in with ``password`` (a known, published one)."""
    with store.read() as session:
        users = session.scalars(select(User).where(User.username.in_(usernames))).all()
        found = []
        for user in users:
            if verify_password(user.password_hash, password):
                found.append(user.username)
        return sorted(found)
