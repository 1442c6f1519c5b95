"""JSON API of the club's season under ``/api/v1/poker`` (issue 17): schedules (PKR-SCHED-1),
leagues with their leaderboards and jackpots (PKR-LEAGUE-1..4), the qualifier and the final,
corrections, and the floor's rulings (PKR-PROC-1..4).

Reads are public; writes need the session cookie and its CSRF token, and the policy decides:
the club's organizers write schedules and leagues; the tournament's floor staff rule.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse

from torneo.platform.web.auth import ApiActor
from torneo.platform.web.session import store_of
from torneo.poker.api_state import PROBLEMS, Tid, json_response, state_response
from torneo.poker.final import commands as finals
from torneo.poker.final import commands_stacks as stacks
from torneo.poker.floor import commands_rulings as rulings
from torneo.poker.league import commands as leagues
from torneo.poker.league import views as views_league
from torneo.poker.league.schemas import (
    CorrectionIn,
    CreatedOut,
    LeagueIn,
    LeagueUpdateIn,
    OpenIn,
    PastIn,
    RoadIn,
    RulingIn,
    ScheduleIn,
    ScheduleUpdateIn,
    StacksIn,
    WeekIn,
)
from torneo.poker.schedules import commands as schedules
from torneo.poker.schedules import views as views_schedules
from torneo.poker.schemas import TournamentOut

router = APIRouter()
Sid = Annotated[int, Path(ge=1, le=2**31 - 1)]
Lid = Annotated[int, Path(ge=1, le=2**31 - 1)]
Pid = Annotated[int, Path(ge=1, le=2**31 - 1)]


def _schedule_fields(body: ScheduleIn) -> dict[str, Any]:
    return body.model_dump(exclude={"club", "preset"})


# --- schedules --------------------------------------------------------------------------------


@router.get("/schedules", summary="The club's week: schedule entries (PKR-SCHED-1)")
def list_schedules(request: Request) -> JSONResponse:
    return json_response(views_schedules.list_schedules(store_of(request)))


@router.post(
    "/schedules",
    status_code=201,
    response_model=CreatedOut,
    responses=PROBLEMS,
    summary="A recurring tournament of the club's week",
)
def create_schedule(request: Request, body: ScheduleIn, actor: ApiActor) -> JSONResponse:
    sid = schedules.create_schedule(
        store_of(request), actor, club=body.club, preset=body.preset, **_schedule_fields(body)
    )
    return json_response(CreatedOut(id=sid), 201)


@router.put("/schedules/{schedule_id}", responses=PROBLEMS, summary="Change or retire an entry")
def update_schedule(
    request: Request, schedule_id: Sid, body: ScheduleUpdateIn, actor: ApiActor
) -> JSONResponse:
    fields = _schedule_fields(body.fields) if body.fields else {}
    schedules.update_schedule(store_of(request), actor, schedule_id, active=body.active, **fields)
    return json_response(views_schedules.schedule_view(store_of(request), schedule_id))


@router.post(
    "/schedules/{schedule_id}/tournaments",
    status_code=201,
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="Open the entry's tournament on its day, in one click",
)
def open_scheduled(
    request: Request, schedule_id: Sid, body: OpenIn, actor: ApiActor
) -> JSONResponse:
    tid = schedules.open_scheduled(
        store_of(request), actor, schedule_id, held_on=body.held_on, seed=body.seed
    )
    return state_response(request, tid, 201)


@router.post(
    "/schedules/{schedule_id}/past",
    status_code=201,
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="A tournament played without the app: its finishing order (the season so far)",
)
def record_past(request: Request, schedule_id: Sid, body: PastIn, actor: ApiActor) -> JSONResponse:
    tid = leagues.record_past_tournament(
        store_of(request),
        actor,
        schedule_id,
        held_on=body.held_on,
        results=[r.model_dump() for r in body.results],
        seed=body.seed,
    )
    return state_response(request, tid, 201)


@router.post(
    "/week",
    status_code=201,
    responses=PROBLEMS,
    summary="The preset's week and leagues into a club (PKR-SCHED-1, PKR-LEAGUE-1)",
)
def import_week(request: Request, body: WeekIn, actor: ApiActor) -> JSONResponse:
    made = leagues.import_week(
        store_of(request),
        actor,
        starts_on=body.starts_on,
        ends_on=body.ends_on,
        club=body.club,
        preset=body.preset,
    )
    return json_response(made, 201)


# --- leagues ----------------------------------------------------------------------------------


@router.get("/leagues", summary="The jackpot leagues (PKR-LEAGUE-1)")
def list_leagues(request: Request) -> JSONResponse:
    return json_response(views_league.list_leagues(store_of(request)))


@router.post(
    "/leagues", status_code=201, response_model=CreatedOut, responses=PROBLEMS, summary="A league"
)
def create_league(request: Request, body: LeagueIn, actor: ApiActor) -> JSONResponse:
    lid = leagues.create_league(
        store_of(request),
        actor,
        name=body.name,
        schedules=body.schedules,
        starts_on=body.starts_on,
        ends_on=body.ends_on,
        planned_tournaments=body.planned_tournaments,
        points_formula=body.points_formula,
        points_decimals=body.points_decimals,
        best_results=body.best_results,
        jackpot_per_entry=body.jackpot_per_entry,
        jackpot_per_tournament=body.jackpot_per_tournament,
        final=body.final.model_dump(),
        club=body.club,
        preset=body.preset,
        seed=body.seed,
    )
    return json_response(CreatedOut(id=lid), 201)


def _league(request: Request, league_id: int, status: int = 200) -> JSONResponse:
    view = views_league.league_view(store_of(request), league_id)
    body = jsonable_encoder(view, custom_encoder={Fraction: views_league.decimal_text})
    return JSONResponse(body, status_code=status)


@router.get(
    "/leagues/{league_id}",
    responses=PROBLEMS,
    summary="Leaderboard, each player's status, the jackpot's ledger (PKR-LEAGUE-1..4)",
)
def get_league(request: Request, league_id: Lid) -> JSONResponse:
    return _league(request, league_id)


@router.put("/leagues/{league_id}", responses=PROBLEMS, summary="Formula, best-N, schedules")
def update_league(
    request: Request, league_id: Lid, body: LeagueUpdateIn, actor: ApiActor
) -> JSONResponse:
    leagues.update_league(
        store_of(request),
        actor,
        league_id,
        points_formula=body.points_formula,
        best_results=body.best_results,
        schedules=body.schedules,
        version=body.version,
    )
    return _league(request, league_id)


@router.get(
    "/leagues/{league_id}/players/{player_id}",
    responses=PROBLEMS,
    summary="One player's points explained (PKR-LEAGUE-4)",
)
def explain_player(request: Request, league_id: Lid, player_id: Pid) -> JSONResponse:
    view = views_league.explain(store_of(request), league_id, player_id)
    return JSONResponse(
        jsonable_encoder(view, custom_encoder={Fraction: views_league.decimal_text})
    )


@router.post(
    "/leagues/{league_id}/qualifier",
    status_code=201,
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="The qualifier, with exactly the eligible players (PKR-LEAGUE-3)",
)
def create_qualifier(
    request: Request, league_id: Lid, body: RoadIn, actor: ApiActor
) -> JSONResponse:
    tid = finals.create_qualifier(
        store_of(request), actor, league_id, held_on=body.held_on, name=body.name, seed=body.seed
    )
    return state_response(request, tid, 201)


@router.post(
    "/leagues/{league_id}/final",
    status_code=201,
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="The final table with its players and stacks (PKR-LEAGUE-3)",
)
def create_final(request: Request, league_id: Lid, body: RoadIn, actor: ApiActor) -> JSONResponse:
    tid = finals.create_final(
        store_of(request), actor, league_id, held_on=body.held_on, name=body.name, seed=body.seed
    )
    return state_response(request, tid, 201)


# --- per-player stacks, corrections and rulings ------------------------------------------------


@router.put(
    "/tournaments/{tid}/starting-stacks",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="Per-player starting stacks before the start (PKR-LEAGUE-3)",
)
def starting_stacks(request: Request, tid: Tid, body: StacksIn, actor: ApiActor) -> JSONResponse:
    stacks.set_starting_stacks(
        store_of(request), actor, tid, stacks=body.stacks, version=body.version
    )
    return state_response(request, tid)


@router.post(
    "/tournaments/{tid}/correction",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="Correct a finished tournament's finishing order: its leagues re-score",
)
def correct(request: Request, tid: Tid, body: CorrectionIn, actor: ApiActor) -> JSONResponse:
    leagues.correct_result(store_of(request), actor, tid, order=body.order)
    return state_response(request, tid)


@router.post(
    "/tournaments/{tid}/rulings",
    response_model=TournamentOut,
    responses=PROBLEMS,
    summary="A floor procedure ruled and recorded (PKR-PROC-1..4)",
)
def rule(request: Request, tid: Tid, body: RulingIn, actor: ApiActor) -> JSONResponse:
    ruling = rulings.record_ruling(
        store_of(request),
        actor,
        tid,
        procedure=body.procedure,
        case=body.case,
        answers=body.answers,
        table=body.table,
        note=body.note,
        version=body.version,
    )
    return state_response(
        request,
        tid,
        ruling={
            "procedure": ruling.procedure.value,
            "case": ruling.case,
            "decision": ruling.decision,
            "article": ruling.article,
            "order": list(ruling.order),
        },
    )
