"""The RisiKo! season across tournaments: best N results, class factors per tournament type.

Each tournament a player plays gives them base points; the season multiplies them by the factor
of the tournament's class (a club night 1, a regional 1.5, …: a setting of the season) and adds
up each player's best N weighted results. Ties: the best single weighted result, then the second
best, … (RSK-TIE-1 applied to the season); players equal on all of these share the place.

Base points, when the club does not set its own: the players a player finished ahead of, plus one
(``field − position + 1``: the winner of a 40-player night earns 40, the last 1), so a bigger
field is worth more. A decision of ours: the clubs' program is not public.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from torneo.core.errors import Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.ranking import competition_ranks
from torneo.risiko.rules.standings import FinalPlace


@dataclass(frozen=True, slots=True)
class SeasonResult:
    tournament: str
    kind: str  # the tournament's class ("club", "regional", "national", …)
    player: PlayerId
    points: Fraction


@dataclass(frozen=True, slots=True)
class SeasonRules:
    best_results: int
    class_factors: Mapping[str, Fraction] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class WeightedResult:
    tournament: str
    kind: str
    points: Fraction  # base points × class factor
    counted: bool


@dataclass(frozen=True, slots=True)
class SeasonRow:
    position: int
    player: PlayerId
    total: Fraction
    results: tuple[WeightedResult, ...]  # best first


def points_by_position(places: Sequence[FinalPlace]) -> dict[PlayerId, Fraction]:
    """Base points of one tournament: ``field − position + 1``."""
    size = len(places)
    return {p.player: Fraction(size - p.position + 1) for p in places}


def season_ranking(results: Iterable[SeasonResult], rules: SeasonRules) -> tuple[SeasonRow, ...]:
    """The season table: each player's best ``rules.best_results`` weighted results."""
    if rules.best_results < 1:
        raise TorneoError(
            "best_results",
            N_("%(n)s results"),
            N_("1 or more"),
            params={"n": rules.best_results},
        )
    by_player: dict[PlayerId, list[WeightedResult]] = defaultdict(list)
    seen: set[tuple[PlayerId, str]] = set()
    for r in results:
        factor = rules.class_factors.get(r.kind)
        if factor is None:
            raise Refusal(
                "kind",
                N_("tournament '%(tournament)s' is of class '%(kind)s', which has no factor"),
                ", ".join(rules.class_factors) or N_("a class with a factor"),
                params={"tournament": r.tournament, "kind": r.kind},
            ).raise_as()
        if (r.player, r.tournament) in seen:
            raise TorneoError(
                "results",
                N_("player %(player)s has two results for tournament '%(tournament)s'"),
                N_("one result a player a tournament"),
                params={"player": r.player, "tournament": r.tournament},
            )
        seen.add((r.player, r.tournament))
        by_player[r.player].append(WeightedResult(r.tournament, r.kind, r.points * factor, True))
    rows: list[tuple[tuple[object, ...], PlayerId, Fraction, tuple[WeightedResult, ...]]] = []
    longest = max((len(v) for v in by_player.values()), default=0)
    for player, weighted in by_player.items():
        ordered = sorted(weighted, key=lambda w: (-w.points, w.tournament))
        marked = tuple(
            WeightedResult(w.tournament, w.kind, w.points, i < rules.best_results)
            for i, w in enumerate(ordered)
        )
        total = sum((w.points for w in marked if w.counted), Fraction(0))
        best = [-w.points for w in marked] + [Fraction(0)] * (longest - len(marked))
        rows.append(((-total, tuple(best)), player, total, marked))
    rows.sort(key=lambda r: (r[0], r[1]))
    places = competition_ranks([r[0] for r in rows])
    return tuple(
        SeasonRow(place, player, total, marked)
        for place, (_, player, total, marked) in zip(places, rows, strict=True)
    )
