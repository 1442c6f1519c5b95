"""The clock and the floor in the poker JSON API (:mod:`torneo.poker.api`): start, pause and move
the clock (PKR-BTN-1); bust-outs and the floor decision after them (PKR-END-1, PKR-BRK-1,
PKR-BAL-1/2), moves, the floor's log and the undo of an entry, hands dealt, sanctions (PKR-PEN-1), chip counts and the chop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Request
from fastapi.responses import JSONResponse

from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.auth import ApiActor
from torneo.platform.web.session import store_of
from torneo.poker import commands_clock as clock
from torneo.poker.api_state import PROBLEMS, Tid, json_response, state_response
from torneo.poker.floor import commands as floor
from torneo.poker.floor import commands_chop as chops
from torneo.poker.floor import commands_sanctions as sanctions
from torneo.poker.floor import commands_undo as undos
from torneo.poker.floor.views_log import LogRow, floor_log
from torneo.poker.schemas import (
    BustIn,
    BustStateOut,
    ChopIn,
    ChopStateOut,
    ClockIn,
    CountsIn,
    HandIn,
    MoveIn,
    MoveStateOut,
    SanctionIn,
    SanctionStateOut,
    TournamentOut,
    UndoStateOut,
    VersionIn,
)
from torneo.poker.state_access import floor_reader

router = APIRouter()

# Each clock action of the path and the use case it runs (PKR-BTN-1).
CLOCK_ACTIONS: dict[str, Callable[[Store, Actor, int, ClockIn], Any]] = {
    "start": lambda s, a, tid, b: clock.start_clock(s, a, tid, version=b.version),
    "pause": lambda s, a, tid, b: clock.pause_clock(s, a, tid, version=b.version),
    "resume": lambda s, a, tid, b: clock.resume_clock(s, a, tid, version=b.version),
    "jump": lambda s, a, tid, b: clock.jump_to_level(
        s, a, tid, level=b.level or 0, version=b.version
    ),
    "add-time": lambda s, a, tid, b: clock.add_time(
        s, a, tid, seconds=b.seconds or 0, version=b.version
    ),
}


@router.post(
    "/tournaments/{tid}/clock/{action}",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="start | pause | resume | jump (level) | add-time (seconds)",
)
def clock_action(
    request: Request,
    tid: Tid,
    action: str,
    actor: ApiActor,
    body: Annotated[ClockIn | None, Body()] = None,
) -> JSONResponse:
    run = CLOCK_ACTIONS.get(action)
    if run is None:
        raise NotFound(
            "action",
            N_("no clock action '%(action)s'"),
            N_("start, pause, resume, jump, add-time"),
            params={"action": action},
        )
    run(store_of(request), actor, tid, body or ClockIn())
    return state_response(request, tid)


@router.post(
    "/tournaments/{tid}/bust-outs",
    status_code=201,
    response_model=BustStateOut,
    responses=PROBLEMS,
    summary="PKR-END-1 bust-outs of one hand, then the floor decision (PKR-BRK-1, PKR-BAL-1/2)",
)
def bust(request: Request, tid: Tid, body: BustIn, actor: ApiActor) -> JSONResponse:
    out = floor.bust_out(
        store_of(request),
        actor,
        tid,
        players=body.players,
        chips_at_start=body.chips_at_start,
        version=body.version,
    )
    announced = [m.announcement for m in out.moves]
    return state_response(request, tid, 201, bust=out, moves_announced=announced)


@router.post(
    "/tournaments/{tid}/moves", status_code=201, response_model=MoveStateOut, responses=PROBLEMS
)
def move(request: Request, tid: Tid, body: MoveIn, actor: ApiActor) -> JSONResponse:
    out = floor.move_player_to(
        store_of(request),
        actor,
        tid,
        player_id=body.player_id,
        table=body.table,
        seat=body.seat,
        version=body.version,
    )
    return state_response(request, tid, 201, move=out, announcement=out.announcement)


@router.post(
    "/tournaments/{tid}/moves/undo",
    response_model=MoveStateOut,
    responses=PROBLEMS,
    summary="Undo the last move",
)
def undo(
    request: Request, tid: Tid, actor: ApiActor, body: Annotated[VersionIn | None, Body()] = None
) -> JSONResponse:
    out = floor.undo_last_move(
        store_of(request), actor, tid, version=body.version if body else None
    )
    return state_response(request, tid, move=out, announcement=out.announcement)


@router.get(
    "/tournaments/{tid}/log",
    response_model=list[LogRow],
    responses=PROBLEMS,
    summary="The floor's log, newest first: time, what, who did it, undone or not",
)
def read_log(request: Request, tid: Tid, actor: ApiActor) -> JSONResponse:
    floor_reader(store_of(request), actor, tid)  # who did what is for the floor, not the public
    return json_response(floor_log(store_of(request), tid))


@router.post(
    "/tournaments/{tid}/log/{entry}/undo",
    response_model=UndoStateOut,
    responses=PROBLEMS,
    summary="Undo a floor action by its log entry, with what it caused (issue 15 item 8)",
)
def undo_entry(
    request: Request,
    tid: Tid,
    entry: Annotated[int, Path(ge=1, le=2**31 - 1)],
    actor: ApiActor,
    body: Annotated[VersionIn | None, Body()] = None,
) -> JSONResponse:
    out = undos.undo_entry(
        store_of(request), actor, tid, entry=entry, version=body.version if body else None
    )
    announced = [m.announcement for m in out.moves]
    return state_response(request, tid, undo=out, moves_announced=announced)


@router.post(
    "/tournaments/{tid}/hands",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="Positions of a hand dealt",
)
def hand(request: Request, tid: Tid, body: HandIn, actor: ApiActor) -> JSONResponse:
    if body.small_blind is None and body.big_blind is None:
        floor.record_button(
            store_of(request),
            actor,
            tid,
            table=body.table,
            button=body.button,
            version=body.version,
        )
        return state_response(request, tid)
    floor.record_hand_positions(
        store_of(request),
        actor,
        tid,
        table=body.table,
        button="" if body.button is None else body.button,
        small_blind="" if body.small_blind is None else body.small_blind,
        big_blind="" if body.big_blind is None else body.big_blind,
        version=body.version,
    )
    return state_response(request, tid)


@router.post(
    "/tournaments/{tid}/sanctions",
    status_code=201,
    response_model=SanctionStateOut,
    responses=PROBLEMS,
)
def sanction(request: Request, tid: Tid, body: SanctionIn, actor: ApiActor) -> JSONResponse:
    out = sanctions.sanction_player(
        store_of(request),
        actor,
        tid,
        player_id=body.player_id,
        kind=body.kind,
        infraction=body.infraction,
        ruling=body.ruling,
        orbits=body.orbits,
        stack=body.stack,
        version=body.version,
    )
    return state_response(request, tid, 201, sanction=out)


@router.post("/tournaments/{tid}/chip-counts", response_model=TournamentOut, responses=PROBLEMS)
def chip_counts(request: Request, tid: Tid, body: CountsIn, actor: ApiActor) -> JSONResponse:
    chops.record_chip_counts(
        store_of(request), actor, tid, counts=body.counts, version=body.version
    )
    return state_response(request, tid)


@router.post(
    "/tournaments/{tid}/chop",
    response_model=ChopStateOut,
    responses=PROBLEMS,
    summary="Equal, chips or ICM deal",
)
def chop(request: Request, tid: Tid, body: ChopIn, actor: ApiActor) -> JSONResponse:
    shares = chops.chop(
        store_of(request), actor, tid, method=body.method, stacks=body.stacks, version=body.version
    )
    return state_response(request, tid, chop_shares=shares)
