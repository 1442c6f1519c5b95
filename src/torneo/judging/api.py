"""JSON API of judging under ``/api/v1/events/{id}/judging`` (thin: parse, call a service).

Writes need the session cookie and its CSRF token (``X-CSRF-Token``); the services decide who
may act: the roster and the settings are the organizer's; rulings, deck checks and the clock
belong to the judges on the event's roster (403 for anyone else, a judge of another event
included). The round clock and a player's own record are public. Errors are problem+json.
The models are in ``judging.schemas``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request

from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.judging import commands as judging
from torneo.judging import commands_clock as judging_clock
from torneo.judging import commands_deck_checks as judging_checks
from torneo.judging import commands_decks as judging_decks
from torneo.judging import commands_draws as judging_draws
from torneo.judging import commands_rulings as judging_rulings
from torneo.judging import views as judging_views
from torneo.judging import views_roster
from torneo.judging.schemas import (
    AwardIn,
    ClockOut,
    ConfigIn,
    DeckCheckIn,
    DeckCheckOut,
    DeckCheckOutcomeOut,
    DeckListIn,
    DeckListOut,
    DoneOut,
    DrawIn,
    HeadIn,
    IssuedOut,
    JudgeIn,
    MinutesIn,
    PenaltyIn,
    PublishIn,
    ReasonIn,
    RecordOut,
    ReplayIn,
    RosterOut,
    RulingOut,
    TableIn,
)
from torneo.platform.store.uow import Actor
from torneo.platform.web.auth import ApiActor, api_actor
from torneo.platform.web.problems import problem_responses
from torneo.platform.web.session import current_actor, store_of

router = APIRouter(prefix="/api/v1/events/{event_id}/judging", tags=["judging"])

_PROBLEMS = problem_responses(
    forbidden="Not a judge of this event (or not the organizer, or a bad CSRF token)",
    not_found="No such event, player, round or ruling",
    conflict="Conflict: stale version, already done, or out of phase",
)


def _issued(rows: list[judging.Issued]) -> list[IssuedOut]:
    return [IssuedOut.model_validate(r) for r in rows]


# --- roster and settings (organizer) ---------------------------------------------------------


@router.get("/roster", response_model=RosterOut, responses=_PROBLEMS)
def roster(request: Request, event_id: int) -> RosterOut:
    return RosterOut.of(views_roster.roster_page(store_of(request), event_id))


@router.post("/judges", response_model=DoneOut, status_code=201, responses=_PROBLEMS)
def appoint(request: Request, event_id: int, body: JudgeIn, actor: ApiActor) -> DoneOut:
    """INV-JUDGE-1: put an account with the judge or organizer role on the roster."""
    judging.appoint_judge(
        store_of(request),
        actor,
        event_id,
        username=body.username,
        head=body.head,
        player_id=body.player_id,
        version=body.version,
    )
    return DoneOut()


@router.delete("/judges/{user_id}", response_model=DoneOut, responses=_PROBLEMS)
def remove(request: Request, event_id: int, user_id: int, actor: ApiActor) -> DoneOut:
    judging.remove_judge(store_of(request), actor, event_id, user_id)
    return DoneOut()


@router.post("/head", response_model=DoneOut, responses=_PROBLEMS)
def head(request: Request, event_id: int, body: HeadIn, actor: ApiActor) -> DoneOut:
    judging.appoint_head_judge(
        store_of(request), actor, event_id, body.user_id, version=body.version
    )
    return DoneOut()


@router.put("/config", response_model=DoneOut, responses=_PROBLEMS)
def configure(request: Request, event_id: int, body: ConfigIn, actor: ApiActor) -> DoneOut:
    """Card catalog, restricted list (INV-DECK-3), deck format, list deadline."""
    judging.configure(
        store_of(request),
        actor,
        event_id,
        cards=body.cards,
        restricted=body.restricted,
        deck_format=body.deck_format,
        deadline=body.deadline,
        version=body.version,
    )
    return DoneOut()


# --- rulings (judges) ------------------------------------------------------------------------


@router.post(
    "/penalties",
    response_model=list[IssuedOut],
    status_code=201,
    responses=_PROBLEMS,
    summary="Give a penalty (INV-PEN-1/2); the answer shows the escalation",
)
def penalty(request: Request, event_id: int, body: PenaltyIn, actor: ApiActor) -> list[IssuedOut]:
    return _issued(
        judging_rulings.issue(
            store_of(request),
            actor,
            event_id,
            player_id=body.player_id,
            infraction=body.infraction,
            reason=body.reason,
            penalties=body.penalties,
            version=body.version,
        )
    )


@router.get("/rulings", response_model=list[RulingOut], responses=_PROBLEMS)
def rulings(
    request: Request, event_id: int, who: Annotated[Actor, Depends(api_actor)]
) -> list[RulingOut]:
    """Every ruling of the event (judges of the event only)."""
    desk = judging_views.judge_desk(store_of(request), who, event_id)
    return [RulingOut.model_validate(r) for r in reversed(desk.rulings)]


@router.post(
    "/rulings/{seq}/overrule",
    response_model=list[IssuedOut],
    status_code=201,
    responses=_PROBLEMS,
    summary="INV-JUDGE-1: the head judge overrules a ruling",
)
def overrule(
    request: Request, event_id: int, seq: int, body: ReasonIn, actor: ApiActor
) -> list[IssuedOut]:
    return _issued(
        judging_rulings.overrule_ruling(
            store_of(request), actor, event_id, seq, reason=body.reason, version=body.version
        )
    )


@router.post(
    "/award-win",
    response_model=list[IssuedOut],
    status_code=201,
    responses=_PROBLEMS,
    summary="BER-JUDGE-1: award the match to a player",
)
def award(request: Request, event_id: int, body: AwardIn, actor: ApiActor) -> list[IssuedOut]:
    return _issued(
        judging_rulings.award_match(
            store_of(request),
            actor,
            event_id,
            round_no=body.round_no,
            table=body.table,
            winner_id=body.winner_id,
            reason=body.reason,
            version=body.version,
        )
    )


@router.post(
    "/replay",
    response_model=list[IssuedOut],
    status_code=201,
    responses=_PROBLEMS,
    summary="BER-JUDGE-1: order the last matches replayed (their results are voided)",
)
def replay(request: Request, event_id: int, body: ReplayIn, actor: ApiActor) -> list[IssuedOut]:
    return _issued(
        judging_rulings.order_matches_replayed(
            store_of(request),
            actor,
            event_id,
            last=body.last,
            player_id=body.player_id,
            reason=body.reason,
            version=body.version,
        )
    )


@router.post(
    "/intentional-draw",
    response_model=DoneOut,
    responses=_PROBLEMS,
    summary="INV-ID-1: record a draw declared at the round's start",
)
def intentional_draw(request: Request, event_id: int, body: DrawIn, actor: ApiActor) -> DoneOut:
    text = judging_draws.intentional_draw(
        store_of(request),
        actor,
        event_id,
        round_no=body.round_no,
        table=body.table,
        version=body.version,
        declared_at_start=body.declared_at_start,
    )
    return DoneOut(round_no=body.round_no, result=text)


@router.post(
    "/late-intentional-draw",
    response_model=list[IssuedOut],
    status_code=201,
    responses=_PROBLEMS,
    summary="INV-ID-1: a late declaration disqualifies both players",
)
def late_draw(request: Request, event_id: int, body: TableIn, actor: ApiActor) -> list[IssuedOut]:
    return _issued(
        judging_draws.disqualify_late_draw(
            store_of(request),
            actor,
            event_id,
            round_no=body.round_no,
            table=body.table,
            reason=body.reason,
            version=body.version,
        )
    )


@router.get("/players/{player_id}/record", response_model=RecordOut, responses=_PROBLEMS)
def record(request: Request, event_id: int, player_id: int) -> RecordOut:
    """Public: the player's own rulings in the event."""
    return RecordOut.model_validate(
        judging_views.player_record(store_of(request), event_id, player_id)
    )


# --- deck lists --------------------------------------------------------------------------------


@router.post(
    "/decklists/{player_id}",
    response_model=DeckListOut,
    status_code=201,
    responses=_PROBLEMS,
    summary="Register a deck list (the player, a judge or the organizer); every problem listed",
)
def submit_deck(
    request: Request, event_id: int, player_id: int, body: DeckListIn, actor: ApiActor
) -> DeckListOut:
    summary = judging_decks.submit_deck_list(
        store_of(request),
        actor,
        event_id,
        player_id=player_id,
        text=body.text,
        format_key=body.format,
    )
    return DeckListOut.model_validate(summary)


@router.get("/decklists/{player_id}", response_model=DeckListOut | None, responses=_PROBLEMS)
def read_deck(request: Request, event_id: int, player_id: int) -> DeckListOut | None:
    """Private to the player and the judges until the organizer publishes the lists."""
    summary = judging_decks.deck_list(
        store_of(request), current_actor(request), event_id, player_id
    )
    return DeckListOut.model_validate(summary) if summary is not None else None


@router.post("/pools/{player_id}", response_model=DeckListOut, status_code=201, responses=_PROBLEMS)
def submit_pool(
    request: Request, event_id: int, player_id: int, body: DeckListIn, actor: ApiActor
) -> DeckListOut:
    """BER-FMT-2/3: the player's sealed or draft pool."""
    summary = judging_decks.submit_pool(
        store_of(request),
        actor,
        event_id,
        player_id=player_id,
        text=body.text,
        format_key=body.format,
    )
    return DeckListOut.model_validate(summary)


@router.post("/decklists-published", response_model=DoneOut, responses=_PROBLEMS)
def publish(request: Request, event_id: int, body: PublishIn, actor: ApiActor) -> DoneOut:
    judging_decks.publish_deck_lists(store_of(request), actor, event_id, published=body.published)
    return DoneOut()


# --- deck checks -------------------------------------------------------------------------------


@router.post(
    "/deck-checks",
    response_model=DeckCheckOut,
    status_code=201,
    responses=_PROBLEMS,
    summary="INV-DECK-1: draw this round's table (seeded; once per round)",
)
def draw(request: Request, event_id: int, actor: ApiActor) -> DeckCheckOut:
    return DeckCheckOut.model_validate(
        judging_checks.draw_table(store_of(request), actor, event_id)
    )


@router.post(
    "/deck-checks/{round_no}/players/{player_id}",
    response_model=DeckCheckOutcomeOut,
    response_model_exclude_unset=True,  # "extra_minutes" only when extra time was asked
    responses=_PROBLEMS,
    summary="INV-DECK-1..3: the checked deck and the outcome applied",
)
def check(
    request: Request,
    event_id: int,
    round_no: int,
    player_id: int,
    body: DeckCheckIn,
    actor: ApiActor,
) -> DeckCheckOutcomeOut:
    outcome = judging_checks.check_deck(
        store_of(request),
        actor,
        event_id,
        round_no=round_no,
        player_id=player_id,
        physical=body.physical,
        note=body.note,
        extra_minutes=body.extra_minutes,
    )
    return DeckCheckOutcomeOut.model_validate(outcome)


# --- the round clock ---------------------------------------------------------------------------


@router.get("/clock", response_model=ClockOut, responses=_PROBLEMS)
def clock(
    request: Request,
    event_id: int,
    round: Annotated[int | None, Query(ge=1, le=10_000)] = None,
) -> ClockOut:
    """Public: the round's clock and each table's, computed now from stored timestamps."""
    return ClockOut.model_validate(
        judging_clock.clock_panel(store_of(request), event_id, round_no=round)
    )


@router.post("/clock/{action}", response_model=ClockOut, responses=_PROBLEMS)
def clock_action(request: Request, event_id: int, action: str, actor: ApiActor) -> ClockOut:
    """``start`` (the judges' "go"), ``pause`` or ``resume`` the current round's clock."""
    store = store_of(request)
    actions = {
        "start": judging_clock.start_clock,
        "pause": judging_clock.pause_clock,
        "resume": judging_clock.resume_clock,
    }
    if action not in actions:
        raise NotFound(
            "action",
            N_("no clock action '%(action)s'"),
            N_("start, pause or resume"),
            params={"action": action},
        )
    actions[action](store, actor, event_id)
    return ClockOut.model_validate(judging_clock.clock_panel(store, event_id))


@router.post("/clock-time", response_model=ClockOut, responses=_PROBLEMS)
def round_time(request: Request, event_id: int, body: MinutesIn, actor: ApiActor) -> ClockOut:
    """Time for the whole round (an interruption)."""
    store = store_of(request)
    judging_clock.add_round_time(store, actor, event_id, minutes=body.minutes, reason=body.reason)
    return ClockOut.model_validate(judging_clock.clock_panel(store, event_id))


@router.post("/clock/tables/{table}", response_model=ClockOut, responses=_PROBLEMS)
def table_time(
    request: Request, event_id: int, table: int, body: MinutesIn, actor: ApiActor
) -> ClockOut:
    """Extra time for one table (a judge call, a deck check)."""
    store = store_of(request)
    judging_clock.extend_table(
        store, actor, event_id, table=table, minutes=body.minutes, reason=body.reason
    )
    return ClockOut.model_validate(judging_clock.clock_panel(store, event_id))
