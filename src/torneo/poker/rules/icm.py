"""ICM equities and the ICM chop (Malmuth–Harville), exact in fractions.

Malmuth–Harville: a player finishes first with probability stack / chips in play; given who took
the places above, the next place goes to each remaining player in proportion to their stack.
A player's equity is the sum over places of P(place) × prize.

The probabilities depend only on *which* players took the places above, not on their order,
so the computation runs over subsets: P(F) is the chance that the set F took the top |F| places.
That is 2^n subsets × n players (1,024 × 10 for a final table of ten), done with exact fractions;
only subsets smaller than the number of prizes are needed. Equities are exact; the chop rounds
them to the club's unit without losing a cent (:func:`.payouts.round_shares`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.poker.rules.payouts import _remaining, _round_keeping_order

MAX_SUBSETS = 1 << 17  # about 130,000 subsets: exact ICM stays well under a second


def _subsets_needed(players: int, places: int) -> int:
    count, term = 0, 1
    for k in range(min(players, places)):
        count += term
        term = term * (players - k) // (k + 1)
    return count


def icm_equities(stacks: Sequence[int], prize_list: Sequence[int]) -> tuple[Fraction, ...]:
    """Each player's exact expected prize (same units as ``prize_list``)."""
    if len(stacks) < 1:
        raise TorneoError("stacks", N_("no players"), N_("one or more stacks"))
    if any(s < 1 for s in stacks):
        raise TorneoError("stacks", N_("a stack of 0 chips"), N_("every player left has chips"))
    n = len(stacks)
    paid = list(prize_list[:n])
    places = len(paid)
    if _subsets_needed(n, places) > MAX_SUBSETS:
        raise TorneoError(
            "stacks",
            N_("%(n)s players for %(places)s prizes is too large for exact ICM"),
            N_("a final table (up to about 16 players)"),
            params={"n": n, "places": places},
        )
    total = sum(stacks)
    equity = [Fraction(0)] * n
    # prob[mask]: chance that the players in ``mask`` took the top popcount(mask) places.
    prob: dict[int, Fraction] = {0: Fraction(1)}
    chips_of: dict[int, int] = {0: 0}
    frontier = [0]
    for place in range(places):
        last = place + 1 == places
        in_place = [Fraction(0)] * n  # chance of finishing exactly at this place
        following: dict[int, Fraction] = {}
        for mask in frontier:
            per_chip = prob[mask] / (total - chips_of[mask])
            for i in range(n):
                bit = 1 << i
                if mask & bit:
                    continue
                p = per_chip * stacks[i]
                in_place[i] += p
                if not last:
                    nxt = mask | bit
                    following[nxt] = following.get(nxt, 0) + p
                    chips_of[nxt] = chips_of[mask] + stacks[i]
        for i in range(n):
            equity[i] += in_place[i] * paid[place]
        prob.update(following)
        frontier = list(following)
    return tuple(equity)


def chop_icm(stacks: Sequence[int], prize_list: Sequence[int], unit: int = 100) -> tuple[int, ...]:
    """An ICM deal: each player takes their equity, rounded to ``unit`` cents, nothing lost."""
    remaining = _remaining(prize_list, len(stacks))
    exact = icm_equities(stacks, remaining)
    return _round_keeping_order(sum(remaining), exact, unit)
