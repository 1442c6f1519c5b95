"""The exact matching under the engine: lexicographic weights, and the random fill of big groups."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from torneo.core.ids import PlayerId
from torneo.engines.swiss import SwissEntrant, SwissOptions, solver
from torneo.engines.swiss.engine import pair_round
from torneo.engines.swiss.field import build_field
from torneo.engines.swiss.fill import pair_exactly, pair_within
from torneo.engines.swiss.matching import Edge, min_cost_perfect_matching


def test_higher_levels_always_outweigh_lower_ones() -> None:
    """One unit of a higher level costs more than any total of the levels below it."""
    # 0-1 + 2-3 costs one rematch; 0-2 + 1-3 costs no rematch but huge score differences.
    edges = [
        Edge(0, 1, (1, 0, 0)),
        Edge(2, 3, (0, 0, 0)),
        Edge(0, 2, (0, 500, 250_000)),
        Edge(1, 3, (0, 500, 250_000)),
    ]
    matched = min_cost_perfect_matching(4, edges, random.Random(0))
    assert matched is not None
    assert sorted(tuple(sorted(p)) for p in matched.pairs) == [(0, 2), (1, 3)]
    assert matched.levels_kept == 3


def test_no_perfect_matching_is_none() -> None:
    """Odd vertex counts or missing edges: None, never a partial pairing."""
    assert min_cost_perfect_matching(3, [Edge(0, 1, (0,))], None) is None
    assert min_cost_perfect_matching(4, [Edge(0, 1, (0,)), Edge(0, 2, (0,))], None) is None


def test_overflowing_weights_drop_the_least_important_levels() -> None:
    """Weights beyond 120 bits: the minor levels go, the caller is told, the major ones hold."""
    big = 1 << 50
    edges = [
        Edge(0, 1, (1, big, big, big)),
        Edge(2, 3, (0, 0, 0, 0)),
        Edge(0, 2, (0, 0, 0, big)),
        Edge(1, 3, (0, 0, 0, big)),
    ]
    matched = min_cost_perfect_matching(4, edges, random.Random(0))
    assert matched is not None
    assert matched.levels_kept < 4
    assert sorted(tuple(sorted(p)) for p in matched.pairs) == [(0, 2), (1, 3)]


@settings(max_examples=60, deadline=None)
@given(d=st.integers(0, 6), extra=st.integers(0, 30), seed=st.integers(0, 1 << 16))
def test_BER_PAIR_1_random_fill_never_rematches(d: int, extra: int, seed: int) -> None:
    """BER-PAIR-1: a score group of at least 4d + 4 players, each having met up to d of the
    others, is always paired without a rematch (the fill's leftover swap cannot fail)."""
    rnd = random.Random(seed)
    n = 4 * d + 4 + 2 * (extra // 2)
    ids = [PlayerId(i) for i in range(1, n + 1)]
    met: dict[PlayerId, set[PlayerId]] = {p: set() for p in ids}
    for p in ids:
        for q in rnd.sample(ids, len(ids)):
            if len(met[p]) >= d:
                break
            if q != p and len(met[q]) < d:
                met[p].add(q)
                met[q].add(p)
    entrants = [SwissEntrant(p, 6, k, frozenset(met[p])) for k, p in enumerate(ids)]
    field = build_field(entrants, SwissOptions(), random.Random(0))
    pairs = pair_within(field, list(range(n)), random.Random(seed))
    assert pairs is not None
    assert sorted(i for pair in pairs for i in pair) == list(range(n))
    assert not any(field.met(i, j) for i, j in pairs)


def test_random_fill_with_a_broken_premise_falls_back_to_the_exact_matcher() -> None:
    """Issue 14: a group too small for the random fill's guarantee (#0 met everybody else)
    makes the fill give up (None), never raise; the exact matcher on the group pairs everybody
    with the fewest rematches."""
    ids = [PlayerId(i) for i in range(1, 5)]
    met = {ids[0]: frozenset(ids[1:])} | {p: frozenset({ids[0]}) for p in ids[1:]}
    entrants = [SwissEntrant(p, 6, k, met[p]) for k, p in enumerate(ids)]
    field = build_field(entrants, SwissOptions(), random.Random(0))
    assert all(pair_within(field, list(range(4)), random.Random(s)) is None for s in range(20))
    for seed in range(10):
        pairs = pair_exactly(field, list(range(4)), random.Random(seed))
        assert sorted(i for pair in pairs for i in pair) == [0, 1, 2, 3]
        assert sum(field.met(i, j) for i, j in pairs) == 1


def test_solver_pairs_a_large_group_exactly_when_the_fill_gives_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The solver's side of the fallback: every large group the fill gives up on is paired by
    the exact matcher; the round is complete and valid, and no longer claimed proven optimal."""
    monkeypatch.setattr(solver, "pair_within", lambda *_: None)
    entrants = [SwissEntrant(PlayerId(i), 0, i) for i in range(1, 201)]
    pairing = pair_round(entrants, 1, random.Random(3))
    assert sorted(pairing.players) == list(range(1, 201))
    assert pairing.stats.rematches == 0
    assert not pairing.stats.proven_optimal
    assert not any("drawn at random" in p.explanation for p in pairing.pairs)
