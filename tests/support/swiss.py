"""Shared helpers for the Swiss tests: an exhaustive solver and a tournament simulator."""

from __future__ import annotations

import random
from collections.abc import Iterator

from torneo.core.ids import PlayerId
from torneo.engines.swiss import SwissEntrant, SwissOptions, SwissPairing, pair_round
from torneo.engines.swiss.field import Field, build_field
from torneo.engines.swiss.solver import DENSE_LIMIT


def objective_of(
    entrants: list[SwissEntrant], options: SwissOptions, seed: int, pairing: SwissPairing
) -> tuple[int, ...]:
    """The engine's objective for a finished pairing, on a field built from the same seed.

    The field is the first thing the engine draws from its generator (the BER-BYE-1 order), so a
    field built from the same seed has the same bye preferences.
    """
    field = build_field(entrants, options, random.Random(seed))
    index = {p.id: k for k, p in enumerate(field.players)}
    pairs = [tuple(sorted((index[p.a], index[p.b]))) for p in pairing.pairs]
    bye = index[pairing.bye] if pairing.bye is not None else None
    return field.objective([(a, b) for a, b in pairs], bye)


def all_roundings(field: Field) -> Iterator[tuple[list[tuple[int, int]], int | None]]:
    """Every perfect matching of the field (with one bye when odd): the exhaustive solver."""
    n = field.size

    def rec(free: list[int], acc: list[tuple[int, int]]) -> Iterator[list[tuple[int, int]]]:
        if not free:
            yield list(acc)
            return
        first, rest = free[0], free[1:]
        for k, other in enumerate(rest):
            acc.append((first, other))
            yield from rec(rest[:k] + rest[k + 1 :], acc)
            acc.pop()

    everyone = list(range(n))
    if n % 2 == 0:
        for pairs in rec(everyone, []):
            yield pairs, None
        return
    for bye in everyone:
        for pairs in rec([i for i in everyone if i != bye], []):
            yield pairs, bye


def brute_force_best(field: Field) -> tuple[int, ...]:
    return min(field.objective(pairs, bye) for pairs, bye in all_roundings(field))


def check_round(entrants: list[SwissEntrant], pairing: SwissPairing) -> None:
    """Invariants of any round: everybody once, at most one bye, tables numbered 1..n."""
    ids = [e.id for e in entrants]
    seen = list(pairing.players)
    assert sorted(seen) == sorted(ids), "everyone active is paired or has the bye, once"
    assert (pairing.bye is not None) == (len(ids) % 2 == 1)
    assert [p.table for p in pairing.pairs] == list(range(1, len(pairing.pairs) + 1))
    by_id = {e.id: e for e in entrants}
    for p in pairing.pairs:
        assert (p.score_a, p.score_b) == (by_id[p.a].score, by_id[p.b].score)
        assert p.score_a >= p.score_b
        assert p.explanation


_DEFAULT = SwissOptions()


def simulate(
    n: int,
    rounds: int,
    rng: random.Random,
    options: SwissOptions = _DEFAULT,
    points: tuple[int, int, int] = (3, 1, 0),
    dense_limit: int = DENSE_LIMIT,
) -> Iterator[tuple[list[SwissEntrant], SwissPairing]]:
    """Play ``rounds`` rounds with random results; yield each round's entrants and pairing."""
    win, draw, _loss = points
    score = {PlayerId(i): 0 for i in range(1, n + 1)}
    opponents: dict[PlayerId, set[PlayerId]] = {p: set() for p in score}
    byes = dict.fromkeys(score, 0)
    for round_no in range(1, rounds + 1):
        order = sorted(score, key=lambda p: (-score[p], p))
        rank = {p: k for k, p in enumerate(order)}
        entrants = [
            SwissEntrant(p, score[p], rank[p], frozenset(opponents[p]), byes[p]) for p in score
        ]
        seed = rng.randrange(1 << 30)
        pairing = pair_round(
            entrants, round_no, random.Random(seed), options, dense_limit=dense_limit
        )
        yield entrants, pairing
        for table in pairing.pairs:
            opponents[table.a].add(table.b)
            opponents[table.b].add(table.a)
            x = rng.random()
            if x < 0.2:
                score[table.a] += draw
                score[table.b] += draw
            elif x < 0.6:
                score[table.a] += win
            else:
                score[table.b] += win
        if pairing.bye is not None:
            score[pairing.bye] += win
            byes[pairing.bye] += 1
