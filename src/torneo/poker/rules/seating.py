"""Tables, seats, the seat draw and the moves between seats (PKR-TBL-1, PKR-DEAD-1).

A :class:`Seating` is the whole room: every table with who sits where and the positions of the
last hand dealt there. It never changes in place: every action returns a new one, and every
change of seat is a :class:`Move` record the screens announce ("Table 3 seat 4 → Table 1 seat
7") and the director can undo.

Seats are numbered 1..capacity clockwise, so "left of" a seat is the next higher number,
wrapping after the last seat.

Decisions where the regulation is silent:
- the initial draw fills the lowest-numbered seats of each table and spreads the players so that
  table sizes differ by at most one (PKR-BAL-1 holds from the first hand); players are shuffled
  onto those seats with the caller's seeded ``rng`` and the button of each table is drawn too
  (art. 4: "la posizione del mazziere viene sorteggiata all'inizio");
- a late entrant or a re-entry is drawn to the table with the fewest players (ties drawn) and to
  a free seat drawn at random;
- a player seated between the button and the small blind of the next hand is not dealt in until
  the button passes (art. 13.7, PKR-BRK-1): :func:`next_hand_positions` leaves them out.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from torneo.core.errors import Conflict, NotFound, Refusal, TorneoError
from torneo.core.ids import PlayerId

MIN_SEATS = 2  # PKR-TBL-1
MAX_SEATS = 11  # PKR-TBL-1


class MoveReason(StrEnum):
    BALANCE = "balance"  # PKR-BAL-1/2
    BREAK = "break"  # PKR-BRK-1
    DIRECTOR = "director"  # a move the director made by hand
    UNDO = "undo"


@dataclass(frozen=True, slots=True)
class HandPositions:
    """Seats of the button and the blinds of one hand.

    ``small_blind`` may be an empty seat (a dead small blind: nobody posts it) and ``button`` an
    empty seat (a dead button), both per PKR-DEAD-1.
    """

    button: int
    small_blind: int
    big_blind: int


@dataclass(frozen=True, slots=True)
class Table:
    number: int
    capacity: int
    seats: tuple[PlayerId | None, ...]  # index = seat - 1
    last_hand: HandPositions | None = None  # positions of the last hand dealt here
    drawn_button: int | None = None  # art. 4: the button seat drawn before the first hand
    is_closed: bool = False  # broken (PKR-BRK-1); kept so that a move can be undone
    count: int = field(init=False, repr=False, compare=False)  # players seated (cached)

    def __post_init__(self) -> None:
        if len(self.seats) != self.capacity:
            raise TorneoError("seats", f"{len(self.seats)} seats", f"{self.capacity} seats")
        object.__setattr__(self, "count", self.capacity - self.seats.count(None))

    def player_at(self, seat: int) -> PlayerId | None:
        return self.seats[seat - 1]

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(p for p in self.seats if p is not None)

    @property
    def free_seats(self) -> tuple[int, ...]:
        return tuple(i + 1 for i, p in enumerate(self.seats) if p is None)

    @property
    def occupied_seats(self) -> tuple[int, ...]:
        return tuple(i + 1 for i, p in enumerate(self.seats) if p is not None)

    def clockwise_after(self, seat: int) -> Iterator[int]:
        """Seats left of ``seat`` in dealing order, ending with ``seat`` itself."""
        for k in range(1, self.capacity + 1):
            yield (seat - 1 + k) % self.capacity + 1

    def with_seat(self, seat: int, player: PlayerId | None) -> Table:
        seats = list(self.seats)
        seats[seat - 1] = player
        return replace(self, seats=tuple(seats))


@dataclass(frozen=True, slots=True)
class SeatAssignment:
    """A seat drawn for a player (the opening draw, a late entry or a re-entry)."""

    player: PlayerId
    table: int
    seat: int
    waits_for_button: bool = False  # art. 13.7: not dealt in until the button passes

    @property
    def announcement(self) -> str:
        return f"Table {self.table} seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Move:
    """A player changing seat: the record the screens announce and the director can undo."""

    player: PlayerId
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: MoveReason = MoveReason.DIRECTOR
    waits_for_button: bool = False  # PKR-BRK-1: seated between button and small blind

    @property
    def announcement(self) -> str:
        return (
            f"Table {self.from_table} seat {self.from_seat} → "
            f"Table {self.to_table} seat {self.to_seat}"
        )

    def reversed(self) -> Move:
        return Move(
            self.player,
            self.to_table,
            self.to_seat,
            self.from_table,
            self.from_seat,
            MoveReason.UNDO,
        )


@dataclass(frozen=True, slots=True)
class Seating:
    """Every table of the room and where each player sits."""

    tables: Mapping[int, Table]  # by table number, ascending
    where: Mapping[PlayerId, tuple[int, int]]  # player -> (table, seat)
    open_tables: tuple[Table, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        open_ = tuple(t for t in self.tables.values() if not t.is_closed)
        object.__setattr__(self, "open_tables", open_)

    @property
    def player_count(self) -> int:
        return len(self.where)

    def table(self, number: int) -> Table:
        try:
            return self.tables[number]
        except KeyError:
            raise NotFound(
                "table", f"there is no table {number}", _numbers(self.tables.values())
            ) from None

    def seat_of(self, player: PlayerId) -> tuple[int, int]:
        try:
            return self.where[player]
        except KeyError:
            raise NotFound("player", f"player {player} is not seated", "a seated player") from None

    def is_seated(self, player: PlayerId) -> bool:
        return player in self.where

    def with_table(self, table: Table) -> Seating:
        tables = dict(self.tables)
        tables[table.number] = table
        return Seating(tables, self.where)


def _numbers(tables: Iterable[Table]) -> str:
    return ", ".join(str(t.number) for t in tables) or "none"


def check_capacity(capacity: int, field: str = "seats_per_table") -> None:
    """PKR-TBL-1: a table seats 2 to 11 players."""
    if not MIN_SEATS <= capacity <= MAX_SEATS:
        raise TorneoError(
            field, f"a table of {capacity} seats", f"{MIN_SEATS} to {MAX_SEATS} seats (PKR-TBL-1)"
        )


def empty_table(number: int, capacity: int) -> Table:
    check_capacity(capacity)
    if number < 1:
        raise TorneoError("table", f"table number {number}", "1 or more")
    return Table(number, capacity, (None,) * capacity)


def open_table(state: Seating, number: int, capacity: int) -> Seating:
    """Add an empty table (or reopen a broken one) for late entries or re-entries."""
    if number in state.tables:
        existing = state.tables[number]
        if not existing.is_closed:
            raise Conflict("table", f"table {number} is already open", "a new table number")
        return state.with_table(replace(existing, is_closed=False))
    tables = dict(state.tables)
    tables[number] = empty_table(number, capacity)
    return Seating(dict(sorted(tables.items())), state.where)


@dataclass(frozen=True, slots=True)
class SeatDraw:
    seating: Seating
    assignments: tuple[SeatAssignment, ...]


def draw_seats(
    players: Sequence[PlayerId], seats_per_table: int, rng: random.Random, first_table: int = 1
) -> SeatDraw:
    """PKR-TBL-1: the random seat draw at the start over as few tables as the field needs.

    Table sizes differ by at most one; the players drawn to each table fill its lowest seats;
    the button of each table is drawn as well (art. 4).
    """
    check_capacity(seats_per_table)
    if len(players) < MIN_SEATS:
        raise TorneoError("players", f"{len(players)} players", "at least 2 players to draw seats")
    if len(set(players)) != len(players):
        raise TorneoError("players", "a player is listed twice", "each player once")
    table_count = -(-len(players) // seats_per_table)
    base, extra = divmod(len(players), table_count)
    shuffled = list(players)
    rng.shuffle(shuffled)
    tables: dict[int, Table] = {}
    where: dict[PlayerId, tuple[int, int]] = {}
    assignments: list[SeatAssignment] = []
    cursor = 0
    for i in range(table_count):
        number = first_table + i
        size = base + (1 if i < extra else 0)
        seated = shuffled[cursor : cursor + size]
        cursor += size
        seats: list[PlayerId | None] = [None] * seats_per_table
        for seat, player in enumerate(seated, start=1):
            seats[seat - 1] = player
            where[player] = (number, seat)
            assignments.append(SeatAssignment(player, number, seat))
        tables[number] = Table(
            number, seats_per_table, tuple(seats), drawn_button=rng.randint(1, size)
        )
    assignments.sort(key=lambda a: (a.table, a.seat))
    return SeatDraw(Seating(tables, where), tuple(assignments))


def can_seat(state: Seating, player: PlayerId, table: int, seat: int) -> Refusal | None:
    if state.is_seated(player):
        t, s = state.where[player]
        return Refusal("player", f"player {player} already sits at table {t} seat {s}", None)
    return _seat_refusal(state, table, seat)


def _seat_refusal(state: Seating, table: int, seat: int) -> Refusal | None:
    if table not in state.tables:
        return Refusal("table", f"there is no table {table}", _numbers(state.tables.values()))
    t = state.tables[table]
    if t.is_closed:
        return Refusal("table", f"table {table} is broken", _numbers(state.open_tables))
    if not 1 <= seat <= t.capacity:
        return Refusal("seat", f"seat {seat} at table {table}", f"1 to {t.capacity}", "PKR-TBL-1")
    occupant = t.player_at(seat)
    if occupant is not None:
        return Refusal(
            "seat",
            f"table {table} seat {seat} is taken by player {occupant}",
            ", ".join(str(s) for s in t.free_seats) or "no free seat at this table",
        )
    return None


def seat_player(state: Seating, player: PlayerId, table: int, seat: int) -> Seating:
    """Put a player who is not seated yet in a free seat (two players in one seat: refused)."""
    refusal = can_seat(state, player, table, seat)
    if refusal is not None:
        raise refusal.raise_as(Conflict)
    t = state.tables[table]
    where = dict(state.where)
    where[player] = (table, seat)
    return Seating({**state.tables, table: t.with_seat(seat, player)}, where)


def unseat(state: Seating, player: PlayerId) -> Seating:
    """Take a player out of their seat (bust-out, disqualification)."""
    table, seat = state.seat_of(player)
    where = dict(state.where)
    del where[player]
    return Seating({**state.tables, table: state.tables[table].with_seat(seat, None)}, where)


def draw_seat_for(state: Seating, player: PlayerId, rng: random.Random) -> SeatAssignment:
    """A seat drawn for a late entry or a re-entry: the shortest open table, a free seat at random.

    Raises :class:`Conflict` when every open table is full: the director opens a table first.
    """
    if state.is_seated(player):
        t, s = state.where[player]
        raise Conflict("player", f"player {player} already sits at table {t} seat {s}")
    candidates = [t for t in state.open_tables if t.count < t.capacity]
    if not candidates:
        raise Conflict("table", "every open table is full", "open a new table first")
    fewest = min(t.count for t in candidates)
    table = rng.choice([t for t in candidates if t.count == fewest])
    seat = rng.choice(table.free_seats)
    return SeatAssignment(player, table.number, seat, is_between_button_and_blind(table, seat))


def assign(state: Seating, assignment: SeatAssignment) -> Seating:
    return seat_player(state, assignment.player, assignment.table, assignment.seat)


def can_move(state: Seating, move: Move) -> Refusal | None:
    where = state.where.get(move.player)
    if where != (move.from_table, move.from_seat):
        now = f"table {where[0]} seat {where[1]}" if where else "not seated"
        return Refusal(
            "player",
            f"player {move.player} is not at table {move.from_table} seat {move.from_seat}",
            f"the player's seat now: {now}",
        )
    if (move.to_table, move.to_seat) == (move.from_table, move.from_seat):
        return Refusal("seat", "the player already sits there", "another seat")
    if move.to_table in state.tables and state.tables[move.to_table].is_closed:
        # Undoing a break reopens the broken table (the director changed their mind).
        if move.reason is not MoveReason.UNDO:
            return Refusal("table", f"table {move.to_table} is broken", "an open table")
        t = state.tables[move.to_table]
        if not 1 <= move.to_seat <= t.capacity or t.player_at(move.to_seat) is not None:
            return Refusal("seat", f"table {move.to_table} seat {move.to_seat} is not free")
        return None
    return _seat_refusal(state, move.to_table, move.to_seat)


def apply_move(state: Seating, move: Move) -> Seating:
    """Carry out a move; two players in one seat, or a player not where the move says: refused."""
    refusal = can_move(state, move)
    if refusal is not None:
        raise refusal.raise_as(Conflict)
    tables = dict(state.tables)
    source = tables[move.from_table].with_seat(move.from_seat, None)
    tables[move.from_table] = source
    target = tables[move.to_table]
    if target.is_closed:
        target = replace(target, is_closed=False)
    tables[move.to_table] = target.with_seat(move.to_seat, move.player)
    where = dict(state.where)
    where[move.player] = (move.to_table, move.to_seat)
    return Seating(tables, where)


def apply_moves(state: Seating, moves: Iterable[Move]) -> Seating:
    for move in moves:
        state = apply_move(state, move)
    return state


def move_player(state: Seating, player: PlayerId, to_table: int, to_seat: int) -> Move:
    """The director moves a player by hand: the record to apply (``apply_move``) and announce."""
    table, seat = state.seat_of(player)
    move = Move(player, table, seat, to_table, to_seat, MoveReason.DIRECTOR)
    refusal = can_move(state, move)
    if refusal is not None:
        raise refusal.raise_as(Conflict)
    return move


def can_undo(state: Seating, move: Move) -> Refusal | None:
    return can_move(state, move.reversed())


def undo(state: Seating, move: Move) -> Seating:
    """Put the player back where the move took them from (reopening a broken table if needed).

    Refused when the player has moved on since, or the old seat has been taken meanwhile.
    """
    return apply_move(state, move.reversed())


def close_table(state: Seating, number: int) -> Seating:
    table = state.table(number)
    if table.count:
        raise Conflict("table", f"table {number} still has {table.count} players", "an empty table")
    return state.with_table(replace(table, is_closed=True))


def record_hand(state: Seating, table: int, positions: HandPositions) -> Seating:
    """The floor records where the button and blinds were in the hand just dealt."""
    t = state.table(table)
    for seat in (positions.button, positions.small_blind, positions.big_blind):
        if not 1 <= seat <= t.capacity:
            raise TorneoError("positions", f"seat {seat} at table {table}", f"1 to {t.capacity}")
    if t.player_at(positions.big_blind) is None:
        raise TorneoError(
            "positions", f"nobody sits at seat {positions.big_blind}", "the big blind"
        )
    return state.with_table(replace(t, last_hand=positions))


# --- Positions for the next hand (PKR-BTN-1, PKR-DEAD-1) ---------------------------------------


@dataclass(frozen=True, slots=True)
class NextHand:
    """The director's view of the next hand at one table."""

    positions: HandPositions
    dealt_in: tuple[int, ...]  # seats, in dealing order from the small blind
    is_heads_up: bool
    dead_small_blind: bool  # PKR-DEAD-1 case 2: nobody posts the small blind
    dead_button: bool  # the button sits on an empty seat
    first_to_act_preflop: int
    first_to_act_postflop: int


def next_hand_positions(table: Table, eliminated: Collection[PlayerId] = ()) -> NextHand:
    """Button and blinds of the next hand, the dead-button way (PKR-BTN-1, PKR-DEAD-1).

    The big blind moves to the next player left of the last big blind; the small blind goes to
    the seat of the last big blind (dead when that player was eliminated: only the big blind is
    posted); the button goes to the seat of the last small blind, and stays where it was for a
    hand when that seat is empty (art. 13.2 case 1). Heads-up the button posts the small blind
    and acts first pre-flop, and the big blind changes player every hand (art. 13.6).
    """
    live = [s for s in table.occupied_seats if table.player_at(s) not in eliminated]
    if len(live) < 2:
        raise Conflict("table", f"table {table.number} has {len(live)} player(s)", "two or more")
    live_set = set(live)

    def next_live(seat: int) -> int:
        return next(s for s in table.clockwise_after(seat) if s in live_set)

    heads_up = len(live) == 2
    last = table.last_hand
    if last is None:
        start = table.drawn_button if table.drawn_button is not None else live[0]
        button = start if start in live_set else next_live(start)
        small = button if heads_up else next_live(button)
        big = next_live(small)
    else:
        big = next_live(last.big_blind)
        if heads_up:
            small = button = next_live(big)
        else:
            small = last.big_blind
            button = last.small_blind if last.small_blind in live_set else last.button
    dead_small = small not in live_set
    positions = HandPositions(button, small, big)
    dealt = tuple(s for s in _dealing_order(table, positions, live_set))
    first_pre = button if heads_up else next(s for s in table.clockwise_after(big) if s in dealt)
    first_post = big if heads_up else next(s for s in table.clockwise_after(button) if s in dealt)
    return NextHand(
        positions,
        dealt,
        heads_up,
        dead_small,
        button not in live_set,
        first_pre,
        first_post,
    )


def _dealing_order(table: Table, positions: HandPositions, live: set[int]) -> Iterator[int]:
    """Live seats from the small blind round to the button, skipping those not dealt in."""
    waiting = set(_between(table, positions.button, _blind_after_button(positions, live)))
    for seat in table.clockwise_after(positions.button):
        if seat in live and seat not in waiting:
            yield seat


def _blind_after_button(positions: HandPositions, live: set[int]) -> int:
    return positions.small_blind if positions.small_blind in live else positions.big_blind


def _between(table: Table, start: int, end: int) -> Iterator[int]:
    """Seats strictly between ``start`` and ``end`` going clockwise."""
    for seat in table.clockwise_after(start):
        if seat == end:
            return
        yield seat


def is_between_button_and_blind(table: Table, seat: int) -> bool:
    """PKR-BRK-1 / art. 13.7: a player sitting here now would not be dealt the next hand."""
    others = [s for s in table.occupied_seats if s != seat]
    if len(others) < 2:
        return False
    probe = table.with_seat(seat, None)
    positions = next_hand_positions(probe).positions
    live = set(probe.occupied_seats)
    return seat in set(_between(probe, positions.button, _blind_after_button(positions, live)))
