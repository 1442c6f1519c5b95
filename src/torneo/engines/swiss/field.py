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
from itertools import compress, groupby, repeat
from operator import attrgetter, neg

from torneo.core.ids import PlayerId
from torneo.engines.swiss.entrants import SwissEntrant, SwissOptions

_SCORE, _RANK, _ID = attrgetter("score"), attrgetter("rank"), attrgetter("id")
_OPPONENTS, _BYES = attrgetter("opponents"), attrgetter("byes")
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
    opponents: list[frozenset[PlayerId]]  # the players' previous opponents, in the same order
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
        return self.ids[j] in self.opponents[i]

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
    # One key tuple per player built at C speed (100,000 players, issue 14), not a lambda each.
    given_scores = list(map(_SCORE, entrants))
    keys = list(zip(map(neg, given_scores), map(_RANK, entrants), map(_ID, entrants), strict=True))
    order = sorted(range(len(keys)), key=keys.__getitem__)
    players = tuple(map(entrants.__getitem__, order))
    n = len(players)
    scores = list(map(given_scores.__getitem__, order))
    groups: list[range] = []
    group_of: list[int] = []
    pos_top: list[int] = []
    pos_bottom: list[int] = []
    start = 0
    for _, run in groupby(scores):
        size = sum(1 for _ in run)
        group_of += repeat(len(groups), size)
        pos_top += range(size)
        pos_bottom += range(size - 1, -1, -1)
        groups.append(range(start, start + size))
        start += size
    lowest = scores[-1] if n else 0
    unit = math.gcd(*(scores[g.start] - lowest for g in groups)) or 1
    needs_bye = n % 2 == 1
    # INV-BYE-1 / BER-BYE-1: nobody gets a second bye while a player without one remains; if
    # everybody reached the limit, those with the fewest byes are the eligible ones.
    most = options.max_byes_per_player
    eligible = [byes < most for byes in map(_BYES, players)]
    if n and not any(eligible):
        fewest = min(p.byes for p in players)
        eligible = [p.byes == fewest for p in players]
    if options.bye_policy == "fewest_points" and needs_bye:
        # BER-BYE-1 "al giocatore con meno punti": the auto-win goes to an eligible player with
        # the fewest points, a hard rule like the byes' limit (level 0), never a preference that
        # a rematch or a smaller pair-down outweighs (issue 29 item 4: a pod of 5 gave it to a
        # player on 30 while one on 20 played). Rematches are then avoided under it as far as
        # possible; INV-BYE-1's "lowest-ranked" stays a preference (level 5).
        low = min(s for s, ok in zip(scores, eligible, strict=True) if ok)
        eligible = [ok and s == low for s, ok in zip(scores, eligible, strict=True)]
    bye_order: list[int] | None = None
    if options.bye_policy == "fewest_points" and needs_bye and rng is not None:
        bye_order = list(range(n))
        rng.shuffle(bye_order)
    bye_cost = _bye_costs(players, scores, eligible, options, bye_order)
    return Field(
        players=players,
        ids=list(map(_ID, players)),
        opponents=list(map(_OPPONENTS, players)),
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
        max_opponents=max(map(len, map(_OPPONENTS, players)), default=0),
    )


def _bye_costs(
    players: tuple[SwissEntrant, ...],
    scores: list[int],
    eligible: list[bool],
    options: SwissOptions,
    bye_order: Sequence[int] | None,
) -> list[int]:
    """bye_preference of each player: how many eligible players the rule prefers to them
    (all 0 when the field is even: nobody gets a bye)."""
    n = len(players)
    if n % 2 == 0:
        return [0] * n
    candidates = list(compress(range(n), eligible))
    if options.bye_policy == "lowest_ranked":
        # INV-BYE-1: the lowest-ranked eligible player; cost = eligible players ranked below.
        rank_id = list(zip(map(_RANK, players), map(_ID, players), strict=True))
        ordered = sorted(candidates, key=rank_id.__getitem__, reverse=True)
    else:
        # BER-BYE-1: the fewest points; among equal points the seeded random order decides.
        tiebreak = {idx: k for k, idx in enumerate(bye_order or range(n))}
        ordered = sorted(candidates, key=lambda i: (scores[i], tiebreak.get(i, n)))
    # cost of candidates[t] = its position in ``ordered``: the inverse permutation, sorted in C.
    positions = iter(sorted(range(len(ordered)), key=ordered.__getitem__))
    return [next(positions) if ok else 0 for ok in eligible]


def player_ids(field: Field, indices: Iterable[int]) -> list[PlayerId]:
    return [field.players[i].id for i in indices]
