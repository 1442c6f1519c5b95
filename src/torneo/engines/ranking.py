"""Displayed positions: dense ranking (INV-RANK-2) and the usual competition ranking."""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def dense_ranks(values: Sequence[Hashable]) -> list[int]:
    """INV-RANK-2: equal values share a position; the next value takes the next integer.

    ``values`` are already in display order (best first): 71, 65, 54, 54, 42, 42 → 1, 2, 3, 3, 4, 4.
    """
    ranks: list[int] = []
    previous: object = object()
    current = 0
    for value in values:
        if value != previous:
            current += 1
            previous = value
        ranks.append(current)
    return ranks


def competition_ranks(values: Sequence[Hashable]) -> list[int]:
    """Standard "1224" ranking: equal values share a position, the next skips the shared places."""
    ranks: list[int] = []
    previous: object = object()
    for i, value in enumerate(values):
        if value != previous:
            ranks.append(i + 1)
            previous = value
        else:
            ranks.append(ranks[-1])
    return ranks
