"""Both sides of every game (issue 14): a one-sided opponent history is refused.

When both players of a game are in the field, each must list the other: with a one-sided list
the engine cannot know whether they met, and could report a rematch as optimal.

The check is one pass over the listed opponents, in one of two ways with the same verdict:

* a small field (up to :data:`LARGE_HISTORY` listed opponents) looks each listed opponent's
  own list up: one hash look-up per game side;
* a large one (100,000 players after nine rounds list 900,000 opponents) does not: those
  look-ups jump across 100,000 sets spread over some 70 MB, a cache miss each, and cost about
  a second of CPU. Instead every game side becomes one integer, ``min·K + max`` of the two
  players (ids shifted to start at 0, K their span), and the integers are sorted once in a
  numpy array. Each player lists an opponent at most once (a frozenset), so a game key appears
  at most twice, once from each side; the history is two-sided exactly when every key appears
  twice, that is when the sorted keys come in equal neighbouring pairs.

A refusal names the first player, in the order given, whose list is not answered: the fast
check only says whether there is one, and the look-ups then find it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import chain
from typing import TYPE_CHECKING

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

History = Collection[PlayerId]  # a player's previous opponents, each once (a frozenset)

# Up to this many listed opponents (10,000 players × 10 rounds) the look-ups stay in the
# processor's cache and the plain walk is as fast as building arrays; numpy is imported only
# above it, so `torneo pair` on a club's file never loads it (issue 14, item 1: a quick start).
LARGE_HISTORY = 100_000
_DENSE_TABLE = 8  # ids spread over at most this many times the field: an "in the field" table
_MAX_SPAN = 1 << 31  # K·K must fit in a signed 64-bit integer


def check_two_sided(ids: Sequence[PlayerId], opponents: Sequence[History]) -> None:
    """Raise :class:`TorneoError` naming the first one-sided game; ``opponents[k]`` are the
    players ``ids[k]`` met. An opponent who is not in the field (a player who dropped) answers
    for themselves."""
    if sum(map(len, opponents)) > LARGE_HISTORY and two_sided_by_sorting(ids, opponents):
        return
    one_sided = first_one_sided(ids, opponents)
    if one_sided is not None:
        me, other = one_sided
        raise TorneoError(
            "entrants",
            N_(
                "player %(player)s lists %(other)s as a previous opponent,"
                " but %(other)s does not list %(player)s"
            ),
            N_("both players of a game list each other"),
            params={"player": me, "other": other},
        )


def first_one_sided(
    ids: Sequence[PlayerId], opponents: Sequence[History]
) -> tuple[PlayerId, PlayerId] | None:
    """The first (player, opponent) whose opponent, in the field, does not list the player."""
    listed = dict(zip(ids, opponents, strict=True)).get
    for me, met in zip(ids, opponents, strict=True):
        for other in met:
            if me not in listed(other, (me,)):  # (me,): somebody outside the field
                return me, other
    return None


def two_sided_by_sorting(ids: Sequence[PlayerId], opponents: Sequence[History]) -> bool:
    """True when every game between two players of the field is listed by both (module doc).

    Nobody may list themselves (:func:`torneo.engines.swiss.entrants.check_entrants` refuses
    that first). Ids too far apart for 64-bit keys fall back to :func:`first_one_sided`.
    """
    import numpy as np  # only large fields pay for the import (LARGE_HISTORY)

    n = len(ids)
    if n == 0:
        return True
    field_ids = np.fromiter(ids, dtype=np.int64, count=n)
    lo, hi = int(field_ids.min()), int(field_ids.max())
    span = hi - lo + 1
    if span > _MAX_SPAN:
        return first_one_sided(ids, opponents) is None
    counts = np.fromiter(map(len, opponents), dtype=np.int64, count=n)
    others = np.fromiter(chain.from_iterable(opponents), dtype=np.int64, count=int(counts.sum()))
    field_ids -= lo
    others -= lo
    players = np.repeat(field_ids, counts)
    inside = _in_field(field_ids, others, span)
    if not inside.all():
        players, others = players[inside], others[inside]
    keys = np.minimum(players, others) * span + np.maximum(players, others)
    if len(keys) % 2:
        return False
    keys.sort()
    return bool(np.array_equal(keys[0::2], keys[1::2]))


def _in_field(ids: NDArray[np.int64], others: NDArray[np.int64], span: int) -> NDArray[np.bool_]:
    """Per listed opponent (ids shifted to 0..span-1): is that player in the field?"""
    import numpy as np

    if span <= _DENSE_TABLE * len(ids) + 1024:
        present = np.zeros(span + 1, dtype=np.bool_)  # the last cell: anybody outside the span
        present[ids] = True
        return present[np.where((others >= 0) & (others < span), others, span)]
    ordered = np.sort(ids)
    at = np.minimum(np.searchsorted(ordered, others), len(ordered) - 1)
    found: NDArray[np.bool_] = np.equal(ordered[at], others)
    return found
