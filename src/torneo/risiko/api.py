"""JSON API of RisiKo! tournaments under ``/api/v1/risiko`` (issue 7; thin: parse, call, answer).

Reads are public. Writes need the session cookie and its CSRF token in ``X-CSRF-Token``; the
services check the role (organizer; a judge may enter results and use a table's console). Every
write may carry the ``version`` the client saw (the tournament's, or the table console's): a stale
one gets 409 and nothing changes. Points are exact: fractions are written as strings ("289/2",
"1.042" would lose nothing either, but a string fraction is what the services compute).
Errors are problem+json (:mod:`torneo.platform.web.problems`).
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from torneo.platform.web.auth import ApiActor
from torneo.platform.web.session import store_of
from torneo.risiko import commands as risiko
from torneo.risiko import commands_console as risiko_console
from torneo.risiko import views as risiko_views
from torneo.risiko.commands_results import enter_result

router = APIRouter(prefix="/api/v1/risiko", tags=["risiko"])

_PROBLEMS: dict[int | str, dict[str, object]] = {
    status: {
        "description": description,
        "content": {"application/problem+json": {"schema": {"type": "object"}}},
    }
    for status, description in [
        (401, "Not logged in"),
        (403, "Not allowed (role or CSRF token)"),
        (404, "No such tournament, round, table or player"),
        (409, "Conflict: stale version, wrong phase, or refused by the rules (RSK-*)"),
        (422, "Invalid input: `field`, `reason`, `accepted` say what and why"),
    ]
}

Tid = Annotated[int, Path(ge=1, le=2**31 - 1)]
Rnd = Annotated[int, Path(ge=1, le=1000)]
Tbl = Annotated[int, Path(ge=1, le=1000)]


def _json(value: Any, status: int = 200, headers: dict[str, str] | None = None) -> JSONResponse:
    body = jsonable_encoder(value, custom_encoder={Fraction: str})
    return JSONResponse(body, status_code=status, headers=headers)


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int | None = Field(default=None, description="the version the client saw")


class RulesIn(BaseModel):
    """The rules an organizer may choose (RSK-PTS-2, RSK-TBL-2); unset = the preset's."""

    model_config = ConfigDict(extra="forbid")
    formula: str | None = Field(default=None, max_length=20, description="bonus-50, master, …")
    open_variant: bool | None = Field(default=None, description="×1.25 at 5, ×0.75 at 3")
    sole_winner: bool | None = None
    discard_worst: int | None = None
    table_policy: str | None = Field(default=None, max_length=40)
    draw_priorities: list[str] | None = Field(default=None, max_length=10)
    qualifying_games: int | None = None
    semifinal_tables: int | None = None
    final_table_size: int | None = None
    game_minutes: int | None = None


class CreateIn(RulesIn):
    name: str = Field(max_length=200)
    held_on: date
    preset: str = Field(default=risiko.DEFAULT_PRESET, max_length=80)
    location: str | None = Field(default=None, max_length=200)
    season: str | None = Field(default=None, max_length=40)
    kind: str = Field(default="club", max_length=40, description="the season class")
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)


class SettingsIn(RulesIn):
    version: int | None = None
    name: str | None = Field(default=None, max_length=200)
    held_on: date | None = None
    location: str | None = Field(default=None, max_length=200)
    season: str | None = Field(default=None, max_length=40)
    kind: str | None = Field(default=None, max_length=40)


class RegulationIn(_In):
    """RSK-REG-1: the four parts; ``publish`` refuses a regulation lacking any of them."""

    formula: str = Field(default="", max_length=20_000)
    referees: str = Field(default="", max_length=20_000)
    not_allowed: str = Field(default="", max_length=20_000)
    sanctions: str = Field(default="", max_length=20_000)
    publish: bool = False


class PlayerIn(_In):
    name: str = Field(max_length=200)
    club: str | None = Field(default=None, max_length=200)


class RosterIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    csv: str = Field(max_length=500_000, description="one player a line: name[,club]")


class WithdrawIn(_In):
    reason: str | None = Field(default=None, max_length=500)


class DrawIn(_In):
    method: str | None = Field(
        default=None, max_length=20, description="random, greca, svizzera, bands, final"
    )


class SwapIn(_In):
    a: int
    b: int


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: int
    table_points: int = 0
    status: str = Field(default="survived", max_length=20)
    eliminated: int | None = None


class ResultIn(_In):
    seats: list[SeatIn] = Field(max_length=20)
    winners: list[int] = Field(default_factory=list, max_length=20)
    correction: bool = False
    reason: str | None = Field(default=None, max_length=500)


class ActionIn(_In):
    """One action at the table's console (RSK-ROLL-1..3, RSK-OUT-1/2, RSK-ARMY-1)."""

    kind: str = Field(max_length=20, description=", ".join(risiko_console._FIELDS))
    conquered: int | None = None
    total: int | None = Field(default=None, description="the sum of two dice")
    player: int | None = None
    infraction: str | None = Field(default=None, max_length=40)
    rejects_ruling: bool | None = None
    case: str | None = Field(default=None, max_length=20, description="board, reinforcements")
    found_by: str | None = Field(default=None, max_length=20)
    on_board: int | None = None
    placed: int | None = None
    due: int | None = None


def _rules(body: RulesIn) -> dict[str, Any]:
    return {k: v for k, v in body.model_dump().items() if k in RulesIn.model_fields}


def _page(request: Request, tid: int, status: int = 200) -> JSONResponse:
    return _json(risiko_views.tournament_page(store_of(request), tid), status)


# --- tournaments ------------------------------------------------------------------------------


@router.get("/tournaments", summary="RisiKo! tournaments, newest first")
def list_tournaments(
    request: Request, limit: Annotated[int, Query(ge=1, le=1000)] = 200
) -> JSONResponse:
    return _json(risiko_views.list_tournaments(store_of(request), limit=limit))


@router.post(
    "/tournaments", status_code=201, responses=_PROBLEMS, summary="Create a RisiKo! tournament"
)
def create_tournament(request: Request, body: CreateIn, actor: ApiActor) -> JSONResponse:
    tid = risiko.create_tournament(
        store_of(request),
        actor,
        name=body.name,
        held_on=body.held_on,
        preset=body.preset,
        location=body.location,
        season=body.season,
        kind=body.kind,
        seed=body.seed,
        **_rules(body),
    )
    page = risiko_views.tournament_page(store_of(request), tid)
    return _json(page, 201, {"Location": f"/api/v1/risiko/tournaments/{tid}"})


@router.get("/tournaments/{tid}", responses=_PROBLEMS, summary="A tournament: all of it")
def get_tournament(request: Request, tid: Tid) -> JSONResponse:
    return _page(request, tid)


@router.patch("/tournaments/{tid}", responses=_PROBLEMS, summary="Change settings and rules")
def update_settings(request: Request, tid: Tid, body: SettingsIn, actor: ApiActor) -> JSONResponse:
    risiko.update_settings(
        store_of(request),
        actor,
        tid,
        version=body.version,
        name=body.name,
        held_on=body.held_on,
        location=body.location,
        season=body.season,
        kind=body.kind,
        **_rules(body),
    )
    return _page(request, tid)


@router.put(
    "/tournaments/{tid}/regulation",
    responses=_PROBLEMS,
    summary="Save (and publish) the regulation (RSK-REG-1)",
)
def save_regulation(
    request: Request, tid: Tid, body: RegulationIn, actor: ApiActor
) -> JSONResponse:
    parts = body.model_dump(include={"formula", "referees", "not_allowed", "sanctions"})
    risiko.save_regulation(
        store_of(request), actor, tid, parts, publish=body.publish, version=body.version
    )
    return _page(request, tid)


@router.post("/tournaments/{tid}/players", status_code=201, responses=_PROBLEMS, summary="Register")
def register_player(request: Request, tid: Tid, body: PlayerIn, actor: ApiActor) -> JSONResponse:
    pid = risiko.register_player(
        store_of(request), actor, tid, name=body.name, club=body.club, version=body.version
    )
    return _json({"player_id": pid}, 201)


@router.post(
    "/tournaments/{tid}/roster", status_code=201, responses=_PROBLEMS, summary="Register a list"
)
def register_roster(request: Request, tid: Tid, body: RosterIn, actor: ApiActor) -> JSONResponse:
    ids = risiko.register_roster(store_of(request), actor, tid, body.csv)
    return _json({"player_ids": ids}, 201)


@router.post(
    "/tournaments/{tid}/players/{player_id}/withdraw",
    responses=_PROBLEMS,
    summary="A player leaves the tournament",
)
def withdraw_player(
    request: Request, tid: Tid, player_id: Tid, body: WithdrawIn, actor: ApiActor
) -> JSONResponse:
    risiko.withdraw_player(
        store_of(request), actor, tid, player_id, reason=body.reason, version=body.version
    )
    return _page(request, tid)


@router.post(
    "/tournaments/{tid}/close", responses=_PROBLEMS, summary="Close: the final ranking is fixed"
)
def close_tournament(request: Request, tid: Tid, body: _In, actor: ApiActor) -> JSONResponse:
    risiko.close_tournament(store_of(request), actor, tid, version=body.version)
    return _page(request, tid)


@router.get("/tournaments/{tid}/standings", responses=_PROBLEMS, summary="Standings and ranking")
def standings(request: Request, tid: Tid) -> JSONResponse:
    page = risiko_views.tournament_page(store_of(request), tid)
    return _json({"rules": page.rules, "standings": page.standings, "final": page.final})


# --- rounds (RSK-TBL-2) -----------------------------------------------------------------------


@router.post(
    "/tournaments/{tid}/rounds",
    status_code=201,
    responses=_PROBLEMS,
    summary="Draw the next round (seeded, recorded)",
)
def draw_round(request: Request, tid: Tid, body: DrawIn, actor: ApiActor) -> JSONResponse:
    number = risiko.draw_round(
        store_of(request), actor, tid, method=body.method, version=body.version
    )
    page = risiko_views.tournament_page(store_of(request), tid)
    return _json(page.round(number), 201)


@router.delete(
    "/tournaments/{tid}/rounds/{round_no}", responses=_PROBLEMS, summary="Take back the last draw"
)
def undo_draw(request: Request, tid: Tid, round_no: Rnd, actor: ApiActor) -> JSONResponse:
    risiko.undo_draw(store_of(request), actor, tid, round_no)
    return _page(request, tid)


@router.get(
    "/tournaments/{tid}/rounds/{round_no}/swap",
    responses=_PROBLEMS,
    summary="What swapping two players would change (nothing saved)",
)
def preview_swap(
    request: Request,
    tid: Tid,
    round_no: Rnd,
    a: Annotated[int, Query()],
    b: Annotated[int, Query()],
) -> JSONResponse:
    return _json(risiko.preview_swap(store_of(request), tid, round_no, a, b))


@router.post(
    "/tournaments/{tid}/rounds/{round_no}/swap",
    responses=_PROBLEMS,
    summary="Swap two players by hand",
)
def swap(request: Request, tid: Tid, round_no: Rnd, body: SwapIn, actor: ApiActor) -> JSONResponse:
    done = risiko.swap_players(
        store_of(request), actor, tid, round_no, body.a, body.b, version=body.version
    )
    return _json(done)


@router.put(
    "/tournaments/{tid}/rounds/{round_no}/tables/{table}/result",
    responses=_PROBLEMS,
    summary="Enter (or correct) a table's result (RSK-PTS-1, RSK-OUT-1/2)",
)
def put_result(
    request: Request, tid: Tid, round_no: Rnd, table: Tbl, body: ResultIn, actor: ApiActor
) -> JSONResponse:
    recorded = enter_result(
        store_of(request),
        actor,
        tid,
        round_no,
        table,
        [s.model_dump() for s in body.seats],
        body.winners,
        correction=body.correction,
        reason=body.reason,
        version=body.version,
    )
    page = risiko_views.tournament_page(store_of(request), tid)
    line = page.round(round_no)
    return _json(
        {
            "round": round_no,
            "table": table,
            "winners": [int(w) for w in recorded.winners],
            "seats": line.tables[table - 1].seats if line else [],
        }
    )


# --- the referee console ----------------------------------------------------------------------


@router.get(
    "/tournaments/{tid}/rounds/{round_no}/tables/{table}/console",
    responses=_PROBLEMS,
    summary="A table's console: turn, next roll, rolls, sanctions, army rulings",
)
def get_console(request: Request, tid: Tid, round_no: Rnd, table: Tbl) -> JSONResponse:
    return _json(risiko_views.console_view(store_of(request), tid, round_no, table))


@router.post(
    "/tournaments/{tid}/rounds/{round_no}/tables/{table}/console",
    responses=_PROBLEMS,
    summary="Record an action at the table (RSK-ROLL-1..3, RSK-OUT-1/2, RSK-ARMY-1)",
)
def console_action(
    request: Request, tid: Tid, round_no: Rnd, table: Tbl, body: ActionIn, actor: ApiActor
) -> JSONResponse:
    action = body.model_dump(exclude={"version"}, exclude_none=True)
    risiko_console.act(store_of(request), actor, tid, round_no, table, action, version=body.version)
    return _json(risiko_views.console_view(store_of(request), tid, round_no, table))


@router.post(
    "/tournaments/{tid}/rounds/{round_no}/tables/{table}/console/undo",
    responses=_PROBLEMS,
    summary="Take back the table's last action",
)
def console_undo(
    request: Request, tid: Tid, round_no: Rnd, table: Tbl, body: _In, actor: ApiActor
) -> JSONResponse:
    risiko_console.undo(store_of(request), actor, tid, round_no, table, version=body.version)
    return _json(risiko_views.console_view(store_of(request), tid, round_no, table))


# --- the season -------------------------------------------------------------------------------


@router.get("/seasons/{season}", responses=_PROBLEMS, summary="The season ranking (best N)")
def season(request: Request, season: Annotated[str, Path(max_length=40)]) -> JSONResponse:
    return _json(risiko_views.season_view(store_of(request), season))
