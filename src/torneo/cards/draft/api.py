"""JSON API of card sets, limited events and the live draft (issue 16 part B).

- ``POST /api/v1/card-sets`` imports a set (CSV or JSON, docs/card-sets.md): every bad row is
  listed in the problem, nothing is stored; ``GET /api/v1/card-sets[/{code}]`` lists them.
- ``POST /api/v1/events/{id}/draft/setup`` (organizer): set, format, seconds per pick, passing.
- ``POST /api/v1/events/{id}/draft/start`` and ``…/sealed-pools`` (the event's judges).
- ``GET /api/v1/events/{id}/draft`` the judges' overview; ``GET …/draft/picks.csv`` the pick log.
- ``GET /api/v1/events/{id}/draft/me`` and ``POST …/draft/picks``: the player's seat and pick
  (the fallback of the WebSocket, ``torneo.cards.draft.api_live``).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response

from torneo.cards.draft import commands as draft
from torneo.cards.draft import views as views
from torneo.cards.draft.schemas import (
    CardOut,
    CardSetCardsOut,
    CardSetIn,
    CardSetOut,
    DoneOut,
    OverviewOut,
    PickedOut,
    PickIn,
    PlayerDraftOut,
    PodOut,
    SeatOut,
    SetupIn,
)
from torneo.cards.sets import commands as sets
from torneo.platform.store.uow import Actor
from torneo.platform.web.auth import ApiActor, api_actor
from torneo.platform.web.problems import problem_responses
from torneo.platform.web.session import store_of

router = APIRouter(prefix="/api/v1", tags=["draft"])
Reader = Annotated[Actor, Depends(api_actor)]

_PROBLEMS = problem_responses(
    forbidden="Not the organizer, not a judge of this event, or not your seat",
    not_found="No such event, set or seat",
    conflict="Not now: already picked, the pick is over, the draft has started, …",
)


def _set_out(line: views.SetLine) -> CardSetOut:
    return CardSetOut(
        code=line.code,
        name=line.name,
        cards=line.cards,
        booster=line.booster,
        starter=line.starter,
        shared=line.shared,
        club_id=line.club_id,
    )


@router.get("/card-sets", response_model=list[CardSetOut], summary="The imported card sets")
def list_sets(request: Request) -> list[CardSetOut]:
    return [_set_out(line) for line in views.card_sets(store_of(request))]


@router.get("/card-sets/{code}", response_model=CardSetCardsOut, responses=_PROBLEMS)
def show_set(request: Request, code: str, club: int | None = None) -> CardSetCardsOut:
    """``club``: the club whose set of that code (issue 27: each club has its own codes; its
    own set comes before a shared one of the same code)."""
    cards, owner = views.set_cards(store_of(request), code, club)
    line = next(
        x for x in views.card_sets(store_of(request)) if x.code == cards.code and x.club_id == owner
    )
    return CardSetCardsOut(
        **_set_out(line).model_dump(),
        card_list=[CardOut.model_validate(c.as_dict()) for c in cards.cards],
    )


@router.post(
    "/card-sets",
    response_model=CardSetOut,
    status_code=201,
    responses=_PROBLEMS,
    summary="Import a card set: all of it, or nothing with every bad row listed",
)
def import_set(request: Request, actor: ApiActor, body: CardSetIn) -> CardSetOut:
    sets.may_import(actor)
    parsed = sets.parse_set(
        body.text,
        body.format,
        code=body.code,
        name=body.name,
        booster=body.booster,
        starter=body.starter,
    )
    sets.import_set(store_of(request), actor, parsed, source=body.format, club=body.club)
    line = next(x for x in views.card_sets(store_of(request)) if x.code == parsed.code)
    return _set_out(line)


@router.post("/events/{event_id}/draft/setup", response_model=DoneOut, responses=_PROBLEMS)
def setup(request: Request, event_id: int, actor: ApiActor, body: SetupIn) -> DoneOut:
    sets.setup_event(
        store_of(request),
        actor,
        event_id,
        set_code=body.set,
        format_key=body.format,
        pick_seconds=body.pick_seconds,
        alternate=body.alternate,
        deck_deadline=body.deck_deadline,
        version=body.version,
    )
    return DoneOut()


@router.post("/events/{event_id}/draft/start", response_model=DoneOut, responses=_PROBLEMS)
def start(request: Request, event_id: int, actor: ApiActor) -> DoneOut:
    """BER-DRAFT-1: the judge starts the draft (returns the number of pods)."""
    return DoneOut(count=draft.start_draft(store_of(request), actor, event_id))


@router.post("/events/{event_id}/sealed-pools", response_model=DoneOut, responses=_PROBLEMS)
def sealed(request: Request, event_id: int, actor: ApiActor) -> DoneOut:
    """BER-FMT-2: every player's sealed pool from the event's seed (returns the players)."""
    return DoneOut(count=draft.open_sealed_pools(store_of(request), actor, event_id))


@router.get("/events/{event_id}/draft", response_model=OverviewOut, responses=_PROBLEMS)
def overview(request: Request, event_id: int, actor: Reader) -> OverviewOut:
    view = views.overview(store_of(request), actor, event_id)
    return OverviewOut(
        event_id=view.event_id,
        set=view.set_code,
        format=view.format_key,
        pick_seconds=view.pick_seconds,
        alternate=view.alternate,
        pools_opened=view.pools_opened,
        server_now=view.server_now.isoformat(),
        pods=[
            PodOut(
                pod=p.pod,
                status=p.status,
                booster=p.position.booster if p.position else None,
                pick=p.position.pick if p.position else None,
                deadline=p.deadline.isoformat() if p.deadline else None,
                seats=[SeatOut.model_validate(s, from_attributes=True) for s in p.seats],
            )
            for p in view.pods
        ],
    )


@router.get("/events/{event_id}/draft/picks.csv", responses=_PROBLEMS)
def picks_csv(
    request: Request,
    event_id: int,
    actor: Reader,
    player: Annotated[int | None, Query(ge=1)] = None,
) -> Response:
    """The pick log (one player's with ``player``): the judges' record of the draft."""
    text = views.pick_log_csv(views.pick_log(store_of(request), actor, event_id, player))
    name = f"event-{event_id}-picks{f'-player-{player}' if player else ''}.csv"
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/events/{event_id}/draft/me", response_model=PlayerDraftOut, responses=_PROBLEMS)
def mine(request: Request, event_id: int, actor: Reader) -> PlayerDraftOut:
    return PlayerDraftOut.model_validate(
        views.player_draft(store_of(request), actor, event_id).as_json()
    )


@router.post("/events/{event_id}/draft/picks", response_model=PickedOut, responses=_PROBLEMS)
def pick(request: Request, event_id: int, actor: ApiActor, body: PickIn) -> PickedOut:
    done = draft.pick_card(
        store_of(request), actor, event_id, body.card, booster=body.booster, pick=body.pick
    )
    return PickedOut(
        card=done.card,
        booster=done.position.booster,
        pick=done.position.pick,
        next_booster=done.now.booster if done.now else None,
        next_pick=done.now.pick if done.now else None,
    )
