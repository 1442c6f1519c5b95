"""A blind structure built from nothing in the poker JSON API (issue 15 item 8; PKR-BTN-1,
PKR-RACE-1): add a level or a break at a position, remove one, move one, or generate the levels;
``PUT /tournaments/{tid}/structure`` (:mod:`.api`) replaces the whole. Each answers the
tournament's state; a refusal names the field and the level (``levels[4].big_blind``).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Path, Query, Request
from fastapi.responses import JSONResponse

from torneo.platform.web.auth import ApiActor
from torneo.platform.web.session import store_of
from torneo.poker.api_state import PROBLEMS, Tid, state_response
from torneo.poker.schemas import GenerateIn, StepAddIn, StepMoveIn, TournamentOut
from torneo.poker.structure import commands as structures

router = APIRouter()

Position = Annotated[int, Path(ge=1, le=1000, description="1 = the first step")]


@router.post(
    "/tournaments/{tid}/structure/steps",
    status_code=201,
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="Add a level or a break at a position (empty: at the end)",
)
def add_step(request: Request, tid: Tid, body: StepAddIn, actor: ApiActor) -> JSONResponse:
    step = body.model_dump(exclude={"position", "version"})
    structures.add_step(
        store_of(request), actor, tid, step=step, position=body.position, version=body.version
    )
    return state_response(request, tid, 201)


@router.delete(
    "/tournaments/{tid}/structure/steps/{position}",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="Remove the step at a position",
)
def remove_step(
    request: Request,
    tid: Tid,
    position: Position,
    actor: ApiActor,
    version: Annotated[int | None, Query(description="the version the client saw")] = None,
) -> JSONResponse:
    structures.remove_step(store_of(request), actor, tid, position=position, version=version)
    return state_response(request, tid)


@router.post(
    "/tournaments/{tid}/structure/steps/{position}/move",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="Move the step at a position to another",
)
def move_step(
    request: Request, tid: Tid, position: Position, body: StepMoveIn, actor: ApiActor
) -> JSONResponse:
    structures.move_step(
        store_of(request), actor, tid, position=position, to=body.to, version=body.version
    )
    return state_response(request, tid)


@router.post(
    "/tournaments/{tid}/structure/generate",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="Generate the levels: start, level length, number of levels, growth",
)
def generate(
    request: Request, tid: Tid, actor: ApiActor, body: Annotated[GenerateIn, Body()]
) -> JSONResponse:
    structures.generate_structure(
        store_of(request),
        actor,
        tid,
        start_small_blind=body.start_small_blind,
        level_minutes=body.level_minutes,
        levels=body.levels,
        growth=body.growth,
        break_every=body.break_every,
        break_minutes=body.break_minutes,
        ante=body.ante,
        ante_from_level=body.ante_from_level,
        version=body.version,
    )
    return state_response(request, tid)
