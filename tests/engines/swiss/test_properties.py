"""Invariants of every round the engine pairs (DESIGN.md: property tests for the engines)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engines.swiss.test_optimality import POLICIES, fields
from tests.support.swiss import check_round, simulate
from torneo.core.ids import PlayerId
from torneo.engines.swiss import ByePolicy, SwissEntrant, SwissOptions, pair_round


def _fewest_rematches_possible(entrants: list[SwissEntrant], options: SwissOptions) -> int:
    return pair_round(entrants, 0, random.Random(0), options, dense_limit=10_000).stats.rematches


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=fields(1, 60), seed=st.integers(0, 1 << 16), dense_limit=st.sampled_from([0, 96]))
def test_BER_PAIR_1_round_invariants(
    case: tuple[list[SwissEntrant], SwissOptions], seed: int, dense_limit: int
) -> None:
    """BER-PAIR-1, INV-BYE-1, BER-BYE-1: nobody paired twice, everybody paired or on the bye, at
    most one bye, no avoidable rematch, no second bye while an eligible player remains."""
    entrants, options = case
    pairing = pair_round(entrants, 2, random.Random(seed), options, dense_limit=dense_limit)
    check_round(entrants, pairing)
    by_id = {e.id: e for e in entrants}
    rematches = sum(1 for p in pairing.pairs if p.b in by_id[p.a].opponents)
    assert rematches == pairing.stats.rematches
    assert rematches == _fewest_rematches_possible(entrants, options)
    if pairing.bye is not None:
        limit = options.max_byes_per_player
        if any(e.byes < limit for e in entrants):
            assert by_id[pairing.bye].byes < limit
    assert pairing.stats.score_diff_sum == sum(p.score_a - p.score_b for p in pairing.pairs)
    assert (
        pairing.stats.score_diff_sum + pairing.stats.bye_score_gap
        >= pairing.stats.score_diff_lower_bound
    )


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(300, 1200), rounds=st.integers(3, 9), policy=POLICIES, seed=st.integers(0, 999)
)
def test_INV_BYE_1_whole_events_never_rematch_and_one_bye_each(
    n: int, rounds: int, policy: ByePolicy, seed: int
) -> None:
    """INV-BYE-1 / BER-BYE-1 over a whole large event: no rematch, at most one bye per player,
    every round certified optimal and on the score-difference lower bound."""
    options = SwissOptions(bye_policy=policy)
    byes: dict[PlayerId, int] = {}
    for entrants, pairing in simulate(n, rounds, random.Random(seed), options):
        check_round(entrants, pairing)
        assert pairing.stats.rematches == 0
        assert pairing.stats.proven_optimal
        if pairing.bye is not None:
            byes[pairing.bye] = byes.get(pairing.bye, 0) + 1
    assert all(count == 1 for count in byes.values())
