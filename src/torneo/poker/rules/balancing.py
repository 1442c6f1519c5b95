"""Balancing the tables (PKR-BAL-1, PKR-BAL-2) and the floor decision after a bust-out.

PKR-BAL-1: never a table with ``threshold`` players more than another (2 by art. 8.2, the
default; 3 by art. 16.2: a tournament option). PKR-BAL-2: the player moved is the one due to be
big blind next, and sits in the free seat nearest the left of the big blind at the new table,
never in the small-blind seat — so they post the big blind there on the next hand, neither
paying twice nor skipping it.

Decisions where the regulation is silent ("a predetermined procedure", art. 16.2):
- the player comes from the open table with the most players, the lowest-numbered among equals;
- they go to the open table with the fewest players, the lowest-numbered among equals;
- "the big blind" at the new table is the seat of its last big blind; before its first hand, the
  big blind of that first hand;
- when every free seat at the new table lies between its button and small blind, the player
  takes the first of them and waits for the button to pass (art. 13.7);
- a table left with a single player always gets a player (they cannot play alone), even under
  the threshold, as long as that makes the room no less balanced.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.poker.rules.breaking import TableBreak, break_table, table_to_break
from torneo.poker.rules.positions import is_between_button_and_blind, next_hand_positions
from torneo.poker.rules.seating import Move, MoveReason, Seating, Table, apply_move, close_table

DEFAULT_THRESHOLD = 2  # PKR-BAL-1, art. 8.2


class BigBlindSeat(StrEnum):
    """PKR-BAL-2: which seat "nearest the left of the big blind" means (a preset setting).

    - ``nearest_left``: the literal reading: the first free seat clockwise from the big blind;
    - ``big_blind_soonest``: the free seat where the big blind reaches the moved player soonest
      (never after the small blind first), ties to the literal order. The two differ when free
      seats lie between the small and the big blind of a table's first hand, or around a dead
      button: the literal seat would have the player wait most of an orbit for the big blind.
    """

    NEAREST_LEFT = "nearest_left"
    SOONEST = "big_blind_soonest"


DEFAULT_SEAT = BigBlindSeat.SOONEST


def check_threshold(threshold: int) -> None:
    if threshold < 2:
        raise TorneoError(
            "balance_threshold",
            N_("a threshold of %(threshold)s"),
            N_("2 (art. 8.2) or more, e.g. 3 (art. 16.2)"),
            params={"threshold": threshold},
        )


def is_unbalanced(state: Seating, threshold: int = DEFAULT_THRESHOLD) -> bool:
    """PKR-BAL-1: some open table has ``threshold`` players more than another."""
    check_threshold(threshold)
    counts = [t.count for t in state.open_tables]
    if len(counts) < 2:
        return False
    spread = max(counts) - min(counts)
    return spread >= threshold or (min(counts) <= 1 and spread >= 2)


def player_due_big_blind(table: Table) -> tuple[int, PlayerId]:
    """PKR-BAL-2: (seat, player) due to post the big blind on the next hand at ``table``."""
    seat = next_hand_positions(table).positions.big_blind
    player = table.player_at(seat)
    assert player is not None
    return seat, player


def hands_until_big_blind(table: Table, seat: int) -> int | None:
    """Hands dealt before the player at ``seat`` posts the big blind; None when the small
    blind would come first, or the big blind not within an orbit."""
    t = table
    for hands in range(t.count + 1):
        positions = next_hand_positions(t).positions
        if positions.big_blind == seat:
            return hands
        if positions.small_blind == seat:
            return None
        t = replace(t, last_hand=positions)
    return None


def seat_for_big_blind(
    table: Table, player: PlayerId, reading: BigBlindSeat = DEFAULT_SEAT
) -> tuple[int, bool]:
    """PKR-BAL-2 by the preset's reading: (seat, waits_for_button) at ``table`` for ``player``."""
    literal = seat_left_of_big_blind(table)
    if reading is BigBlindSeat.NEAREST_LEFT or table.count < 2 or literal[1]:
        return literal
    anchor = (
        table.last_hand.big_blind
        if table.last_hand is not None
        else next_hand_positions(table).positions.big_blind
    )
    order = [s for s in table.clockwise_after(anchor) if s in set(table.free_seats)]
    best: tuple[int, int] | None = None
    for rank, seat in enumerate(order):
        if is_between_button_and_blind(table, seat):
            continue
        hands = hands_until_big_blind(table.with_seat(seat, player), seat)
        if hands is not None and (best is None or (hands, rank) < best):
            best = (hands, rank)
    return (order[best[1]], False) if best is not None else literal


def seat_left_of_big_blind(table: Table) -> tuple[int, bool]:
    """PKR-BAL-2: the free seat nearest the left of the big blind; (seat, waits_for_button).

    Seats between the button and the small blind of the next hand come last (never the
    small-blind seat); if only those are free, the player waits for the button (art. 13.7).
    """
    free = set(table.free_seats)
    if not free:
        raise TorneoError(
            "table",
            N_("table %(number)s is full"),
            N_("a table with a free seat"),
            params={"number": table.number},
        )
    if table.count < 2:
        return min(free), False
    anchor = (
        table.last_hand.big_blind
        if table.last_hand is not None
        else next_hand_positions(table).positions.big_blind
    )
    fallback: int | None = None
    for seat in table.clockwise_after(anchor):
        if seat not in free:
            continue
        if not is_between_button_and_blind(table, seat):
            return seat, False
        if fallback is None:
            fallback = seat
    assert fallback is not None
    return fallback, True


def next_balancing_move(
    state: Seating, threshold: int = DEFAULT_THRESHOLD, reading: BigBlindSeat = DEFAULT_SEAT
) -> Move | None:
    """The one move PKR-BAL-1/2 ask for now, or None when the room is balanced."""
    if not is_unbalanced(state, threshold):
        return None
    tables = state.open_tables
    source = max(tables, key=lambda t: (t.count, -t.number))
    target = min(tables, key=lambda t: (t.count, t.number))
    from_seat, player = player_due_big_blind(source)
    to_seat, waits = seat_for_big_blind(target, player, reading)
    return Move(player, source.number, from_seat, target.number, to_seat, MoveReason.BALANCE, waits)


def balance(
    state: Seating, threshold: int = DEFAULT_THRESHOLD, reading: BigBlindSeat = DEFAULT_SEAT
) -> tuple[Seating, tuple[Move, ...]]:
    """Every move needed until no table has ``threshold`` players more than another."""
    moves: list[Move] = []
    while (move := next_balancing_move(state, threshold, reading)) is not None:
        state = apply_move(state, move)
        moves.append(move)
    return state, tuple(moves)


@dataclass(frozen=True, slots=True)
class FloorDecision:
    """What the floor does after a bust-out: a table broken (PKR-BRK-1), then balancing moves."""

    broken: TableBreak | None
    moves: tuple[Move, ...]  # the break's moves first, then the balancing ones
    closed_empty: tuple[int, ...] = ()  # open tables left with nobody, closed

    @property
    def announcements(self) -> tuple[str, ...]:
        return tuple(m.announcement for m in self.moves)


def decide(
    state: Seating,
    rng: random.Random,
    threshold: int = DEFAULT_THRESHOLD,
    break_order: Sequence[int] | None = None,
    reading: BigBlindSeat = DEFAULT_SEAT,
) -> tuple[Seating, FloorDecision]:
    """After one or more bust-outs: break the next table if due, then balance the room."""
    check_threshold(threshold)
    broken: TableBreak | None = None
    moves: list[Move] = []
    empty = [t.number for t in state.open_tables if t.count == 0]
    if len(empty) == len(state.open_tables):
        empty = empty[1:]  # keep one table open, even if nobody sits there yet
    for number in empty:
        state = close_table(state, number)
    table = table_to_break(state, break_order)
    if table is not None:
        state, broken = break_table(state, table.number, rng)
        moves.extend(broken.moves)
    state, balancing = balance(state, threshold, reading)
    moves.extend(balancing)
    return state, FloorDecision(broken, tuple(moves), tuple(empty))
