"""PKR-POT-1: side pots, their settling order and the odd chips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.poker import P
from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.poker.rules.pots import Contribution, build_pots, settle, settle_showdown


def test_PKR_POT_1_three_way_all_in_with_odd_chips() -> None:
    """PKR-POT-1: a three-way all-in with a folded blind. Side pots are settled from the last
    one formed back to the main pot, each split on its own; odd chips (of 25, the smallest chip
    in play) go to the winners from the first seat left of the button.

    Button seat 6. A (seat 2) all-in 1,000; B (seat 4) all-in 2,525; C (seat 7) calls 2,525
    with more behind; D (seat 1, big blind) folded after 100.
    Main pot 3 × 1,000 + 100 = 3,100 (A, B, C); side pot 2 × 1,525 = 3,050 (B, C).
    A, B and C tie for the main pot: 3,100 / 3 = 1,033.33, so 1,025 each in chips of 25 and
    3,100 − 3 × 1,025 = 25 left: one odd chip, to C (seat 7, the first left of button 6).
    B and C tie for the side pot: 3,050 / 2 = 1,525 each, no odd chip.
    """
    button = 6
    contributions = [
        Contribution(P(1), 2, 1000),  # A
        Contribution(P(2), 4, 2525),  # B
        Contribution(P(3), 7, 2525),  # C
        Contribution(P(4), 1, 100, folded=True),  # D
    ]
    result = settle(contributions, {P(1): 9, P(2): 9, P(3): 9}, button, smallest_chip=25)
    assert [(p.name, p.amount, p.eligible) for p in result.pots] == [
        ("main pot", 3100, (P(1), P(2), P(3))),
        ("side pot 1", 3050, (P(2), P(3))),
    ]
    side, main = result.awards
    assert side.pot.index == 1  # settled first (art. 12.7)
    assert dict(side.shares) == {P(3): 1525, P(2): 1525}
    assert main.winners == (P(3), P(1), P(2))  # from seat 7, then 2, then 4
    assert dict(main.shares) == {P(3): 1050, P(1): 1025, P(2): 1025}
    assert main.odd_chips == 1
    assert result.totals == {P(1): 1025, P(2): 2550, P(3): 2575}
    assert sum(result.totals.values()) == sum(c.chips for c in contributions)


def test_PKR_POT_1_two_odd_chips_go_one_each_from_left_of_the_button() -> None:
    """PKR-POT-1: odd chips go one at a time, at the smallest chip, from left of the button."""
    contributions = [Contribution(P(i), seat, 1025) for i, seat in ((1, 1), (2, 3), (3, 5))]
    contributions.append(Contribution(P(4), 8, 125, folded=True))
    # pot 3 × 1,025 + 125 = 3,200 split three ways at chips of 25: 1,050 each + 2 odd chips.
    result = settle(contributions, {P(1): 5, P(2): 5, P(3): 5}, button_seat=3, smallest_chip=25)
    (award,) = result.awards
    assert award.winners == (P(3), P(1), P(2))  # seats 5, 1, 3 from the left of button 3
    assert dict(award.shares) == {P(3): 1075, P(1): 1075, P(2): 1050}
    assert award.odd_chips == 2


def test_PKR_POT_1_uncalled_bet_goes_back_and_best_hand_wins_each_pot() -> None:
    """PKR-POT-1: each pot is won by the best hand among the players eligible for it."""
    contributions = [
        Contribution(P(1), 1, 500),  # all-in short, best hand
        Contribution(P(2), 2, 2000),  # second best
        Contribution(P(3), 3, 5000),  # bet 5,000, called only up to 2,000
    ]
    result = settle(contributions, {P(1): 100, P(2): 50, P(3): 10}, 3, 25)
    assert result.returned == (P(3), 3000)
    assert result.totals == {P(1): 1500, P(2): 3000, P(3): 3000}


def test_PKR_POT_1_settles_from_cards() -> None:
    """PKR-POT-1: hand ranks from the cards (royal flush … high card); equal hands split."""
    contributions = [Contribution(P(1), 1, 1000), Contribution(P(2), 2, 1000)]
    board = "Ah Kh Qh 2c 3d"
    won = settle_showdown(contributions, {P(1): "Jh Th", P(2): "As Ad"}, board, 2, 25)
    assert won.totals == {P(1): 2000}
    split = settle_showdown(contributions, {P(1): "4s 5s", P(2): "4d 5d"}, board, 2, 25)
    assert split.totals == {P(1): 1000, P(2): 1000}


def test_PKR_POT_1_missing_rank_and_bad_contributions_are_refused() -> None:
    """PKR-POT-1: a pot cannot be settled without the ranks of its contenders."""
    contributions = [Contribution(P(1), 1, 100), Contribution(P(2), 2, 100)]
    with pytest.raises(TorneoError) as err:
        settle(contributions, {P(1): 3}, 1, 25)
    assert err.value.field == "ranks"
    with pytest.raises(TorneoError):
        build_pots([Contribution(P(1), 1, 100), Contribution(P(2), 1, 100)])
    with pytest.raises(TorneoError):
        build_pots([Contribution(P(1), 1, -5), Contribution(P(2), 2, 100)])


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[Contribution], dict[PlayerId, int], int, int]:
    n = draw(st.integers(min_value=2, max_value=10))
    unit = draw(st.sampled_from([1, 5, 25, 100]))
    contributions = []
    ranks: dict[PlayerId, int] = {}
    for i in range(n):
        chips = draw(st.integers(min_value=0, max_value=400)) * unit
        folded = draw(st.booleans()) and i > 0
        contributions.append(Contribution(PlayerId(i), i + 1, chips, folded))
        if not folded:
            ranks[PlayerId(i)] = draw(st.integers(min_value=0, max_value=3))
    button = draw(st.integers(min_value=1, max_value=n))
    return contributions, ranks, button, unit


@settings(max_examples=300, deadline=None)
@given(hands())
def test_PKR_POT_1_chips_are_conserved(
    case: tuple[list[Contribution], dict[PlayerId, int], int, int],
) -> None:
    """PKR-POT-1: everything put in is awarded or returned; folded players win nothing; each
    pot goes only to eligible players, in whole chips of the smallest value when possible."""
    contributions, ranks, button, unit = case
    result = settle(contributions, ranks, button, unit)
    assert sum(result.totals.values()) == sum(c.chips for c in contributions)
    folded = {c.player for c in contributions if c.folded}
    assert not folded & set(result.totals)
    for award in result.awards:
        assert set(award.winners) <= set(award.pot.eligible)
        assert sum(a for _, a in award.shares) == award.pot.amount
        shares = sorted(a for _, a in award.shares)
        assert shares[-1] - shares[0] <= unit


def test_PKR_POT_1_contributions_not_in_the_smallest_chip_are_refused() -> None:
    """PKR-POT-1: every contribution is made of chips in play: 1,010 with a smallest chip of 25
    cannot be on the table, so the settlement is refused naming the player."""
    hand = [Contribution(P(1), 2, 1010), Contribution(P(2), 4, 1000)]
    with pytest.raises(TorneoError) as caught:
        settle(hand, {P(1): 1, P(2): 2}, 6, 25)
    assert caught.value.field == "chips"
    assert "1010" in caught.value.reason
    assert "25" in str(caught.value.accepted)


def test_PKR_POT_1_a_smallest_chip_or_button_below_1_is_refused_before_any_pot() -> None:
    hand = [Contribution(P(1), 2, 100), Contribution(P(2), 4, 100)]
    with pytest.raises(TorneoError) as caught:
        settle(hand, {P(1): 1, P(2): 1}, 6, 0)
    assert caught.value.field == "smallest_chip"
    with pytest.raises(TorneoError) as caught:
        settle(hand, {P(1): 1, P(2): 1}, 0, 25)
    assert caught.value.field == "button_seat"
