"""Clubs and their members (issue 12): who runs which club, with which role.

A club owns its tournaments, seasons and ladders; an account is a member of a club with one or
more roles (``torneo.core.policy.CLUB_ROLES``). The club's owner manages its members; a club
always keeps at least one owner. Every change runs in one transaction with its audit row.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.core.inputs import clean_text
from torneo.core.messages import N_
from torneo.core.policy import CLUB_ROLES, OWNER, Action, Actor, Resource
from torneo.platform.guards import authorize
from torneo.platform.store.tables import Club, Membership, User
from torneo.platform.store.uow import Store

_ROLES_SAID = N_("owner, organizer, judge, referee or floor")


@dataclass(frozen=True, slots=True)
class MemberView:
    user_id: int
    username: str
    display_name: str
    roles: tuple[str, ...]
    disabled: bool


@dataclass(frozen=True, slots=True)
class ClubView:
    id: int
    name: str
    members: tuple[MemberView, ...]


def club_resource(club_id: int) -> Resource:
    return Resource("club", club_id, club_id=club_id)


def check_role(role: str) -> str:
    if role not in CLUB_ROLES:
        raise TorneoError("role", N_("unknown role '%(role)s'"), _ROLES_SAID, params={"role": role})
    return role


def _clean_name(name: str) -> str:
    clean = clean_text("name", name)  # issue 27 hole 8: NFKC, nothing invisible
    if not clean or len(clean) > 120:
        raise TorneoError(
            "name",
            N_("'%(name)s' is not a club name"),
            N_("1-120 characters"),
            params={"name": name},
        )
    return clean


def club_by_name(session: Session, name: str) -> Club:
    club = session.scalars(select(Club).where(Club.name == " ".join(name.split()))).first()
    if club is None:
        known = ", ".join(session.scalars(select(Club.name).order_by(Club.name)).all())
        raise NotFound(
            "club",
            N_("no club is named '%(name)s'"),
            N_("one of: %(known)s"),
            params={"name": name, "known": known or "-"},
        )
    return club


def create_club(store: Store, actor: Actor, name: str, *, owner: str | None = None) -> int:
    """A new club (the federation's admin creates clubs); ``owner`` becomes its first owner."""
    if not actor.admin:
        raise Forbidden(
            "actor",
            N_("%(who)s may not create clubs"),
            N_("the federation's administrator"),
            params={"who": actor.name},
        )
    clean = _clean_name(name)
    with store.unit(actor) as uow:
        if uow.session.scalar(select(func.count()).where(Club.name == clean)):
            raise Conflict(
                "name",
                N_("a club named '%(name)s' exists"),
                N_("another name"),
                params={"name": clean},
            )
        club = Club(name=clean, created_at=uow.now)
        uow.session.add(club)
        uow.session.flush()
        uow.audit("club.create", "club", club.id, after={"name": clean})
        if owner is not None:
            _add(uow.session, club.id, account_named(uow.session, owner), OWNER, uow.now)
            uow.audit("club.member.add", "club", club.id, after={"user": owner, "role": OWNER})
        return club.id


def account_named(session: Session, username: str) -> User:
    """The account ``username`` (404 naming the field when there is none)."""
    user = session.scalars(select(User).where(User.username == username.strip().lower())).first()
    if user is None:
        raise NotFound(
            "username",
            N_("no account is named '%(name)s'"),
            N_("the user name of an account"),
            params={"name": username},
        )
    return user


def _add(session: Session, club_id: int, user: User, role: str, now: datetime) -> bool:
    exists = session.scalar(
        select(func.count()).where(
            Membership.club_id == club_id, Membership.user_id == user.id, Membership.role == role
        )
    )
    if exists:
        return False
    session.add(Membership(club_id=club_id, user_id=user.id, role=role, created_at=now))
    session.flush()
    return True


def add_member(store: Store, actor: Actor, club_id: int, username: str, role: str) -> None:
    """Give an account a role in the club (the owner, or the admin)."""
    authorize(actor, Action.MEMBERS, club_resource(club_id))  # before the input: 403 first
    check_role(role)
    with store.unit(actor) as uow:
        _club(uow.session, club_id)
        user = account_named(uow.session, username)
        if _add(uow.session, club_id, user, role, uow.now):
            uow.audit(
                "club.member.add", "club", club_id, after={"user": user.username, "role": role}
            )


def remove_member(store: Store, actor: Actor, club_id: int, username: str, role: str) -> None:
    """Take a role away; the last owner of a club cannot be removed."""
    authorize(actor, Action.MEMBERS, club_resource(club_id))  # before the input: 403 first
    check_role(role)
    with store.unit(actor) as uow:
        _club(uow.session, club_id)
        user = account_named(uow.session, username)
        row = uow.session.scalars(
            select(Membership).where(
                Membership.club_id == club_id,
                Membership.user_id == user.id,
                Membership.role == role,
            )
        ).first()
        if row is None:
            raise NotFound(
                "role",
                N_("%(name)s is not %(role)s of this club"),
                N_("a role the account holds in the club"),
                params={"name": user.username, "role": role},
            )
        if role == OWNER and _owners(uow.session, club_id) <= 1:
            raise Conflict(
                "role",
                N_("%(name)s is the club's last owner"),
                N_("appoint another owner first"),
                params={"name": user.username},
            )
        uow.session.delete(row)
        uow.audit(
            "club.member.remove", "club", club_id, before={"user": user.username, "role": role}
        )


def _owners(session: Session, club_id: int) -> int:
    return int(
        session.scalar(
            select(func.count()).where(Membership.club_id == club_id, Membership.role == OWNER)
        )
        or 0
    )


def _club(session: Session, club_id: int) -> Club:
    club = session.get(Club, club_id)
    if club is None:
        raise NotFound("club", N_("no club %(id)s"), N_("the id of a club"), params={"id": club_id})
    return club


def club_view(store: Store, club_id: int) -> ClubView:
    with store.read() as session:
        club = _club(session, club_id)
        rows = session.execute(
            select(User.id, User.username, User.display_name, Membership.role)
            .join(Membership, Membership.user_id == User.id)
            .where(Membership.club_id == club_id)
            .order_by(User.username, Membership.role)
        ).all()
    members: dict[int, tuple[str, str, list[str]]] = {}
    for uid, username, display, role in rows:
        members.setdefault(uid, (username, display, []))[2].append(role)
    return ClubView(
        club.id,
        club.name,
        tuple(
            MemberView(uid, u, d, tuple(sorted(r, key=CLUB_ROLES.index)), False)
            for uid, (u, d, r) in members.items()
        ),
    )


def clubs(store: Store) -> list[tuple[int, str]]:
    with store.read() as session:
        return [(c.id, c.name) for c in session.scalars(select(Club).order_by(Club.name))]


def owning_club(session: Session, actor: Actor, club: int | str | None, kind: str) -> int:
    """The club a new ``kind`` (event, season, tournament…) will belong to, checked.

    ``club`` is an id or a name; when it is left out, the one club the actor runs (or, for
    the admin and the server's own shell, the only club on the server). Anyone else is refused
    (CREATE in the policy).
    """
    if isinstance(club, str) and not club.isdigit():
        club_id = club_by_name(session, club).id
    elif club is not None:
        club_id = _club(session, int(club)).id
    else:
        choices = (
            tuple(session.scalars(select(Club.id).order_by(Club.id)).all())
            if actor.admin
            else actor.clubs_run()
        )
        if not choices and not actor.admin:
            raise Forbidden(
                "actor",
                N_("%(who)s organizes no club"),
                N_("an organizer of a club"),
                params={"who": actor.name},
            )
        if len(choices) != 1:
            raise TorneoError(
                "club",
                N_("say which club the %(kind)s belongs to"),
                N_("the name of a club you organize"),
                params={"kind": kind},
            )
        club_id = choices[0]
    authorize(actor, Action.CREATE, Resource(kind, None, club_id=club_id))
    return club_id
