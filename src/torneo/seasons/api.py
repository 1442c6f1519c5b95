"""JSON API of seasons, calendars, ladders and event exports under ``/api/v1`` (issue 5, issue 3
item 6). Thin: parse, call a service, answer.

Reads are public. Writes need the session cookie and its CSRF token (``X-CSRF-Token``); the
services check the role. Errors are problem+json; two carry a list beside the usual members:
a CSV import refused has ``issues`` (every wrong row: row, column, reason, accepted) and an
announcement refused has ``breaches`` (every broken rule: rule, sentence).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response

from torneo.cards.exports import views as exports
from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.platform.web import problems
from torneo.platform.web.auth import ApiActor
from torneo.platform.web.problems import problem_responses
from torneo.platform.web.session import store_of
from torneo.seasons import commands as seasons
from torneo.seasons import commands_events, commands_qualification, views_player
from torneo.seasons import views as season_views
from torneo.seasons.calendar import commands as season_calendar
from torneo.seasons.ladders import commands as ladders
from torneo.seasons.ladders import views as views_ladders
from torneo.seasons.ladders.schemas import LadderCardOut, LadderOut, RecomputeOut
from torneo.seasons.pages_common import cached_season_page
from torneo.seasons.rules.import_issues import SeasonImportError
from torneo.seasons.schemas import (
    AddEventIn,
    AnnouncedIdOut,
    AnnounceIn,
    AnnouncementCheckOut,
    BreachOut,
    CalendarOut,
    ExplanationsOut,
    ImportIn,
    ImportSummaryOut,
    LadderCreateIn,
    PlayerSeasonOut,
    SeasonCardOut,
    SeasonCreateIn,
    SeasonOut,
    StandingOut,
)
from torneo.seasons.schemas_cut import CutDecisionIn, CutOut, PlacementBonusIn

router = APIRouter(prefix="/api/v1", tags=["seasons"])

# 422 also carries ``issues`` (a CSV import) or ``breaches`` (an announcement): see the module.
_PROBLEMS = problem_responses(
    not_found="No such season, player, tournament or ladder",
    conflict="Conflict: a duplicate, or a season of another ruleset",
)


def _created(body: SeasonCardOut | LadderCardOut | AnnouncedIdOut, **headers: str) -> JSONResponse:
    return JSONResponse(body.model_dump(mode="json"), status_code=201, headers=headers or None)


# --- seasons ---------------------------------------------------------------------------------


@router.get("/seasons", response_model=list[SeasonCardOut], summary="Seasons, newest first")
def list_seasons(request: Request) -> list[SeasonCardOut]:
    return [SeasonCardOut.of(c) for c in season_views.list_season_cards(store_of(request))]


@router.post(
    "/seasons",
    response_model=SeasonCardOut,
    status_code=201,
    responses=_PROBLEMS,
    summary="Create a season",
)
def create_season(request: Request, body: SeasonCreateIn, actor: ApiActor) -> JSONResponse:
    season_id = seasons.create_season(
        store_of(request),
        actor,
        name=body.name,
        preset=body.preset,
        start=body.start,
        end=body.end,
        cut_size=body.cut_size,
        club=body.club,
    )
    card = next(c for c in season_views.list_season_cards(store_of(request)) if c.id == season_id)
    return _created(SeasonCardOut.of(card), Location=f"/api/v1/seasons/{season_id}")


@router.get(
    "/seasons/{season_id}",
    response_model=SeasonOut,
    responses=_PROBLEMS,
    summary="A season: its table (INV-RANK-1..3) and tournaments (void ones with every breach)",
)
def get_season(request: Request, season_id: int) -> SeasonOut:
    return SeasonOut.of(cached_season_page(request, season_id))


@router.get(
    "/seasons/{season_id}/standings",
    response_model=list[StandingOut],
    responses=_PROBLEMS,
    summary="The season table: rank, player, points, W, S, MW, MP, T, final bonus, qualified",
)
def get_standings(request: Request, season_id: int) -> list[StandingOut]:
    return [StandingOut.of(r) for r in cached_season_page(request, season_id).rows]


@router.get(
    "/seasons/{season_id}/players/{player_id}",
    response_model=PlayerSeasonOut,
    responses=_PROBLEMS,
    summary="A player's season: the row and each tournament's points, part by part",
)
def get_player(request: Request, season_id: int, player_id: int) -> PlayerSeasonOut:
    rows = cached_season_page(request, season_id).rows
    return PlayerSeasonOut.of(
        views_player.player_page(store_of(request), season_id, player_id, rows=rows)
    )


@router.post(
    "/seasons/{season_id}/cut",
    response_model=CutOut,
    responses=_PROBLEMS,
    summary="Settle a tie at the Regional cut: the players who qualify, or a drawn lot (INV-RANK-3)",
)
def decide_cut(request: Request, season_id: int, body: CutDecisionIn, actor: ApiActor) -> CutOut:
    store = store_of(request)
    # By id: season names are per club (issue 27), the id names one season everywhere.
    commands_qualification.decide_cut(
        store,
        actor,
        season_id,
        qualified=body.qualified,
        lot=body.lot,
        seed=body.seed,
        note=body.note,
    )
    return CutOut.of(cached_season_page(request, season_id).cut)


@router.put(
    "/seasons/{season_id}/placement-bonus",
    response_model=CutOut,
    responses=_PROBLEMS,
    summary="The National Final bonus of the season's best placements (INV-RANK-3)",
)
def set_placement_bonus(
    request: Request, season_id: int, body: PlacementBonusIn, actor: ApiActor
) -> CutOut:
    store = store_of(request)
    commands_qualification.set_placement_bonus(store, actor, season_id, body.placement_bonus)
    return CutOut.of(cached_season_page(request, season_id).cut)


@router.post(
    "/seasons/{season_id}/import",
    response_model=ImportSummaryOut,
    responses=_PROBLEMS,
    summary="Import past results (CSV); every wrong row listed in `issues`, nothing imported",
)
def import_csv(request: Request, season_id: int, body: ImportIn, actor: ApiActor) -> Response:
    store = store_of(request)
    _, preset = season_views.season_name(store, season_id)
    try:  # by id: season names are per club (issue 27)
        summary = seasons.import_season_csv(store, actor, season_id, preset, body.csv)
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
    return JSONResponse(ImportSummaryOut.of(summary).model_dump(mode="json"))


@router.post(
    "/seasons/{season_id}/events",
    response_model=ImportSummaryOut,
    responses=_PROBLEMS,
    summary="Add a finished event to the season (again: refresh its results)",
)
def add_event(
    request: Request, season_id: int, body: AddEventIn, actor: ApiActor
) -> ImportSummaryOut:
    store = store_of(request)
    summary = commands_events.add_finished_event_to_season(  # by id: names are per club
        store, actor, season_id, body.event_id, store_name=body.store
    )
    return ImportSummaryOut.of(summary)


# --- calendar --------------------------------------------------------------------------------


@router.get(
    "/seasons/{season_id}/calendar",
    response_model=CalendarOut,
    responses=_PROBLEMS,
    summary="Majors, announced tournaments and the days `store` may still book",
)
def get_calendar(
    request: Request,
    season_id: int,
    store: Annotated[str | None, Query(max_length=200)] = None,
) -> CalendarOut:
    view = season_calendar.calendar_view(store_of(request), season_id, store_name=store)
    return CalendarOut.of(view)


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
    response_model=AnnouncementCheckOut,
    responses=_PROBLEMS,
    summary="Every sanctioning breach the tournament would have if announced today",
)
def check_announcement(request: Request, season_id: int, body: AnnounceIn) -> AnnouncementCheckOut:
    found = season_calendar.check_announcement(store_of(request), season_id, _announcement(body))
    return AnnouncementCheckOut.of(found)


@router.post(
    "/seasons/{season_id}/announcements",
    response_model=AnnouncedIdOut,
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
            breaches=[BreachOut.of(b).model_dump() for b in err.breaches],
        )
    return _created(AnnouncedIdOut(id=new_id, legal=True))


# --- ladders ---------------------------------------------------------------------------------


def _ladder_name(request: Request, ladder_id: int) -> str:
    for c in views_ladders.list_ladders(store_of(request)):
        if c.id == ladder_id:
            return c.name
    raise NotFound(
        "ladder",
        N_("no ladder %(id)s"),
        N_("the id of an existing ladder"),
        params={"id": ladder_id},
    )


@router.get("/ladders", response_model=list[LadderCardOut], summary="Rating ladders")
def list_ladders(request: Request) -> list[LadderCardOut]:
    return [LadderCardOut.of(c) for c in views_ladders.list_ladders(store_of(request))]


@router.get(
    "/ladders/{ladder_id}",
    response_model=LadderOut,
    responses=_PROBLEMS,
    summary="A ladder with its ratings",
)
def get_ladder(request: Request, ladder_id: int) -> LadderOut:
    view = views_ladders.ladder_view(store_of(request), _ladder_name(request, ladder_id))
    return LadderOut.of_view(view)


@router.post(
    "/ladders",
    response_model=LadderCardOut,
    status_code=201,
    responses=_PROBLEMS,
    summary="Define a ladder",
)
def create_ladder(request: Request, body: LadderCreateIn, actor: ApiActor) -> JSONResponse:
    store = store_of(request)
    season = body.season_id or None  # by id: season names are per club (issue 27)
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
        club=body.club,
    )
    summary = ladders.recompute_ladder(store, actor, body.name)
    card = next(c for c in views_ladders.list_ladders(store) if c.name == summary.ladder)
    return _created(LadderCardOut.of(card))


@router.post(
    "/ladders/{ladder_id}/recompute",
    response_model=RecomputeOut,
    responses=_PROBLEMS,
    summary="Replay every rated game",
)
def recompute_ladder(request: Request, ladder_id: int, actor: ApiActor) -> RecomputeOut:
    s = ladders.recompute_ladder(store_of(request), actor, _ladder_name(request, ladder_id))
    return RecomputeOut.of(s)


# --- "why this pair" -------------------------------------------------------------------------


@router.get(
    "/events/{event_id}/rounds/{round_no}/explanations",
    response_model=ExplanationsOut,
    responses=_PROBLEMS,
    tags=["events"],
    summary="Why each pair of a round was made (issue 3 item 6), players by name",
)
def explanations(request: Request, event_id: int, round_no: int) -> ExplanationsOut:
    return ExplanationsOut.of(exports.explained_round(store_of(request), event_id, round_no))
