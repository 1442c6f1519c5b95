"""API models of judging (``/api/v1/events/{id}/judging``): request bodies and responses.

Requests forbid unknown fields (a typo is a 422 naming it, not a silent default). Responses are
read from the services' dataclasses (``from_attributes``); the advice and the roster problems,
which the pages show in their language, are English here (the API's words, like its errors).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from torneo.core.messages import english
from torneo.judging.views_roster import RosterPage

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


class DrawIn(TableIn):
    declared_at_start: bool = Field(
        default=False,
        description=(
            "INV-ID-1: entered after the window, the judge confirms the draw was declared at"
            " the round's start (audited)."
        ),
    )


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


class DeckCheckOutcomeOut(BaseModel):
    """One player's deck check as stored on the draw (INV-DECK-1..3)."""

    checked_at: str
    judge: str
    confirmed: bool = Field(description="True: the deck matched the registered list as told")
    total: int
    difference: str | None = Field(description="INV-DECK-1: the deck against its list")
    infractions: list[str]
    correction: str | None = Field(description="INV-DECK-2/3: what the judge did to the deck")
    restricted_found: list[str]
    restricted_removed: list[str]
    kept_restricted: list[str]
    removed: list[tuple[str, int]]
    blanks_added: int
    seed: int
    rulings: list[int]
    note: str
    extra_minutes: int | None = Field(
        default=None, description="Present when extra time was asked for the table"
    )


class JudgeOut(_Out):
    user_id: int
    name: str
    is_head: bool
    player: str | None


class RosterOut(_Out):
    players: int
    roster: list[JudgeOut]
    advice: str | None = Field(description="INV-JUDGE-1: one judge for each started ten players")
    problems: list[str] = Field(description="INV-LEGAL-3/INV-JUDGE-1 breaches, with rule ids")
    restricted: list[str]
    deck_format: str | None
    published: bool

    @classmethod
    def of(cls, page: RosterPage) -> RosterOut:
        """The organizer's roster view, its advice and problems in English."""
        return cls(
            players=page.players,
            roster=[JudgeOut.model_validate(j) for j in page.roster],
            advice=english(page.advice),
            problems=[p.text for p in page.problems],
            restricted=list(page.restricted),
            deck_format=page.deck_format,
            published=page.published,
        )


class DoneOut(BaseModel):
    ok: bool = True
    round_no: int | None = None
    result: str | None = None
