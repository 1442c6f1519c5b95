"""JSON API of RisiKo! tournaments under ``/api/v1/risiko`` (issue 7; thin: parse, call, answer).

Reads are public. Writes need the session cookie and its CSRF token in ``X-CSRF-Token``; the
services check the role (organizer; a judge may enter results and use a table's console). Every
write may carry the ``version`` the client saw (the tournament's, or the table console's): a stale
one gets 409 and nothing changes. A table's result and the title roll check the tournament
version against that table only (issue 26 item 1): a result entered at another table since does
not make it stale. Points are exact: fractions are written as strings ("289/2",
"1.042" would lose nothing either, but a string fraction is what the services compute).
Requests and answers are the models of :mod:`torneo.risiko.schemas`; errors are problem+json
(:mod:`torneo.platform.web.problems`).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response

from torneo.platform.web.auth import ApiActor
from torneo.platform.web.problems import problem_responses
from torneo.platform.web.session import store_of
from torneo.risiko import commands as risiko
from torneo.risiko import commands_roster as risiko_roster
from torneo.risiko import commands_settings as risiko_settings
from torneo.risiko import commands_swaps as risiko_swaps
from torneo.risiko import views as risiko_views
from torneo.risiko import views_season, views_tables
from torneo.risiko.commands_results import enter_result, record_title_roll
from torneo.risiko.console import commands as risiko_console
from torneo.risiko.console.schemas import ConsoleOut
from torneo.risiko.schemas import (
    ActionIn,
    CreateIn,
    DrawIn,
    PageOut,
    PlayerIdOut,
    PlayerIdsOut,
    PlayerIn,
    RegulationIn,
    ResultIn,
    ResultOut,
    RosterIn,
    RoundLineOut,
    SeasonOut,
    SeatLineOut,
    SettingsIn,
    StandingsOut,
    StructureIn,
    SummaryOut,
    SwapIn,
    SwapOut,
    TitleRollIn,
    TitleRollOut,
    VersionIn,
    WithdrawIn,
)

router = APIRouter(prefix="/api/v1/risiko", tags=["risiko"])

_PROBLEMS = problem_responses(
    not_found="No such tournament, round, table or player",
    conflict="Conflict: stale version, wrong phase, or refused by the rules (RSK-*)",
)

Tid = Annotated[int, Path(ge=1, le=2**31 - 1)]
Rnd = Annotated[int, Path(ge=1, le=1000)]
Tbl = Annotated[int, Path(ge=1, le=1000)]


def _page(request: Request, tid: int) -> PageOut:
    return PageOut.model_validate(risiko_views.tournament_page(store_of(request), tid))


def _console(request: Request, tid: int, round_no: int, table: int) -> ConsoleOut:
    view = views_tables.console_view(store_of(request), tid, round_no, table)
    return ConsoleOut.model_validate(view)


# --- tournaments ------------------------------------------------------------------------------


@router.get(
    "/tournaments",
    response_model=list[SummaryOut],
    summary="RisiKo! tournaments, newest first",
)
def list_tournaments(
    request: Request, limit: Annotated[int, Query(ge=1, le=1000)] = 200
) -> list[SummaryOut]:
    rows = risiko_views.list_tournaments(store_of(request), limit=limit)
    return [SummaryOut.model_validate(r) for r in rows]


@router.post(
    "/tournaments",
    status_code=201,
    response_model=PageOut,
    responses=_PROBLEMS,
    summary="Create a RisiKo! tournament",
)
def create_tournament(
    request: Request, response: Response, body: CreateIn, actor: ApiActor
) -> PageOut:
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
        club=body.club,
        **body.rule_changes(),
    )
    response.headers["Location"] = f"/api/v1/risiko/tournaments/{tid}"
    return _page(request, tid)


@router.get(
    "/tournaments/{tid}",
    response_model=PageOut,
    responses=_PROBLEMS,
    summary="A tournament: all of it",
)
def get_tournament(request: Request, tid: Tid) -> PageOut:
    return _page(request, tid)


@router.patch(
    "/tournaments/{tid}",
    response_model=PageOut,
    responses=_PROBLEMS,
    summary="Change settings and rules",
)
def update_settings(request: Request, tid: Tid, body: SettingsIn, actor: ApiActor) -> PageOut:
    risiko_settings.update_settings(
        store_of(request),
        actor,
        tid,
        version=body.version,
        name=body.name,
        held_on=body.held_on,
        location=body.location,
        season=body.season,
        kind=body.kind,
        **body.rule_changes(),
    )
    return _page(request, tid)


@router.put(
    "/tournaments/{tid}/regulation",
    response_model=PageOut,
    responses=_PROBLEMS,
    summary="Save (and publish) the regulation (RSK-REG-1)",
)
def save_regulation(request: Request, tid: Tid, body: RegulationIn, actor: ApiActor) -> PageOut:
    parts = body.model_dump(include={"formula", "referees", "not_allowed", "sanctions"})
    risiko_settings.save_regulation(
        store_of(request), actor, tid, parts, publish=body.publish, version=body.version
    )
    return _page(request, tid)


@router.post(
    "/tournaments/{tid}/players",
    status_code=201,
    response_model=PlayerIdOut,
    responses=_PROBLEMS,
    summary="Register",
)
def register_player(request: Request, tid: Tid, body: PlayerIn, actor: ApiActor) -> PlayerIdOut:
    pid = risiko.register_player(
        store_of(request),
        actor,
        tid,
        name=body.name,
        club=body.club,
        version=body.version,
        player=body.player,
    )
    return PlayerIdOut(player_id=pid)


@router.post(
    "/tournaments/{tid}/roster",
    status_code=201,
    response_model=PlayerIdsOut,
    responses=_PROBLEMS,
    summary="Register a list",
)
def register_roster(request: Request, tid: Tid, body: RosterIn, actor: ApiActor) -> PlayerIdsOut:
    ids = risiko_roster.register_roster(store_of(request), actor, tid, body.csv)
    return PlayerIdsOut(player_ids=ids)


@router.post(
    "/tournaments/{tid}/players/{player_id}/withdraw",
    response_model=PageOut,
    responses=_PROBLEMS,
    summary="A player leaves the tournament",
)
def withdraw_player(
    request: Request, tid: Tid, player_id: Tid, body: WithdrawIn, actor: ApiActor
) -> PageOut:
    risiko.withdraw_player(
        store_of(request), actor, tid, player_id, reason=body.reason, version=body.version
    )
    return _page(request, tid)


@router.post(
    "/tournaments/{tid}/close",
    response_model=PageOut,
    responses=_PROBLEMS,
    summary="Close: the final ranking is fixed",
)
def close_tournament(request: Request, tid: Tid, body: VersionIn, actor: ApiActor) -> PageOut:
    risiko.close_tournament(store_of(request), actor, tid, version=body.version)
    return _page(request, tid)


@router.get(
    "/tournaments/{tid}/standings",
    response_model=StandingsOut,
    responses=_PROBLEMS,
    summary="Standings and ranking",
)
def standings(request: Request, tid: Tid) -> StandingsOut:
    page = risiko_views.tournament_page(store_of(request), tid)
    return StandingsOut.model_validate(
        {"rules": page.rules, "standings": page.standings, "final": page.final}
    )


# --- rounds (RSK-TBL-2) -----------------------------------------------------------------------


@router.post(
    "/tournaments/{tid}/rounds",
    status_code=201,
    response_model=RoundLineOut | None,
    responses=_PROBLEMS,
    summary="Draw the next round (seeded, recorded)",
)
def draw_round(request: Request, tid: Tid, body: DrawIn, actor: ApiActor) -> RoundLineOut | None:
    number = risiko.draw_round(
        store_of(request), actor, tid, method=body.method, version=body.version
    )
    line = risiko_views.tournament_page(store_of(request), tid).round(number)
    return None if line is None else RoundLineOut.model_validate(line)


@router.delete(
    "/tournaments/{tid}/rounds/{round_no}",
    response_model=PageOut,
    responses=_PROBLEMS,
    summary="Take back the last draw",
)
def undo_draw(request: Request, tid: Tid, round_no: Rnd, actor: ApiActor) -> PageOut:
    risiko_swaps.undo_draw(store_of(request), actor, tid, round_no)
    return _page(request, tid)


@router.get(
    "/tournaments/{tid}/rounds/{round_no}/swap",
    response_model=SwapOut,
    responses=_PROBLEMS,
    summary="What swapping two players would change (nothing saved)",
)
def preview_swap(
    request: Request,
    tid: Tid,
    round_no: Rnd,
    a: Annotated[int, Query()],
    b: Annotated[int, Query()],
) -> SwapOut:
    preview = risiko_swaps.preview_swap(store_of(request), tid, round_no, a, b)
    return SwapOut.model_validate(preview)


@router.post(
    "/tournaments/{tid}/rounds/{round_no}/swap",
    response_model=SwapOut,
    responses=_PROBLEMS,
    summary="Swap two players by hand",
)
def swap(request: Request, tid: Tid, round_no: Rnd, body: SwapIn, actor: ApiActor) -> SwapOut:
    done = risiko_swaps.swap_players(
        store_of(request), actor, tid, round_no, body.a, body.b, version=body.version
    )
    return SwapOut.model_validate(done)


@router.post(
    "/tournaments/{tid}/structure",
    response_model=PageOut,
    responses=_PROBLEMS,
    summary="Change the structure between rounds (RSK-TBL-2)",
)
def change_structure(request: Request, tid: Tid, body: StructureIn, actor: ApiActor) -> PageOut:
    risiko_settings.change_structure(
        store_of(request),
        actor,
        tid,
        reason=body.reason,
        version=body.version,
        table_policy=body.table_policy,
        semifinal_tables=body.semifinal_tables,
        final_table_size=body.final_table_size,
    )
    return _page(request, tid)


@router.post(
    "/tournaments/{tid}/title-roll",
    response_model=TitleRollOut,
    responses=_PROBLEMS,
    summary="Record the roll between players still tied for the title (RSK-TIE-1)",
)
def title_roll(request: Request, tid: Tid, body: TitleRollIn, actor: ApiActor) -> TitleRollOut:
    order = record_title_roll(
        store_of(request),
        actor,
        tid,
        [r.model_dump() for r in body.rolls],
        version=body.version,
    )
    return TitleRollOut(order=[int(p) for p in order])


@router.put(
    "/tournaments/{tid}/rounds/{round_no}/tables/{table}/result",
    response_model=ResultOut,
    responses=_PROBLEMS,
    summary="Enter (or correct) a table's result (RSK-PTS-1, RSK-OUT-1/2)",
)
def put_result(
    request: Request, tid: Tid, round_no: Rnd, table: Tbl, body: ResultIn, actor: ApiActor
) -> ResultOut:
    recorded = enter_result(
        store_of(request),
        actor,
        tid,
        round_no,
        table,
        [s.model_dump() for s in body.seats],
        body.winners,
        correction=body.correction,
        override_console=body.override_console,
        reason=body.reason,
        version=body.version,
    )
    line = risiko_views.tournament_page(store_of(request), tid).round(round_no)
    seats = line.tables[table - 1].seats if line else ()
    return ResultOut(
        round=round_no,
        table=table,
        winners=[int(w) for w in recorded.winners],
        seats=[SeatLineOut.model_validate(s) for s in seats],
    )


# --- the referee console ----------------------------------------------------------------------


@router.get(
    "/tournaments/{tid}/rounds/{round_no}/tables/{table}/console",
    response_model=ConsoleOut,
    responses=_PROBLEMS,
    summary="A table's console: turn, next roll, rolls, sanctions, army rulings",
)
def get_console(request: Request, tid: Tid, round_no: Rnd, table: Tbl) -> ConsoleOut:
    return _console(request, tid, round_no, table)


@router.post(
    "/tournaments/{tid}/rounds/{round_no}/tables/{table}/console",
    response_model=ConsoleOut,
    responses=_PROBLEMS,
    summary="Record an action at the table (RSK-ROLL-1..3, RSK-OUT-1/2, RSK-ARMY-1)",
)
def console_action(
    request: Request, tid: Tid, round_no: Rnd, table: Tbl, body: ActionIn, actor: ApiActor
) -> ConsoleOut:
    action = body.model_dump(exclude={"version"}, exclude_none=True)
    risiko_console.act(store_of(request), actor, tid, round_no, table, action, version=body.version)
    return _console(request, tid, round_no, table)


@router.post(
    "/tournaments/{tid}/rounds/{round_no}/tables/{table}/console/undo",
    response_model=ConsoleOut,
    responses=_PROBLEMS,
    summary="Take back the table's last action",
)
def console_undo(
    request: Request, tid: Tid, round_no: Rnd, table: Tbl, body: VersionIn, actor: ApiActor
) -> ConsoleOut:
    risiko_console.undo(store_of(request), actor, tid, round_no, table, version=body.version)
    return _console(request, tid, round_no, table)


# --- the season -------------------------------------------------------------------------------


@router.get(
    "/seasons/{season}",
    response_model=SeasonOut,
    responses=_PROBLEMS,
    summary="The season ranking (best N)",
)
def season(request: Request, season: Annotated[str, Path(max_length=40)]) -> SeasonOut:
    return SeasonOut.model_validate(views_season.season_view(store_of(request), season))
