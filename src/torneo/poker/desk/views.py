"""The desk of a poker tournament (issue 15): for the club's organizers and the floor staff
appointed to it (403 for anyone else), built on the director's own read
(:func:`torneo.poker.views.tournament_view`)."""

from __future__ import annotations

from dataclasses import dataclass

from torneo.core.policy import Action, refusal
from torneo.platform import staff
from torneo.platform.store.uow import Actor, Store
from torneo.poker.rules.desk import DeskState, Step, next_step
from torneo.poker.state import get_tournament
from torneo.poker.state_access import ROSTER, authorize_tournament, tournament_resource
from torneo.poker.tables import PokerTournament
from torneo.poker.views import TournamentView, tournament_view


@dataclass(frozen=True, slots=True)
class DeskView:
    view: TournamentView
    step: Step
    may_manage: bool
    floor: int  # floor staff appointed


def desk(store: Store, actor: Actor, tid: int) -> DeskView:
    with store.read() as session:
        row = get_tournament(session, tid)
        authorize_tournament(session, actor, row, Action.OFFICIATE)
        resource = tournament_resource(session, row)
        may_manage = refusal(actor, Action.MANAGE, resource) is None
        floor = len(resource.staff)
    view = tournament_view(store, tid)
    state = DeskState(
        status=view.status,
        entries=sum(1 for p in view.players if p.status in ("in", "booked", "out")),
        seated=view.is_seated,
        clock_started=view.clock.is_started,
        clock_running=view.clock.is_running,
    )
    return DeskView(view, next_step(state), may_manage, floor)


@dataclass(frozen=True, slots=True)
class WorkedTournament:
    id: int
    name: str
    status: str
    as_organizer: bool


def my_tournaments(store: Store, actor: Actor, *, limit: int = 50) -> list[WorkedTournament]:
    """The tournaments ``actor`` organizes (its clubs) or works the floor of (appointed)."""
    clubs = set(actor.clubs_run())
    with store.read() as session:
        rows = staff.worked_rows(session, actor, ROSTER, PokerTournament, limit=limit)
        return [
            WorkedTournament(row.id, row.name, row.status, actor.admin or row.club_id in clubs)
            for row in rows
        ]
