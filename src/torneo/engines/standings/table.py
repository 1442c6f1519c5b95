"""The standings table: points first, then the preset's tiebreak chain, then the seeded draw.

Ordering refines groups: players are sorted by points, and each tiebreak of the chain re-sorts
only the groups still tied, splitting them where its value differs. Sorting uses exact integer
keys (each Fraction scaled to the common denominator of that tiebreak), never floats.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from torneo.core.ids import PlayerId
from torneo.engines.ranking import dense_ranks
from torneo.engines.records import Entrant, MatchRecord
from torneo.engines.standings.aggregates import Tally, tally
from torneo.engines.standings.scheme import PointsScheme
from torneo.engines.standings.tiebreaks import TIEBREAKS, Scores, Tiebreak, check_chain, random_draw


@dataclass(frozen=True, slots=True)
class StandingRow:
    position: int  # 1-based, strict: the order after points, the whole chain and the draw
    place: int  # the displayed position: shared only by rows equal on points and every tiebreak
    dense_rank: int  # INV-RANK-2 (the season's display): shared by equal points
    player_id: PlayerId
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    matches_played: int
    tiebreaks: Mapping[str, Fraction]  # the chain's values by tiebreak name
    is_active: bool  # False once dropped or disqualified; the row stays in the table


def compute_standings(
    entrants: Sequence[Entrant],
    matches: Sequence[MatchRecord],
    points: PointsScheme,
    chain: Sequence[str],
    *,
    seed: int = 0,
    warnings: Mapping[PlayerId, int] | None = None,
    best_of: int = 3,
) -> list[StandingRow]:
    """The Swiss standings of ``entrants`` after the reported ``matches``, best first."""
    refusal = check_chain(chain)
    if refusal:
        raise refusal.raise_as()
    t = tally(entrants, matches, points, seed=seed, warnings=warnings, best_of=best_of)
    tiebreaks = [TIEBREAKS[name] for name in chain]
    scores, keys, recorded = _tiebreak_scores(t, tiebreaks)
    order = sorted(range(len(t)), key=lambda i: -t.points[i])
    groups = _runs(order, t.points.__getitem__)
    for tb in tiebreaks:
        groups = _refine(t, tb, groups, keys, recorded)
    final, places = _draw_the_rest(t, groups, scores)

    active = [e.is_active for e in entrants]
    ranks = dense_ranks([t.points[i] for i in final])
    return [
        StandingRow(
            position=pos,
            place=places[pos - 1],
            dense_rank=ranks[pos - 1],
            player_id=t.ids[i],
            points=t.points[i],
            wins=t.wins[i],
            losses=t.losses[i],
            draws=t.draws[i],
            byes=t.byes[i],
            matches_played=t.matches_played[i],
            tiebreaks=TiebreakValues(scores, i),
            is_active=active[i],
        )
        for pos, i in enumerate(final, start=1)
    ]


def _tiebreak_scores(
    t: Tally, tiebreaks: Sequence[Tiebreak]
) -> tuple[dict[str, Scores], dict[str, list[int]], dict[str, list[int]]]:
    """Each tiebreak's values and sort keys; a group tiebreak (head-to-head) gets a list that
    :func:`_split_within` fills in where it applies."""
    scores: dict[str, Scores] = {}
    keys: dict[str, list[int]] = {}
    recorded: dict[str, list[int]] = {}
    for tb in tiebreaks:
        if tb.values is not None:
            scores[tb.name] = tb.values(t)
            keys[tb.name] = scores[tb.name].sort_keys(tb.higher_is_better)
        else:
            recorded[tb.name] = [0] * len(t)
            scores[tb.name] = Scores(recorded[tb.name])
    return scores, keys, recorded


def _refine(
    t: Tally,
    tb: Tiebreak,
    groups: list[list[int]],
    keys: Mapping[str, list[int]],
    recorded: Mapping[str, list[int]],
) -> list[list[int]]:
    """The groups still tied, each re-sorted by ``tb`` and split where its value differs."""
    refined: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            refined.append(group)
        elif tb.within is not None:
            refined.extend(_split_within(t, tb, group, recorded[tb.name], first=True))
        else:
            key = keys[tb.name]
            group.sort(key=key.__getitem__)
            refined.extend(_runs(group, key.__getitem__))
    return refined


def _draw_the_rest(
    t: Tally, groups: list[list[int]], scores: Mapping[str, Scores]
) -> tuple[list[int], list[int]]:
    """The final order (players still tied after the whole chain by the seeded draw) and the
    displayed places: a group still tied after the chain shares its first position (1, 2, 2, 4),
    since the draw only orders them for the pairings and the cut, it does not rank them."""
    final: list[int] = []
    places: list[int] = []
    draw_keys: list[int] | None = None
    for group in groups:
        if len(group) > 1:
            if draw_keys is None:
                draw = scores["random"] if "random" in scores else random_draw(t)
                draw_keys = draw.sort_keys(higher_is_better=False)
            group.sort(key=draw_keys.__getitem__)
        places.extend([len(final) + 1] * len(group))
        final.extend(group)
    return final, places


class TiebreakValues(Mapping[str, Fraction]):
    """One row's tiebreak values by name, in chain order; each Fraction is made when read."""

    __slots__ = ("_i", "_scores")

    def __init__(self, scores: Mapping[str, Scores], i: int) -> None:
        self._scores = scores
        self._i = i

    def __getitem__(self, name: str) -> Fraction:
        return self._scores[name].fraction(self._i)

    def __iter__(self) -> Iterator[str]:
        return iter(self._scores)

    def __len__(self) -> int:
        return len(self._scores)

    def __repr__(self) -> str:
        return repr(dict(self))


def _runs(order: list[int], key: Callable[[int], int]) -> list[list[int]]:
    """Split ``order`` (already sorted by ``key``) into runs of equal key."""
    runs: list[list[int]] = []
    current: list[int] = []
    previous: int | None = None
    for i in order:
        k = key(i)
        if current and k != previous:
            runs.append(current)
            current = []
        current.append(i)
        previous = k
    if current:
        runs.append(current)
    return runs


def _split_within(
    t: Tally, tb: Tiebreak, group: list[int], recorded: list[int], *, first: bool
) -> list[list[int]]:
    """Apply a group tiebreak (head-to-head), again on what it leaves tied, until it stops."""
    assert tb.within is not None
    vals = tb.within(t, group)
    if first:
        # The value shown is the one against the whole group as tied when it was reached.
        for i, v in zip(group, vals.numerators, strict=True):
            recorded[i] = v
    by_member = dict(zip(group, vals.sort_keys(tb.higher_is_better), strict=True))
    group.sort(key=by_member.__getitem__)
    runs = _runs(group, by_member.__getitem__)
    if len(runs) == 1:
        return runs
    out: list[list[int]] = []
    for run in runs:
        if len(run) == 1:
            out.append(run)
        else:
            out.extend(_split_within(t, tb, run, recorded, first=False))
    return out
