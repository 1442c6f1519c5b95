"""The swaps that would improve a drawn round (RSK-TBL-2), offered to the organizer.

Alla greca and alla svizzera seat by the previous results or the standing, not by the draw
criteria, so they can leave repeated opponents (alla greca with fewer tables than seats cannot
avoid them). The organizer is then offered the swaps of two players at different tables that
lower the criteria, in the event's priority order, best first, each with the criteria it leaves;
confirming one is the hand swap (:func:`torneo.risiko.rules.random_draw.swap_players`).

Only the two tables a swap touches are scored again, so every pair of players is tried in time
proportional to the pairs (a round of 40 players: 720 swaps).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from torneo.core.ids import PlayerId
from torneo.risiko.rules.criteria import Criterion, DrawCriteria, score_seatings
from torneo.risiko.rules.draw import TableDraw
from torneo.risiko.rules.history import History


@dataclass(frozen=True, slots=True)
class SuggestedSwap:
    """Swapping ``a`` and ``b`` leaves the round with ``after``."""

    a: PlayerId
    b: PlayerId
    after: DrawCriteria


def _plus(x: DrawCriteria, y: DrawCriteria, z: DrawCriteria) -> DrawCriteria:
    """``x`` with the tables counted in ``y`` replaced by the ones counted in ``z``."""
    return DrawCriteria(
        x.repeat_opponents - y.repeat_opponents + z.repeat_opponents,
        x.same_club - y.same_club + z.same_club,
        x.repeat_off_size - y.repeat_off_size + z.repeat_off_size,
        x.winners_together - y.winners_together + z.winners_together,
        tuple(sorted((set(x.repeated_pairs) - set(y.repeated_pairs)) | set(z.repeated_pairs))),
    )


def improving_swaps(
    draw: TableDraw,
    history: History,
    priorities: Sequence[Criterion],
    *,
    limit: int = 5,
) -> tuple[SuggestedSwap, ...]:
    """RSK-TBL-2: up to ``limit`` swaps that lower the round's criteria, best first."""
    order = tuple(priorities)
    now = draw.criteria
    base = now.vector(order)
    found: list[tuple[tuple[int, ...], int, int, SuggestedSwap]] = []
    tables = [t.seats for t in draw.tables]
    for i, first in enumerate(tables):
        for j in range(i + 1, len(tables)):
            second = tables[j]
            before = score_seatings([first, second], history)
            for x, a in enumerate(first):
                for y, b in enumerate(second):
                    one = (*first[:x], b, *first[x + 1 :])
                    two = (*second[:y], a, *second[y + 1 :])
                    after = _plus(now, before, score_seatings([one, two], history))
                    vector = after.vector(order)
                    if vector < base:
                        found.append((vector, int(a), int(b), SuggestedSwap(a, b, after)))
    found.sort(key=lambda f: f[:3])
    return tuple(f[3] for f in found[:limit])


__all__ = ["SuggestedSwap", "improving_swaps"]
