"""Pydantic models of the JSON API (requests and responses), documented in the OpenAPI schema.

Responses are read from the service read models (``torneo.cards.views``) by attribute.
Exact values stay exact: tiebreak percentages are fractions written ``"5/9"``, with a rounded
``percent`` beside them for people; the season's final bonus (INV-MAJOR-5) likewise.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, computed_field, field_validator

from torneo.core.messages import Message
from torneo.platform.i18n import PERCENT_TIEBREAKS
from torneo.platform.web.schemas import OwningClub, PlayerChoice

MAX_ROSTER_CHARS = 500_000


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


def _exact(value: Any) -> Any:
    return str(value) if isinstance(value, Fraction) else value


# --- requests --------------------------------------------------------------------------------


class EventCreateIn(_In):
    name: str = Field(min_length=1, max_length=200, examples=["Torneo di Primavera"])
    preset: str = Field(min_length=1, max_length=80, examples=["invasion-it-2012"])
    held_on: str = Field(
        max_length=40,
        description="The day it is held, YYYY-MM-DD (a day that does not exist is refused).",
        examples=["2012-03-10"],
    )
    location: str | None = Field(default=None, max_length=200)
    is_major: bool = Field(default=False, description="A Major tournament (INV-MAJOR-*).")
    format: str | None = Field(
        default=None,
        max_length=40,
        description="BER-FMT-1..3: one of the preset's deck formats (default: the preset's).",
        examples=["draft_standard"],
    )
    announced_on: str | None = Field(
        default=None,
        max_length=40,
        description=(
            "INV-LEGAL-1: the day it was announced, YYYY-MM-DD (omitted: never announced; the"
            " event then warns that it would be void for a season)."
        ),
        examples=["2012-02-20"],
    )
    seed: int | None = Field(
        default=None, ge=0, lt=2**31, description="Seed of every draw; random when omitted."
    )
    club: OwningClub = None
    time_zone: str | None = Field(
        default=None,
        max_length=64,
        description="IANA time zone its times are shown in; Europe/Rome when omitted.",
        examples=["Europe/Rome"],
    )


class VersionIn(_In):
    version: int | None = Field(
        default=None,
        ge=0,
        description="The event version the client saw; a stale one is refused with 409.",
    )


class PlayerIn(VersionIn):
    name: str = Field(min_length=1, max_length=200, examples=["Mario Rossi"])
    club: str | None = Field(default=None, max_length=200)
    rating: int | None = Field(default=None, ge=0, le=4000)
    player: PlayerChoice = None


class PodsIn(VersionIn):
    pods: list[list[int]] | None = Field(
        default=None,
        max_length=256,
        description="BER-POD-2: the judge's pods, each its player ids in seat order; "
        "null seats automatically (snake by rating).",
        examples=[[[1, 4, 5, 8], [2, 3, 6, 7]]],
    )


class RosterIn(_In):
    csv: str = Field(
        min_length=1,
        max_length=MAX_ROSTER_CHARS,
        description="One player a line: name[,club[,rating]]; all or nobody is registered.",
        examples=["Mario Rossi,Club Roma,1500\nLuca Bianchi,Club Milano"],
    )


class StartIn(VersionIn):
    one_round_fewer: bool = Field(
        default=False, description="INV-STRUCT-2: one Swiss round fewer and a Top 16."
    )
    choice_rule: bool | None = Field(
        default=None, description="INV-TOP-3 announced at the start (default: the preset's)."
    )
    deck_checks: bool | None = Field(
        default=None, description="INV-DECK-1 deck checks on or off (default: the preset's)."
    )


class ResultIn(VersionIn):
    version: int | None = Field(
        default=None,
        ge=0,
        description=(
            "The event version the client saw. For a result it is checked against this table"
            " only (finer locks, issue 14): refused with 409 when the table changed after that"
            " version, not when other tables reported meanwhile."
        ),
    )
    result: str = Field(
        min_length=1,
        max_length=20,
        description="Game score W-L or W-L-D from the first player's side, or ID.",
        examples=["2-1", "1-1-1", "0-0-3"],
    )
    correction: bool = Field(default=False, description="A judge's correction of a result.")
    reason: str | None = Field(default=None, max_length=1000)
    declared_at_start: bool = Field(
        default=False,
        description=(
            "INV-ID-1: the judge or organizer confirms that an intentional draw entered after"
            " the window was declared to them at the round's start (audited)."
        ),
    )


class DropIn(VersionIn):
    reason: str | None = Field(default=None, max_length=1000)
    disqualify: bool = False


class TopIn(VersionIn):
    picks: list[int] | None = Field(
        default=None, description="INV-TOP-3 choice rule: the opponents picked, in seed order."
    )


class VoidIn(VersionIn):
    reason: str = Field(min_length=1, max_length=1000)


# --- responses -------------------------------------------------------------------------------


class PresetOut(_Out):
    id: str
    name: str
    discipline: str


class EventSummaryOut(_Out):
    id: int
    name: str
    preset: str
    preset_name: str
    status: str
    held_on: date
    location: str | None
    is_major: bool
    players: int
    current_round: int
    version: int
    choice_rule: bool = Field(default=False, description="INV-TOP-3 announced at the start.")
    deck_checks: bool = Field(default=False, description="INV-DECK-1, fixed at the start.")
    format: str | None = Field(default=None, description="BER-FMT-1..3: the event's format.")
    format_label: str | None = None
    ladder: str | None = Field(default=None, description="BER-RANK-1: the ladder it feeds.")
    pods: int = Field(default=0, description="BER-POD-1: pods the field is seated in.")
    season_warning: str | None = Field(
        default=None, description="INV-LEGAL-2 / INV-MAJOR-2: too few players for the season."
    )

    @field_validator("season_warning", mode="before")
    @classmethod
    def _english(cls, value: Any) -> Any:
        return value.english() if isinstance(value, Message) else value


class PlayerOut(_Out):
    id: int
    name: str
    club: str | None
    rating: int | None
    is_active: bool
    dropped_after_round: int | None
    disqualified: bool
    joined_round: int
    pod: int | None = Field(default=None, description="BER-POD-1/2: the player's pod.")
    seat: int | None = None


class SideOut(_Out):
    player_id: int
    name: str
    seed: int | None
    pod: int | None = Field(default=None, description="BER-POD-1: the player's pod.")


class PodOut(_Out):
    number: int
    rounds: int = Field(description="BER-POD-3: Swiss rounds this pod plays.")
    size: int
    players: list[SideOut] = Field(description="In seat order.")


class PairingOut(_Out):
    round_no: int
    table: int
    stage: str
    a: SideOut
    b: SideOut | None
    result: str | None
    result_kind: str | None
    winner_id: int | None
    is_bye: bool
    is_reported: bool


class NameLineOut(_Out):
    player_id: int
    name: str
    table: int
    opponent: str | None
    result: str | None
    outcome: str | None
    pod: int | None = None


class RoundOut(_Out):
    number: int
    stage: str
    top_players: int | None
    reported: int
    total: int
    lines: list[PairingOut]
    by_name: list[NameLineOut]


class TiebreakOut(_Out):
    name: str
    value: str = Field(description="Exact value as a fraction, e.g. 5/9.")

    @field_validator("value", mode="before")
    @classmethod
    def _fraction(cls, value: Any) -> Any:
        return _exact(value)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def percent(self) -> str | None:
        """A percentage tiebreak (MW%, OMW%, GW%, OGW%) with two decimals, for display only."""
        if self.name not in PERCENT_TIEBREAKS:
            return None
        f = Fraction(self.value)
        return f"{float(f * 100):.2f}"


class StandingOut(_Out):
    position: int
    rank: int = Field(description="INV-RANK-2 dense rank: equal points share it.")
    player_id: int
    name: str
    club: str | None
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    matches_played: int
    tiebreaks: list[TiebreakOut]
    is_active: bool
    pod: int | None = Field(default=None, description="BER-POD-1: the player's pod.")


class PodStandingsOut(_Out):
    pod: int
    size: int
    rounds: int
    lines: list[StandingOut]


class StandingsOut(_Out):
    after_round: int
    tiebreak_names: list[str]
    lines: list[StandingOut] = Field(description="The whole field; each line names its pod.")
    pods: list[PodStandingsOut] = Field(
        default=[], description="BER-POD-1, BER-TIE-1: each pod's own standings."
    )


class BracketMatchOut(_Out):
    round_no: int | None
    table: int | None
    a: SideOut | None
    b: SideOut | None
    result: str | None
    winner_id: int | None
    chooses_to_start: SideOut | None = Field(
        default=None,
        description="INV-TOP-2 die rule: the better seed chooses whether to start (first Top "
        "round only).",
    )


class BracketRoundOut(_Out):
    players: int
    matches: list[BracketMatchOut]


class BracketOut(_Out):
    top_size: int
    seeds: list[SideOut]
    rounds: list[BracketRoundOut]
    third_place: BracketMatchOut | None
    champion: SideOut | None


class PointsPartOut(BaseModel):
    label: str
    points: int


class PointsLineOut(_Out):
    place: int
    player_id: int
    name: str
    swiss_points: int
    topcut_wins: int
    dropped: bool
    total: int
    parts: list[PointsPartOut]
    final_bonus: str = Field(description="INV-MAJOR-5 national-final bonus, exact (e.g. 3/2).")

    @field_validator("parts", mode="before")
    @classmethod
    def _parts(cls, value: Any) -> Any:
        return [
            {"label": p[0], "points": p[1]} if isinstance(p, tuple | list) else p for p in value
        ]

    @field_validator("final_bonus", mode="before")
    @classmethod
    def _fraction(cls, value: Any) -> Any:
        return _exact(value)


class DisqualifiedOut(_Out):
    """Out of the placings, no tournament points (issue 13 item 3)."""

    player_id: int
    name: str
    reason: str | None


class FinalOut(_Out):
    field_size: int = Field(description="Everyone who took part, the disqualified included.")
    is_major: bool
    has_points: bool
    lines: list[PointsLineOut]
    disqualified: list[DisqualifiedOut] = []
    void: bool = Field(
        default=False, description="INV-LEGAL-2 / INV-MAJOR-2: void for the season, no points"
    )
    void_reason: str | None = None

    @field_validator("void_reason", mode="before")
    @classmethod
    def _english(cls, value: Any) -> Any:
        return value.english() if isinstance(value, Message) else value


class PlanOut(_Out):
    rounds: int
    top: int


class EventOut(_Out):
    summary: EventSummaryOut
    swiss_rounds: int | None
    top_size: int | None
    one_round_fewer: bool
    best_of: int
    void_reason: str | None
    players: list[PlayerOut]
    round_numbers: list[int]
    swiss_results: list[str] = Field(description="Results accepted in a Swiss match.")
    top_results: list[str] = Field(description="Results accepted in a Top X match.")
    plan: PlanOut | None = None
    short_plan: PlanOut | None = Field(
        default=None, description="INV-STRUCT-2 option (one round fewer + Top 16) when allowed."
    )
    pods: list[PodOut] = Field(default=[], description="BER-POD-1/2: the seating.")
    in_pods: bool = Field(default=False, description="The preset seats its events in pods.")
    seating: str | None = Field(default=None, description="auto or manual: the last seating.")


class ChangeOut(BaseModel):
    """What a write returns: the event's new version (send it with the next write)."""

    event_id: int
    version: int
    status: str
    round: int | None = None
    player_id: int | None = None
    player_ids: list[int] | None = None
    swiss_rounds: int | None = None
    top_size: int | None = None
    warnings: list[str] = []  # e.g. INV-LEGAL-2 at the start: too few players for the season
