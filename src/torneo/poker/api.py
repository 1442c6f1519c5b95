"""JSON API of the poker tournament director under ``/api/v1/poker`` (issue 8).

Reads and the floor tools are public; writes need the session cookie and its CSRF token in
``X-CSRF-Token`` (the services check the role: organizer, or judge for the floor). Every write
may carry the ``version`` of the tournament the client saw: a stale one gets 409 and nothing
changes. Answers of writes are the tournament's new state (the same as ``GET``), so a phone
never needs a second request. Errors are problem+json (:mod:`torneo.platform.web.problems`).

This module holds the reads, the setup and the players; the clock and the floor are in
:mod:`.api_floor`, the stateless floor tools in :mod:`.api_tools`, the structure built step by step
in :mod:`.api_structure`. Request and response models
are in :mod:`.schemas`.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Body, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse

from torneo.platform.web.auth import ApiActor
from torneo.platform.web.session import store_of
from torneo.poker import commands as poker
from torneo.poker import commands_entries as entries
from torneo.poker import commands_seats as seats
from torneo.poker import commands_setup as setup
from torneo.poker.api_state import PROBLEMS, Tid, json_response, state_response
from torneo.poker.floor import api as api_floor
from torneo.poker.floor import commands_purchases as purchases
from torneo.poker.league import api as api_league
from torneo.poker.schedules import views_week as week
from torneo.poker.schedules.views_week import TemplateOut, TournamentSummary
from torneo.poker.schemas import (
    BookingOut,
    ClockStateOut,
    CreateIn,
    EntryIn,
    EntryStateOut,
    FloorOptionsIn,
    NameIn,
    OptionsIn,
    PayoutsIn,
    PlayerIn,
    RosterIn,
    RosterStateOut,
    SeatDrawOut,
    StructureIn,
    TournamentOut,
    VersionIn,
)
from torneo.poker.structure import api as api_structure
from torneo.poker.tools import api as api_tools
from torneo.poker.views import tournament_view

router = APIRouter(prefix="/api/v1/poker", tags=["poker"])


# --- reads ------------------------------------------------------------------------------------


@router.get(
    "/templates",
    response_model=list[TemplateOut],
    summary="The club's weekly tournaments (PKR-SCHED-1)",
)
def list_templates(preset: str = poker.DEFAULT_PRESET) -> JSONResponse:
    return json_response(week.templates(preset, date.today()))


@router.get(
    "/tournaments",
    response_model=list[TournamentSummary],
    summary="Poker tournaments, newest first",
)
def list_tournaments(request: Request) -> JSONResponse:
    return json_response(week.list_tournaments(store_of(request)))


@router.get(
    "/tournaments/{tid}",
    response_model=TournamentOut,
    summary="The whole state: clock, tables, entries, payouts",
)
def get_tournament(request: Request, tid: Tid) -> JSONResponse:
    return state_response(request, tid)


@router.get(
    "/tournaments/{tid}/clock",
    response_model=ClockStateOut,
    summary="The clock as the TV shows it (PKR-BTN-1)",
)
def get_clock(request: Request, tid: Tid) -> JSONResponse:
    view = tournament_view(store_of(request), tid)
    clock = jsonable_encoder(view.clock)
    return json_response(ClockStateOut(version=view.version, status=view.status, **clock))


# --- setup ------------------------------------------------------------------------------------


@router.post(
    "/tournaments",
    status_code=201,
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="Create from a template",
)
def create(request: Request, body: CreateIn, actor: ApiActor) -> JSONResponse:
    tid = poker.create_tournament(
        store_of(request),
        actor,
        template=body.template,
        held_on=body.held_on,
        preset=body.preset,
        name=body.name,
        seed=body.seed,
        balance_threshold=body.balance_threshold,
        seats_per_table=body.seats_per_table,
        club=body.club,
    )
    view = tournament_view(store_of(request), tid)
    return json_response(view, 201, {"Location": f"/api/v1/poker/tournaments/{tid}"})


@router.put(
    "/tournaments/{tid}/structure",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="Levels and breaks",
)
def put_structure(request: Request, tid: Tid, body: StructureIn, actor: ApiActor) -> JSONResponse:
    setup.edit_structure(
        store_of(request),
        actor,
        tid,
        steps=[s.model_dump() for s in body.steps],
        chip_set=body.chip_set,
        version=body.version,
    )
    return state_response(request, tid)


@router.put(
    "/tournaments/{tid}/options",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="Re-entries, rebuys, add-on",
)
def put_options(request: Request, tid: Tid, body: OptionsIn, actor: ApiActor) -> JSONResponse:
    data = body.model_dump(exclude={"version"})
    setup.set_entry_options(store_of(request), actor, tid, version=body.version, **data)
    return state_response(request, tid)


@router.put(
    "/tournaments/{tid}/payouts",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="The payout table",
)
def put_payouts(request: Request, tid: Tid, body: PayoutsIn, actor: ApiActor) -> JSONResponse:
    setup.set_payouts(
        store_of(request),
        actor,
        tid,
        rows=[(r.max_entries, r.percentages) for r in body.rows],
        unit_cents=body.unit_cents,
        version=body.version,
    )
    return state_response(request, tid)


@router.put(
    "/tournaments/{tid}/floor",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="PKR-BAL-1/PKR-BRK-1 options",
)
def put_floor(request: Request, tid: Tid, body: FloorOptionsIn, actor: ApiActor) -> JSONResponse:
    setup.set_floor_options(
        store_of(request),
        actor,
        tid,
        balance_threshold=body.balance_threshold,
        break_order=body.break_order,
        seats_per_table=body.seats_per_table,
        version=body.version,
        balance_seat=body.balance_seat,
    )
    return state_response(request, tid)


# --- players ----------------------------------------------------------------------------------


@router.post(
    "/tournaments/{tid}/bookings", status_code=201, response_model=BookingOut, responses=PROBLEMS
)
def book(request: Request, tid: Tid, body: NameIn, actor: ApiActor) -> JSONResponse:
    pid = entries.book_player(store_of(request), actor, tid, name=body.name, version=body.version)
    return state_response(request, tid, 201, player_id=pid)


@router.post(
    "/tournaments/{tid}/entries",
    status_code=201,
    response_model=EntryStateOut,
    responses=PROBLEMS,
    summary="A buy-in; after the start a late entry (PKR-LATE-1)",
)
def enter(request: Request, tid: Tid, body: EntryIn, actor: ApiActor) -> JSONResponse:
    out = entries.register_player(
        store_of(request), actor, tid, name=body.name, version=body.version, player=body.player
    )
    return state_response(request, tid, 201, entry=out)


@router.post(
    "/tournaments/{tid}/roster", status_code=201, response_model=RosterStateOut, responses=PROBLEMS
)
def roster(request: Request, tid: Tid, body: RosterIn, actor: ApiActor) -> JSONResponse:
    ids = entries.register_roster(store_of(request), actor, tid, body.names)
    return state_response(request, tid, 201, player_ids=ids)


@router.post(
    "/tournaments/{tid}/seat-draw",
    response_model=SeatDrawOut,
    responses=PROBLEMS,
    summary="PKR-TBL-1 seat draw",
)
def seat_draw(
    request: Request, tid: Tid, actor: ApiActor, body: Annotated[VersionIn | None, Body()] = None
) -> JSONResponse:
    drawn = seats.draw_seats_now(
        store_of(request), actor, tid, version=body.version if body else None
    )
    return state_response(request, tid, seats=drawn)


@router.post(
    "/tournaments/{tid}/re-entries",
    status_code=201,
    response_model=EntryStateOut,
    responses=PROBLEMS,
)
def re_entry(request: Request, tid: Tid, body: PlayerIn, actor: ApiActor) -> JSONResponse:
    out = purchases.re_enter(
        store_of(request), actor, tid, player_id=body.player_id, version=body.version
    )
    return state_response(request, tid, 201, entry=out)


@router.post(
    "/tournaments/{tid}/rebuys", status_code=201, response_model=EntryStateOut, responses=PROBLEMS
)
def rebuy(request: Request, tid: Tid, body: PlayerIn, actor: ApiActor) -> JSONResponse:
    out = purchases.rebuy(
        store_of(request),
        actor,
        tid,
        player_id=body.player_id,
        stack=body.stack,
        version=body.version,
    )
    return state_response(request, tid, 201, entry=out)


@router.post(
    "/tournaments/{tid}/add-ons", status_code=201, response_model=EntryStateOut, responses=PROBLEMS
)
def add_on(request: Request, tid: Tid, body: PlayerIn, actor: ApiActor) -> JSONResponse:
    out = purchases.add_on(
        store_of(request), actor, tid, player_id=body.player_id, version=body.version
    )
    return state_response(request, tid, 201, entry=out)


# The clock, the floor and the tools, after the routes above (the order of the API's documentation).
router.include_router(api_floor.router)
router.include_router(api_tools.router)
router.include_router(api_structure.router)  # a structure from nothing (issue 15 item 8)
router.include_router(api_league.router)  # the club's season (issue 17)
