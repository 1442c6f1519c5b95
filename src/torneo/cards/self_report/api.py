"""JSON API of self-reporting (issue 4; services/self_report.py says who may do what).

- ``POST /api/v1/events/{id}/self-reports``: a player reports their match of the current round,
  either with ``table`` and ``code`` (the code on their pairing slip: no session, no CSRF token,
  since the code itself is the credential and no browser sends it by itself) or, without a code,
  as a logged-in player (session cookie and its CSRF token).
- ``GET /api/v1/events/{id}/self-reports``: the judges' queue; ``POST .../{round}/{table}/resolve``
  a judge's decision; ``GET /api/v1/events/{id}/slips``: the slips with each player's code.

Wrong codes are rate-limited per address and event (429 with ``Retry-After``).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from torneo.cards.self_report import commands as sr
from torneo.cards.self_report import views as srv
from torneo.cards.self_report.pages_batches import report_by_account, report_by_slip
from torneo.cards.self_report.pages_slips import code_attempt
from torneo.cards.self_report.schemas import (
    ReportOut,
    ResolveIn,
    SelfReportIn,
    SelfReportOut,
    SlipOut,
)
from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.platform.store.uow import Actor
from torneo.platform.web import csrf
from torneo.platform.web.auth import ApiActor, api_actor
from torneo.platform.web.problems import problem_responses
from torneo.platform.web.session import settings_of, store_of

router = APIRouter(prefix="/api/v1", tags=["self-reporting"])

_PROBLEMS = problem_responses(
    forbidden="Wrong code, not your match, or not a judge of this event",
    not_found="No such event or table",
    conflict="Conflict: disputed, already recorded, or another report at the same moment",
    too_many="Too many wrong codes from this address: wait `Retry-After` seconds",
)


def _report_out(view: srv.ReportView) -> ReportOut:
    return ReportOut(
        event_id=view.event_id,
        round=view.round_no,
        table=view.table,
        status=view.status,
        player_a_id=view.player_a_id,
        player_a=view.player_a,
        player_b_id=view.player_b_id,
        player_b=view.player_b,
        first_result=view.first_result,
        second_result=view.second_result,
        recorded=view.recorded,
        resolution=view.resolution,
    )


Reader = Annotated[Actor, Depends(api_actor)]  # a read that needs an account (no CSRF: a GET)


@router.post(
    "/events/{event_id}/self-reports",
    response_model=SelfReportOut,
    responses=_PROBLEMS,
    summary="A player reports their own match result (slip code, or a player account)",
)
def self_report(request: Request, event_id: int, body: SelfReportIn) -> SelfReportOut:
    if body.code is not None:
        if body.table is None:
            raise TorneoError("table", N_("is missing"), N_("your table number, with the code"))
        with code_attempt(request, event_id, body.table):  # reserved before the code is checked
            done = report_by_slip(request, event_id, body.table, body.code, body.result)
    else:
        actor = api_actor(request)
        csrf.check(request)
        done = report_by_account(request, event_id, actor, body.result)
    seat = done.seat
    return SelfReportOut(
        answer=done.answer,
        side=seat.side,
        your_result=seat.mine(seat.report.recorded),
        match=_report_out(seat.report),
    )


@router.get(
    "/events/{event_id}/self-reports",
    response_model=list[ReportOut],
    responses=_PROBLEMS,
    summary="The judges' queue: disputed reports first, then those waiting for the opponent",
)
def judge_queue(request: Request, event_id: int, actor: Reader) -> list[ReportOut]:
    return [_report_out(v) for v in srv.judge_queue(store_of(request), actor, event_id)]


@router.post(
    "/events/{event_id}/self-reports/{round_no}/{table}/resolve",
    response_model=ReportOut,
    responses=_PROBLEMS,
    summary="A judge decides a reported match; the result is recorded",
)
def resolve(
    request: Request, event_id: int, round_no: int, table: int, body: ResolveIn, actor: ApiActor
) -> ReportOut:
    view = sr.resolve(
        store_of(request), actor, event_id, round_no, table, body.result, reason=body.reason
    )
    return _report_out(view)


@router.get(
    "/events/{event_id}/slips",
    response_model=list[SlipOut],
    responses=_PROBLEMS,
    summary="Pairing slips of the current round, with each player's code (organizers, judges)",
)
def slips(request: Request, event_id: int, actor: Reader) -> list[SlipOut]:
    secret = settings_of(request).secret_key
    return [
        SlipOut(
            round=s.round_no,
            table=s.table,
            player_id=s.player_id,
            name=s.name,
            opponent=s.opponent,
            code=s.code,
            pod=s.pod,
        )
        for s in srv.slips(store_of(request), actor, event_id, secret=secret)
    ]
