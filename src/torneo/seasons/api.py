"""JSON API of seasons, calendars, ladders and event exports under ``/api/v1`` (issue 5, issue 3
item 6). Thin: parse, call a service, answer.

Reads are public. Writes need the session cookie and its CSRF token (``X-CSRF-Token``); the
services check the role. Errors are problem+json; two carry a list beside the usual members:
a CSV import refused has ``issues`` (every wrong row: row, column, reason, accepted) and an
announcement refused has ``breaches`` (every broken rule: rule, sentence).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from torneo.cards import exports
from torneo.core.errors import NotFound
from torneo.platform.web import problems
from torneo.platform.web.auth import ApiActor
from torneo.platform.web.session import store_of
from torneo.seasons import commands as seasons
from torneo.seasons import commands_calendar as season_calendar
from torneo.seasons import commands_ladders as ladders
from torneo.seasons import views as season_views
from torneo.seasons.pages import cached_season_page
from torneo.seasons.rules.import_csv import SeasonImportError
from torneo.seasons.rules.settings import REGIONAL_CUT

router = APIRouter(prefix="/api/v1", tags=["seasons"])

MAX_CSV_CHARS = 900_000  # under the app's 1 MiB body limit; bigger files: `torneo season import`

_PROBLEMS: dict[int | str, dict[str, object]] = {
    status: {
        "description": description,
        "content": {"application/problem+json": {"schema": {"type": "object"}}},
    }
    for status, description in [
        (401, "Not logged in"),
        (403, "Not allowed (role or CSRF token)"),
        (404, "No such season, player, tournament or ladder"),
        (409, "Conflict: a duplicate, or a season of another ruleset"),
        (422, "Invalid input: `field`, `reason`, `accepted` (and `issues` or `breaches`)"),
    ]
}


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeasonCreateIn(_In):
    name: str = Field(min_length=1, max_length=200, examples=["Campionato 2011/12"])
    preset: str = Field(min_length=1, max_length=80, examples=["invasion-it-2012"])
    start: str | None = Field(default=None, max_length=40, description="YYYY-MM-DD (INV-SEASON-1)")
    end: str | None = Field(default=None, max_length=40, description="YYYY-MM-DD")
    cut_size: int = Field(default=REGIONAL_CUT, ge=0, le=100_000, description="INV-RANK-3")


class ImportIn(_In):
    csv: str = Field(
        min_length=1,
        max_length=MAX_CSV_CHARS,
        description="tournament,date,store,major,player,place,swiss_points,topcut_wins,dropped",
    )


class AddEventIn(_In):
    event_id: int = Field(ge=1)
    store: str | None = Field(default=None, max_length=200)


class AnnounceIn(_In):
    name: str = Field(min_length=1, max_length=200)
    store: str = Field(min_length=1, max_length=200)
    held_on: str = Field(max_length=40, description="YYYY-MM-DD")
    is_major: bool = False
    judge: str = Field(default="", max_length=120, description="INV-LEGAL-3; empty = none")
    public_place: bool = Field(default=True, description="INV-LEGAL-4")
    prizes_for_top: int = Field(default=2, ge=0, le=1000, description="INV-LEGAL-5")


class LadderCreateIn(_In):
    name: str = Field(min_length=1, max_length=200)
    preset: str = Field(min_length=1, max_length=80)
    source: str = Field(description="matches (Glicko-2), tables or placings (openskill)")
    ladder: str | None = Field(default=None, description="BER-RANK-1: professional or amateur")
    season_id: int | None = None
    start: str | None = Field(default=None, max_length=40)
    end: str | None = Field(default=None, max_length=40)


def _iso(value: date | None) -> str | None:
    return value.isoformat() if value else None


def _card(c: season_views.SeasonCard) -> dict[str, Any]:
    return {
        "id": c.id,
        "name": c.name,
        "preset": c.preset,
        "start": c.starts_on.isoformat(),
        "end": c.ends_on.isoformat(),
        "cut_size": c.cut_size,
        "tournaments": c.tournaments,
        "void": c.void,
        "players": c.players,
    }


def _summary(s: seasons.ImportSummary) -> dict[str, Any]:
    return {
        "season_id": s.season_id,
        "season_created": s.season_created,
        "tournaments": s.tournaments,
        "results": s.results,
        "void": [
            {
                "tournament": name,
                "breaches": [
                    {"rule": b.rule_id, "sentence": b.sentence}
                    for b in season_views.breach_lines(reasons)
                ],
            }
            for name, reasons in s.void
        ],
    }


def _breaches(lines: tuple[season_views.BreachLine, ...]) -> list[dict[str, str]]:
    return [{"rule": b.rule_id, "sentence": b.sentence} for b in lines]


# --- seasons ---------------------------------------------------------------------------------


@router.get("/seasons", summary="Seasons, newest first")
def list_seasons(request: Request) -> list[dict[str, Any]]:
    return [_card(c) for c in season_views.list_season_cards(store_of(request))]


@router.post("/seasons", status_code=201, responses=_PROBLEMS, summary="Create a season")
def create_season(request: Request, body: SeasonCreateIn, actor: ApiActor) -> JSONResponse:
    season_id = seasons.create_season(
        store_of(request),
        actor,
        name=body.name,
        preset=body.preset,
        start=body.start,
        end=body.end,
        cut_size=body.cut_size,
    )
    card = next(c for c in season_views.list_season_cards(store_of(request)) if c.id == season_id)
    return JSONResponse(
        _card(card), status_code=201, headers={"Location": f"/api/v1/seasons/{season_id}"}
    )


@router.get(
    "/seasons/{season_id}",
    responses=_PROBLEMS,
    summary="A season: its table (INV-RANK-1..3) and tournaments (void ones with every breach)",
)
def get_season(request: Request, season_id: int) -> dict[str, Any]:
    return exports.page_json(cached_season_page(request, season_id))


@router.get(
    "/seasons/{season_id}/standings",
    responses=_PROBLEMS,
    summary="The season table: rank, player, points, W, S, MW, MP, T, final bonus, qualified",
)
def get_standings(request: Request, season_id: int) -> list[dict[str, Any]]:
    return [r.as_dict() for r in cached_season_page(request, season_id).rows]


@router.get(
    "/seasons/{season_id}/players/{player_id}",
    responses=_PROBLEMS,
    summary="A player's season: the row and each tournament's points, part by part",
)
def get_player(request: Request, season_id: int, player_id: int) -> dict[str, Any]:
    rows = cached_season_page(request, season_id).rows
    page = season_views.player_page(store_of(request), season_id, player_id, rows=rows)
    return {
        "season_id": page.season_id,
        "player_id": page.player_id,
        "player": page.name,
        "club": page.club,
        "standing": page.row.as_dict() if page.row else None,
        "history": [
            {
                "tournament_id": h.tournament_id,
                "tournament": h.tournament,
                "date": h.held_on.isoformat(),
                "store": h.store,
                "major": h.is_major,
                "players": h.field_size,
                "place": h.place,
                "points": h.points,
                "cumulative": h.cumulative,
                "parts": [{"label": p.label, "points": p.value} for p in h.parts],
                "explanation": h.explanation,
                "final_bonus": str(h.final_bonus),
                "void": h.void,
                "breaches": _breaches(h.breaches),
            }
            for h in page.history
        ],
    }


@router.post(
    "/seasons/{season_id}/import",
    responses=_PROBLEMS,
    summary="Import past results (CSV); every wrong row listed in `issues`, nothing imported",
)
def import_csv(request: Request, season_id: int, body: ImportIn, actor: ApiActor) -> Response:
    store = store_of(request)
    name, preset = season_views.season_name(store, season_id)
    try:
        summary = seasons.import_season_csv(store, actor, name, preset, body.csv)
    except SeasonImportError as err:
        return problems.problem(
            err.status,
            err.code,
            str(err),
            instance=request.url.path,
            field=err.field,
            reason=err.reason,
            accepted=err.accepted,
            issues=[
                {"row": i.row, "column": i.column, "reason": i.reason, "accepted": i.accepted}
                for i in err.issues
            ],
        )
    return JSONResponse(_summary(summary))


@router.post(
    "/seasons/{season_id}/events",
    responses=_PROBLEMS,
    summary="Add a finished event to the season (again: refresh its results)",
)
def add_event(request: Request, season_id: int, body: AddEventIn, actor: ApiActor) -> Response:
    store = store_of(request)
    name, _ = season_views.season_name(store, season_id)
    summary = seasons.add_finished_event_to_season(
        store, actor, name, body.event_id, store_name=body.store
    )
    return JSONResponse(_summary(summary))


# --- calendar --------------------------------------------------------------------------------


@router.get(
    "/seasons/{season_id}/calendar",
    responses=_PROBLEMS,
    summary="Majors, announced tournaments and the days `store` may still book",
)
def get_calendar(
    request: Request,
    season_id: int,
    store: Annotated[str | None, Query(max_length=200)] = None,
) -> dict[str, Any]:
    view = season_calendar.calendar_view(store_of(request), season_id, store_name=store)
    return {
        "season_id": view.season_id,
        "store": view.store,
        "today": view.today.isoformat(),
        "majors": [d.isoformat() for d in view.majors],
        "announced": [
            {
                "id": a.id,
                "tournament": a.name,
                "store": a.store,
                "date": a.held_on.isoformat(),
                "major": a.is_major,
                "announced_on": a.announced_on.isoformat(),
                "judge": a.judge,
            }
            for a in view.announced
        ],
        "bookable_days": [
            c.day.isoformat()
            for m in view.months
            for week in m.weeks
            for c in week
            if c is not None and c.bookable
        ],
    }


def _announcement(body: AnnounceIn) -> season_calendar.AnnouncementInput:
    return season_calendar.AnnouncementInput(
        name=body.name,
        store=body.store,
        held_on=body.held_on,
        is_major=body.is_major,
        judge=body.judge,
        public_place=body.public_place,
        prizes_for_top=body.prizes_for_top,
    )


@router.post(
    "/seasons/{season_id}/announcements/check",
    responses=_PROBLEMS,
    summary="Every sanctioning breach the tournament would have if announced today",
)
def check_announcement(request: Request, season_id: int, body: AnnounceIn) -> dict[str, Any]:
    found = season_calendar.check_announcement(store_of(request), season_id, _announcement(body))
    return {"legal": not found, "breaches": _breaches(found)}


@router.post(
    "/seasons/{season_id}/announcements",
    status_code=201,
    responses=_PROBLEMS,
    summary="Announce a tournament; refused with every breach in `breaches`",
)
def announce(request: Request, season_id: int, body: AnnounceIn, actor: ApiActor) -> Response:
    try:
        new_id = season_calendar.announce_tournament(
            store_of(request), actor, season_id, _announcement(body)
        )
    except season_calendar.SanctioningError as err:
        return problems.problem(
            err.status,
            err.code,
            str(err),
            instance=request.url.path,
            field=err.field,
            reason=err.reason,
            accepted=err.accepted,
            breaches=_breaches(err.breaches),
        )
    return JSONResponse({"id": new_id, "legal": True}, status_code=201)


# --- ladders ---------------------------------------------------------------------------------


def _ladder_card(c: ladders.LadderCard) -> dict[str, Any]:
    return {
        "id": c.id,
        "name": c.name,
        "preset": c.preset,
        "source": c.source,
        "ladder": c.ladder,
        "season": c.season,
        "start": _iso(c.starts_on),
        "end": _iso(c.ends_on),
        "events": c.events,
        "games": c.games,
        "players": c.players,
        "computed_at": c.computed_at.isoformat() if c.computed_at else None,
    }


def _ladder_name(request: Request, ladder_id: int) -> str:
    for c in ladders.list_ladders(store_of(request)):
        if c.id == ladder_id:
            return c.name
    raise NotFound("ladder", f"no ladder {ladder_id}", "the id of an existing ladder")


@router.get("/ladders", summary="Rating ladders")
def list_ladders(request: Request) -> list[dict[str, Any]]:
    return [_ladder_card(c) for c in ladders.list_ladders(store_of(request))]


@router.get("/ladders/{ladder_id}", responses=_PROBLEMS, summary="A ladder with its ratings")
def get_ladder(request: Request, ladder_id: int) -> dict[str, Any]:
    view = ladders.ladder_view(store_of(request), _ladder_name(request, ladder_id))
    return {
        **_ladder_card(view.card),
        "rating": view.rating_name,
        "rows": [line.as_dict() for line in view.lines],
    }


@router.post("/ladders", status_code=201, responses=_PROBLEMS, summary="Define a ladder")
def create_ladder(request: Request, body: LadderCreateIn, actor: ApiActor) -> JSONResponse:
    store = store_of(request)
    season = season_views.season_name(store, body.season_id)[0] if body.season_id else None
    ladders.create_ladder(
        store,
        actor,
        name=body.name,
        preset=body.preset,
        source=body.source,
        ladder=body.ladder,
        season=season,
        start=body.start,
        end=body.end,
    )
    summary = ladders.recompute_ladder(store, actor, body.name)
    card = next(c for c in ladders.list_ladders(store) if c.name == summary.ladder)
    return JSONResponse(_ladder_card(card), status_code=201)


@router.post(
    "/ladders/{ladder_id}/recompute", responses=_PROBLEMS, summary="Replay every rated game"
)
def recompute_ladder(request: Request, ladder_id: int, actor: ApiActor) -> dict[str, Any]:
    s = ladders.recompute_ladder(store_of(request), actor, _ladder_name(request, ladder_id))
    return {"ladder": s.ladder, "events": s.events, "games": s.games, "players": s.players}


# --- "why this pair" -------------------------------------------------------------------------


@router.get(
    "/events/{event_id}/rounds/{round_no}/explanations",
    responses=_PROBLEMS,
    tags=["events"],
    summary="Why each pair of a round was made (issue 3 item 6), players by name",
)
def explanations(request: Request, event_id: int, round_no: int) -> dict[str, Any]:
    view = exports.explained_round(store_of(request), event_id, round_no)
    return {
        "event_id": view.event_id,
        "round": view.round_no,
        "stage": view.stage,
        "pairs": [
            {
                "table": p.table,
                "player_a": p.a,
                "player_b": p.b,
                "result": p.result,
                "explanation": p.explanation,
            }
            for p in view.pairs
        ],
    }
