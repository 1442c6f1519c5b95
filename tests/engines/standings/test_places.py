"""Displayed places of a tournament's standings (issue 15 item 4): 1..N after every tiebreak.

Equal points alone never share a place (that is the season's dense display, INV-RANK-2): the
5th player must not read "4" right under a Top 4 cut line. Only rows equal on points and on the
whole tiebreak chain share a place, and the next row skips the shared ones (1, 1, 3, 3).
"""

from __future__ import annotations

from tests.support.standings import entrants, match
from torneo.engines.standings import compute_standings
from torneo.presets import load_preset

INVASION = load_preset("invasion-it-2012")


def test_places_follow_the_tiebreaks_not_the_points_alone() -> None:
    # R1: 1 beats 2 2-0, 3 beats 4 2-1, 5 bye → 1, 3 and 5 on 3 points, split by bye_last and GW.
    matches = [match(1, 1, 2, "2-0"), match(1, 3, 4, "2-1"), match(1, 5, None)]
    rows = compute_standings(entrants(1, 2, 3, 4, 5), matches, INVASION.points, INVASION.tiebreaks)
    assert [r.points for r in rows] == [3, 3, 3, 0, 0]
    assert [r.dense_rank for r in rows] == [1, 1, 1, 2, 2]
    assert [r.place for r in rows] == [1, 2, 3, 4, 5]
    assert [r.position for r in rows] == [1, 2, 3, 4, 5]


def test_places_are_shared_only_when_everything_is_equal() -> None:
    # Two identical 2-0 wins: winners equal on points and every tiebreak, losers too.
    matches = [match(1, 1, 2, "2-0"), match(1, 3, 4, "2-0")]
    rows = compute_standings(entrants(1, 2, 3, 4), matches, INVASION.points, INVASION.tiebreaks)
    assert [r.place for r in rows] == [1, 1, 3, 3]
    assert [r.position for r in rows] == [1, 2, 3, 4]  # the seeded draw still orders them
