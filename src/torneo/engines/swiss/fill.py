"""Pairing inside one large score group: random, without rematches, avoiding clubs when asked.

Every pair made here has equal scores, so it costs nothing on the score levels of the objective;
the only hard duty is "no rematch". The group is shuffled with the seeded generator (random among
equals, BER-PAIR-1) and paired greedily; the few players left over are placed by swapping into an
existing pair. The decomposed solver only sends here groups of at least 4d + 4 players, where d
is the most opponents any of them has met: then two leftovers u, v always find a pair (p, q) with
neither p nor q among the at most 2d opponents of u or v (there are more than 2d pairs), and
(u, p), (v, q) are both new. So this never fails and never rematches. Should that premise ever be
broken (a group smaller than the bound, histories the engine was not told), :func:`pair_within`
gives up with None instead of raising, and the solver pairs the group with
:func:`pair_exactly`, the exact matcher: the fewest rematches, no longer a random draw (issue 14).
Club avoidance here is a best effort (docs/pairing.md says so): a player waits a little for a
partner from another club before taking one from their own.
"""

from __future__ import annotations

import random

from torneo.core.ids import PlayerId
from torneo.engines.swiss.field import Field
from torneo.engines.swiss.matching import Edge, min_cost_perfect_matching

CLUB_PATIENCE = 8  # players kept waiting for a partner from another club before giving in


def pair_exactly(field: Field, pool: list[int], rng: random.Random) -> list[tuple[int, int]]:
    """The exact minimum-cost pairing of ``pool`` on its complete graph (every level)."""
    edges = [
        Edge(a, b, field.pair_levels(pool[a], pool[b]))
        for a in range(len(pool))
        for b in range(a + 1, len(pool))
    ]
    matched = min_cost_perfect_matching(len(pool), edges, rng)
    assert matched is not None, "a complete graph on an even number of players has a matching"
    return [(pool[u], pool[v]) for u, v in matched.pairs]


def pair_within(field: Field, pool: list[int], rng: random.Random) -> list[tuple[int, int]] | None:
    """Pair every index of ``pool`` (even size, one score group) without rematches, at random;
    None when the leftovers cannot be placed (the group is below the bound of the docstring)."""
    rng.shuffle(pool)
    ids, opponents = field.ids, field.opponents  # plain lists: 100,000 players (issue 14)
    clubs = [p.club for p in field.players] if field.clubs_on else None
    pairs: list[tuple[int, int]] = []
    pending: list[int] = []
    for p in pool:
        met = opponents[p]
        if clubs is None:
            # Nobody waiting, or the last one waiting is new to p (nearly always): at once.
            if not pending:
                pending.append(p)
                continue
            if ids[pending[-1]] not in met:
                pairs.append((pending.pop(), p))
                continue
            club = None
        else:
            club = clubs[p]
        chosen = _partner(pending, ids, met, clubs, club)
        if chosen < 0:
            pending.append(p)
        else:
            pairs.append((pending.pop(chosen), p))
    if pending and not _place_leftovers(field, pending, pairs, rng):
        return None
    return pairs


def _partner(
    pending: list[int],
    ids: list[PlayerId],
    met: frozenset[PlayerId],
    clubs: list[str | None] | None,
    club: str | None,
) -> int:
    """The position in ``pending`` of the latest arrival new to the player, from another club
    if one waits; a clubmate only once :data:`CLUB_PATIENCE` players wait; -1 for nobody."""
    fallback = -1
    for k in range(len(pending) - 1, -1, -1):
        q = pending[k]
        if ids[q] in met:
            continue
        if club is not None and clubs is not None and clubs[q] == club:
            if fallback < 0:
                fallback = k
            continue
        return k
    return fallback if len(pending) >= CLUB_PATIENCE else -1


def _place_leftovers(
    field: Field, leftovers: list[int], pairs: list[tuple[int, int]], rng: random.Random
) -> bool:
    players = field.players

    def new(x: int, y: int) -> bool:
        return players[y].id not in players[x].opponents

    while leftovers:
        u = leftovers.pop()
        partner = next((k for k in range(len(leftovers) - 1, -1, -1) if new(u, leftovers[k])), -1)
        if partner >= 0:
            pairs.append((leftovers.pop(partner), u))
            continue
        v = leftovers.pop()
        start = rng.randrange(len(pairs)) if pairs else 0
        for step in range(len(pairs)):
            k = (start + step) % len(pairs)
            p, q = pairs[k]
            if new(u, p) and new(v, q):
                pairs[k] = (p, u)
                pairs.append((q, v))
                break
            if new(u, q) and new(v, p):
                pairs[k] = (q, u)
                pairs.append((p, v))
                break
        else:  # impossible for the group sizes the solver sends here (module docstring)
            return False
    return True
