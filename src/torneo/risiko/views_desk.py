"""The desk of a RisiKo! tournament (issue 15): the round's tables, the next action, for its
staff (the club's organizers and the referees appointed to it; 403 for anyone else).

Built on the control room's own read (:func:`torneo.risiko.views.tournament_page`), so the desk
says exactly what the control room would let the organizer do.
"""

from __future__ import annotations

from dataclasses import dataclass

from torneo.core.policy import Action, refusal
from torneo.platform import staff
from torneo.platform.store.uow import Actor, Store
from torneo.risiko.rules.desk import DeskState, NextStep, next_step
from torneo.risiko.state import get_tournament
from torneo.risiko.state_access import ROSTER, authorize_tournament, tournament_resource
from torneo.risiko.tables import RisikoTournament
from torneo.risiko.views import Page, RoundLine, tournament_page

SMALLEST_TABLE = 3  # RSK-TBL-2: tables of 4 (or 5, or 3): fewer than 3 players draw no table


@dataclass(frozen=True, slots=True)
class DeskView:
    page: Page
    step: NextStep
    round: RoundLine | None
    may_manage: bool
    referees: int


def desk(store: Store, actor: Actor, tid: int) -> DeskView:
    with store.read() as session:
        row = get_tournament(session, tid)
        authorize_tournament(session, actor, row, Action.OFFICIATE)
        resource = tournament_resource(session, row)
        may_manage = refusal(actor, Action.MANAGE, resource) is None
        referees = len(resource.staff)
    page = tournament_page(store, tid)
    current = page.current
    active = sum(1 for p in page.players if p.left_after_round is None and not p.expelled)
    state = DeskState(
        status=page.summary.status,
        players=active,
        min_players=SMALLEST_TABLE,
        round_no=current.number if current else 0,
        reported=current.reported if current else 0,
        tables=current.total if current else 0,
        can_draw=page.next_draw is not None,
        title_tied=bool(page.title_tie),
        can_close=page.can_close,
    )
    return DeskView(page, next_step(state), current, may_manage, referees)


@dataclass(frozen=True, slots=True)
class WorkedTournament:
    id: int
    name: str
    status: str
    rounds: int
    as_organizer: bool


def my_tournaments(store: Store, actor: Actor, *, limit: int = 50) -> list[WorkedTournament]:
    """The tournaments ``actor`` organizes (its clubs) or referees (appointed)."""
    clubs = set(actor.clubs_run())
    with store.read() as session:
        rows = staff.worked_rows(session, actor, ROSTER, RisikoTournament, limit=limit)
        return [
            WorkedTournament(
                row.id, row.name, row.status, len(row.rounds), actor.admin or row.club_id in clubs
            )
            for row in rows
        ]
