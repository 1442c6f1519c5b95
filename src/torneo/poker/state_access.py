"""Who may act on a poker tournament: the tournament as a resource of the one policy (issue 12).

The tournament belongs to its club; its staff are the members the organizer appointed to it
(``torneo.platform.staff``, roster "poker"). Every use case authorizes through
:func:`authorize_tournament` after loading the tournament, inside its transaction.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.core.policy import FLOOR, Action, Actor, Resource
from torneo.platform import staff
from torneo.platform.guards import authorize
from torneo.platform.store.uow import Store
from torneo.poker.tables import PokerEntrant, PokerTournament

KIND = N_("poker tournament")
ROSTER = "poker"


def tournament_resource(session: Session, row: PokerTournament) -> Resource:
    return staff.roster_resource(session, KIND, ROSTER, FLOOR, row.id, row.club_id)


def authorize_tournament(
    session: Session, actor: Actor, row: PokerTournament, action: Action
) -> None:
    """403 unless the policy lets ``actor`` do ``action`` on this tournament."""
    authorize(actor, action, tournament_resource(session, row))


def floor_reader(store: Store, actor: Actor, tournament_id: int) -> None:
    """403 unless ``actor`` may officiate this tournament: the floor's log names who did what."""
    with store.read() as session:
        row = session.get(PokerTournament, tournament_id)
        if row is None:
            raise NotFound(
                "tournament_id",
                N_("no poker tournament %(tournament_id)s"),
                N_("the id of a tournament"),
                params={"tournament_id": tournament_id},
            )
        authorize_tournament(session, actor, row, Action.OFFICIATE)


def player_clubs(session: Session, player_id: int) -> set[int]:
    """The clubs whose poker tournaments that started with player ``player_id``
    (a record older than its creating club, issue 27 hole 1)."""
    return set(
        session.scalars(
            select(PokerTournament.club_id)
            .join(PokerEntrant, PokerEntrant.tournament_id == PokerTournament.id)
            .where(PokerEntrant.player_id == player_id, PokerTournament.status != "registration")
        )
    )


# --- the club's season (issue 17): schedules and leagues belong to a club ------------------------

SCHEDULE_KIND = N_("poker schedule")
LEAGUE_KIND = N_("poker league")


def club_thing(kind: str, thing_id: int, club_id: int) -> Resource:
    """A schedule or a league as a resource of the policy: its club's organizers write it."""
    return Resource(kind, thing_id, club_id=club_id)


def authorize_club_thing(actor: Actor, kind: str, thing_id: int, club_id: int) -> None:
    authorize(actor, Action.MANAGE, club_thing(kind, thing_id, club_id))
