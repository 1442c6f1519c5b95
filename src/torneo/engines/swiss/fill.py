"""Pairing inside one large score group: random, without rematches, avoiding clubs when asked.

Every pair made here has equal scores, so it costs nothing on the score levels of the objective;
the only hard duty is "no rematch". The group is shuffled with the seeded generator (random among
equals, BER-PAIR-1) and paired greedily; the few players left over are placed by swapping into an
existing pair. The decomposed solver only sends here groups of at least 4d + 4 players, where d
is the most opponents any of them has met: then two leftovers u, v always find a pair (p, q) with
neither p nor q among the at most 2d opponents of u or v (there are more than 2d pairs), and
(u, p), (v, q) are both new. So this never fails and never rematches.
Club avoidance here is a best effort (docs/pairing.md says so): a player waits a little for a
partner from another club before taking one from their own.
"""

from __future__ import annotations

import random

from torneo.engines.swiss.field import Field

CLUB_PATIENCE = 8  # players kept waiting for a partner from another club before giving in


def pair_within(field: Field, pool: list[int], rng: random.Random) -> list[tuple[int, int]]:
    """Pair every index of ``pool`` (even size, one score group) without rematches."""
    rng.shuffle(pool)
    players = field.players
    clubs_on = field.clubs_on
    pairs: list[tuple[int, int]] = []
    pending: list[int] = []
    for p in pool:
        opponents = players[p].opponents
        club = players[p].club if clubs_on else None
        chosen = -1
        fallback = -1
        for k in range(len(pending) - 1, -1, -1):
            q = pending[k]
            if players[q].id in opponents:
                continue
            if club is not None and players[q].club == club:
                if fallback < 0:
                    fallback = k
                continue
            chosen = k
            break
        if chosen < 0 and fallback >= 0 and len(pending) >= CLUB_PATIENCE:
            chosen = fallback
        if chosen < 0:
            pending.append(p)
        else:
            pairs.append((pending.pop(chosen), p))
    if pending:
        _place_leftovers(field, pending, pairs, rng)
    return pairs


def _place_leftovers(
    field: Field, leftovers: list[int], pairs: list[tuple[int, int]], rng: random.Random
) -> None:
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
            raise RuntimeError("score group too small to pair without rematches")
