"""PKR-DEAD-1 / PKR-BTN-1 when the number of players at a table changes between two hands.

Found in issue 28: a heads-up table that becomes three-handed (a player moved in) could give
the button and the big blind the same seat. The same is checked for the other transitions: a
three-handed table going heads-up, and a seat emptied between the button and the blinds
(a bust) while a player moves in.
"""

from __future__ import annotations

import random

from tests.support.poker import P, room, table
from torneo.poker.rules.positions import NextHand, hand_dealt, next_hand_positions
from torneo.poker.rules.seating import HandPositions, Table


def _valid(t: Table, hand: NextHand) -> None:
    """PKR-BTN-1 / PKR-DEAD-1: the big blind is a player, never on the button's or the small
    blind's seat; the button posts the small blind only in a hand dealt heads-up; both blinds'
    players (a live small blind) are dealt in; the hand can be recorded as dealt."""
    live = set(t.occupied_seats)
    button, small, big = hand.positions.button, hand.positions.small_blind, hand.positions.big_blind
    assert big in live, hand
    assert big not in (button, small), hand
    assert (button == small) == hand.is_heads_up, hand
    clockwise = list(t.clockwise_after(button))  # ends with the button
    assert hand.is_heads_up or clockwise.index(small) < clockwise.index(big), hand
    assert len(hand.dealt_in) == 2 if hand.is_heads_up else len(hand.dealt_in) >= 2, hand
    assert set(hand.dealt_in) <= live, hand
    assert big in hand.dealt_in, hand
    assert small not in live or small in hand.dealt_in, hand
    assert hand.first_to_act_preflop in hand.dealt_in, hand
    assert hand.first_to_act_postflop in hand.dealt_in, hand
    recorded = hand_dealt(room(t), t.number).tables[t.number].last_hand
    assert recorded == hand.positions


def test_PKR_DEAD_1_a_heads_up_table_made_three_handed_keeps_button_and_big_blind_apart() -> None:
    """After a heads-up hand (button and small blind 3, big blind 7) a player moves in at 5,
    between them. The big blind moves on to 3; the button could not go to the last small
    blind's seat (3, the big blind now). The newcomer sits between the button and the small
    blind, so waits (PKR-BRK-1): the hand is dealt heads-up again, 7 on the button posting the
    small blind; the next hand is three-handed with the newcomer as big blind."""
    t = table(1, {3: 3, 5: 5, 7: 7}, last_hand=(3, 3, 7))
    hand = next_hand_positions(t)
    assert hand.positions == HandPositions(7, 7, 3)
    assert hand.is_heads_up
    assert hand.dealt_in == (7, 3)
    assert (hand.first_to_act_preflop, hand.first_to_act_postflop) == (7, 3)
    _valid(t, hand)
    then = hand_dealt(room(t), 1).tables[1]
    following = next_hand_positions(then)
    assert following.positions == HandPositions(7, 3, 5)
    assert following.dealt_in == (3, 5, 7)
    _valid(then, following)


def test_PKR_DEAD_1_a_heads_up_table_made_three_handed_behind_the_big_blind() -> None:
    """A player moved in left of the big blind (the seat PKR-BAL-2 gives them) is the next big
    blind at once: three-handed, button on the last small blind."""
    t = table(1, {3: 3, 7: 7, 9: 9}, last_hand=(3, 3, 7))
    hand = next_hand_positions(t)
    assert hand.positions == HandPositions(3, 7, 9)
    assert not hand.is_heads_up
    _valid(t, hand)


def test_PKR_DEAD_1_a_small_blind_busted_and_a_player_moved_in_before_the_big_blind() -> None:
    """Button 1, small blind 4, big blind 7; the small blind busts and a player moves in at 5.
    The button stays for a hand (PKR-DEAD-1) at 1, which the big blind reaches next: the
    newcomer sits between the button and the small blind and waits, and the hand is dealt
    heads-up between 7 (button, small blind) and 1 (big blind)."""
    t = table(1, {1: 1, 5: 55, 7: 7}, last_hand=(1, 4, 7))
    hand = next_hand_positions(t)
    assert hand.positions == HandPositions(7, 7, 1)
    assert hand.dealt_in == (7, 1)
    _valid(t, hand)


def test_PKR_DEAD_1_a_button_left_behind_the_big_blind_moves_to_the_small_blinds_right() -> None:
    """Button 4 (an empty seat), small blind 2, big blind 3; the small blind busts and players
    move in at 5 and 6. The big blind moves on to 5, past the button that would "stay" at 4:
    between the blinds. The button goes right of the small blind instead (seat 2, dead) and
    the newcomers are dealt in."""
    t = table(1, {3: 3, 5: 55, 6: 66}, capacity=9, last_hand=(4, 2, 3))
    hand = next_hand_positions(t)
    assert hand.positions == HandPositions(2, 3, 5)
    assert hand.dealt_in == (3, 5, 6)
    assert hand.dead_button
    _valid(t, hand)


def test_PKR_DEAD_1_both_blinds_busted_with_players_moved_in_behind_the_button() -> None:
    """Button 5, small blind 8 and big blind 2 all empty now (both blinds busted, the button
    dead); players sit at 3, 6 and 7. The big blind moves on to 3 and the small blind is dead
    at 2; a button staying at 5 left 6 and 7 waiting and dealt the big blind alone. The button
    goes right of the small blind (seat 1, dead) and all three are dealt in."""
    t = table(1, {3: 3, 6: 66, 7: 77}, capacity=9, last_hand=(5, 8, 2))
    hand = next_hand_positions(t)
    assert hand.positions == HandPositions(1, 2, 3)
    assert hand.dealt_in == (3, 6, 7)
    assert hand.dead_small_blind
    assert hand.dead_button
    _valid(t, hand)


def test_PKR_DEAD_1_a_three_handed_table_going_heads_up() -> None:
    """Whoever of the three busts, the big blind moves to the next player (nobody posts it
    twice in a row) and the button posts the small blind."""
    last = (1, 2, 3)
    for out, expected in ((1, (3, 3, 2)), (2, (3, 3, 1)), (3, (2, 2, 1))):
        t = table(1, {1: 1, 2: 2, 3: 3}, last_hand=last)
        hand = next_hand_positions(t, eliminated={P(out)})
        assert hand.positions == HandPositions(*expected), out
        assert hand.is_heads_up
        alone = table(1, {s: s for s in (1, 2, 3) if s != out}, last_hand=last)
        _valid(alone, next_hand_positions(alone))


def _played(rng: random.Random) -> Table:
    """A table of 9 after a few hands dealt with players busting and moving in between them."""
    seats = rng.sample(range(1, 10), rng.randint(2, 9))
    t = table(1, {s: s for s in seats}, capacity=9, drawn_button=rng.choice(seats))
    for _ in range(rng.randint(0, 4)):
        t = hand_dealt(room(t), 1).tables[1]
        t = _changed(t, rng)
    return t


def _changed(t: Table, rng: random.Random) -> Table:
    """Between two hands: up to two players out and up to two moved in, at least two left."""
    occupants = {s: int(p) for s in t.occupied_seats if (p := t.player_at(s)) is not None}
    for seat in rng.sample(sorted(occupants), min(rng.randint(0, 2), len(occupants) - 2)):
        del occupants[seat]
    free = [s for s in range(1, 10) if s not in occupants]
    for seat in rng.sample(free, min(rng.randint(0, 2), len(free))):
        occupants[seat] = 100 + seat
    last = t.last_hand
    return table(
        1,
        occupants,
        capacity=9,
        last_hand=None if last is None else (last.button, last.small_blind, last.big_blind),
        drawn_button=t.drawn_button,
    )


def test_PKR_DEAD_1_every_transition_gives_valid_positions() -> None:
    """Random tables of 2 to 9, hands dealt with busts and moves in between: every next hand
    keeps the big blind off the button and the small blind, moves it to the next player left
    of the last big blind, and can be recorded."""
    rng = random.Random(31)
    for _ in range(3000):
        t = _played(rng)
        hand = next_hand_positions(t)
        _valid(t, hand)
        last = t.last_hand
        if last is not None:
            nxt = next(s for s in t.clockwise_after(last.big_blind) if s in t.occupied_seats)
            assert hand.positions.big_blind == nxt, (t, hand)
