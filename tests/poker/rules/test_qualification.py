"""PKR-LEAGUE-3/4: each player's road to the final table, and the per-player stacks."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tests.support.poker import P
from torneo.core.errors import Conflict
from torneo.poker.rules.entries import EntryOptions, Price, new_ledger, register
from torneo.poker.rules.leagues import FinalTableRules, LeaderboardRow, points_to_chips
from torneo.poker.rules.qualification import Status, cut_board, statuses


def row(player: int, points: int, played: int, best: int = 1) -> LeaderboardRow:
    return LeaderboardRow(player, P(player), Fraction(points), played, best, ())


CAMPIONE = FinalTableRules(direct_seats=2, qualifier_seats=2, qualifier_min_played=25)
ALLIN = FinalTableRules(direct_seats=1, qualifier_seats=2, qualifier_ranks=(2, 3))


def test_pkr_league_3_status_by_tournaments_played() -> None:
    """PKR-LEAGUE-3 (Campione): the top N qualified; who played 25 or more is in the
    qualifier; the others need more tournaments, possible or not with those left."""
    board = [row(1, 90, 30), row(2, 80, 20), row(3, 70, 26), row(4, 60, 22), row(5, 50, 5)]
    found = {s.player: s for s in statuses(board, CAMPIONE, tournaments_left=4)}
    assert [found[P(i)].status for i in range(1, 6)] == [
        Status.QUALIFIED,
        Status.QUALIFIED,
        Status.QUALIFIER,
        Status.NEEDS,
        Status.NEEDS,
    ]
    assert (found[P(4)].missing, found[P(4)].reachable) == (3, True)  # "needs 3 more"
    assert (found[P(5)].missing, found[P(5)].reachable) == (20, False)


def test_pkr_league_3_status_by_rank_range() -> None:
    """PKR-LEAGUE-3 (Mister All'in): ranks 6th–25th play the qualifier (here 2nd–3rd)."""
    board = [row(1, 90, 3), row(2, 80, 2), row(3, 70, 2), row(4, 60, 9)]
    assert [s.status for s in statuses(board, ALLIN, 0)] == [
        Status.QUALIFIED,
        Status.QUALIFIER,
        Status.QUALIFIER,
        Status.OUT,
    ]


def test_pkr_league_4_ties_across_a_cut_are_drawn_and_shown_until_then() -> None:
    """PKR-LEAGUE-4: equal on points, played and best finish across the cut: shown as tied
    until the lots are drawn; the draw is seeded (reproducible) and names the tied players."""
    board = [row(1, 90, 3), row(2, 80, 2), row(3, 80, 2), row(4, 10, 1)]
    shown = statuses(board, ALLIN, 0)
    assert [s.tied_at_cut for s in shown] == [False, False, False, False]
    tight = FinalTableRules(direct_seats=2, qualifier_seats=1, qualifier_ranks=(3, 4))
    assert [s.tied_at_cut for s in statuses(board, tight, 0)] == [False, True, True, False]
    ordered, draws = cut_board(board, tight, random.Random("7:cut"))
    again, _ = cut_board(board, tight, random.Random("7:cut"))
    assert ordered == again
    assert [set(d.tied) for d in draws] == [{P(2), P(3)}]


def test_pkr_league_3_final_stacks_are_in_the_smallest_chip() -> None:
    """PKR-LEAGUE-3 Resolution: 1 point = 1 chip, to the nearest smallest chip in play (25)."""
    rules = FinalTableRules(direct_seats=6, qualifier_seats=0, chip_unit=25)
    assert points_to_chips(Fraction(12345, 100), rules) == 125
    assert points_to_chips(Fraction(1112), rules) == 1100
    assert points_to_chips(Fraction(1113), rules) == 1125


def test_pkr_league_3_per_player_starting_stacks_and_a_closed_field() -> None:
    """PKR-LEAGUE-3: a final's entry gives each finalist their own stack; nobody else enters."""
    options = EntryOptions(
        entry=Price((), 10_000), field=(P(1), P(2)), starting_stacks=((P(1), 12_300),)
    )
    ledger, first = register(new_ledger(options), options, P(1), None)
    assert first.chips == 12_300
    _, second = register(ledger, options, P(2), None)
    assert second.chips == 10_000
    with pytest.raises(Conflict) as caught:
        register(ledger, options, P(3), None)
    assert caught.value.field == "player"
