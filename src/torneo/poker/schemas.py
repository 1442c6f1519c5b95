"""Request and response models of the poker JSON API (:mod:`torneo.poker.api`).

Requests are pydantic models that refuse unknown fields. Responses name what each route answers:
the tournament's whole state (:class:`TournamentOut`, the read model of :mod:`.views`) and, for a
write, what the write made (the entry, the seats drawn, the moves announced). The state's rows are
the read model's own dataclasses, so the schema and the JSON never drift apart.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from torneo.platform.web.schemas import OwningClub, PlayerChoice
from torneo.poker.commands import DEFAULT_PRESET
from torneo.poker.commands_entries import EntryOut
from torneo.poker.commands_seats import MoveOut, SeatOut
from torneo.poker.floor.commands import BustOutcome
from torneo.poker.floor.commands_sanctions import SanctionOut
from torneo.poker.floor.commands_undo import UndoOut
from torneo.poker.views_rows import (
    CashOut,
    ClockOut,
    MoveRow,
    OptionsOut,
    PayoutLine,
    PlayerRow,
    SanctionRow,
    StepRow,
    TableRow,
)

# --- requests ---------------------------------------------------------------------------------


class VersionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int | None = Field(default=None, description="the version the client saw")


class CreateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    template: str = Field(max_length=40, description="a weekly tournament of the preset")
    held_on: date
    preset: str = Field(default=DEFAULT_PRESET, max_length=80)
    name: str | None = Field(default=None, max_length=200)
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)
    balance_threshold: int | None = Field(default=None, ge=2, le=9)
    seats_per_table: int | None = None
    club: OwningClub = None


class StepIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: str = "level"
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    big_blind_ante: bool = False
    minutes: int = 0
    colour_up: list[int] = Field(default_factory=list)


class StructureIn(VersionIn):
    steps: list[StepIn] = Field(max_length=200)
    chip_set: list[int] | None = None


class StepAddIn(StepIn):
    """A level or a break added to the structure (issue 15 item 8)."""

    version: int | None = Field(default=None, description="the version the client saw")
    position: int | None = Field(default=None, ge=1, le=1000, description="1 = first; none: last")


class StepMoveIn(VersionIn):
    to: int = Field(ge=1, le=1000, description="the step's new position")


class GenerateIn(VersionIn):
    """PKR-BTN-1 levels generated: each small blind about ``growth`` times the one before,
    rounded to what the chips in play pay; the big blind twice the small."""

    start_small_blind: int = Field(ge=1, examples=[25])
    level_minutes: int = Field(ge=1, le=240, examples=[20])
    levels: int = Field(ge=1, le=60, examples=[16])
    growth: float | str = Field(examples=["1.5"], description='1.5, "1,5" or "150%"')
    break_every: int = Field(default=0, ge=0, le=60, description="a break every N levels")
    break_minutes: int = Field(default=10, ge=1, le=120)
    ante: str = Field(default="none", description="none | classic | big_blind")
    ante_from_level: int = Field(default=1, ge=1, le=60)


class OptionsIn(VersionIn):
    max_re_entries: int | None = None
    max_rebuys: int | None = None
    rebuy_price: str | None = Field(default=None, max_length=40, description='"90+10"')
    rebuy_chips: int | None = None
    rebuy_max_stack: int | None = None
    add_on_price: str | None = Field(default=None, max_length=40)
    add_on_chips: int | None = None
    no_add_on: bool = False
    late_penalty_per_level: int | None = None


class PayoutRowIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    max_entries: int | None = None
    percentages: list[str] = Field(max_length=100)


class PayoutsIn(VersionIn):
    rows: list[PayoutRowIn] = Field(max_length=50)
    unit_cents: int | None = None


class FloorOptionsIn(VersionIn):
    balance_threshold: int | None = None
    break_order: list[int] | None = None
    seats_per_table: int | None = None
    balance_seat: str | None = Field(
        default=None, max_length=20, description="PKR-BAL-2: nearest_left | big_blind_soonest"
    )


class NameIn(VersionIn):
    name: str = Field(max_length=120)


class EntryIn(NameIn):
    player: PlayerChoice = None


class RosterIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    names: list[str] = Field(max_length=5000)


class ClockIn(VersionIn):
    level: int | None = None
    seconds: int | None = None


class PlayerIn(VersionIn):
    player_id: int
    stack: int = 0


class BustIn(VersionIn):
    players: list[int] = Field(min_length=1, max_length=11)
    chips_at_start: dict[int, int] | None = None


class MoveIn(VersionIn):
    player_id: int
    table: int
    seat: int


class HandIn(VersionIn):
    """The hand just dealt at a table (PKR-BTN-1): all three positions as they were; the button
    alone (the blinds are the next players on its left); or none, the hand shown as next
    (one tap a hand, as on the director's page: PKR-BAL-2 follows it, issue 28 item 5)."""

    table: int
    button: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None


class SanctionIn(VersionIn):
    player_id: int
    kind: str = Field(max_length=30, description="warning | missed_hands | disqualification")
    infraction: str = Field(max_length=1000)
    ruling: str = Field(default="", max_length=2000)
    orbits: int = 0
    stack: int | None = None


class CountsIn(VersionIn):
    counts: dict[int, int]


class ChopIn(VersionIn):
    method: str = Field(description="equal | chips | icm")
    stacks: dict[int, int] | None = None


class PotPlayerIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(default="", max_length=120)
    seat: int
    chips: int
    folded: bool = False
    rank: int | None = Field(default=None, description="showdown place: 1 = best; equal split")
    hole: str = Field(default="", max_length=20, description='hole cards, e.g. "As Kd"')


class SidePotsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: list[PotPlayerIn] = Field(max_length=11)
    button_seat: int
    smallest_chip: int
    board: str = Field(default="", max_length=40)


class BettingIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    big_blind: int
    blinds: str = Field(default="", max_length=200, description='"Anna 50, Bruno 100"')
    actions: str = Field(default="", max_length=2000, description='"Carla 300" a line')
    stacks: str = Field(default="", max_length=2000)


class ChipRaceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    removed: int
    replacement: int
    players: str = Field(max_length=2000, description='"name stack low-chips" a line')
    seed: int = 1


class ColourUpIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount: int
    chip_values: list[int] = Field(max_length=20)


# --- responses --------------------------------------------------------------------------------


class AnnouncementOut(BaseModel):
    """A move between tables as the screens announce it (English: the API's words)."""

    seq: int
    text: str = Field(description='"G13: Table 1 seat 7 → Table 2 seat 4"')
    undone: bool


class TournamentOut(BaseModel):
    """The whole state of a tournament: what ``GET`` and every write answer."""

    id: int
    name: str
    preset: str
    template: str | None
    held_on: date
    status: str = Field(description="registration | running | finished")
    version: int
    seed: int
    balance_threshold: int
    balance_seat: str = Field(description="PKR-BAL-2: nearest_left | big_blind_soonest")
    seats_per_table: int
    break_order: list[int]
    now: datetime
    clock: ClockOut
    steps: list[StepRow]
    chip_set: list[int]
    options: OptionsOut
    cash: CashOut
    tables: list[TableRow]
    players: list[PlayerRow]
    moves: list[MoveRow] = Field(description="newest first")
    to_announce: list[MoveRow] = Field(
        description="moves between tables the room still has to make (issue 26): not undone, "
        "the player still at the new seat, from the last 10 minutes"
    )
    payouts: list[PayoutLine] = Field(
        description="the paid places: the player and prize once decided, after tied places "
        "(PKR-END-1) and a chop; a place without a player is still to be won"
    )
    to_win: int = Field(description="cents of the paid places not decided yet")
    payout_rows: list[tuple[int | None, list[str]]]
    unit_cents: int
    finishing: list[PayoutLine] = Field(description="every decided place, paid or not")
    sanctions: list[SanctionRow]
    chop: dict[str, Any] | None
    stacks_at: str | None
    late_open: bool = Field(description="PKR-LATE-1: late entries still possible now")
    winner: str | None
    names: dict[int, str]
    announcements: list[AnnouncementOut] = Field(description="the last 20 moves between tables")


class BookingOut(TournamentOut):
    player_id: int


class EntryStateOut(TournamentOut):
    entry: EntryOut


class RosterStateOut(TournamentOut):
    player_ids: list[int]


class SeatDrawOut(TournamentOut):
    seats: list[SeatOut]


class BustStateOut(TournamentOut):
    bust: BustOutcome
    moves_announced: list[str]


class MoveStateOut(TournamentOut):
    move: MoveOut
    announcement: str


class UndoStateOut(TournamentOut):
    undo: UndoOut
    moves_announced: list[str] = Field(description="the seat changes to announce")


class SanctionStateOut(TournamentOut):
    sanction: SanctionOut


class ChopStateOut(TournamentOut):
    chop_shares: dict[int, int] = Field(description="cents by player id")


class ClockStateOut(BaseModel):
    """The clock as the TV shows it (PKR-BTN-1), with the tournament's version and status."""

    version: int
    status: str
    is_started: bool
    is_running: bool
    step_index: int
    level_number: int | None
    small_blind: int | None
    big_blind: int | None
    ante: int | None
    big_blind_ante: bool
    on_break: bool
    colour_up: list[int] = Field(description="chips raced off at this break (PKR-RACE-1)")
    next_small_blind: int | None
    next_big_blind: int | None
    next_ante: int | None
    seconds_left: int
    seconds_to_break: int | None
    elapsed_seconds: int
    players_left: int
    chips_in_play: int
    average_stack: int
    smallest_chip: int
    level_for_entries: int | None = Field(description="the level a late entry counts in")


class ChipsOut(BaseModel):
    value: int
    count: int


class ColourUpOut(BaseModel):
    amount: int
    chips: list[ChipsOut] = Field(description="the fewest chips making the amount, largest first")
