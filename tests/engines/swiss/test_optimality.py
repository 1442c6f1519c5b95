"""The engine is optimal: against an exhaustive solver (small fields) and the dense solver (larger).

The objective and its levels are in docs/pairing.md; ``Field.objective`` evaluates it, and these
tests compare values of the objective, never particular pairings (ties are broken at random).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.swiss import brute_force_best, check_round, objective_of, simulate
from torneo.core.ids import PlayerId
from torneo.engines.swiss import ByePolicy, SwissEntrant, SwissOptions, pair_round
from torneo.engines.swiss.field import build_field

_POLICY_VALUES: list[ByePolicy] = ["lowest_ranked", "fewest_points"]
POLICIES = st.sampled_from(_POLICY_VALUES)


@st.composite
def fields(
    draw: st.DrawFn, min_size: int, max_size: int
) -> tuple[list[SwissEntrant], SwissOptions]:
    """Random fields: scores, a symmetric history of who met whom, byes, clubs and ranks."""
    n = draw(st.integers(min_size, max_size))
    ids = [PlayerId(i) for i in range(1, n + 1)]
    scores = draw(st.lists(st.sampled_from([0, 1, 3, 4, 6, 7, 9]), min_size=n, max_size=n))
    density = draw(st.sampled_from([0.0, 0.1, 0.3, 0.6, 0.9]))
    rnd = random.Random(draw(st.integers(0, 1 << 20)))
    met: dict[PlayerId, set[PlayerId]] = {p: set() for p in ids}
    for a in ids:
        for b in ids:
            if a < b and rnd.random() < density:
                met[a].add(b)
                met[b].add(a)
    clubs_on = draw(st.booleans())
    order = sorted(range(n), key=lambda k: (-scores[k], rnd.random()))
    rank = {k: r for r, k in enumerate(order)}
    entrants = [
        SwissEntrant(
            ids[k],
            scores[k],
            rank[k],
            frozenset(met[ids[k]]),
            byes=draw(st.integers(0, 1)),
            club=draw(st.sampled_from(["A", "B", None])) if clubs_on else None,
        )
        for k in range(n)
    ]
    options = SwissOptions(bye_policy=draw(POLICIES), avoid_same_club=clubs_on)
    return entrants, options


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=fields(1, 10), seed=st.integers(0, 1 << 16))
def test_BER_PAIR_1_dense_solver_matches_exhaustive_search(
    case: tuple[list[SwissEntrant], SwissOptions], seed: int
) -> None:
    """BER-PAIR-1, INV-BYE-1, BER-BYE-1: on ≤ 10 players the engine reaches the best objective
    over every possible pairing (rematches, score differences, bye, clubs, floats)."""
    entrants, options = case
    pairing = pair_round(entrants, 2, random.Random(seed), options)
    check_round(entrants, pairing)
    best = brute_force_best(build_field(entrants, options, random.Random(seed)))
    assert objective_of(entrants, options, seed, pairing) == best
    assert pairing.stats.proven_optimal


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=fields(12, 70), seed=st.integers(0, 1 << 16))
def test_BER_PAIR_1_decomposed_solver_matches_dense_solver(
    case: tuple[list[SwissEntrant], SwissOptions], seed: int
) -> None:
    """BER-PAIR-1: the decomposed solver (forced on) reaches the dense solver's objective."""
    entrants, options = case
    options = SwissOptions(bye_policy=options.bye_policy)  # clubs: see the next test
    dense = pair_round(entrants, 3, random.Random(seed), options, dense_limit=10_000)
    decomposed = pair_round(entrants, 3, random.Random(seed), options, dense_limit=0)
    check_round(entrants, decomposed)
    assert objective_of(entrants, options, seed, decomposed) == objective_of(
        entrants, options, seed, dense
    )
    assert decomposed.stats.proven_optimal


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(30, 140),
    rounds=st.integers(2, 7),
    policy=POLICIES,
    sim_seed=st.integers(0, 1 << 16),
)
def test_BER_PAIR_1_decomposed_matches_dense_over_whole_tournaments(
    n: int, rounds: int, policy: ByePolicy, sim_seed: int
) -> None:
    """BER-PAIR-1, INV-BYE-1, BER-BYE-1: round after round of a simulated event, the decomposed
    solver (with windows on the large score groups) is as good as the dense one."""
    options = SwissOptions(bye_policy=policy)
    rng = random.Random(sim_seed)
    for entrants, pairing in simulate(n, rounds, rng, options, dense_limit=0):
        check_round(entrants, pairing)
        seed = rng.randrange(1 << 20)
        dense = pair_round(entrants, 0, random.Random(seed), options, dense_limit=10_000)
        decomposed = pair_round(entrants, 0, random.Random(seed), options, dense_limit=0)
        assert objective_of(entrants, options, seed, decomposed) == objective_of(
            entrants, options, seed, dense
        )
        assert decomposed.stats.proven_optimal
        assert pairing.stats.rematches == 0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=fields(12, 60), seed=st.integers(0, 1 << 16))
def test_decomposed_with_clubs_is_optimal_above_the_club_level(
    case: tuple[list[SwissEntrant], SwissOptions], seed: int
) -> None:
    """Same-club avoidance in large groups is best effort: the levels above it stay optimal."""
    entrants, options = case
    options = SwissOptions(bye_policy=options.bye_policy, avoid_same_club=True)
    dense = pair_round(entrants, 3, random.Random(seed), options, dense_limit=10_000)
    decomposed = pair_round(entrants, 3, random.Random(seed), options, dense_limit=0)
    check_round(entrants, decomposed)
    got = objective_of(entrants, options, seed, decomposed)
    best = objective_of(entrants, options, seed, dense)
    assert got[:6] == best[:6]
    assert got >= best


def test_BER_PAIR_1_leader_floats_past_a_group_he_has_met() -> None:
    """BER-PAIR-1: the leader has met every player of the next group, so he floats two groups
    down (no rematch); the decomposed solver widens its budget and still proves the optimum."""
    leader = PlayerId(1)
    seconds = [PlayerId(2), PlayerId(3), PlayerId(4)]
    rest = [PlayerId(i) for i in range(5, 202)]
    entrants = [SwissEntrant(leader, 9, 0, frozenset(seconds))]
    entrants += [SwissEntrant(p, 7, k + 1, frozenset({leader})) for k, p in enumerate(seconds)]
    scores = [6] * 60 + [3] * 80 + [0] * 57
    entrants += [
        SwissEntrant(p, s, k + 4) for k, (p, s) in enumerate(zip(rest, scores, strict=True))
    ]
    options = SwissOptions()
    pairing = pair_round(entrants, 4, random.Random(3), options)
    check_round(entrants, pairing)
    assert pairing.stats.method == "decomposed"
    assert pairing.stats.rematches == 0
    assert pairing.stats.proven_optimal
    leader_table = pairing.pairs[0]
    assert leader_table.a == leader
    assert leader_table.score_b == 6
    assert "floated down from 9" in leader_table.explanation
    assert pairing.stats.score_diff_sum == 4  # 9→6 and one 7→6 float
    dense = pair_round(entrants, 4, random.Random(3), options, dense_limit=10_000)
    assert objective_of(entrants, options, 3, pairing) == objective_of(entrants, options, 3, dense)
    # Floats follow the standings: the lowest-ranked 7 floats, the best-ranked 6s receive.
    floaters = {f.player for f in pairing.stats.floaters}
    assert floaters == {leader, PlayerId(4)}
    receivers = {p.b for p in pairing.pairs if p.score_a != p.score_b}
    assert receivers == {PlayerId(5), PlayerId(6)}


def test_squared_differences_prefer_a_chain_of_floats_to_one_long_pair_down() -> None:
    """Objective level 3 (docs/pairing.md): with 9, 6, 6, 6, 6, 3, 3, 0 the leader meets a 6
    and the chain continues one group at a time, instead of 9 meeting 0."""
    scores = [9, 6, 6, 6, 6, 3, 3, 3, 3, 0]
    entrants = [SwissEntrant(PlayerId(i + 1), s, i) for i, s in enumerate(scores)]
    pairing = pair_round(entrants, 4, random.Random(0))
    diffs = sorted(p.score_a - p.score_b for p in pairing.pairs)
    assert diffs == [0, 0, 3, 3, 3]
    assert pairing.stats.unequal_pairs == 3
