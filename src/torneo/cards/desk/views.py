"""The desk of a card event (issue 15): the round's state, the next action, who may do what.

One read for the organizer's hub ``/events/{id}/desk``: the summary, the current round's
progress, the reports waiting for a judge, the judges on the roster, and the next action from
:func:`torneo.cards.rules.desk.next_step` (the rules' own ``can_*`` answers as its input). Only
the event's staff see it (the organizers of its club and the judges on its roster: the desk
links the slips with their codes and the reports queue); anyone else is refused with 403.

:func:`my_events` lists the events an account works on, for its own page of desks.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.cards.desk.views_actions import Actions, actions_of
from torneo.cards.draft.state import pools_made
from torneo.cards.rules.desk import DeskState, NextStep, next_step
from torneo.cards.self_report.tables import SelfReport
from torneo.cards.self_report.views import DISPUTED, PENDING
from torneo.cards.state import get_event
from torneo.cards.state_access import authorize_event, event_resource
from torneo.cards.tables import Event, Match
from torneo.cards.views import EventSummary, _summary
from torneo.cards.views_load import Loaded
from torneo.cards.views_rounds import RoundView, round_view
from torneo.core.policy import Action, refusal
from torneo.judging.staff import events_judged_by, judges_of
from torneo.platform.store.uow import Actor, Store


@dataclass(frozen=True, slots=True)
class DeskView:
    summary: EventSummary
    step: NextStep
    round: RoundView | None  # the current round
    actions: Actions
    disputed: int
    pending: int  # reports waiting for the opponent's confirmation
    judges: int
    min_players: int
    may_manage: bool  # an organizer of the club (a judge of the roster sees the staff's part)
    has_bracket: bool


def _reports(session: Session, event_id: int, round_no: int) -> tuple[int, int]:
    rows = session.execute(
        select(SelfReport.status, func.count(SelfReport.id))
        .where(SelfReport.event_id == event_id, SelfReport.round_no == round_no)
        .group_by(SelfReport.status)
    ).all()
    counts = {str(status): int(n) for status, n in rows}
    return counts.get(DISPUTED, 0), counts.get(PENDING, 0)


def _pools_pending(session: Session, summary: EventSummary, current: int) -> str:
    """BER-FMT-2/3: "draft" / "sealed" while a started limited event still has no pools."""
    if summary.pools is None or summary.status != "running" or current:
        return ""
    return "" if pools_made(session, summary.id, summary.pools) else summary.pools


def desk(store: Store, actor: Actor, event_id: int) -> DeskView:
    """The event's desk for its staff (403 for anyone else)."""
    with store.read() as session:
        event = get_event(session, event_id)
        authorize_event(session, actor, event, Action.OFFICIATE)
        may_manage = refusal(actor, Action.MANAGE, event_resource(session, event)) is None
        ld = Loaded(event)
        judges = judges_of(session, event_id)
        ld.judges = len(judges)
        summary = _summary(ld)
        actions = actions_of(ld)
        current = ld.t.current_round
        rnd = round_view(ld, current) if current else None
        disputed, pending = _reports(session, event_id, current) if current else (0, 0)
        active = sum(
            1 for r in event.registrations if r.dropped_after_round is None and not r.disqualified
        )
        state = DeskState(
            status=event.status,
            players=active,
            min_players=ld.ruleset.swiss.min_players,
            can_start=actions.start is None,
            round_no=current,
            reported=rnd.reported if rnd else 0,
            tables=rnd.total if rnd else 0,
            disputed=disputed,
            can_pair=actions.pair is None,
            can_start_top=actions.start_top is None,
            can_close=actions.close is None,
            is_top_running=actions.is_top_running,
            pools=_pools_pending(session, summary, current),
        )
        return DeskView(
            summary=summary,
            step=next_step(state),
            round=rnd,
            actions=actions,
            disputed=disputed,
            pending=pending,
            judges=len(judges),
            min_players=ld.ruleset.swiss.min_players,
            may_manage=may_manage,
            has_bracket=bool(ld.top_seeds),
        )


@dataclass(frozen=True, slots=True)
class WorkedEvent:
    id: int
    name: str
    status: str
    current_round: int
    as_organizer: bool


def my_events(store: Store, actor: Actor, *, limit: int = 50) -> list[WorkedEvent]:
    """The events ``actor`` works on (organizer of the club, or judge on the roster), the
    unfinished ones first, then the newest."""
    clubs = set(actor.clubs_run())
    with store.read() as session:
        judged = events_judged_by(session, actor.user_id) if actor.user_id is not None else set()
        stmt = select(Event).where(Event.status != "void")
        if not actor.admin:
            stmt = stmt.where(Event.club_id.in_(clubs) | Event.id.in_(judged))
        stmt = stmt.order_by(Event.held_on.desc(), Event.id.desc()).limit(limit)
        out: list[WorkedEvent] = []
        for event in session.scalars(stmt):
            organizer = actor.admin or event.club_id in clubs
            current = session.scalar(
                select(func.max(Match.round_no)).where(Match.event_id == event.id)
            )
            out.append(WorkedEvent(event.id, event.name, event.status, current or 0, organizer))
    out.sort(key=lambda e: e.status == "finished")
    return out
