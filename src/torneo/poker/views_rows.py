"""The rows of a poker tournament's read model (:mod:`torneo.poker.views`): the clock, the levels,
the tables and seats, the players, the moves, the payouts, the sanctions and the cashier's sheet,
as the pages and the JSON API show them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from torneo.poker.rules.positions import NextHand

if TYPE_CHECKING:
    from torneo.poker.tables import PokerMove


@dataclass(frozen=True, slots=True)
class StepRow:
    index: int
    number: int | None  # level number; None for a break
    minutes: int
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    big_blind_ante: bool = False
    colour_up: tuple[int, ...] = ()
    is_current: bool = False
    is_past: bool = False

    @property
    def is_break(self) -> bool:
        return self.number is None


@dataclass(frozen=True, slots=True)
class ClockOut:
    is_started: bool
    is_running: bool
    step_index: int
    level_number: int | None
    small_blind: int | None
    big_blind: int | None
    ante: int | None
    big_blind_ante: bool
    on_break: bool
    colour_up: tuple[int, ...]  # chips raced off at this break (PKR-RACE-1)
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
    level_for_entries: int | None  # the level a late entry counts in (PKR-LATE-1)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    player_id: int | None
    name: str | None
    role: str = ""  # "button" / "small_blind" / "big_blind" for the next hand
    chips: int | None = None


@dataclass(frozen=True, slots=True)
class TableRow:
    number: int
    capacity: int
    count: int
    seats: tuple[SeatRow, ...]
    is_closed: bool
    next_hand: NextHand | None  # PKR-BTN-1 / PKR-DEAD-1


@dataclass(frozen=True, slots=True)
class PlayerRow:
    player_id: int
    name: str
    booked: bool
    status: str  # booked | in | out | disqualified
    table: int | None
    seat: int | None
    place: int | None
    prize: int  # cents
    entries: int
    rebuys: int
    add_ons: int
    paid: int  # cents
    chips: int | None  # the stack as last known (:mod:`torneo.poker.views_stacks`)
    starting_stack: int | None = None  # chips of the player's entry (their own: PKR-LEAGUE-3)


@dataclass(frozen=True, slots=True)
class MoveRow:
    seq: int
    player_id: int
    name: str
    from_table: int | None
    from_seat: int | None
    to_table: int
    to_seat: int
    reason: str
    waits_for_button: bool
    undone: bool
    at: datetime

    @classmethod
    def of(cls, m: PokerMove, names: Mapping[int, str]) -> MoveRow:
        """The row of a stored move (the moves' list and the floor's log show the same)."""
        return cls(
            m.seq,
            m.player_id,
            names.get(m.player_id, str(m.player_id)),
            m.from_table,
            m.from_seat,
            m.to_table,
            m.to_seat,
            m.reason,
            m.waits_for_button,
            m.undone,
            m.at,
        )


@dataclass(frozen=True, slots=True)
class PayoutLine:
    """A line of :func:`torneo.poker.rules.places.standings`: a paid place not decided yet (no
    player), or a player's place and prize after ties and a chop (issue 26)."""

    place: int
    cents: int
    player_id: int | None = None
    name: str | None = None
    shared: int = 1  # players sharing this place (PKR-END-1)
    chopped: bool = False  # the place and amount of a deal


@dataclass(frozen=True, slots=True)
class SanctionRow:
    name: str
    kind: str
    orbits: int
    hands: int
    chips_removed: int
    infraction: str
    ruling: str
    at: datetime


@dataclass(frozen=True, slots=True)
class PriceOut:
    label: str  # "90+10+20"
    cents: int
    chips: int


@dataclass(frozen=True, slots=True)
class OptionsOut:
    entry: PriceOut
    re_entry: PriceOut | None
    max_re_entries: int
    rebuy: PriceOut | None
    max_rebuys: int
    rebuy_max_stack: int | None
    add_on: PriceOut | None
    late_last_level: int
    late_penalty_per_level: int
    # PKR-LEAGUE-3: each player starts with their own stack (a final table): the page names
    # each one's ``players[].starting_stack`` instead of the entry's chips (issue 28).
    own_stacks: bool = False


@dataclass(frozen=True, slots=True)
class CashOut:
    entries: int
    re_entries: int
    rebuys: int
    add_ons: int
    collected: int
    prize_pool: int
    fees: int
    jackpot: int
    chips_in_play: int
