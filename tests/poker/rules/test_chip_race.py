"""PKR-RACE-1: colour-up and chip race; chip counts must add up."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.poker import P
from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.poker.rules.chip_race import run_chip_race
from torneo.poker.rules.colour_up import ColourUp, check_chip_counts, plan_colour_up, stack_in_chips

COLOUR = ColourUp(25, 100)


def test_PKR_RACE_1_odd_chips_go_to_the_middle_and_the_rest_leaves_play() -> None:
    """PKR-RACE-1: players change what they can; odd chips go to the middle, are changed
    collectively, and what cannot be changed is removed from play."""
    plan = plan_colour_up(COLOUR, {P(1): 7, P(2): 3, P(3): 4, P(4): 1})
    assert [(e.exchanged, e.odd_chips) for e in plan.exchanges] == [(1, 3), (0, 3), (1, 0), (0, 1)]
    assert plan.middle_value == 7 * 25
    assert plan.race_chips == 1
    assert plan.removed_value == 75
    assert plan.replacement_chips_needed == 3


def test_PKR_RACE_1_a_race_from_the_small_blind_one_chip_per_player() -> None:
    """PKR-RACE-1: a card to each player with odd chips from the small blind; the highest card
    wins one chip; repeat from the winner's left; at most one chip per player."""
    order = [P(1), P(2), P(3), P(4), P(5)]
    low = {P(1): 3, P(2): 3, P(3): 3, P(4): 3, P(5): 0}  # 12 odd chips = 300 → 3 chips to race
    stacks = {p: 5000 + low[p] * 25 for p in order}  # three 25s and 5,000 in larger chips
    race = run_chip_race(COLOUR, order, stacks, low, random.Random(9))
    assert len(race.deals) == 3
    assert len(set(race.winners)) == 3
    assert [len(d.cards) for d in race.deals] == [4, 3, 2]
    assert all(p != P(5) for d in race.deals for p, _ in d.cards)
    first = race.deals[0]
    assert first.cards[0][0] == P(1)  # dealt from the small blind
    ranks = "23456789TJQKA"
    best = max(ranks.index(c[0]) for _, c in first.cards)
    assert first.winner == next(p for p, c in first.cards if ranks.index(c[0]) == best)
    second_start = order.index(first.winner) + 1
    expected_next = next(
        p for p in order[second_start:] + order[:second_start] if low[p] and p != first.winner
    )
    assert race.deals[1].cards[0][0] == expected_next
    assert sum(race.stacks_after.values()) == sum(stacks.values())  # 300 raced, 0 removed


def test_PKR_RACE_1_nobody_is_eliminated_by_a_race() -> None:
    """PKR-RACE-1: a player left with no chips gets one chip of the new value."""
    order = [P(1), P(2), P(3)]
    stacks = {P(1): 75, P(2): 5050, P(3): 5050}  # player 1 holds only three 25s
    low = {P(1): 3, P(2): 2, P(3): 2}
    for seed in range(20):
        race = run_chip_race(COLOUR, order, stacks, low, random.Random(seed))
        assert race.stacks_after[P(1)] >= 100
        if P(1) not in race.winners:
            assert race.topped_up == (P(1),)


def test_more_low_chips_than_the_stack_is_refused() -> None:
    with pytest.raises(TorneoError):
        run_chip_race(COLOUR, [P(1), P(2)], {P(1): 50, P(2): 100}, {P(1): 3}, random.Random(1))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 200)), min_size=2, max_size=10),
    st.integers(0, 1000),
)
def test_PKR_RACE_1_chips_accounted_for(players: list[tuple[int, int]], seed: int) -> None:
    """PKR-RACE-1: after a race the chips in play change only by what left the middle and the
    chips given so that nobody is eliminated; every racer wins at most one chip."""
    order = [PlayerId(i) for i in range(len(players))]
    low = {p: lo for p, (lo, _) in zip(order, players, strict=True)}
    stacks = {p: lo * 25 + hi * 100 for p, (lo, hi) in zip(order, players, strict=True)}
    if all(s == 0 for s in stacks.values()):
        return
    race = run_chip_race(COLOUR, order, stacks, low, random.Random(seed))
    assert sum(race.stacks_after.values()) == sum(stacks.values()) + race.change_in_play
    assert len(set(race.winners)) == len(race.winners)
    assert all(s % 100 == 0 for s in race.stacks_after.values())
    assert all(race.stacks_after[p] > 0 for p in order if stacks[p] > 0)


def test_chip_counts_not_adding_up_are_refused() -> None:
    """Chip counts must add up to the chips in play; nothing is recorded otherwise."""
    check_chip_counts({P(1): 6000, P(2): 4000}, 10_000)
    with pytest.raises(TorneoError) as err:
        check_chip_counts({P(1): 6000, P(2): 3900}, 10_000)
    assert err.value.field == "chip_counts"
    assert "9,900" in err.value.reason


def test_stack_in_chips() -> None:
    assert stack_in_chips(10_000, (25, 100, 500, 1000, 5000)) == {5000: 2}
    assert stack_in_chips(1_625, (25, 100, 500)) == {500: 3, 100: 1, 25: 1}
    with pytest.raises(TorneoError):
        stack_in_chips(1_610, (25, 100))


def test_PKR_RACE_1_a_replacement_chip_not_a_multiple_of_the_removed_one_is_refused() -> None:
    """PKR-RACE-1: low chips are changed for chips of the next value; 25 → 110 cannot be
    changed (four 25s make 100, not 110): refused, naming the field."""
    with pytest.raises(TorneoError) as caught:
        ColourUp(25, 110)
    assert caught.value.field == "colour_up"
    assert "110" in caught.value.reason
    assert ColourUp(25, 100).replacement == 100


def test_PKR_RACE_1_a_stack_not_in_the_removed_chip_is_refused() -> None:
    """PKR-RACE-1: a stack is made of chips in play; 12,360 with 25 as the smallest chip
    cannot be counted: refused, naming the player (the same class as the side pots' chips)."""
    with pytest.raises(TorneoError) as caught:
        run_chip_race(COLOUR, [P(1), P(2)], {P(1): 12_360, P(2): 1000}, {P(1): 2}, random.Random(1))
    assert caught.value.field == "stacks"
    assert "12360" in caught.value.reason


def test_PKR_RACE_1_a_stack_its_odd_chips_cannot_make_is_refused() -> None:
    """Issue 28 item 6: 12,350 with three 25s leaves 12,275, which chips of 100 or more cannot
    make: refused naming the player's low chips; with two 25s (12,300 left) it races."""
    with pytest.raises(TorneoError) as err:
        run_chip_race(
            COLOUR, [P(1), P(2)], {P(1): 12_350, P(2): 4025}, {P(1): 3, P(2): 1}, random.Random(1)
        )
    assert err.value.field == "low_chips"
    assert "12275" in err.value.reason
    race = run_chip_race(
        COLOUR, [P(1), P(2)], {P(1): 12_350, P(2): 4025}, {P(1): 2, P(2): 1}, random.Random(1)
    )
    assert race.plan.race_chips >= 0
