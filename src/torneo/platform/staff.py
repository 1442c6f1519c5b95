"""Staff rosters of tournaments whose staff carry no more than their appointment (issue 12).

The referees of a RisiKo! tournament and the floor of a poker tournament: the organizer
appoints members of the tournament's club with the matching role, and only they (with the
club's organizers and the admin) act on it. Card events keep their judge roster in judging
(head judge, INV-JUDGE-1). The disciplines call these with the tournament's club; the platform
knows no discipline, so a roster is named by its ``resource`` ("risiko", "poker").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from torneo.core.errors import Conflict, NotFound
from torneo.core.messages import N_, Term
from torneo.core.policy import Action, Actor, Resource
from torneo.platform.clubs import account_named
from torneo.platform.guards import authorize
from torneo.platform.store.tables import Membership, StaffAppointment, User
from torneo.platform.store.uow import Store, UnitOfWork


@dataclass(frozen=True, slots=True)
class StaffMember:
    user_id: int
    username: str
    display_name: str
    role: str


def roster(session: Session, resource: str, resource_id: int) -> frozenset[int]:
    """The user ids appointed to one tournament."""
    return frozenset(
        session.scalars(
            select(StaffAppointment.user_id).where(
                StaffAppointment.resource == resource, StaffAppointment.resource_id == resource_id
            )
        )
    )


def listing(session: Session, resource: str, resource_id: int) -> list[StaffMember]:
    rows = session.execute(
        select(User.id, User.username, User.display_name, StaffAppointment.role)
        .join(StaffAppointment, StaffAppointment.user_id == User.id)
        .where(StaffAppointment.resource == resource, StaffAppointment.resource_id == resource_id)
        .order_by(User.username)
    ).all()
    return [StaffMember(*row) for row in rows]


def appoint(
    uow: UnitOfWork, resource: str, resource_id: int, club_id: int, username: str, role: str
) -> int:
    """Appoint a member of the club holding ``role`` there; anyone else is refused."""
    user = account_named(uow.session, username)
    member = uow.session.scalar(
        select(func.count()).where(
            Membership.club_id == club_id, Membership.user_id == user.id, Membership.role == role
        )
    )
    if not member:
        raise Conflict(
            "username",
            N_("%(name)s is not a %(role)s of the tournament's club"),
            N_("a member of the club with that role (the club's owner adds members)"),
            params={"name": user.username, "role": Term(role)},
        )
    if user.id in roster(uow.session, resource, resource_id):
        raise Conflict(
            "username",
            N_("%(name)s is already appointed"),
            N_("someone not yet on the staff"),
            params={"name": user.username},
        )
    uow.session.add(
        StaffAppointment(
            resource=resource,
            resource_id=resource_id,
            user_id=user.id,
            role=role,
            created_at=uow.now,
        )
    )
    uow.audit(
        f"{resource}.staff.appoint",
        resource,
        resource_id,
        after={"user": user.username, "role": role},
    )
    return user.id


def remove(uow: UnitOfWork, resource: str, resource_id: int, username: str) -> None:
    user = account_named(uow.session, username)
    row = uow.session.scalars(
        select(StaffAppointment).where(
            StaffAppointment.resource == resource,
            StaffAppointment.resource_id == resource_id,
            StaffAppointment.user_id == user.id,
        )
    ).first()
    if row is None:
        raise NotFound(
            "username",
            N_("%(name)s is not on the staff"),
            N_("someone on the tournament's staff"),
            params={"name": user.username},
        )
    uow.session.delete(row)
    uow.audit(
        f"{resource}.staff.remove",
        resource,
        resource_id,
        before={"user": user.username, "role": row.role},
    )


@dataclass(frozen=True, slots=True)
class TournamentStaff:
    """How one discipline's tournaments keep their staff: the roster's name, the club role its
    staff hold, and how to load a tournament (locked for update) as a policy resource."""

    resource: str
    role: str
    load: Callable[[Session, int], Resource]

    def appoint(self, store: Store, actor: Actor, tournament_id: int, username: str) -> int:
        """The organizer appoints a member of the club with the staff role (issue 12)."""
        with store.unit(actor) as uow:
            owned = self.load(uow.session, tournament_id)
            authorize(actor, Action.MANAGE, owned)
            return appoint(uow, self.resource, tournament_id, owned.club_id, username, self.role)

    def remove(self, store: Store, actor: Actor, tournament_id: int, username: str) -> None:
        with store.unit(actor) as uow:
            authorize(actor, Action.MANAGE, self.load(uow.session, tournament_id))
            remove(uow, self.resource, tournament_id, username)

    def members(self, store: Store, tournament_id: int) -> list[StaffMember]:
        with store.read() as session:
            self.load(session, tournament_id)  # 404 for a tournament that does not exist
            return listing(session, self.resource, tournament_id)


def roster_resource(
    session: Session, kind: str, resource: str, role: str, tournament_id: int, club_id: int
) -> Resource:
    """A tournament kept on one of these rosters, as a resource of the one policy."""
    return Resource(
        kind,
        tournament_id,
        club_id=club_id,
        staff=roster(session, resource, tournament_id),
        staff_role=role,
    )


def worked_on(
    session: Session, actor: Actor, resource: str, club_of: Any, id_of: Any
) -> ColumnElement[bool] | None:
    """Which tournaments of roster ``resource`` ``actor`` works on, as a WHERE clause over the
    tournament's ``club_of`` and ``id_of`` columns (issue 15, their desks): those of the clubs
    it runs and those it is appointed to; ``None`` for the admin (every tournament)."""
    if actor.admin:
        return None
    mine: frozenset[int] = frozenset()
    if actor.user_id is not None:
        mine = frozenset(
            session.scalars(
                select(StaffAppointment.resource_id).where(
                    StaffAppointment.resource == resource,
                    StaffAppointment.user_id == actor.user_id,
                )
            )
        )
    clause: ColumnElement[bool] = club_of.in_(actor.clubs_run()) | id_of.in_(mine)
    return clause


def worked_rows(
    session: Session, actor: Actor, resource: str, model: Any, *, limit: int = 50
) -> list[Any]:
    """The newest tournaments (rows of ``model``: ``club_id``, ``id``, ``held_on``) that
    ``actor`` works on (:func:`worked_on`)."""
    stmt = select(model)
    mine = worked_on(session, actor, resource, model.club_id, model.id)
    if mine is not None:
        stmt = stmt.where(mine)
    stmt = stmt.order_by(model.held_on.desc(), model.id.desc()).limit(limit)
    return list(session.scalars(stmt))
