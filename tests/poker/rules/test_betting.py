"""PKR-BET-1: minimum bet and raise, the 50% rules for short raises."""

from __future__ import annotations

import pytest

from tests.support.poker import P
from torneo.core.errors import Conflict, TorneoError
from torneo.poker.rules.betting import BettingRound, Ruling, act, open_round

STACKS = {P(i): 10_000 for i in range(1, 7)}


def test_PKR_BET_1_example_1_preflop_call_100_raise_300_reraise_500() -> None:
    """PKR-BET-1 Example 1 (art. 10.15): blinds 50/100, call 100, raise 300, reraise 500."""
    r = open_round(100, STACKS, {P(1): 50, P(2): 100})
    assert r.min_raise_to == 200
    r, a = act(r, P(3), 100)
    assert a.ruling is Ruling.CALL
    r, a = act(r, P(4), 300)
    assert a.ruling is Ruling.RAISE
    assert r.min_raise_to == 500
    r, a = act(r, P(5), 500)
    assert a.ruling is Ruling.RAISE
    assert r.min_raise_to == 700


def test_PKR_BET_1_example_2_postflop_bet_300_raise_600_900_1200() -> None:
    """PKR-BET-1 Example 2 (art. 10.15): blinds 50/100, bet 300, raise 600, 900, 1200."""
    r = open_round(100, STACKS)
    assert r.min_bet == 100
    assert r.min_raise_to == 100
    r, a = act(r, P(1), 300)
    assert a.ruling is Ruling.BET
    expected = [600, 900, 1200]
    for player, to in zip([P(2), P(3), P(4)], expected, strict=True):
        assert r.min_raise_to == to
        r, a = act(r, player, to)
        assert a.ruling is Ruling.RAISE
    assert r.min_raise_to == 1500


def test_PKR_BET_1_minimum_bet_is_the_big_blind_and_short_bets_are_made_good() -> None:
    """PKR-BET-1: the minimum bet is the big blind; a smaller bet (not all-in) is completed."""
    r = open_round(100, STACKS)
    _, a = act(r, P(1), 60)
    assert a.ruling is Ruling.COMPLETED
    assert a.to == 100


def test_PKR_BET_1_all_in_under_half_a_raise_does_not_reopen() -> None:
    """PKR-BET-1: an all-in raise under 50% of a full raise does not reopen the betting for
    those who already acted; they may only call."""
    stacks = {**STACKS, P(3): 1_140}
    r = open_round(100, stacks)
    r, _ = act(r, P(1), 1000)  # bet 1,000: a full raise would be to 2,000
    r, a = act(r, P(2), 1000)  # call
    r, a = act(r, P(3), 1140)  # all-in +140: 14% of a full raise
    assert a.ruling is Ruling.ALL_IN_NO_REOPEN
    assert not a.reopens
    assert not r.can_raise(P(1))
    assert not r.can_raise(P(2))
    with pytest.raises(Conflict):
        act(r, P(1), 3000)
    r, a = act(r, P(1), 1140)
    assert a.ruling is Ruling.CALL
    assert r.can_raise(P(4))  # who has not acted yet may still raise
    assert r.min_raise_to == 2140


def test_PKR_BET_1_all_in_of_half_a_raise_or_more_reopens() -> None:
    """PKR-BET-1: an all-in raise of at least 50% of a full raise reopens the betting."""
    stacks = {**STACKS, P(3): 1_500}
    r = open_round(100, stacks)
    r, _ = act(r, P(1), 1000)
    r, _ = act(r, P(2), 1000)
    r, a = act(r, P(3), 1500)  # +500 = 50% of a full raise of 1,000
    assert a.ruling is Ruling.ALL_IN_REOPENS
    assert r.can_raise(P(1))
    assert r.can_raise(P(2))
    assert r.min_raise_to == 2500


def test_PKR_BET_1_insufficient_raise_of_half_or_more_is_completed() -> None:
    """PKR-BET-1: a raise short of the minimum but at least 50% of it is completed to the
    minimum; under 50% it is a call (art. 10.8, 10.11)."""
    r = open_round(100, STACKS, {P(1): 50, P(2): 100})
    r, _ = act(r, P(3), 300)  # raise to 300: the next minimum is 500
    completed, a = act(r, P(4), 400)  # +100 of a required +200: 50%
    assert a.ruling is Ruling.COMPLETED
    assert a.to == 500
    assert completed.min_raise_to == 700
    called, a = act(r, P(4), 350)  # +50 of +200: 25%
    assert a.ruling is Ruling.CALL_INSTEAD
    assert a.to == 300
    assert called.current_bet == 300


def test_PKR_BET_1_all_in_below_the_big_blind_still_needs_a_raise_to_twice_it() -> None:
    """PKR-BET-1 / art. 10.13: big blind 100, all-in for 20 after the flop: a raise is at least
    a total of 200."""
    stacks = {**STACKS, P(1): 20}
    r = open_round(100, stacks)
    r, a = act(r, P(1), 20)
    assert a.ruling is Ruling.BET
    assert a.is_all_in
    assert r.to_call(P(2)) == 20
    assert r.min_raise_to == 200
    _, a = act(r, P(2), 200)
    assert a.ruling is Ruling.RAISE


def test_PKR_BET_1_big_blind_keeps_the_option() -> None:
    """PKR-BET-1 / art. 13.3: the big blind may still raise when everybody just called."""
    r = open_round(100, STACKS, {P(1): 50, P(2): 100})
    r, _ = act(r, P(3), 100)
    r, _ = act(r, P(1), 100)
    assert r.can_raise(P(2))
    r, a = act(r, P(2), 100)
    assert a.ruling is Ruling.CHECK


def test_bad_amounts_are_refused() -> None:
    r: BettingRound = open_round(100, {P(1): 500, P(2): 500})
    with pytest.raises(TorneoError) as err:
        act(r, P(1), 600)
    assert err.value.field == "amount"
    r, _ = act(r, P(1), 200)
    with pytest.raises(TorneoError):
        act(r, P(2), 150)  # short of the call and not all-in
    with pytest.raises(TorneoError):
        open_round(0, {P(1): 500})
