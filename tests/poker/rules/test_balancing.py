"""PKR-BAL-1/2 balancing, PKR-BRK-1 breaking, and the floor decision after bust-outs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.poker import P, room, table
from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.poker.rules.balancing import (
    BigBlindSeat,
    balance,
    decide,
    hands_until_big_blind,
    is_unbalanced,
    next_balancing_move,
    player_due_big_blind,
    seat_for_big_blind,
    seat_left_of_big_blind,
)
from torneo.poker.rules.breaking import break_table, next_table_to_break, table_to_break
from torneo.poker.rules.positions import button_at, hand_dealt, next_hand_positions
from torneo.poker.rules.seating import (
    HandPositions,
    MoveReason,
    Seating,
    apply_move,
    draw_seats,
    unseat,
)


def test_PKR_BAL_1_a_difference_of_two_is_balanced_by_default() -> None:
    """PKR-BAL-1: never a table with two players more than another (art. 8.2)."""
    state = room(
        table(1, {i: i for i in range(1, 10)}), table(2, {i: 100 + i for i in range(1, 8)})
    )
    assert is_unbalanced(state, 2)
    balanced, moves = balance(state, 2)
    assert len(moves) == 1
    assert sorted(t.count for t in balanced.open_tables) == [8, 8]
    assert moves[0].reason is MoveReason.BALANCE


def test_PKR_BAL_1_threshold_three_as_art_16_2_leaves_a_difference_of_two() -> None:
    """PKR-BAL-1 Resolution: with the art. 16.2 option, tables are rebalanced on 3."""
    state = room(
        table(1, {i: i for i in range(1, 10)}), table(2, {i: 100 + i for i in range(1, 8)})
    )
    assert not is_unbalanced(state, 3)
    assert balance(state, 3)[1] == ()
    state = unseat(state, P(101))
    assert is_unbalanced(state, 3)
    balanced, moves = balance(state, 3)
    assert len(moves) == 1
    assert sorted(t.count for t in balanced.open_tables) == [7, 8]


def test_PKR_BAL_1_threshold_below_two_is_refused() -> None:
    """PKR-BAL-1: the threshold is 2 (art. 8.2) or more."""
    with pytest.raises(TorneoError) as err:
        is_unbalanced(room(table(1, {1: 1, 2: 2})), 1)
    assert err.value.field == "balance_threshold"


def test_PKR_BAL_2_the_player_due_big_blind_moves_to_the_seat_left_of_the_big_blind() -> None:
    """PKR-BAL-2: the moved player is the next big blind; they sit nearest the left of the big
    blind at the new table and post the big blind there on the next hand."""
    long = table(1, {i: i for i in range(1, 10)}, last_hand=(3, 4, 5))  # next BB: seat 6
    short = table(
        2, {1: 101, 2: 102, 4: 104, 6: 106, 7: 107, 8: 108, 9: 109}, last_hand=(1, 2, 4)
    )  # free seats 3, 5, 10; BB at seat 4
    state = room(long, short)
    assert player_due_big_blind(long) == (6, P(6))
    move = next_balancing_move(state, 2)
    assert move is not None
    assert (move.player, move.from_table, move.from_seat) == (P(6), 1, 6)
    assert (move.to_table, move.to_seat) == (2, 5)
    assert not move.waits_for_button
    after = balance(state, 2)[0]
    assert next_hand_positions(after.tables[2]).positions.big_blind == 5
    # At the old table the big blind passes to the next player in line.
    assert next_hand_positions(after.tables[1]).positions.big_blind == 7


def test_PKR_BAL_2_never_the_small_blind_seat() -> None:
    """PKR-BAL-2: the seat between the button and the small blind is taken only as a last
    resort, and then the player waits for the button."""
    # Next hand at table 2: button 2, SB 4 (last BB), BB 5. Free: 3 (between button and SB).
    t = table(2, {1: 1, 2: 2, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10}, last_hand=(1, 2, 4))
    assert seat_left_of_big_blind(t) == (3, True)
    # With seat 6 free as well, seat 6 (left of the big blind) is chosen.
    t = table(2, {1: 1, 2: 2, 4: 4, 5: 5, 7: 7, 8: 8, 9: 9, 10: 10}, last_hand=(1, 2, 4))
    assert seat_left_of_big_blind(t) == (6, False)


def test_PKR_BRK_1_breaks_when_free_seats_equal_the_last_tables_players() -> None:
    """PKR-BRK-1: the last table breaks when the others' free seats can take its players."""
    state = room(
        table(1, {i: i for i in range(1, 9)}),  # 2 free
        table(2, {i: 20 + i for i in range(1, 9)}),  # 2 free
        table(3, {1: 41, 2: 42, 3: 43, 4: 44, 5: 45}),  # 5 players: not yet
    )
    assert table_to_break(state) is None
    state = unseat(unseat(state, P(1)), P(21))  # now 3 + 3 free... still 6 ≥ 5: breaks
    due = table_to_break(state)
    assert due is not None
    assert due.number == 3
    broken, record = break_table(state, 3, random.Random(5))
    assert broken.tables[3].is_closed
    assert [t.count for t in broken.open_tables] == [10, 9] or sorted(
        t.count for t in broken.open_tables
    ) == [9, 10]
    assert {m.player for m in record.moves} == {P(41), P(42), P(43), P(44), P(45)}
    assert all(m.reason is MoveReason.BREAK and m.from_table == 3 for m in record.moves)


def test_PKR_BRK_1_predetermined_order_highest_first_or_given() -> None:
    """PKR-BRK-1: tables break in a predetermined order: highest number, or the given order."""
    state = room(table(1, {1: 1, 2: 2}), table(2, {1: 3, 2: 4}), table(3, {1: 5, 2: 6}))
    nxt = next_table_to_break(state)
    assert nxt is not None
    assert nxt.number == 3
    given_order = next_table_to_break(state, [2, 3, 1])
    assert given_order is not None
    assert given_order.number == 2
    with pytest.raises(TorneoError):
        next_table_to_break(state, [7])


def test_PKR_BRK_1_break_not_yet_due_is_refused() -> None:
    """PKR-BRK-1: a table is not broken while its players do not fit elsewhere."""
    state = room(
        table(1, {i: i for i in range(1, 10)}), table(2, {i: 20 + i for i in range(1, 10)})
    )
    with pytest.raises(Conflict):
        break_table(state, 2, random.Random(1))
    assert not state.tables[2].is_closed


def test_PKR_BRK_1_broken_table_players_waiting_for_the_button_are_flagged() -> None:
    """PKR-BRK-1: players from a broken table can sit anywhere but are not dealt in between
    the button and the small blind; such a move says so."""
    for seed in range(40):
        target = table(1, {1: 1, 2: 2, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9}, last_hand=(1, 2, 4))
        state = room(target, table(2, {1: 11, 2: 12}))
        _, record = break_table(state, 2, random.Random(seed))
        for move in record.moves:
            assert move.waits_for_button == (move.to_seat == 3)


def test_decide_breaks_then_balances_down_to_the_final_table() -> None:
    """PKR-BRK-1 then PKR-BAL-1 after each bust-out, down to one table."""
    rng = random.Random(11)
    state = draw_seats([PlayerId(i) for i in range(1, 61)], 10, rng).seating
    alive = list(state.where)
    while len(state.open_tables) > 1:
        out = rng.choice(alive)
        alive.remove(out)
        state = unseat(state, out)
        state, decision = decide(state, rng)
        counts = [t.count for t in state.open_tables]
        assert max(counts) - min(counts) < 2
        assert all(m.announcement.startswith("Table ") for m in decision.moves)
    assert len(alive) <= 10
    assert sorted(state.where) == sorted(alive)


@st.composite
def rooms(draw: st.DrawFn) -> tuple[Seating, int, list[int]]:
    capacity = draw(st.integers(min_value=2, max_value=11))
    players = draw(st.integers(min_value=2, max_value=60))
    seed = draw(st.integers(min_value=0, max_value=10_000))
    busts = draw(st.lists(st.integers(min_value=0, max_value=10_000), max_size=40))
    threshold = draw(st.sampled_from([2, 3]))
    state = draw_seats([PlayerId(i) for i in range(players)], capacity, random.Random(seed)).seating
    return state, threshold, busts


@settings(max_examples=150, deadline=None)
@given(rooms())
def test_PKR_BAL_1_properties_seats_capacity_and_players_conserved(
    case: tuple[Seating, int, list[int]],
) -> None:
    """PKR-BAL-1 / PKR-BRK-1: players and their chips are conserved, no seat holds two, tables
    never exceed their capacity, and after each decision the room is balanced (max − min <
    threshold)."""
    state, threshold, busts = case
    rng = random.Random(0)
    stacks = {p: 1000 + 25 * int(p) for p in state.where}  # chips travel with their players
    for pick in busts:
        if state.player_count <= 2:
            break
        players = sorted(state.where)
        out = players[pick % len(players)]
        state = unseat(state, out)
        del stacks[out]
        before = set(state.where)
        chips_before = sum(stacks[p] for p in state.where)
        state, decision = decide(state, rng, threshold)
        assert set(state.where) == before
        assert sum(stacks[p] for p in state.where) == chips_before
        seen: set[tuple[int, int]] = set()
        for player, (number, seat) in state.where.items():
            assert state.tables[number].player_at(seat) == player
            assert (number, seat) not in seen
            seen.add((number, seat))
        for tbl in state.tables.values():
            assert tbl.count <= tbl.capacity
            assert not (tbl.is_closed and tbl.count)
        counts = [tbl.count for tbl in state.open_tables]
        assert max(counts) - min(counts) < threshold
        if decision.broken is not None:
            assert state.tables[decision.broken.table].is_closed


def test_PKR_BAL_2_the_two_readings_of_the_seat_left_of_the_big_blind() -> None:
    """PKR-BAL-2: at a table before its first hand (button 1, small blind 3, big blind 6, seats
    4 and 5 free between them) the literal reading seats the moved player at 8, the first free
    seat left of the big blind, two hands from their big blind; the reading the preset uses
    ("big_blind_soonest") seats them at 4, where they post the big blind on the very next hand
    (the small blind is never theirs first)."""
    target = table(1, {1: 1, 3: 3, 6: 6, 7: 7}, drawn_button=1)
    mover = P(99)
    assert seat_for_big_blind(target, mover, BigBlindSeat.NEAREST_LEFT) == (8, False)
    assert seat_for_big_blind(target, mover, BigBlindSeat.SOONEST) == (4, False)
    assert hands_until_big_blind(target.with_seat(4, mover), 4) == 0
    assert hands_until_big_blind(target.with_seat(8, mover), 8) == 2
    # After a hand both readings agree: the seat right after the last big blind.
    played = table(1, {1: 1, 3: 3, 6: 6, 7: 7}, last_hand=(1, 3, 6))
    assert seat_for_big_blind(played, mover, BigBlindSeat.SOONEST) == seat_for_big_blind(
        played, mover, BigBlindSeat.NEAREST_LEFT
    )


def test_PKR_BAL_2_the_preset_says_which_reading_it_uses() -> None:
    """PKR-BAL-2: the lifeclub-poker preset states its reading as a setting."""
    from torneo.presets import load_preset

    rules = load_preset("lifeclub-poker").poker
    assert rules is not None
    assert rules.balance_seat == "big_blind_soonest"


def test_pkr_bal_2_the_moves_follow_the_button_the_director_records() -> None:
    """PKR-BAL-2 (issue 28 item 5): a player moved in sits where the big blind comes next.
    With a button nobody moved, that player stayed "the next big blind" and was moved again at
    the next balancing; once the hands dealt are recorded (one tap a hand, or the button's seat
    tapped once an orbit), the player moved is the one due the big blind after them."""
    state = room(
        table(1, {i: i for i in range(1, 10)}, last_hand=(3, 4, 5)),
        table(2, {i: 100 + i for i in (1, 2, 3, 5, 6, 7, 8)}, last_hand=(1, 2, 3)),
    )  # table 2's free seat 4 is left of its big blind: the newcomer posts it next
    first = next_balancing_move(state, 2)
    assert first is not None
    assert first.to_table == 2
    newcomer = first.player
    state = apply_move(state, first)
    assert player_due_big_blind(state.tables[2]) == (first.to_seat, newcomer)
    for pid in (P(1), P(2), P(7)):  # three busts at table 1: table 2 must give a player back
        state = unseat(state, pid)
    stale = next_balancing_move(state, 2)
    assert stale is not None
    assert stale.player == newcomer
    dealt = hand_dealt(state, 2)  # the newcomer posts the big blind on that hand
    assert dealt.tables[2].last_hand == next_hand_positions(state.tables[2]).positions
    moved = next_balancing_move(dealt, 2)
    assert moved is not None
    assert moved.from_table == 2
    assert moved.player != newcomer
    assert (moved.from_seat, moved.player) == player_due_big_blind(dealt.tables[2])
    # The button's seat tapped: the blinds are the next two players on its left.
    tapped = button_at(state, 2, dealt.tables[2].last_hand.button)
    assert tapped.tables[2].last_hand == dealt.tables[2].last_hand
    assert next_balancing_move(tapped, 2) == moved


def test_pkr_bal_2_a_button_tapped_on_an_empty_seat_is_refused() -> None:
    """PKR-BTN-1: the button's seat must hold a player; heads-up it is the small blind."""
    state = room(table(1, {2: 2, 5: 5, 8: 8}))
    with pytest.raises(TorneoError) as err:
        button_at(state, 1, 3)
    assert err.value.field == "button"
    assert "2, 5, 8" in str(err.value.accepted)
    assert button_at(state, 1, 8).tables[1].last_hand == HandPositions(8, 2, 5)
    heads_up = room(table(1, {2: 2, 5: 5}))
    assert button_at(heads_up, 1, 5).tables[1].last_hand == HandPositions(5, 5, 2)
