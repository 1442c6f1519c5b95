"""The staff of a poker tournament (issue 12): appointed by the organizer, from the club's
members with the floor role; only they, the club's organizers and the admin act on it."""

from __future__ import annotations

from sqlalchemy.orm import Session

from torneo.core.policy import FLOOR, Resource
from torneo.platform.staff import TournamentStaff
from torneo.poker.state import get_tournament
from torneo.poker.state_access import ROSTER, tournament_resource


def _load(session: Session, tournament_id: int) -> Resource:
    return tournament_resource(session, get_tournament(session, tournament_id, for_update=True))


STAFF = TournamentStaff(ROSTER, FLOOR, _load)
