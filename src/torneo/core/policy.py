"""The one policy of who may do what (issue 12): memberships, staff rosters, the admin.

A federation server holds many clubs. A club owns its events, seasons, ladders, RisiKo! and poker
tournaments; an account belongs to clubs with roles, and a tournament has its own staff roster
(the judges of a card event, the referees of a RisiKo! tournament, the floor of a poker one).
This module answers "may this actor do this action on this resource" from those facts alone,
and every use case asks it (through ``torneo.platform.guards.authorize``) before it changes
anything. It is pure: the caller loads the resource's club and roster and passes them in.

The roles, from the most to the least powerful in one club:

- ``owner``: everything an organizer may do, and manages the club's members;
- ``organizer``: creates and runs the club's tournaments, appoints their staff;
- ``judge`` / ``referee`` / ``floor``: staff of card events / RisiKo! / poker; they act on a
  tournament only when appointed to its roster (INV-JUDGE-1 for card events) and only in the
  acts of staff (results, rulings, the floor), never in its set-up.

The server-wide ``admin`` (the federation) may do everything; every action is audited anyway.
Decision: an organizer (or owner) of the club may also act as staff on every tournament of the
club without being on its roster: the organizer is the tournament's first official, as the
regulations have it (the organizer appoints the judges and answers for the event).

>>> from torneo.core.policy import Action, Actor, Resource, refusal
>>> mario = Actor("mario", frozenset({(1, "organizer")}), user_id=7)
>>> event = Resource("event", 3, club_id=1, staff=frozenset(), staff_role="judge")
>>> refusal(mario, Action.MANAGE, event) is None
True
>>> other_club = Resource("event", 4, club_id=2, staff=frozenset(), staff_role="judge")
>>> refusal(mario, Action.MANAGE, other_club).text
'mario may not manage event 4 of another club'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from torneo.core.errors import Refusal
from torneo.core.messages import N_, Term

OWNER = N_("owner")
ORGANIZER = N_("organizer")
JUDGE = N_("judge")
REFEREE = N_("referee")
FLOOR = N_("floor")
ADMIN = N_("admin")
PLAYER = N_("player")
# Roles an account can hold in a club; "admin" is server-wide, "player" is an account linked to
# a player record and holds no club role.
CLUB_ROLES = (OWNER, ORGANIZER, JUDGE, REFEREE, FLOOR)
STAFF_ROLES = (JUDGE, REFEREE, FLOOR)
_RUNS_THE_CLUB = frozenset({OWNER, ORGANIZER})


class Action(StrEnum):
    """What an actor wants to do to a resource."""

    CREATE = "create"  # a new tournament, season or ladder in the club
    MANAGE = "manage"  # set-up and running: register, pair, start, void, appoint staff
    OFFICIATE = "officiate"  # the acts of staff: results, rulings, penalties, the floor
    MEMBERS = "members"  # the club's members and their roles
    READ_PRIVATE = "read_private"  # staff-only reads (rulings, the reports queue, exports)
    OWN = "own"  # a participant's own acts: a fantasy manager's roster, transfers and lineups


@dataclass(frozen=True, slots=True)
class Actor:
    """Who acts: a name (an account, or "cli" / "system"), its roles per club, the admin flag.

    ``memberships`` holds ``(club_id, role)`` pairs. ``player_id`` is the player record an account
    claimed (a player reporting their own result).
    """

    name: str
    memberships: frozenset[tuple[int, str]] = frozenset()
    user_id: int | None = None
    admin: bool = False
    player_id: int | None = None

    @staticmethod
    def system() -> Actor:
        """The server itself (demo loader, migrations, the CLI on the server's shell)."""
        return Actor("system", admin=True)

    @property
    def roles(self) -> frozenset[str]:
        """Every role held in any club (plus "admin", and "player" for a linked account)."""
        found = {role for _, role in self.memberships}
        if self.admin:
            found.add(ADMIN)
        if self.player_id is not None:
            found.add(PLAYER)
        return frozenset(found)

    @property
    def is_staff(self) -> bool:
        """Holds a role in some club (or is the admin): may see the staff's pages."""
        return self.admin or bool(self.memberships)

    def roles_in(self, club_id: int) -> frozenset[str]:
        return frozenset(role for club, role in self.memberships if club == club_id)

    def clubs_run(self) -> tuple[int, ...]:
        """The clubs where this actor is an owner or organizer."""
        return tuple(sorted({c for c, r in self.memberships if r in _RUNS_THE_CLUB}))

    def runs(self, club_id: int) -> bool:
        return self.admin or bool(self.roles_in(club_id) & _RUNS_THE_CLUB)


@dataclass(frozen=True, slots=True)
class Resource:
    """A thing owned by a club: its kind ("event", "season", "RisiKo! tournament"…), id, club,
    and the user ids on its staff roster with the staff role that roster gives."""

    kind: str
    id: int | str | None
    club_id: int
    staff: frozenset[int] = frozenset()
    staff_role: str | None = None
    owners: frozenset[int] = frozenset()  # the accounts it belongs to (a fantasy team's manager)


def refusal(actor: Actor, action: Action, resource: Resource) -> Refusal | None:
    """``None`` when ``actor`` may do ``action`` on ``resource``, else why not.

    OWN (issue 18): the accounts the resource belongs to act on it themselves (a manager on
    their fantasy team), and so may the club's organizers (a lineup received by SMS, as the
    regulation allows); nobody else, whatever role they hold in the club."""
    if action is Action.OWN:
        if actor.user_id is not None and actor.user_id in resource.owners:
            return None
        if actor.admin or actor.runs(resource.club_id):
            return None
        other = not actor.roles_in(resource.club_id)
        return _refuse(
            actor, action, resource, N_("its manager, or an organizer of the club"), other=other
        )
    if actor.admin or actor.runs(resource.club_id):
        owner = actor.admin or OWNER in actor.roles_in(resource.club_id)
        if action is Action.MEMBERS and not owner:
            return _refuse(actor, action, resource, N_("the club's owner"))
        return None
    if not actor.roles_in(resource.club_id) and action is not Action.OFFICIATE:
        return _refuse(actor, action, resource, N_("an organizer of the club"), other=True)
    if action in (Action.OFFICIATE, Action.READ_PRIVATE) and resource.staff_role is not None:
        member = resource.staff_role in actor.roles_in(resource.club_id)
        if member and actor.user_id is not None and actor.user_id in resource.staff:
            return None
        other = not actor.roles_in(resource.club_id)
        refused = _refuse(
            actor,
            action,
            resource,
            N_("a %(role)s appointed to this %(kind)s, or an organizer of the club"),
            other=other,
        )
        # A member of the club who is not on this roster: the field is the roster's role
        # ("judge" for a card event, INV-JUDGE-1), so a client can tell it from "not yours".
        return refused if other else replace(refused, field=resource.staff_role)
    return _refuse(actor, action, resource, N_("an organizer of the club"))


_VERBS = {
    Action.CREATE: N_("%(who)s may not create a %(kind)s in club %(club)s"),
    Action.MANAGE: N_("%(who)s may not manage %(kind)s %(id)s"),
    Action.OFFICIATE: N_("%(who)s is not on the staff of %(kind)s %(id)s"),
    Action.MEMBERS: N_("%(who)s may not manage the members of club %(club)s"),
    Action.READ_PRIVATE: N_("%(who)s may not read the staff's records of %(kind)s %(id)s"),
    Action.OWN: N_("%(who)s may not act for %(kind)s %(id)s"),
}
_OTHER_CLUB = {
    Action.CREATE: N_("%(who)s may not create a %(kind)s in club %(club)s"),
    Action.MANAGE: N_("%(who)s may not manage %(kind)s %(id)s of another club"),
    Action.OFFICIATE: N_("%(who)s may not act on %(kind)s %(id)s of another club"),
    Action.MEMBERS: N_("%(who)s may not manage the members of club %(club)s"),
    Action.READ_PRIVATE: N_("%(who)s may not read %(kind)s %(id)s of another club"),
    Action.OWN: N_("%(who)s may not act for %(kind)s %(id)s of another club"),
}


def _refuse(
    actor: Actor, action: Action, resource: Resource, accepted: str, *, other: bool = False
) -> Refusal:
    params = {
        "who": actor.name,
        "kind": Term(resource.kind),
        "id": resource.id,
        "club": resource.club_id,
        "role": Term(resource.staff_role or JUDGE),
    }
    return Refusal("actor", (_OTHER_CLUB if other else _VERBS)[action], accepted, params=params)
