"""JSON API of judging under ``/api/v1/events/{id}/judging`` (thin: parse, call a service).

Writes need the session cookie and its CSRF token (``X-CSRF-Token``); the services decide who
may act: the roster and the settings are the organizer's; rulings, deck checks and the clock
belong to the judges on the event's roster (403 for anyone else, a judge of another event
included). The round clock and a player's own record are public. Errors are problem+json.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from torneo.core.errors import NotFound
from torneo.judging import commands as judging
from torneo.judging import commands_clock as judging_clock
from torneo.judging import commands_decks as judging_decks
from torneo.judging import views as judging_views
from torneo.platform.store.uow import Actor
from torneo.platform.web.auth import ApiActor, api_actor
from torneo.platform.web.session import current_actor, store_of

router = APIRouter(prefix="/api/v1/events/{event_id}/judging", tags=["judging"])

_PROBLEMS: dict[int | str, dict[str, Any]] = {
    status: {
        "description": description,
        "content": {"application/problem+json": {"schema": {"type": "object"}}},
    }
    for status, description in [
        (401, "Not logged in"),
        (403, "Not a judge of this event (or not the organizer, or a bad CSRF token)"),
        (404, "No such event, player, round or ruling"),
        (409, "Conflict: stale version, already done, or out of phase"),
        (422, "Invalid input: `field`, `reason`, `accepted` say what and why"),
    ]
}

MAX_DECK_CHARS = 1_000_000  # the deck parser answers with its own, clearer limit first


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


# --- requests --------------------------------------------------------------------------------


class JudgeIn(_In):
    username: str = Field(min_length=1, max_length=80)
    head: bool = False
    player_id: int | None = Field(default=None, description="INV-STRUCT-5: the judge plays")
    version: int | None = None


class HeadIn(_In):
    user_id: int
    version: int | None = None


class ConfigIn(_In):
    cards: str | None = Field(
        default=None, max_length=2_000_000, description="Card catalog, one name a line"
    )
    restricted: str | None = Field(
        default=None, max_length=50_000, description="INV-DECK-3 list; empty = the preset's"
    )
    deck_format: str | None = Field(default=None, max_length=40)
    deadline: str | None = Field(default=None, max_length=40, description="YYYY-MM-DDTHH:MM")
    version: int | None = None


class PenaltyIn(_In):
    player_id: int
    infraction: str = Field(min_length=1, max_length=60, examples=["slow_play"])
    reason: str = Field(max_length=1000)
    penalties: list[str] | None = Field(
        default=None, max_length=4, description="A more severe penalty the infraction allows"
    )
    version: int | None = None


class ReasonIn(_In):
    reason: str = Field(max_length=1000)
    version: int | None = None


class AwardIn(_In):
    round_no: int = Field(ge=1)
    table: int = Field(ge=1)
    winner_id: int
    reason: str = Field(max_length=1000)
    version: int | None = None


class ReplayIn(_In):
    last: int = Field(ge=1, le=1000)
    player_id: int | None = None
    reason: str = Field(max_length=1000)
    version: int | None = None


class TableIn(_In):
    round_no: int = Field(ge=1)
    table: int = Field(ge=1)
    reason: str = Field(default="", max_length=1000)
    version: int | None = None


class DeckListIn(_In):
    text: str = Field(max_length=MAX_DECK_CHARS, description="One 'N card name' a line")
    format: str | None = Field(default=None, max_length=40)


class PublishIn(_In):
    published: bool = True


class DeckCheckIn(_In):
    physical: str | None = Field(
        default=None,
        max_length=MAX_DECK_CHARS,
        description="The physical deck; omitted = it matches the registered list",
    )
    note: str = Field(default="", max_length=1000)
    extra_minutes: int = Field(default=0, ge=0, le=60)


class MinutesIn(_In):
    minutes: int
    reason: str = Field(max_length=1000)


# --- responses -------------------------------------------------------------------------------


class IssuedOut(_Out):
    seq: int
    kind: str
    rule: str
    player_id: int | None
    escalated_from: int | None
    reason: str


class RulingOut(_Out):
    seq: int
    at: datetime
    judge: str
    player_id: int | None
    player: str | None
    kind: str
    rule: str
    reason: str
    infraction: str | None
    infraction_label: str | None
    round_no: int | None
    escalated_from: int | None
    overruled_by: int | None


class TableClockOut(_Out):
    table: int
    players: str
    remaining_ms: int | None
    is_time: bool
    extra_turns: int
    extended_minutes: int


class ClockOut(_Out):
    round_no: int | None
    exists: bool
    is_timed: bool
    is_running: bool
    remaining_ms: int | None
    duration_minutes: int | None
    is_time: bool
    extra_turns: int
    started_at: datetime | None
    now: datetime
    tables: list[TableClockOut]


class RecordOut(_Out):
    player_id: int
    name: str
    warnings: int
    warnings_limit: int | None
    disqualified: bool
    dq_reason: str | None
    rulings: list[RulingOut]


class DeckListOut(_Out):
    player_id: int
    format: str
    total: int
    cards: list[tuple[str, int]]
    blanks: int
    submitted_at: datetime
    source: str


class DeckCheckOut(_Out):
    round_no: int
    table: int
    tables: int
    players: list[int]
    seed: int
    drawn_at: datetime
    drawn_by: str
    outcomes: dict[str, Any]


class JudgeOut(_Out):
    user_id: int
    name: str
    is_head: bool
    player: str | None


class RosterOut(_Out):
    players: int
    roster: list[JudgeOut]
    advice: str | None
    problems: list[str]
    restricted: list[str]
    deck_format: str | None
    published: bool


class DoneOut(BaseModel):
    ok: bool = True
    round_no: int | None = None
    result: str | None = None


def _issued(rows: list[judging.Issued]) -> list[IssuedOut]:
    return [IssuedOut.model_validate(r) for r in rows]


# --- roster and settings (organizer) ---------------------------------------------------------


@router.get("/roster", response_model=RosterOut, responses=_PROBLEMS)
def roster(request: Request, event_id: int) -> RosterOut:
    return RosterOut.model_validate(judging_views.roster_page(store_of(request), event_id))


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
        judging.issue(
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
        judging.overrule_ruling(
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
        judging.award_match(
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
        judging.order_matches_replayed(
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
def intentional_draw(request: Request, event_id: int, body: TableIn, actor: ApiActor) -> DoneOut:
    text = judging.intentional_draw(
        store_of(request),
        actor,
        event_id,
        round_no=body.round_no,
        table=body.table,
        version=body.version,
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
        judging.disqualify_late_draw(
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
    return DeckCheckOut.model_validate(judging_decks.draw_table(store_of(request), actor, event_id))


@router.post(
    "/deck-checks/{round_no}/players/{player_id}",
    response_model=dict[str, Any],
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
) -> dict[str, Any]:
    return judging_decks.check_deck(
        store_of(request),
        actor,
        event_id,
        round_no=round_no,
        player_id=player_id,
        physical=body.physical,
        note=body.note,
        extra_minutes=body.extra_minutes,
    )


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
        raise NotFound("action", f"no clock action '{action}'", "start, pause or resume")
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
