"""JSON API of card-game events under ``/api/v1`` (thin: parse, call a service, answer).

Reads are public. Writes need the session cookie (``POST /api/v1/session``) and its CSRF token
in ``X-CSRF-Token``; the services check the role. Each write may carry the ``version`` of the
event the client saw: a stale one gets 409 and nothing changes. Errors are problem+json
(:mod:`torneo.platform.web.problems`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Annotated

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel

from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.pods import commands as pods_cmd
from torneo.cards.public.cache import ReadCache, cached_event_page
from torneo.cards.schemas import (
    BracketOut,
    ChangeOut,
    DropIn,
    EventCreateIn,
    EventOut,
    EventSummaryOut,
    FinalOut,
    PlayerIn,
    PlayerOut,
    PodOut,
    PodsIn,
    PresetOut,
    ResultIn,
    RosterIn,
    RoundOut,
    StandingsOut,
    StartIn,
    TopIn,
    VersionIn,
    VoidIn,
)
from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.platform.web.auth import ApiActor
from torneo.platform.web.problems import problem_responses
from torneo.platform.web.session import store_of

router = APIRouter(prefix="/api/v1", tags=["events"])

_PROBLEMS = problem_responses(not_found="No such event, round or player")

Version = Annotated[VersionIn | None, Body()]


def _change(request: Request, event_id: int, **extra: object) -> ChangeOut:
    summary = queries.event_summary(store_of(request), event_id)
    return ChangeOut(
        event_id=event_id,
        version=summary.version,
        status=summary.status,
        **extra,
    )


def _cached_json(request: Request, key: Hashable, build: Callable[[], BaseModel]) -> Response:
    """The JSON of a big read (standings, pairings) serialised once per state of the event."""
    cache: ReadCache = request.app.state.read_cache
    body = cache.get_or_build(key, lambda: build().model_dump_json().encode())
    return Response(body, media_type="application/json")


def _version(body: VersionIn | None) -> int | None:
    return body.version if body is not None else None


@router.get("/presets", response_model=list[PresetOut], summary="Presets an event can use")
def list_presets() -> list[PresetOut]:
    return [PresetOut.model_validate(p) for p in queries.list_presets()]


@router.get("/events", response_model=list[EventSummaryOut], summary="Events, newest first")
def list_events(
    request: Request,
    status: Annotated[str | None, Query(max_length=20)] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 200,
) -> list[EventSummaryOut]:
    rows = queries.list_events(store_of(request), status=status, limit=limit)
    return [EventSummaryOut.model_validate(r) for r in rows]


@router.post(
    "/events",
    response_model=EventOut,
    status_code=201,
    responses=_PROBLEMS,
    summary="Create an event from a preset",
)
def create_event(request: Request, body: EventCreateIn, actor: ApiActor) -> JSONResponse:
    event_id = events.create_event(
        store_of(request),
        actor,
        name=body.name,
        preset=body.preset,
        held_on=body.held_on,
        location=body.location,
        is_major=body.is_major,
        seed=body.seed,
        club=body.club,
        time_zone=body.time_zone,
        format=body.format,
        announced_on=body.announced_on,
    )
    out = _event_out(request, event_id)
    return JSONResponse(
        out.model_dump(mode="json"),
        status_code=201,
        headers={"Location": f"/api/v1/events/{event_id}"},
    )


def _event_out(request: Request, event_id: int) -> EventOut:
    page, _ = cached_event_page(request, event_id)
    return EventOut.model_validate(
        {
            "summary": page.summary,
            "swiss_rounds": page.swiss_rounds,
            "top_size": page.top_size,
            "one_round_fewer": page.one_round_fewer,
            "best_of": page.best_of,
            "void_reason": page.void_reason,
            "players": page.players,
            "round_numbers": page.round_numbers,
            "swiss_results": page.swiss_results,
            "top_results": page.top_results,
            "plan": page.actions.plan,
            "short_plan": page.actions.short_plan,
            "pods": page.pods,
            "in_pods": page.in_pods,
            "seating": page.seating,
        }
    )


@router.get("/events/{event_id}", response_model=EventOut, responses=_PROBLEMS)
def get_event(request: Request, event_id: int) -> EventOut:
    return _event_out(request, event_id)


@router.get("/events/{event_id}/players", response_model=list[PlayerOut], responses=_PROBLEMS)
def list_players(request: Request, event_id: int) -> list[PlayerOut]:
    return [PlayerOut.model_validate(p) for p in queries.players(store_of(request), event_id)]


@router.post(
    "/events/{event_id}/players",
    response_model=ChangeOut,
    status_code=201,
    responses=_PROBLEMS,
    summary="Register one player (a late entry once running)",
)
def register_player(request: Request, event_id: int, body: PlayerIn, actor: ApiActor) -> ChangeOut:
    player_id = events.register_player(
        store_of(request),
        actor,
        event_id,
        name=body.name,
        club=body.club,
        rating=body.rating,
        version=body.version,
        player=body.player,
    )
    return _change(request, event_id, player_id=player_id)


@router.get(
    "/events/{event_id}/pods",
    response_model=list[PodOut],
    responses=_PROBLEMS,
    summary="The pods as seated (BER-POD-1/2), each its players in seat order",
)
def get_pods(request: Request, event_id: int) -> list[PodOut]:
    return [PodOut.model_validate(p) for p in queries.event_pods(store_of(request), event_id)]


@router.post(
    "/events/{event_id}/pods",
    response_model=list[PodOut],
    responses=_PROBLEMS,
    summary="Seat the pods: automatically (snake by rating) or as the judge lists them",
)
def seat_pods(
    request: Request, event_id: int, actor: ApiActor, body: Annotated[PodsIn | None, Body()] = None
) -> list[PodOut]:
    body = body or PodsIn()
    pods_cmd.seat_pods(store_of(request), actor, event_id, pods=body.pods, version=body.version)
    return [PodOut.model_validate(p) for p in queries.event_pods(store_of(request), event_id)]


@router.post(
    "/events/{event_id}/roster",
    response_model=ChangeOut,
    status_code=201,
    responses=_PROBLEMS,
    summary="Register a CSV paste: everyone or no one",
)
def register_roster(request: Request, event_id: int, body: RosterIn, actor: ApiActor) -> ChangeOut:
    ids = events.register_roster(store_of(request), actor, event_id, body.csv)
    return _change(request, event_id, player_ids=ids)


@router.post(
    "/events/{event_id}/start",
    response_model=ChangeOut,
    responses=_PROBLEMS,
    summary="Close registration; fix the Swiss rounds and the Top X (INV-STRUCT-1/2)",
)
def start_event(
    request: Request, event_id: int, actor: ApiActor, body: Annotated[StartIn | None, Body()] = None
) -> ChangeOut:
    body = body or StartIn()
    rounds, top = events.start_event(
        store_of(request),
        actor,
        event_id,
        one_round_fewer=body.one_round_fewer,
        choice_rule=body.choice_rule,
        deck_checks=body.deck_checks,
        version=body.version,
    )
    warning = queries.event_summary(store_of(request), event_id).season_warning
    warnings = [warning.english()] if warning is not None else []
    return _change(request, event_id, swiss_rounds=rounds, top_size=top, warnings=warnings)


@router.post(
    "/events/{event_id}/rounds",
    response_model=ChangeOut,
    status_code=201,
    responses=_PROBLEMS,
    summary="Pair the next round (Swiss, or the next Top X round once it started)",
)
def pair_next_round(
    request: Request, event_id: int, actor: ApiActor, body: Version = None
) -> ChangeOut:
    round_no = events.pair_next_round(store_of(request), actor, event_id, version=_version(body))
    return _change(request, event_id, round=round_no)


@router.get(
    "/events/{event_id}/rounds/{round_no}",
    response_model=RoundOut,
    responses=_PROBLEMS,
    summary="Pairings of a round, by table and by name",
)
def get_round(request: Request, event_id: int, round_no: int) -> RoundOut:
    view = queries.pairings(store_of(request), event_id, round_no)
    assert view is not None  # pairings() raises NotFound for a round that does not exist
    return RoundOut.model_validate(view)


@router.get(
    "/events/{event_id}/pairings",
    response_model=RoundOut,
    responses=_PROBLEMS,
    summary="Pairings of the current round (or ?round=N)",
)
def get_pairings(
    request: Request, event_id: int, round: Annotated[int | None, Query(ge=1)] = None
) -> RoundOut | Response:
    if round is not None:
        return RoundOut.model_validate(queries.pairings(store_of(request), event_id, round))
    page, token = cached_event_page(request, event_id)
    current = page.round
    if current is None:
        raise NotFound("round", N_("no round has been paired yet"), N_("start the event and pair"))
    return _cached_json(
        request, ("pairings", event_id, token), lambda: RoundOut.model_validate(current)
    )


@router.post(
    "/events/{event_id}/rounds/{round_no}/tables/{table}/result",
    response_model=ChangeOut,
    responses=_PROBLEMS,
    summary="Report (or, as a judge, correct) the result of one table",
)
def report_result(
    request: Request, event_id: int, round_no: int, table: int, body: ResultIn, actor: ApiActor
) -> ChangeOut:
    events.report_result(
        store_of(request),
        actor,
        event_id,
        round_no,
        table,
        body.result,
        version=body.version,
        correction=body.correction,
        reason=body.reason,
        declared_at_start=body.declared_at_start,
    )
    return _change(request, event_id, round=round_no)


@router.post(
    "/events/{event_id}/players/{player_id}/drop",
    response_model=ChangeOut,
    responses=_PROBLEMS,
    summary="Drop a player (INV-DROP-1) or disqualify them",
)
def drop_player(
    request: Request,
    event_id: int,
    player_id: int,
    actor: ApiActor,
    body: Annotated[DropIn | None, Body()] = None,
) -> ChangeOut:
    body = body or DropIn()
    events.drop_player(
        store_of(request),
        actor,
        event_id,
        player_id,
        reason=body.reason,
        disqualify=body.disqualify,
        version=body.version,
    )
    return _change(request, event_id, player_id=player_id)


@router.post(
    "/events/{event_id}/top",
    response_model=ChangeOut,
    status_code=201,
    responses=_PROBLEMS,
    summary="Start the Top X from the final Swiss standings (INV-TOP-1..3)",
)
def start_top(
    request: Request, event_id: int, actor: ApiActor, body: Annotated[TopIn | None, Body()] = None
) -> ChangeOut:
    body = body or TopIn()
    round_no = events.start_top(
        store_of(request), actor, event_id, version=body.version, picks=body.picks
    )
    return _change(request, event_id, round=round_no)


@router.post(
    "/events/{event_id}/close",
    response_model=ChangeOut,
    responses=_PROBLEMS,
    summary="Close a finished event",
)
def close_event(
    request: Request, event_id: int, actor: ApiActor, body: Version = None
) -> ChangeOut:
    events.close_event(store_of(request), actor, event_id, version=_version(body))
    return _change(request, event_id)


@router.post(
    "/events/{event_id}/void",
    response_model=ChangeOut,
    responses=_PROBLEMS,
    summary="Declare the event void (INV-LEGAL-8), with the reason",
)
def void_event(request: Request, event_id: int, body: VoidIn, actor: ApiActor) -> ChangeOut:
    events.void_event(store_of(request), actor, event_id, reason=body.reason, version=body.version)
    return _change(request, event_id)


@router.get(
    "/events/{event_id}/standings",
    response_model=StandingsOut,
    responses=_PROBLEMS,
    summary="Swiss standings with the preset's tiebreaks (exact fractions)",
)
def get_standings(request: Request, event_id: int) -> Response:
    page, token = cached_event_page(request, event_id)
    return _cached_json(
        request, ("standings", event_id, token), lambda: StandingsOut.model_validate(page.standings)
    )


@router.get(
    "/events/{event_id}/bracket",
    response_model=BracketOut,
    responses=_PROBLEMS,
    summary="The Top X bracket (404 before the Top X starts)",
)
def get_bracket(request: Request, event_id: int) -> BracketOut:
    view = cached_event_page(request, event_id)[0].bracket
    if view is None:
        raise NotFound(
            "bracket", N_("the Top X has not started"), N_("an event whose Top X started")
        )
    return BracketOut.model_validate(view)


@router.get(
    "/events/{event_id}/results",
    response_model=FinalOut,
    responses=_PROBLEMS,
    summary="Final placements and tournament points (INV-PTS-*, INV-MAJOR-*) once finished",
)
def get_results(request: Request, event_id: int) -> FinalOut:
    view = cached_event_page(request, event_id)[0].final
    if view is None:
        raise NotFound("event", N_("the event is not finished"), N_("a finished event"))
    return FinalOut.model_validate(view)
