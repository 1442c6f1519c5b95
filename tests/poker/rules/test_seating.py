"""PKR-TBL-1 seat draw and seats, moves and their undo, PKR-DEAD-1 positions."""

from __future__ import annotations

import random

import pytest

from tests.support.poker import P, room, table
from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.poker.rules.positions import draw_seat_for, next_hand_positions, record_hand
from torneo.poker.rules.seating import (
    HandPositions,
    Move,
    apply_move,
    can_seat,
    draw_seats,
    move_player,
    seat_player,
    undo,
    unseat,
)

PLAYERS = [PlayerId(i) for i in range(1, 24)]


def test_PKR_TBL_1_draw_spreads_players_over_the_fewest_tables() -> None:
    """PKR-TBL-1: seats drawn at random at the start; 23 players at tables of 10 → 8, 8, 7."""
    draw = draw_seats(PLAYERS, 10, random.Random(7))
    counts = [t.count for t in draw.seating.tables.values()]
    assert counts == [8, 8, 7]
    assert sorted(a.player for a in draw.assignments) == PLAYERS
    assert {draw.seating.where[a.player] for a in draw.assignments} == {
        (a.table, a.seat) for a in draw.assignments
    }
    for t in draw.seating.tables.values():
        assert t.drawn_button in t.occupied_seats


def test_PKR_TBL_1_draw_is_reproducible_from_the_seed_and_random_across_seeds() -> None:
    """PKR-TBL-1: a seeded draw can be replayed exactly; another seed gives another draw."""
    first = draw_seats(PLAYERS, 9, random.Random(42)).assignments
    again = draw_seats(PLAYERS, 9, random.Random(42)).assignments
    other = draw_seats(PLAYERS, 9, random.Random(43)).assignments
    assert first == again
    assert first != other


@pytest.mark.parametrize("capacity", [1, 12, 0])
def test_PKR_TBL_1_tables_seat_two_to_eleven(capacity: int) -> None:
    """PKR-TBL-1: a table seats 2 to 11 players."""
    with pytest.raises(TorneoError) as err:
        draw_seats(PLAYERS, capacity, random.Random(1))
    assert err.value.field == "seats_per_table"
    assert err.value.accepted is not None
    assert "2 to 11" in err.value.accepted


def test_PKR_TBL_1_eleven_seat_tables_are_accepted() -> None:
    """PKR-TBL-1: eleven players at one table is the maximum and is allowed."""
    draw = draw_seats(PLAYERS[:11], 11, random.Random(1))
    assert [t.count for t in draw.seating.tables.values()] == [11]


def test_PKR_TBL_1_two_players_in_one_seat_are_refused() -> None:
    """PKR-TBL-1: a seat holds one player; the state is unchanged after the refusal."""
    state = room(table(1, {1: 1, 2: 2}))
    assert can_seat(state, P(3), 1, 2) is not None
    with pytest.raises(Conflict) as err:
        seat_player(state, P(3), 1, 2)
    assert err.value.field == "seat"
    assert state.tables[1].player_at(2) == P(2)
    assert not state.is_seated(P(3))
    with pytest.raises(Conflict):
        apply_move(state, Move(P(1), 1, 1, 1, 2))


def test_PKR_TBL_1_a_seat_beyond_the_table_is_refused() -> None:
    """PKR-TBL-1: seats are numbered 1 to the table's capacity."""
    state = room(table(1, {1: 1, 2: 2}, capacity=9))
    with pytest.raises(Conflict) as err:
        seat_player(state, P(3), 1, 10)
    assert err.value.field == "seat"


def test_a_move_is_announced_and_can_be_undone() -> None:
    """PKR-BAL-2 moves are records: "Table 3 seat 4 → Table 1 seat 7", undoable."""
    state = room(table(1, {1: 1, 2: 2}), table(3, {4: 5, 5: 6, 6: 7}))
    move = move_player(state, P(5), 1, 7)
    assert move.announcement == "Table 3 seat 4 → Table 1 seat 7"
    moved = apply_move(state, move)
    assert moved.where[P(5)] == (1, 7)
    assert moved.tables[3].player_at(4) is None
    back = undo(moved, move)
    assert back.where == state.where
    assert back.tables == state.tables


def test_undo_is_refused_when_the_old_seat_was_taken_meanwhile() -> None:
    """Undoing a move never puts two players in one seat."""
    state = room(table(1, {1: 1, 2: 2}), table(3, {4: 5, 5: 6, 6: 7}))
    move = move_player(state, P(5), 1, 7)
    moved = seat_player(apply_move(state, move), P(9), 3, 4)
    with pytest.raises(Conflict) as err:
        undo(moved, move)
    assert err.value.field == "seat"


def test_moving_a_player_who_is_not_seated_is_refused() -> None:
    state = room(table(1, {1: 1, 2: 2}))
    with pytest.raises(NotFound):
        move_player(state, P(9), 1, 5)
    with pytest.raises(NotFound):
        unseat(state, P(9))


def test_late_entry_is_drawn_to_the_shortest_table() -> None:
    """A late entry or re-entry gets a drawn seat at the table with the fewest players."""
    state = room(table(1, {1: 1, 2: 2, 3: 3}), table(2, {1: 4, 2: 5}))
    assignment = draw_seat_for(state, P(9), random.Random(3))
    assert assignment.table == 2
    assert assignment.seat in state.tables[2].free_seats


# --- PKR-DEAD-1 / PKR-BTN-1 ------------------------------------------------------------------


def test_PKR_BTN_1_button_and_blinds_move_clockwise_every_hand() -> None:
    """PKR-BTN-1: the button moves one seat; SB left of it, BB left of the SB."""
    t = table(1, {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}, last_hand=(1, 2, 3))
    nxt = next_hand_positions(t)
    assert nxt.positions == HandPositions(2, 3, 4)
    assert nxt.first_to_act_preflop == 5
    assert nxt.first_to_act_postflop == 3
    assert not nxt.dead_small_blind
    assert not nxt.dead_button


def test_PKR_BTN_1_first_hand_uses_the_drawn_button() -> None:
    """PKR-BTN-1 / art. 4: the button seat is drawn before the first hand."""
    t = table(1, {1: 1, 2: 2, 3: 3, 4: 4}, drawn_button=3)
    assert next_hand_positions(t).positions == HandPositions(3, 4, 1)


def test_PKR_DEAD_1_small_blind_eliminated_button_stays_one_hand() -> None:
    """PKR-DEAD-1 case 1: the SB is out: the button stays, both blinds are posted, then it moves."""
    t = table(1, {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}, last_hand=(1, 2, 3))
    hand1 = next_hand_positions(t, eliminated={P(2)})
    assert hand1.positions == HandPositions(1, 3, 4)
    assert not hand1.dead_small_blind
    assert hand1.dealt_in == (3, 4, 5, 1)
    t2 = table(1, {1: 1, 3: 3, 4: 4, 5: 5}, last_hand=(1, 3, 4))
    assert next_hand_positions(t2).positions == HandPositions(3, 4, 5)


def test_PKR_DEAD_1_big_blind_eliminated_only_the_big_blind_is_posted() -> None:
    """PKR-DEAD-1 case 2: the BB is out: the button moves and only the BB is posted; next hand
    the button stays with both blinds; the hand after, it moves again."""
    t = table(1, {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}, last_hand=(1, 2, 3))
    hand1 = next_hand_positions(t, eliminated={P(3)})
    assert hand1.positions == HandPositions(2, 3, 4)
    assert hand1.dead_small_blind
    t = table(1, {1: 1, 2: 2, 4: 4, 5: 5}, last_hand=(2, 3, 4))
    hand2 = next_hand_positions(t)
    assert hand2.positions == HandPositions(2, 4, 5)
    assert not hand2.dead_small_blind
    t = table(1, {1: 1, 2: 2, 4: 4, 5: 5}, last_hand=(2, 4, 5))
    assert next_hand_positions(t).positions == HandPositions(4, 5, 1)


def test_PKR_DEAD_1_heads_up_button_posts_small_blind_and_acts_first() -> None:
    """PKR-DEAD-1: heads-up the button posts the SB and acts first pre-flop; the BB alternates."""
    t = table(1, {2: 2, 3: 3, 5: 5}, last_hand=(2, 3, 5))
    hu = next_hand_positions(t, eliminated={P(2)})
    assert hu.is_heads_up
    assert hu.positions == HandPositions(5, 5, 3)  # the last big blind does not post it again
    assert hu.first_to_act_preflop == 5
    assert hu.first_to_act_postflop == 3
    t = table(1, {3: 3, 5: 5}, last_hand=(5, 5, 3))
    assert next_hand_positions(t).positions == HandPositions(3, 3, 5)


def test_PKR_DEAD_1_heads_up_both_players_are_dealt_in() -> None:
    """Issue 28 item 6: heads-up ``dealt_in`` lists both players, the button (small blind)
    first, not the button alone; the same on a table's first hand."""
    t = table(1, {2: 2, 3: 3, 5: 5}, last_hand=(2, 3, 5))
    assert next_hand_positions(t, eliminated={P(2)}).dealt_in == (5, 3)
    assert next_hand_positions(table(1, {3: 3, 5: 5})).dealt_in in {(3, 5), (5, 3)}


def test_PKR_BRK_1_new_player_between_button_and_small_blind_is_not_dealt_in() -> None:
    """PKR-BRK-1 / art. 13.7: a player seated between the button and the SB waits a hand."""
    t = table(1, {1: 1, 4: 4, 5: 5, 6: 6}, last_hand=(9, 1, 4))
    assert next_hand_positions(t).positions == HandPositions(1, 4, 5)
    between = seat_player(room(t), P(9), 1, 2).tables[1]
    hand = next_hand_positions(between)
    assert 2 not in hand.dealt_in
    assert hand.dealt_in == (4, 5, 6, 1)
    behind = seat_player(room(t), P(9), 1, 7).tables[1]
    assert 7 in next_hand_positions(behind).dealt_in
    # Once the button has passed, the waiting player is dealt in.
    passed = record_hand(room(between), 1, HandPositions(1, 4, 5)).tables[1]
    assert 2 in next_hand_positions(passed).dealt_in


@pytest.mark.parametrize(
    ("positions", "why"),
    [
        (HandPositions(1, 4, 4), "small blind and the big blind"),
        (HandPositions(4, 1, 4), "button and the big blind"),
        (HandPositions(4, 4, 5), "button and the small blind"),
    ],
)
def test_PKR_BTN_1_a_hand_with_two_positions_on_one_seat_is_refused(
    positions: HandPositions, why: str
) -> None:
    """PKR-BTN-1: the small blind sits left of the button and the big blind left of it: with
    three or more players the button, the small blind and the big blind are three seats (only
    heads-up the button posts the small blind). Refused, naming the field; nothing recorded."""
    t = table(1, {1: 1, 4: 4, 5: 5, 6: 6})
    state = room(t)
    with pytest.raises(TorneoError) as caught:
        record_hand(state, 1, positions)
    assert caught.value.field == "positions"
    assert why in caught.value.reason
    assert state.tables[1].last_hand is None


def test_PKR_BTN_1_heads_up_the_button_is_the_small_blind() -> None:
    """PKR-BTN-1 / art. 13.6: heads-up the button posts the small blind: accepted."""
    t = table(1, {3: 3, 5: 5})
    assert record_hand(room(t), 1, HandPositions(3, 3, 5)).tables[1].last_hand == HandPositions(
        3, 3, 5
    )


def test_PKR_BRK_1_a_third_player_at_a_heads_up_table_waits_only_between_button_and_blind() -> None:
    """PKR-BRK-1 / art. 13.7: only a seat between the button and the small blind of the next
    hand waits. A table of two took its probe heads-up, where the button is the small blind,
    so every free seat lay "between the button and itself" and a third player always waited,
    even where the next hand makes them the big blind."""
    from torneo.poker.rules.positions import is_between_button_and_blind

    first = table(1, {3: 3, 7: 7}, drawn_button=3)
    # The first hand three-handed: button 3, small blind 7, big blind the newcomer at 9.
    assert not is_between_button_and_blind(first, 9)
    assert 9 in next_hand_positions(seat_player(room(first), P(9), 1, 9).tables[1]).dealt_in
    # Before the first hand nobody has been dealt: seat 5 posts the small blind.
    assert not is_between_button_and_blind(first, 5)
    after = table(1, {3: 3, 7: 7}, last_hand=(3, 3, 7))
    assert not is_between_button_and_blind(after, 9)
    # After a heads-up hand (button 3, big blind 7) seat 5 lies between them: it waits.
    assert is_between_button_and_blind(after, 5)
    # Agreement with the dealing order of the table as it will be, whatever seat is taken.
    for t in (first, after, table(1, {1: 1, 4: 4, 5: 5, 6: 6}, last_hand=(9, 1, 4))):
        for seat in t.free_seats:
            hand = next_hand_positions(seat_player(room(t), P(99), 1, seat).tables[1])
            assert is_between_button_and_blind(t, seat) == (seat not in hand.dealt_in), seat
