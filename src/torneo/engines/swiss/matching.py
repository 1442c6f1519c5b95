"""Exact minimum-cost perfect matching with lexicographic costs, on top of rustworkx.

Each candidate edge carries a tuple of integer costs, most important first. They are folded into
one integer weight: every level is multiplied by more than the largest total the levels below it
can reach in any perfect matching (number of pairs × largest edge cost + 1), so comparing the
folded sums of two matchings compares their cost tuples lexicographically. The weight is
``ceiling - cost`` and rustworkx's maximum-cardinality maximum-weight matching (Edmonds' blossom
algorithm, exact) then returns a minimum-cost perfect matching whenever one exists.
A last level of seeded random numbers (0..63) breaks ties among equal pairings ("random among
equals", BER-PAIR-1). Weights must fit rustworkx's 128-bit integers (we keep 120 bits): if they
would not, the random level goes first, then the least important levels, and the caller is told
how many levels were honoured (the engine then stops claiming a proven optimum). With the
instance sizes the solvers build (at most a few thousand vertices) about 100 bits are used.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import rustworkx as rx

RANDOM_RANGE = 64
_MAX_BITS = 120  # rustworkx keeps weights and duals in i128


@dataclass(frozen=True, slots=True)
class Edge:
    u: int
    v: int
    costs: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Matched:
    pairs: list[tuple[int, int]]
    levels_kept: int  # leading cost levels honoured exactly (all, unless the weights overflowed)


def min_cost_perfect_matching(
    vertex_count: int, edges: Sequence[Edge], rng: random.Random | None
) -> Matched | None:
    """A perfect matching of minimum lexicographic cost, or None when none exists."""
    if vertex_count == 0:
        return Matched([], len(edges[0].costs) if edges else 0)
    if vertex_count % 2 or not edges:
        return None
    pairs_max = vertex_count // 2
    budgets = [pairs_max * m + 1 for m in _maxima(edges)]
    if rng is not None:
        budgets.append(pairs_max * (RANDOM_RANGE - 1) + 1)
    levels, use_random = _fit(budgets, len(edges[0].costs), rng is not None)
    multipliers = [1] * len(budgets)
    for k in range(len(budgets) - 2, -1, -1):
        multipliers[k] = multipliers[k + 1] * budgets[k + 1]
    ceiling = multipliers[0] * budgets[0]
    rand = rng.randrange if rng is not None and use_random else None
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(vertex_count))
    graph.add_edges_from(_weighted(edges, levels, multipliers, ceiling, rand))
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=_identity)
    if len(matching) * 2 != vertex_count:
        return None
    return Matched([(int(u), int(v)) for u, v in matching], levels)


def _maxima(edges: Sequence[Edge]) -> list[int]:
    """The largest cost of each level over all edges (0 at least)."""
    maxima = [0] * len(edges[0].costs)
    for edge in edges:
        for k, c in enumerate(edge.costs):
            if c > maxima[k]:
                maxima[k] = c
    return maxima


def _fit(budgets: list[int], levels: int, use_random: bool) -> tuple[int, bool]:
    """Drop levels from ``budgets`` (in place) until the weights fit in 128 bits: the random
    tiebreak first, then the least important levels. Returns the levels and the random kept
    (never seen in practice, see the module docstring)."""
    while _bits(budgets) > _MAX_BITS and len(budgets) > 1:
        budgets.pop()
        if use_random:
            use_random = False
        else:
            levels -= 1
    return levels, use_random


def _weighted(
    edges: Sequence[Edge],
    levels: int,
    multipliers: list[int],
    ceiling: int,
    rand: Callable[[int], int] | None,
) -> list[tuple[int, int, int]]:
    """Each edge with its folded weight ``ceiling - cost`` (the hot loop: plain integer maths)."""
    weighted: list[tuple[int, int, int]] = []
    for edge in edges:
        cost = 0
        for c, mult in zip(edge.costs[:levels], multipliers, strict=False):
            cost += c * mult
        if rand is not None:
            cost += rand(RANDOM_RANGE)
        weighted.append((edge.u, edge.v, ceiling - cost))
    return weighted


def _bits(budgets: list[int]) -> int:
    total = 1
    for b in budgets:
        total *= b
    return total.bit_length()


def _identity(weight: int) -> int:
    return weight
