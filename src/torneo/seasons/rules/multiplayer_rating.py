"""Ratings for table games (three or more players ranked at one table), with ``openskill``.

The rest of Torneo sees only ``TableRating`` and ``rate_table(ratings, finishing order)``; the
Plackett–Luce model of openskill (a Bayesian, Weng–Lin rating, free of the TrueSkill patents)
does the arithmetic. Floats are fine here: ratings are shown, not used to rank a season.
Deterministic: same inputs, same ratings (no randomness involved).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0

_MODEL = PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)  # stateless: safe to share


@dataclass(frozen=True, slots=True)
class TableRating:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """mu − 3·sigma: the conservative value shown and sorted on (openskill's ordinal)."""
        return self.mu - 3.0 * self.sigma


def rate_table(
    ratings: Mapping[PlayerId, TableRating],
    finishing_order: Sequence[PlayerId | Collection[PlayerId]],
) -> dict[PlayerId, TableRating]:
    """New ratings of the players at one table.

    ``finishing_order`` is best first; an item may be a group of players who shared a place
    (e.g. two players eliminated together). Players missing from ``ratings`` start at 25/8.33.
    Only the players at the table are returned.
    """
    places: list[tuple[PlayerId, int]] = []
    for place, item in enumerate(finishing_order, start=1):
        group = [item] if isinstance(item, int) else list(item)
        if not group:
            raise TorneoError(
                "finishing_order",
                N_("place %(place)s is empty"),
                N_("a player or a group"),
                params={"place": place},
            )
        places += [(PlayerId(pid), place) for pid in group]
    players = [pid for pid, _ in places]
    if len(set(players)) != len(players):
        raise TorneoError("finishing_order", N_("a player finishes twice"), N_("each player once"))
    if len(players) < 2:
        raise TorneoError(
            "finishing_order",
            N_("%(n)s player at the table"),
            N_("2 or more"),
            params={"n": len(players)},
        )
    teams = [
        [_MODEL.rating(mu=r.mu, sigma=r.sigma)]
        for r in (ratings.get(pid, TableRating()) for pid in players)
    ]
    rated = _MODEL.rate(teams, ranks=[float(place) for _, place in places])
    return {
        pid: TableRating(float(team[0].mu), float(team[0].sigma))
        for pid, team in zip(players, rated, strict=True)
    }
