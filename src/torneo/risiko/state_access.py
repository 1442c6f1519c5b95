"""Who may act on a RisiKo! tournament: the tournament as a resource of the one policy (issue 12).

The tournament belongs to its club; its staff are the members the organizer appointed to it
(``torneo.platform.staff``, roster "risiko"). Every use case authorizes through
:func:`authorize_tournament` after loading the tournament, inside its transaction.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.messages import N_
from torneo.core.policy import REFEREE, Action, Actor, Resource, refusal
from torneo.platform import staff
from torneo.platform.guards import authorize
from torneo.risiko.tables import RisikoEntrant, RisikoTournament

KIND = N_("RisiKo! tournament")
ROSTER = "risiko"


def tournament_resource(session: Session, row: RisikoTournament) -> Resource:
    return staff.roster_resource(session, KIND, ROSTER, REFEREE, row.id, row.club_id)


def authorize_tournament(
    session: Session, actor: Actor, row: RisikoTournament, action: Action
) -> None:
    """403 unless the policy lets ``actor`` do ``action`` on this tournament."""
    authorize(actor, action, tournament_resource(session, row))


def allowed_actions(
    session: Session, actor: Actor | None, row: RisikoTournament
) -> frozenset[Action]:
    """Issue 26 item 2: what the one policy lets ``actor`` do on this tournament, so a page shows
    each visitor only the forms that will be accepted (the services still authorize each one)."""
    if actor is None:
        return frozenset()
    resource = tournament_resource(session, row)
    wanted = (Action.MANAGE, Action.OFFICIATE)
    return frozenset(a for a in wanted if refusal(actor, a, resource) is None)


def player_clubs(session: Session, player_id: int) -> set[int]:
    """The clubs whose risiko tournaments that started with player ``player_id``
    (a record older than its creating club, issue 27 hole 1)."""
    return set(
        session.scalars(
            select(RisikoTournament.club_id)
            .join(RisikoEntrant, RisikoEntrant.tournament_id == RisikoTournament.id)
            .where(RisikoEntrant.player_id == player_id, RisikoTournament.status != "registration")
        )
    )
