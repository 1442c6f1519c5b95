"""Exact solvers for the pairing objective: dense for small fields, decomposed for large ones.

Dense: the complete graph on all players (and the bye as a virtual player) goes to the exact
matching of :mod:`torneo.engines.swiss.matching`. Optimal by construction; O(n³), used up to
``DENSE_LIMIT`` players.

Decomposed: an exact matching on a *reduced instance*, then a random fill of the large score
groups (:mod:`torneo.engines.swiss.fill`), with a certificate checked after solving. The argument
is written out in docs/pairing.md; in short, with d = the most opponents any player has met:

* A cut is the boundary between two neighbouring score groups; with an odd number of players
  above it every pairing crosses it at least once, and the sum of the gaps of those cuts is a
  lower bound LB on the score-difference sum. A pairing's *slack* is its sum minus LB; a cut
  crossed by an even number of pairs beyond its parity adds at least twice its gap to the slack.
* Under a budget sigma, a cut is *crossable* when its parity is odd or twice its gap is at most
  sigma; candidate pairs between groups only span crossable cuts. If the solution has no rematch
  and slack <= sigma, every optimal pairing also has no rematch and slack <= sigma, so it too
  only spans crossable cuts and crosses cut k at most parity + 2·floor(sigma / 2gap) times
  (never more than 2d + 2: otherwise two crossing pairs could be swapped into two new pairs
  with a smaller sum).
* A large group keeps only windows in the instance: its best-ranked players (who may meet a
  floater from above), its lowest-ranked players (who may float down) and its best bye
  candidates, each window larger than the number of players that can leave the group plus the
  most window players a single outside player has met. If an optimal pairing floated a player
  from outside a window, a window player ranked lower would be free to take the place (and the
  group, big enough for Dirac's theorem, re-pairs without rematches): strictly better on the
  float preference, a contradiction. Window players that stay home are matched to interchangeable
  *tokens* (an even number, so the group keeps even parity) and join the random fill.
* If the certificate fails, sigma grows (or the windows take the unconditional bound 2d + 2)
  and the instance is solved again; the unconditional instance needs no certificate.

Same-club avoidance (a level above the float preference) is not covered by the exchange
argument: with it on and a large group present the result is optimal on the levels above it and
best effort on clubs, and ``proven_optimal`` says so.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field
from itertools import compress

from torneo.engines.swiss.field import DUMMY, Field
from torneo.engines.swiss.fill import pair_exactly, pair_within
from torneo.engines.swiss.matching import Edge, min_cost_perfect_matching

DENSE_LIMIT = 96
TOKEN = -2
_ZERO = (0, 0, 0, 0, 0, 0, 0)
_MAX_ROUNDS = 12


@dataclass(frozen=True, slots=True)
class Solution:
    pairs: list[tuple[int, int]]  # (better, worse) indices into the field
    bye: int | None
    proven_optimal: bool
    method: str
    rematches: int = 0
    score_diff: int = 0  # in units, the bye included
    drawn: frozenset[int] = frozenset()  # pairs (by position) drawn at random inside big groups
    # False if the weights overflowed and minor levels were dropped, or a large group had to be
    # paired by the exact fallback instead of the random fill (fill.py): no certificate then.
    all_levels: bool = True


@dataclass(slots=True)
class _Instance:
    payload: list[int] = dataclass_field(default_factory=list)  # player index, DUMMY or TOKEN
    node_of: dict[int, int] = dataclass_field(default_factory=dict)
    edges: list[Edge] = dataclass_field(default_factory=list)
    big_groups: list[int] = dataclass_field(default_factory=list)

    def node(self, player: int) -> int:
        node = self.node_of.get(player)
        if node is None:
            node = len(self.payload)
            self.payload.append(player)
            self.node_of[player] = node
        return node

    def token(self) -> int:
        self.payload.append(TOKEN)
        return len(self.payload) - 1


def solve(field: Field, rng: random.Random, dense_limit: int = DENSE_LIMIT) -> Solution:
    """Pair the whole field: optimal on every level of the objective (see the module docstring)."""
    if field.size <= dense_limit:
        instance = _build(field, sigma=None, allow_big=False)
        solution = _finish(field, instance, rng, "dense")
        assert solution is not None, "the complete graph always has a perfect matching"
        return replace(solution, proven_optimal=solution.all_levels)
    sigma = 0
    for _ in range(_MAX_ROUNDS):
        instance = _build(field, sigma=sigma, allow_big=True)
        solution = _finish(field, instance, rng, "decomposed")
        if solution is not None:
            slack = solution.score_diff - field.score_diff_lower_bound()
            if solution.rematches == 0 and slack <= sigma:
                return _certified(field, instance, solution)
            if solution.rematches == 0:
                sigma = slack  # the optimum may cross more cuts: widen exactly that far
                continue
        wider = _next_sigma(field, sigma)
        if wider is None:
            break
        sigma = wider
    instance = _build(field, sigma=None, allow_big=True)
    solution = _finish(field, instance, rng, "decomposed-unconditional")
    if solution is None:  # never seen; the complete graph always has a perfect matching
        return solve(field, rng, dense_limit=field.size)
    return _certified(field, instance, solution)


def _certified(field: Field, instance: _Instance, solution: Solution) -> Solution:
    # Same-club avoidance inside large groups is best effort (module docstring).
    clubs_best_effort = field.clubs_on and bool(instance.big_groups)
    return replace(solution, proven_optimal=solution.all_levels and not clubs_best_effort)


def _crossable(field: Field, sigma: int | None) -> list[bool]:
    return [
        sigma is None or field.players_above(k) % 2 == 1 or 2 * field.gap(k) <= sigma
        for k in range(len(field.groups) - 1)
    ]


def _next_sigma(field: Field, sigma: int) -> int | None:
    """A bigger budget that lets more pairs in (None: nothing is excluded any more)."""
    costs = _span_costs(field)
    total = sum(costs)
    if sigma >= total:
        return None
    blocked = [c for c in costs if c > sigma]
    step = min(blocked) if blocked else sigma + 1
    return min(total, max(2 * sigma, step))


def _span_costs(field: Field) -> list[int]:
    """What crossing each cut costs the slack: nothing for an odd cut, twice its gap otherwise.

    An optimal pair spanning several cuts pays this for every cut it crosses, so the sum over
    its span must fit in sigma, not only each cut alone.
    """
    return [
        0 if field.players_above(k) % 2 else 2 * field.gap(k) for k in range(len(field.groups) - 1)
    ]


@dataclass(frozen=True, slots=True)
class _Budget:
    """What budget ``sigma`` allows (None: everything, the unconditional instance)."""

    sigma: int | None
    crossable: list[bool]  # per cut
    cross_bound: list[int]  # per cut: the most pairs an optimal pairing sends across it
    span_cost: list[int]  # per cut, see _span_costs
    bye_possible: list[bool]  # per group: may the bye go there

    def affords(self, spent: int) -> bool:
        return self.sigma is None or spent <= self.sigma


def _budget(field: Field, sigma: int | None) -> _Budget:
    crossable = _crossable(field, sigma)
    bound = 2 * field.max_opponents + 2  # the most pairs an optimal pairing sends across one cut
    cross_bound = []
    for k, ok in enumerate(crossable):
        if not ok:
            cross_bound.append(0)
        elif sigma is None:
            cross_bound.append(bound)
        else:
            extra = 2 * (sigma // (2 * field.gap(k)))
            cross_bound.append(min(bound, field.players_above(k) % 2 + extra))
    span_cost = _span_costs(field)
    return _Budget(sigma, crossable, cross_bound, span_cost, _bye_groups(field, span_cost, sigma))


def _bye_groups(field: Field, span_cost: list[int], sigma: int | None) -> list[bool]:
    """Per group: may the bye go there? It floats the parity down every cut below the group."""
    possible = [False] * len(field.groups)
    if not field.needs_bye:
        return possible
    last = len(field.groups) - 1
    spent = 0
    for g in range(last, -1, -1):
        if g < last:
            spent += span_cost[g]
        reachable = sigma is None or spent <= sigma
        possible[g] = reachable and any(field.eligible[i] for i in field.groups[g])
    return possible


@dataclass(slots=True)
class _Sides:
    """Per group, the players the instance keeps for pairs that leave the group."""

    down: list[list[int]] = dataclass_field(default_factory=list)  # may float down
    up: list[list[int]] = dataclass_field(default_factory=list)  # may meet a floater from above
    bye: list[list[int]] = dataclass_field(default_factory=list)  # bye candidates


def _build(field: Field, sigma: int | None, allow_big: bool) -> _Instance:
    """The reduced instance for budget ``sigma`` (None: every cut crossable, unconditional)."""
    budget = _budget(field, sigma)
    instance = _Instance()
    sides = _add_groups(field, instance, budget, allow_big)
    _add_floats(field, instance, budget, sides)
    if field.needs_bye:
        _add_bye(field, instance, budget, sides)
    return instance


def _add_groups(field: Field, instance: _Instance, budget: _Budget, allow_big: bool) -> _Sides:
    """Each group whole (every pair inside it), or a large one as its windows and tokens."""
    last = len(field.groups) - 1
    crossable, cross_bound = budget.crossable, budget.cross_bound
    sides = _Sides()
    for g, members in enumerate(field.groups):
        leaving = (cross_bound[g - 1] if g > 0 else 0) + (cross_bound[g] if g < last else 0)
        leaving += 1 if budget.bye_possible[g] else 0
        windows = (
            _windows(field, g, crossable, budget.bye_possible[g], leaving) if allow_big else None
        )
        if windows is None:
            sides.down.append(list(members) if g < last and crossable[g] else [])
            sides.up.append(list(members) if g > 0 and crossable[g - 1] else [])
            sides.bye.append([i for i in members if field.eligible[i]])
            _add_whole_group(field, instance, members)
        else:
            top, bottom, bye, window = windows
            sides.down.append(bottom)
            sides.up.append(top)
            sides.bye.append(bye)
            _add_big_group(instance, window)
            instance.big_groups.append(g)
    return sides


def _add_floats(field: Field, instance: _Instance, budget: _Budget, sides: _Sides) -> None:
    """Pairs between groups: down-floaters of g with the top of every group h the budget reaches."""
    last = len(field.groups) - 1
    for g in range(last):
        if not sides.down[g]:
            continue
        spent = 0
        for h in range(g + 1, last + 1):
            spent += budget.span_cost[h - 1]
            if not budget.crossable[h - 1] or not budget.affords(spent):
                break
            for i in sides.down[g]:
                for j in sides.up[h]:
                    instance.edges.append(
                        Edge(instance.node(i), instance.node(j), field.pair_levels(i, j))
                    )


def _add_bye(field: Field, instance: _Instance, budget: _Budget, sides: _Sides) -> None:
    dummy = instance.node(DUMMY)
    chosen = [i for g, c in enumerate(sides.bye) if budget.bye_possible[g] for i in c]
    # Exactly one bye edge is in any matching, so the bye preference may be replaced by its
    # order among the candidates: same optimum, far smaller weights.
    order = {i: k for k, i in enumerate(sorted(chosen, key=lambda i: field.bye_cost[i]))}
    for i in chosen:
        levels = field.pair_levels(i, DUMMY)
        levels = (*levels[:4], order[i], *levels[5:])
        instance.edges.append(Edge(instance.node(i), dummy, levels))


def _windows(
    field: Field, g: int, crossable: list[bool], bye_possible: bool, leaving: int
) -> tuple[list[int], list[int], list[int], list[int]] | None:
    """Top, bottom and bye windows of group ``g`` and their union, or None: keep it whole."""
    members = field.groups[g]
    last = len(field.groups) - 1
    top = _grow_window(field, members, leaving, from_top=True) if g > 0 and crossable[g - 1] else []
    bottom = (
        _grow_window(field, members, leaving, from_top=False) if g < last and crossable[g] else []
    )
    bye: list[int] = []
    if bye_possible:
        eligible = compress(members, field.eligible[members.start : members.stop])
        bye = heapq.nsmallest(leaving + 1, eligible, key=field.bye_cost.__getitem__)
    window = set(top) | set(bottom) | set(bye)
    d = max(map(len, field.opponents[members.start : members.stop]))
    core = len(members) - len(window)
    if core % 2:
        # Keep the core even: one more of the lowest-ranked players joins the window.
        extra = next((i for i in reversed(members) if i not in window), None)
        if extra is None:
            return None
        bottom = [*bottom, extra] if bottom else bottom
        window.add(extra)
        core -= 1
    if core < max(len(window) + 2 * d + 2, 4 * d + 4):
        return None
    return top, bottom, bye, sorted(window)


def _grow_window(field: Field, members: range, leaving: int, from_top: bool) -> list[int]:
    """The smallest window bigger than ``leaving`` + the most of it one outsider has met."""
    size = leaving + 1
    while True:
        size = min(size, len(members))
        window = list(members[:size]) if from_top else list(members[len(members) - size :])
        met = Counter(o for i in window for o in field.players[i].opponents)
        most = max(met.values(), default=0)
        if size > leaving + most or size == len(members):
            return window
        size = leaving + most + 1


def _add_whole_group(field: Field, instance: _Instance, members: range) -> None:
    nodes = [instance.node(i) for i in members]
    for a in range(len(nodes)):
        for b in range(a + 1, len(nodes)):
            i, j = members[a], members[b]
            instance.edges.append(Edge(nodes[a], nodes[b], field.pair_levels(i, j)))


def _add_big_group(instance: _Instance, window: list[int]) -> None:
    """Window players plus an even number of tokens: a token means "paired inside the group"."""
    nodes = [instance.node(i) for i in window]
    tokens = [instance.token() for _ in range(len(window) + len(window) % 2)]
    for n in nodes:
        for t in tokens:
            instance.edges.append(Edge(n, t, _ZERO))
    for a in range(len(tokens)):
        for b in range(a + 1, len(tokens)):
            instance.edges.append(Edge(tokens[a], tokens[b], _ZERO))


def _finish(field: Field, instance: _Instance, rng: random.Random, method: str) -> Solution | None:
    """Solve the instance, then fill the large groups; None when the instance has no matching."""
    matched = min_cost_perfect_matching(len(instance.payload), instance.edges, rng)
    if matched is None:
        return None
    matching = matched.pairs
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    placed: set[int] = set()
    rematches = 0
    score_diff = 0  # the groups filled below add neither rematches nor score differences
    for u, v in matching:
        a, b = instance.payload[u], instance.payload[v]
        if a == TOKEN or b == TOKEN:
            continue  # a window player staying home, or two unused tokens
        if a == DUMMY or b == DUMMY:
            bye = b if a == DUMMY else a
            placed.add(bye)
            score_diff += field.pair_levels(bye, DUMMY)[1]
            continue
        pairs.append((a, b) if a < b else (b, a))
        placed.update((a, b))
        levels = field.pair_levels(a, b)
        rematches += levels[0]
        score_diff += levels[1]
    drawn: set[int] = set()
    fell_back = False
    for g in instance.big_groups:
        pool = [i for i in field.groups[g] if i not in placed]
        filled = pair_within(field, list(pool), rng)
        if filled is None:  # the fill's premise is broken: the exact matcher (fill.py)
            fell_back = True
            filled = pair_exactly(field, pool, rng)
            rematches += sum(1 for a, b in filled if field.met(a, b))
        else:
            drawn.update(range(len(pairs), len(pairs) + len(filled)))
        for a, b in filled:
            pairs.append((a, b) if a < b else (b, a))
    complete = (matched.levels_kept == len(_ZERO) or not instance.edges) and not fell_back
    return Solution(pairs, bye, False, method, rematches, score_diff, frozenset(drawn), complete)
