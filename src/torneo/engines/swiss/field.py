"""The field as the solver sees it: players in standings order, score groups, and the objective.

Players are indexed 0..n-1 by (score descending, rank, id), so every score group is a contiguous
run of indices in rank order. The objective of docs/pairing.md is evaluated here, level by level,
for one pair (:meth:`Field.pair_levels`) and for a whole round (:meth:`Field.objective`); the
solvers only decide which pairs to look at.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from torneo.core.ids import PlayerId
from torneo.engines.swiss.entrants import SwissEntrant, SwissOptions

DUMMY = -1  # the bye, modelled as a virtual opponent holding the field's lowest score

# Names of the objective levels, in priority order (docs/pairing.md).
LEVELS = (
    "ineligible_bye",
    "rematches",
    "score_diff_sum",
    "squared_diff_sum",
    "unequal_pairs",
    "bye_preference",
    "same_club_pairs",
    "float_preference",
)


@dataclass(frozen=True, slots=True)
class Field:
    players: tuple[SwissEntrant, ...]  # standings order: score desc, rank, id
    ids: list[PlayerId]  # the players' ids, in the same order
    scores: list[int]
    groups: list[range]  # score groups as index ranges, best first
    group_of: list[int]
    pos_top: list[int]  # players ranked above this one inside its score group
    pos_bottom: list[int]  # players ranked below this one inside its score group
    needs_bye: bool
    eligible: list[bool]  # may receive the bye (INV-BYE-1 / BER-BYE-1: max byes per player)
    bye_cost: list[int]  # bye_preference level when this player receives the bye
    lowest_score: int
    unit: int  # gcd of all score distances, so the weights stay small (30/20/0 → 10)
    clubs_on: bool
    max_opponents: int

    @property
    def size(self) -> int:
        return len(self.players)

    def met(self, i: int, j: int) -> bool:
        return self.players[j].id in self.players[i].opponents

    def same_club(self, i: int, j: int) -> bool:
        club = self.players[i].club
        return self.clubs_on and club is not None and club == self.players[j].club

    def pair_levels(self, i: int, j: int) -> tuple[int, int, int, int, int, int, int]:
        """Costs of pairing i with j (j may be DUMMY, the bye), levels 1..7 of LEVELS."""
        if j == DUMMY:
            diff = (self.scores[i] - self.lowest_score) // self.unit
            return (0, diff, diff * diff, 1 if diff else 0, self.bye_cost[i], 0, 0)
        if j < i:
            i, j = j, i
        diff = (self.scores[i] - self.scores[j]) // self.unit
        return (
            1 if self.met(i, j) else 0,
            diff,
            diff * diff,
            1 if diff else 0,
            0,
            1 if self.same_club(i, j) else 0,
            # Floats: the lowest-ranked of the higher group meets the best-ranked of the lower one.
            self.pos_bottom[i] + self.pos_top[j] if diff else 0,
        )

    def objective(self, pairs: Iterable[tuple[int, int]], bye: int | None) -> tuple[int, ...]:
        """The full lexicographic objective of a round (LEVELS order); smaller is better."""
        total = [0] * 7
        for i, j in pairs:
            for k, value in enumerate(self.pair_levels(i, j)):
                total[k] += value
        ineligible = 0
        if bye is not None:
            for k, value in enumerate(self.pair_levels(bye, DUMMY)):
                total[k] += value
            ineligible = 0 if self.eligible[bye] else 1
        return (ineligible, *total)

    def score_diff_lower_bound(self) -> int:
        """Smallest possible sum of |score difference| (bye included), in units.

        Every pair that straddles the cut between two neighbouring score groups adds the gap to
        the sum; a cut with an odd number of players above it is crossed at least once.
        """
        bound = 0
        above = 0
        for k in range(len(self.groups) - 1):
            above += len(self.groups[k])
            if above % 2:
                bound += self.gap(k)
        return bound

    def gap(self, cut: int) -> int:
        """Score distance, in units, between group ``cut`` and group ``cut + 1``."""
        return (
            self.scores[self.groups[cut][0]] - self.scores[self.groups[cut + 1][0]]
        ) // self.unit

    def players_above(self, cut: int) -> int:
        return self.groups[cut].stop


def build_field(
    entrants: Sequence[SwissEntrant], options: SwissOptions, rng: random.Random | None = None
) -> Field:
    """Sort the field and precompute what every solver needs.

    Under BER-BYE-1 ``rng`` orders the players with equal fewest points for the bye ("random
    among equals"), so the bye is reproducible from the seed; without it the standings order
    decides. It is the first thing drawn from the engine's generator.
    """
    players = tuple(sorted(entrants, key=lambda e: (-e.score, e.rank, e.id)))
    n = len(players)
    scores = [p.score for p in players]
    groups: list[range] = []
    group_of = [0] * n
    pos_top = [0] * n
    pos_bottom = [0] * n
    start = 0
    for i in range(1, n + 1):
        if i == n or scores[i] != scores[start]:
            group = range(start, i)
            for k, idx in enumerate(group):
                group_of[idx] = len(groups)
                pos_top[idx] = k
                pos_bottom[idx] = len(group) - 1 - k
            groups.append(group)
            start = i
    lowest = scores[-1] if n else 0
    unit = 0
    for s in scores:
        unit = math.gcd(unit, s - lowest)
    unit = unit or 1
    needs_bye = n % 2 == 1
    # INV-BYE-1 / BER-BYE-1: nobody gets a second bye while a player without one remains; if
    # everybody reached the limit, those with the fewest byes are the eligible ones.
    eligible = [p.byes < options.max_byes_per_player for p in players]
    if n and not any(eligible):
        fewest = min(p.byes for p in players)
        eligible = [p.byes == fewest for p in players]
    bye_order: list[int] | None = None
    if options.bye_policy == "fewest_points" and needs_bye and rng is not None:
        bye_order = list(range(n))
        rng.shuffle(bye_order)
    bye_cost = _bye_costs(players, scores, eligible, options, bye_order)
    return Field(
        players=players,
        ids=[p.id for p in players],
        scores=scores,
        groups=groups,
        group_of=group_of,
        pos_top=pos_top,
        pos_bottom=pos_bottom,
        needs_bye=needs_bye,
        eligible=eligible,
        bye_cost=bye_cost,
        lowest_score=lowest,
        unit=unit,
        clubs_on=options.avoid_same_club,
        max_opponents=max((len(p.opponents) for p in players), default=0),
    )


def _bye_costs(
    players: tuple[SwissEntrant, ...],
    scores: list[int],
    eligible: list[bool],
    options: SwissOptions,
    bye_order: Sequence[int] | None,
) -> list[int]:
    """bye_preference of each player: how many eligible players the rule prefers to them."""
    n = len(players)
    costs = [0] * n
    candidates = [i for i in range(n) if eligible[i]]
    if options.bye_policy == "lowest_ranked":
        # INV-BYE-1: the lowest-ranked eligible player; cost = eligible players ranked below.
        ordered = sorted(candidates, key=lambda i: (players[i].rank, players[i].id), reverse=True)
        for cost, i in enumerate(ordered):
            costs[i] = cost
        return costs
    # BER-BYE-1: the fewest points; among equal points the seeded random order decides.
    tiebreak = {idx: k for k, idx in enumerate(bye_order or range(n))}
    ordered = sorted(candidates, key=lambda i: (scores[i], tiebreak.get(i, n)))
    for cost, i in enumerate(ordered):
        costs[i] = cost
    return costs


def player_ids(field: Field, indices: Iterable[int]) -> list[PlayerId]:
    return [field.players[i].id for i in indices]
