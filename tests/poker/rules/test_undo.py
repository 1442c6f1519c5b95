"""Undoing a floor action on the seat plan (issue 15 item 8): what goes back, what blocks it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.support.poker import P, room, table
from torneo.poker.rules.seating import Move, MoveReason, apply_move, close_table, unseat
from torneo.poker.rules.undo import Blocked, Reseat, put_back


def test_PKR_BRK_1_undoing_a_bust_reopens_the_broken_table_and_reseats_the_player() -> None:
    """PKR-BRK-1: a bust broke table 2 (its players moved to table 1); undone, table 2 opens
    again with its players in their seats, and the busted player sits down where they were."""
    before = room(table(1, {1: 1, 2: 2, 3: 3}, capacity=6), table(2, {1: 4, 2: 5}, capacity=6))
    after = unseat(before, P(5))
    moves = [Move(P(4), 2, 1, 1, 4, MoveReason.BREAK)]
    for m in moves:
        after = apply_move(after, m)
    after = close_table(after, 2)
    assert after.tables[2].is_closed
    back = put_back(after, moves, [Reseat(P(5), 2, 2)])
    assert not back.tables[2].is_closed
    assert back.where == before.where


def test_PKR_BAL_1_balancing_moves_go_back_last_first() -> None:
    """PKR-BAL-1: two moves of one decision are reversed in the opposite order."""
    start = room(table(1, {1: 1, 2: 2}), table(2, {1: 3, 2: 4, 3: 5, 4: 6, 5: 7}))
    first = Move(P(7), 2, 5, 1, 3, MoveReason.BALANCE)
    second = Move(P(3), 2, 1, 1, 5, MoveReason.BALANCE)
    moved = apply_move(apply_move(start, first), second)
    assert put_back(moved, [first, second]).where == start.where


def test_PKR_END_1_a_player_moved_again_since_blocks_the_undo() -> None:
    """The moved player has moved on since: the undo names them instead of guessing."""
    start = room(table(1, {1: 1}), table(2, {1: 2, 2: 3}))
    move = Move(P(3), 2, 2, 1, 2, MoveReason.BALANCE)
    later = Move(P(3), 1, 2, 1, 5, MoveReason.DIRECTOR)
    now = apply_move(apply_move(start, move), later)
    with pytest.raises(Blocked) as err:
        put_back(now, [move])
    assert (err.value.player, err.value.table, err.value.seat) == (P(3), 1, 2)


def test_PKR_END_1_a_busted_players_seat_taken_since_blocks_the_undo() -> None:
    """The busted player's seat was given to someone else since: blocked, naming who sits there."""
    now = room(table(1, {1: 1, 2: 9}), table(2, {1: 2}))
    with pytest.raises(Blocked) as err:
        put_back(now, reseat=[Reseat(P(5), 1, 2)])
    assert err.value.player == P(9)


def test_PKR_END_1_a_reseated_player_already_seated_is_refused() -> None:
    now = room(table(1, {1: 1, 2: 5}))
    with pytest.raises(Blocked) as err:
        put_back(now, reseat=[Reseat(P(5), 1, 3)])
    assert err.value.player == P(5)


def test_PKR_BRK_1_a_bust_that_emptied_a_table_reopens_it() -> None:
    """The last player of a table busted and the table closed: undone, it opens again."""
    now = room(table(1, {1: 1, 2: 2}), replace(table(2, {}), is_closed=True))
    back = put_back(now, reseat=[Reseat(P(3), 2, 4)])
    assert not back.tables[2].is_closed
    assert back.where[P(3)] == (2, 4)


def test_PKR_LATE_1_a_late_entry_leaves_its_seat_and_the_table_opened_for_it_closes() -> None:
    """PKR-LATE-1: undoing a late entry frees the seat drawn; the table opened for them closes."""
    now = room(table(1, {1: 1, 2: 2}), table(3, {4: 8}))
    back = put_back(now, newcomer=(P(8), 3, 4), opened=3)
    assert not back.is_seated(P(8))
    assert back.tables[3].is_closed
    with pytest.raises(Blocked):
        put_back(now, newcomer=(P(8), 3, 5))  # not where the entry seated them
