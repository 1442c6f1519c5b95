"""API models of RisiKo! tournaments (``/api/v1/risiko``): what the routes read and answer.

The answers mirror the read models of :mod:`torneo.risiko.views` field by field and are built
from them (``Model.model_validate(view)``). Points are exact: a fraction is written as a string
("289/2"); moments as ISO 8601 text as Python writes them. A refusal shown on a page (why no
round can be drawn) is in English here, like every API message.
"""

from __future__ import annotations

from datetime import date, datetime
from fractions import Fraction
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, model_validator

from torneo.core.errors import Refusal
from torneo.core.messages import english
from torneo.platform.web.schemas import OwningClub, PlayerChoice
from torneo.risiko.commands import DEFAULT_PRESET


def _exact(value: Any) -> Any:
    return str(value) if isinstance(value, Fraction) else value


Points = Annotated[str, BeforeValidator(_exact)]
Moment = Annotated[datetime, PlainSerializer(lambda v: v.isoformat(), return_type=str)]


class _Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


# --- requests ---------------------------------------------------------------------------------


class VersionIn(BaseModel):
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
    shared_titles: bool | None = Field(default=None, description="co-winners share the title")
    game_minutes: int | None = None

    def rule_changes(self) -> dict[str, Any]:
        return {k: v for k, v in self.model_dump().items() if k in RulesIn.model_fields}


class CreateIn(RulesIn):
    name: str = Field(max_length=200)
    held_on: date
    preset: str = Field(default=DEFAULT_PRESET, max_length=80)
    location: str | None = Field(default=None, max_length=200)
    season: str | None = Field(default=None, max_length=40)
    kind: str = Field(default="club", max_length=40, description="the season class")
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)
    club: OwningClub = None


class SettingsIn(RulesIn):
    version: int | None = None
    name: str | None = Field(default=None, max_length=200)
    held_on: date | None = None
    location: str | None = Field(default=None, max_length=200)
    season: str | None = Field(default=None, max_length=40)
    kind: str | None = Field(default=None, max_length=40)


class RegulationIn(VersionIn):
    """RSK-REG-1: the four parts; ``publish`` refuses a regulation lacking any of them."""

    formula: str = Field(default="", max_length=20_000)
    referees: str = Field(default="", max_length=20_000)
    not_allowed: str = Field(default="", max_length=20_000)
    sanctions: str = Field(default="", max_length=20_000)
    publish: bool = False


class PlayerIn(VersionIn):
    name: str = Field(max_length=200)
    club: str | None = Field(default=None, max_length=200)
    player: PlayerChoice = None


class RosterIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    csv: str = Field(max_length=500_000, description="one player a line: name[,club]")


class WithdrawIn(VersionIn):
    reason: str | None = Field(default=None, max_length=500)


class DrawIn(VersionIn):
    method: str | None = Field(
        default=None, max_length=20, description="random, greca, svizzera, bands, final"
    )


class SwapIn(VersionIn):
    a: int
    b: int


class StructureIn(VersionIn):
    """RSK-TBL-2: the structure changed between rounds when the field changed."""

    table_policy: str | None = Field(default=None, max_length=40)
    semifinal_tables: int | None = None
    final_table_size: int | None = None
    reason: str = Field(max_length=500)


class RollIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: int
    total: int = Field(description="the sum of two dice")


class TitleRollIn(VersionIn):
    """RSK-TIE-1: the roll between the players still tied for the title, one line each."""

    rolls: list[RollIn] = Field(max_length=5)


class TitleRollOut(BaseModel):
    order: list[int] = Field(description="the tied players, best first: the first is champion")


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: int
    table_points: int | None = Field(
        default=None, description="required for a player in the game; 0 for the others"
    )
    status: str = Field(default="survived", max_length=20)
    eliminated: int | None = None


class ResultIn(VersionIn):
    seats: list[SeatIn] = Field(max_length=20)
    winners: list[int] = Field(default_factory=list, max_length=20)
    correction: bool = False
    override_console: bool = Field(
        default=False, description="enter a result that contradicts the table's console"
    )
    reason: str | None = Field(default=None, max_length=500)


class ActionIn(VersionIn):
    """One action at the table's console (RSK-ROLL-1..3, RSK-OUT-1/2, RSK-ARMY-1)."""

    kind: str = Field(
        max_length=20,
        description="end_turn, time_over, roll, eliminate, exclude, withdraw, risiko, "
        "forgotten_roll, army",
    )
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


# --- answers: the tournament ------------------------------------------------------------------


class SummaryOut(_Out):
    id: int
    name: str
    held_on: date
    location: str | None
    season: str | None
    kind: str
    status: str
    players: int
    rounds: int
    formula: str
    version: int
    regulation_published: bool


class PersonOut(_Out):
    player_id: int
    name: str
    club: str | None


class PlayerLineOut(_Out):
    person: PersonOut
    left_after_round: int | None
    expelled: bool
    games: int


class SeatLineOut(_Out):
    person: PersonOut
    table_points: int | None
    status: str | None
    eliminated: int | None
    position: int | None
    won: bool
    points: Points | None
    turn: int = Field(default=0, description="RSK-TBL-1: the turn order, 1 plays first")
    colour: str = Field(default="", description="the army colour of that turn (issue 30)")


class TableLineOut(_Out):
    number: int
    seats: list[SeatLineOut]
    has_result: bool
    has_console: bool
    console_ended: bool


class CriteriaOut(_Out):
    """RSK-TBL-2: what a seating scores (repeated opponents, same club, …)."""

    repeat_opponents: int
    same_club: int
    repeat_off_size: int
    winners_together: int
    repeated_pairs: list[tuple[int, int]]


class SwapAdviceOut(_Out):
    a: PersonOut
    b: PersonOut
    after: CriteriaOut


class RoundLineOut(_Out):
    number: int
    stage: str
    method: str
    seed: int
    tables: list[TableLineOut]
    criteria: CriteriaOut
    swaps: list[tuple[PersonOut, PersonOut]]
    is_last: bool
    repeats_unavoidable: bool = Field(
        default=False, description="RSK-TBL-2: the method could not avoid its repeats"
    )
    advice: list[SwapAdviceOut] = Field(
        default_factory=list, description="RSK-TBL-2: swaps that would improve the round"
    )


class GameCellOut(_Out):
    round_no: int
    table: int
    points: Points
    table_points: int
    position: int
    won: bool
    counted: bool


class StandingLineOut(_Out):
    position: int | None
    person: PersonOut
    total: Points
    wins: int
    games: list[GameCellOut]
    expelled: bool
    left: bool


class FinalLineOut(_Out):
    position: int
    person: PersonOut
    stage: str


class RulesOut(_Out):
    formula: str
    open_variant: bool
    discard_worst: int
    sole_winner: bool
    table_policy: str
    priorities: list[str]
    qualifying_games: int
    semifinal_tables: int
    final_table_size: int
    game_minutes: int
    army_cap: int
    objective_max: int
    risiko_points: int
    class_factors: list[tuple[str, Points]]
    best_results: int


class RegulationOut(_Out):
    formula: str
    referees: str
    not_allowed: str
    sanctions: str


class NextDrawOut(_Out):
    round_no: int
    stage: str
    methods: list[str]


class RefusalOut(BaseModel):
    """Why something cannot be done now, in English (the rule id apart)."""

    field: str
    reason: str
    accepted: str | None
    rule: str | None

    @model_validator(mode="before")
    @classmethod
    def _from_refusal(cls, value: Any) -> Any:
        if isinstance(value, Refusal):
            return {
                "field": value.field,
                "reason": value.reason_message.english(),
                "accepted": english(value.accepted_message),
                "rule": value.rule,
            }
        return value


class PageOut(_Out):
    """A tournament: all of it."""

    summary: SummaryOut
    rules: RulesOut
    regulation: RegulationOut
    regulation_published_at: Moment | None
    missing_parts: list[str]
    players: list[PlayerLineOut]
    rounds: list[RoundLineOut]
    standings: list[StandingLineOut]
    final: list[FinalLineOut]
    next_draw: NextDrawOut | None
    why_no_draw: RefusalOut | None
    structure_warning: RefusalOut | None = Field(
        default=None, description="RSK-TBL-2: the structure cannot reach its final table"
    )
    can_register: bool
    can_close: bool
    criteria: list[str]


class StandingsOut(_Out):
    rules: RulesOut
    standings: list[StandingLineOut]
    final: list[FinalLineOut]


class PlayerIdOut(BaseModel):
    player_id: int


class PlayerIdsOut(BaseModel):
    player_ids: list[int]


# --- answers: draws and results ---------------------------------------------------------------


class TableOut(_Out):
    number: int
    seats: list[int]


class TableDrawOut(_Out):
    round_no: int
    method: str
    tables: list[TableOut]
    criteria: CriteriaOut


class SwapOut(_Out):
    """RSK-TBL-2: a hand swap, the criteria before and after, and the draw after it."""

    round_no: int
    a: int
    b: int
    table_a: int
    table_b: int
    before: CriteriaOut
    after: CriteriaOut
    draw: TableDrawOut


class ResultOut(BaseModel):
    round: int
    table: int
    winners: list[int]
    seats: list[SeatLineOut]


# --- answers: the season ----------------------------------------------------------------------


class SeasonCellOut(_Out):
    tournament_id: int
    tournament: str
    kind: str
    points: Points
    counted: bool


class SeasonLineOut(_Out):
    position: int
    person: PersonOut
    total: Points
    results: list[SeasonCellOut]


class SeasonTournamentOut(_Out):
    id: int
    name: str
    held_on: date
    kind: str
    factor: Points
    players: int


class SeasonOut(_Out):
    season: str
    best_results: int
    class_factors: list[tuple[str, Points]]
    tournaments: list[SeasonTournamentOut]
    lines: list[SeasonLineOut]
