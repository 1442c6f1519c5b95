"""Payout tables, rounding without losing a cent, chops (equal, chips, ICM)."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.poker import P
from torneo.core.errors import TorneoError
from torneo.poker.rules.eliminations import Finish
from torneo.poker.rules.icm import chop_icm, icm_equities
from torneo.poker.rules.payouts import (
    award,
    chop_chips,
    chop_equal,
    payout_table,
    prizes,
    prizes_for_field,
    round_shares,
)
from torneo.poker.rules.presets import club_payouts
from torneo.presets import load_preset


def test_a_payout_table_not_adding_to_100_is_refused() -> None:
    with pytest.raises(TorneoError) as err:
        payout_table([(10, ["50", "30", "15"])])
    assert "add up to 95%" in err.value.reason
    assert err.value.accepted == "percentages adding to 100%"
    with pytest.raises(TorneoError):
        payout_table([(10, ["30", "50", "20"])])  # a lower place paid more
    with pytest.raises(TorneoError):
        payout_table([(None, ["100"]), (10, ["100"])])  # open row not last


def test_club_payouts_by_field_size() -> None:
    rules = load_preset("lifeclub-poker").poker
    assert rules is not None
    table = club_payouts(rules)
    assert table.percentages_for(8) == (Fraction(50), Fraction(30), Fraction(20))
    assert len(table.percentages_for(60)) == 9
    assert len(table.percentages_for(500)) == 14


def test_prizes_are_rounded_to_the_euro_without_losing_a_cent() -> None:
    """Largest remainder: 1,234.50 € at 50/30/20 in whole euros → 617.50 / 370 / 247."""
    amounts = prizes(123_450, [Fraction(50), Fraction(30), Fraction(20)], unit=100)
    assert sum(amounts) == 123_450
    assert amounts == (61_750, 37_000, 24_700)
    assert prizes(100_000, [Fraction(100, 3)] * 3, unit=500) == (33_500, 33_500, 33_000)


def test_more_places_than_players_share_the_whole_pool() -> None:
    assert prizes(30_000, [Fraction(50), Fraction(30), Fraction(20)], 100, players=2) == (
        18_800,
        11_200,
    )


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=0, max_value=10_000_000),
    st.lists(st.integers(min_value=1, max_value=50), min_size=1, max_size=15),
    st.sampled_from([1, 100, 500, 1000]),
)
def test_rounding_never_loses_a_cent(pool: int, weights: list[int], unit: int) -> None:
    weights.sort(reverse=True)
    total = sum(weights)
    pcts = [Fraction(100 * w, total) for w in weights]
    amounts = prizes(pool, pcts, unit)
    assert sum(amounts) == pool
    assert list(amounts[1:]) == sorted(amounts[1:], reverse=True)
    assert all(a % unit == 0 for a in amounts[1:])


def test_PKR_END_1_shared_places_split_their_prizes() -> None:
    """PKR-END-1 (decided): two players sharing 3rd split the prizes of 3rd and 4th."""
    finishes = [Finish(P(1), 1), Finish(P(2), 2), Finish(P(3), 3, 2), Finish(P(4), 3, 2)]
    money = award(finishes, [50_000, 30_000, 15_000, 5_001])
    assert money == {P(1): 50_000, P(2): 30_000, P(3): 10_001, P(4): 10_000}


def test_chops_equal_and_chip_proportional() -> None:
    prize_list = [50_000, 30_000, 20_000]
    assert chop_equal(prize_list, 3) == (33_400, 33_300, 33_300)
    assert chop_chips(prize_list, [50_000, 30_000, 20_000]) == (50_000, 30_000, 20_000)
    guaranteed = chop_chips(prize_list, [60_000, 20_000, 20_000], guarantee_last_place=True)
    assert guaranteed == (44_000, 28_000, 28_000)
    assert sum(chop_chips(prize_list, [1, 1, 1])) == 100_000


def test_icm_matches_the_textbook_case() -> None:
    """Malmuth–Harville: stacks 5,000/3,000/2,000 for 50/30/20 → 38.39 / 32.75 / 28.86."""
    eq = icm_equities([5000, 3000, 2000], [50, 30, 20])
    assert eq == (Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7))
    assert sum(eq) == 100
    assert chop_icm([5000, 3000, 2000], [5000, 3000, 2000], unit=100) == (3800, 3300, 2900)


def test_icm_for_a_final_table_of_ten_is_exact_and_fast() -> None:
    stacks = [12_345, 23_456, 34_567, 4_567, 56_789, 6_789, 78_901, 8_901, 9_012, 10_123]
    prize_list = [300_000, 180_000, 120_000, 90_000, 70_000, 60_000, 50_000, 40_000, 30_000, 20_000]
    start = time.perf_counter()
    deal = chop_icm(stacks, prize_list)
    elapsed = time.perf_counter() - start
    assert sum(deal) == sum(prize_list)
    order = sorted(range(10), key=lambda i: stacks[i])
    assert [deal[i] for i in order] == sorted(deal)  # more chips, more equity
    assert elapsed < 30  # a sanity bound only; the bench measures the real figure


def test_round_shares_refuses_a_bad_unit() -> None:
    with pytest.raises(TorneoError):
        round_shares(100, [Fraction(100)], 0)


def test_prizes_for_field_uses_the_row_for_the_entries() -> None:
    table = payout_table([(10, ["50", "30", "20"]), (None, ["40", "25", "20", "15"])])
    assert len(prizes_for_field(table, 100_000, entries=12, players=11)) == 4
