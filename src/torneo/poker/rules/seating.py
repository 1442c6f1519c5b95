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
  the button passes (art. 13.7, PKR-BRK-1): the positions of the next hand are
  :mod:`.positions`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from torneo.core.errors import Conflict, NotFound, Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Message

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
            raise TorneoError(
                "seats",
                N_("%(n)s seats"),
                N_("%(capacity)s seats"),
                params={"n": len(self.seats), "capacity": self.capacity},
            )
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
                "table",
                N_("there is no table %(number)s"),
                _numbers(self.tables.values()),
                params={"number": number},
            ) from None

    def seat_of(self, player: PlayerId) -> tuple[int, int]:
        try:
            return self.where[player]
        except KeyError:
            raise NotFound(
                "player",
                N_("player %(player)s is not seated"),
                N_("a seated player"),
                params={"player": player},
            ) from None

    def is_seated(self, player: PlayerId) -> bool:
        return player in self.where

    def with_table(self, table: Table) -> Seating:
        tables = dict(self.tables)
        tables[table.number] = table
        return Seating(tables, self.where)


def _numbers(tables: Iterable[Table]) -> str:
    return ", ".join(str(t.number) for t in tables) or N_("none")


def open_table_named(state: Seating | None, number: int, field: str = "table") -> Table:
    """The open table a floor action names, or a refusal naming ``field`` and the tables that
    are open (issue 28 item 6: a ruling was recorded at table 99 of a tournament of two)."""
    tables = state.open_tables if state is not None else ()
    for t in tables:
        if t.number == number:
            return t
    raise TorneoError(
        field,
        N_("no table %(table)s in this tournament"),
        N_("its tables: %(tables)s") if tables else N_("no table until the seats are drawn"),
        params={"table": number, "tables": _numbers(tables)},
    )


def check_seat_at(table: Table, seat: int, field: str) -> None:
    """A seat a floor action names exists at its table (PKR-TBL-1: 1 to the table's seats)."""
    if not 1 <= seat <= table.capacity:
        raise TorneoError(
            field,
            N_("seat %(seat)s at table %(table)s"),
            N_("1 to %(capacity)s"),
            rule="PKR-TBL-1",
            params={"seat": seat, "table": table.number, "capacity": table.capacity},
        )


def check_capacity(capacity: int, field: str = "seats_per_table") -> None:
    """PKR-TBL-1: a table seats 2 to 11 players."""
    if not MIN_SEATS <= capacity <= MAX_SEATS:
        raise TorneoError(
            field,
            N_("a table of %(capacity)s seats"),
            N_("%(low)s to %(high)s seats (PKR-TBL-1)"),
            params={"capacity": capacity, "low": MIN_SEATS, "high": MAX_SEATS},
        )


def empty_table(number: int, capacity: int) -> Table:
    check_capacity(capacity)
    if number < 1:
        raise TorneoError(
            "table", N_("table number %(number)s"), N_("1 or more"), params={"number": number}
        )
    return Table(number, capacity, (None,) * capacity)


def open_table(state: Seating, number: int, capacity: int) -> Seating:
    """Add an empty table (or reopen a broken one) for late entries or re-entries."""
    if number in state.tables:
        existing = state.tables[number]
        if not existing.is_closed:
            raise Conflict(
                "table",
                N_("table %(number)s is already open"),
                N_("a new table number"),
                params={"number": number},
            )
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
        raise TorneoError(
            "players",
            N_("%(n)s players"),
            N_("at least 2 players to draw seats"),
            params={"n": len(players)},
        )
    if len(set(players)) != len(players):
        raise TorneoError("players", N_("a player is listed twice"), N_("each player once"))
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
        return Refusal(
            "player",
            N_("player %(player)s already sits at table %(t)s seat %(s)s"),
            None,
            params={"player": player, "t": t, "s": s},
        )
    return _seat_refusal(state, table, seat)


def _seat_refusal(state: Seating, table: int, seat: int) -> Refusal | None:
    if table not in state.tables:
        return Refusal(
            "table",
            N_("there is no table %(table)s"),
            _numbers(state.tables.values()),
            params={"table": table},
        )
    t = state.tables[table]
    if t.is_closed:
        return Refusal(
            "table",
            N_("table %(table)s is broken"),
            _numbers(state.open_tables),
            params={"table": table},
        )
    if not 1 <= seat <= t.capacity:
        return Refusal(
            "seat",
            N_("seat %(seat)s at table %(table)s"),
            N_("1 to %(capacity)s"),
            "PKR-TBL-1",
            params={"seat": seat, "table": table, "capacity": t.capacity},
        )
    occupant = t.player_at(seat)
    if occupant is not None:
        return Refusal(
            "seat",
            N_("table %(table)s seat %(seat)s is taken by player %(occupant)s"),
            ", ".join(str(s) for s in t.free_seats) or N_("no free seat at this table"),
            params={"table": table, "seat": seat, "occupant": occupant},
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


def assign(state: Seating, assignment: SeatAssignment) -> Seating:
    return seat_player(state, assignment.player, assignment.table, assignment.seat)


def can_move(state: Seating, move: Move) -> Refusal | None:
    where = state.where.get(move.player)
    if where != (move.from_table, move.from_seat):
        now = (
            Message(N_("table %(table)s seat %(seat)s"), {"table": where[0], "seat": where[1]})
            if where
            else Message(N_("not seated"))
        )
        return Refusal(
            "player",
            N_("player %(player)s is not at table %(from_table)s seat %(from_seat)s"),
            N_("the player's seat now: %(now)s"),
            params={
                "player": move.player,
                "from_table": move.from_table,
                "from_seat": move.from_seat,
                "now": now,
            },
        )
    if (move.to_table, move.to_seat) == (move.from_table, move.from_seat):
        return Refusal("seat", N_("the player already sits there"), N_("another seat"))
    if move.to_table in state.tables and state.tables[move.to_table].is_closed:
        # Undoing a break reopens the broken table (the director changed their mind).
        if move.reason is not MoveReason.UNDO:
            return Refusal(
                "table",
                N_("table %(to_table)s is broken"),
                N_("an open table"),
                params={"to_table": move.to_table},
            )
        t = state.tables[move.to_table]
        if not 1 <= move.to_seat <= t.capacity or t.player_at(move.to_seat) is not None:
            return Refusal(
                "seat",
                N_("table %(to_table)s seat %(to_seat)s is not free"),
                params={"to_table": move.to_table, "to_seat": move.to_seat},
            )
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
        raise Conflict(
            "table",
            N_("table %(number)s still has %(count)s players"),
            N_("an empty table"),
            params={"number": number, "count": table.count},
        )
    return state.with_table(replace(table, is_closed=True))
