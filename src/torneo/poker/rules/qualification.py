"""Who is where on the road to the final table (PKR-LEAGUE-3, PKR-LEAGUE-4).

Each player of a league's leaderboard is, today:

- ``qualified``: inside the direct seats (the top 6, or 5);
- ``qualifier``: may play the qualifier (enough tournaments played, or inside the rank range);
- ``needs``: short of the tournaments the qualifier asks (``missing`` more), still possible
  with the tournaments left in the season (``reachable``);
- ``out``: neither (outside the rank range, or the tournaments left are too few).

The cut is decided the PKR-LEAGUE-4 way: points, then tournaments played, then best finish, then
a draw of lots between those still equal across the cut (:func:`cut_board`), recorded by the
caller. Until the lots are drawn (the qualifier or the final is created) players tied across a
cut are shown as ``tied``: the draw decides.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from torneo.core.ids import PlayerId
from torneo.poker.rules.leagues import FinalTableRules, LeaderboardRow, LotDraw, order_for_cut


class Status(StrEnum):
    QUALIFIED = "qualified"
    QUALIFIER = "qualifier"
    NEEDS = "needs"
    OUT = "out"


@dataclass(frozen=True, slots=True)
class PlayerStatus:
    player: PlayerId
    rank: int  # position on the ordered board, 1-based
    status: Status
    missing: int = 0  # tournaments still needed for the qualifier (Status.NEEDS)
    reachable: bool = True  # enough tournaments left in the season to get there
    tied_at_cut: bool = False  # equal on every criterion across a cut: the lots decide


def _key(row: LeaderboardRow) -> tuple[object, int, int]:
    return (row.points, row.played, row.best_finish)


def cuts(rules: FinalTableRules) -> tuple[int, ...]:
    """The positions after which the board is cut: the direct seats, the rank range's end."""
    out = [rules.direct_seats]
    if rules.qualifier_ranks is not None:
        out.append(rules.qualifier_ranks[1])
    return tuple(c for c in out if c > 0)


def cut_board(
    board: Sequence[LeaderboardRow], rules: FinalTableRules, rng: random.Random
) -> tuple[tuple[LeaderboardRow, ...], tuple[LotDraw, ...]]:
    """The board with the lots drawn at every cut (PKR-LEAGUE-4), and the draws made."""
    ordered = tuple(board)
    draws: list[LotDraw] = []
    for cut in cuts(rules):
        ordered, draw = order_for_cut(ordered, cut, rng)
        if draw is not None:
            draws.append(draw)
    return ordered, tuple(draws)


def apply_order(
    board: Sequence[LeaderboardRow], order: Sequence[PlayerId]
) -> tuple[LeaderboardRow, ...]:
    """The board in a recorded order (the lots drawn earlier); players not in it follow."""
    index = {p: i for i, p in enumerate(order)}
    rows = list(board)
    where = {r.player: i for i, r in enumerate(rows)}
    return tuple(
        sorted(
            rows,
            key=lambda r: (0, index[r.player]) if r.player in index else (1, where[r.player]),
        )
    )


def statuses(
    board: Sequence[LeaderboardRow],
    rules: FinalTableRules,
    tournaments_left: int,
    *,
    drawn: bool = False,
) -> tuple[PlayerStatus, ...]:
    """PKR-LEAGUE-3: each player's status on this board (in its order)."""
    rows = list(board)
    tied: set[PlayerId] = set()
    if not drawn:
        for cut in cuts(rules):
            if 0 < cut < len(rows) and _key(rows[cut - 1]) == _key(rows[cut]):
                tied |= {r.player for r in rows if _key(r) == _key(rows[cut])}
    out = []
    for rank, row in enumerate(rows, start=1):
        is_tied = row.player in tied
        if rank <= rules.direct_seats:
            out.append(PlayerStatus(row.player, rank, Status.QUALIFIED, tied_at_cut=is_tied))
            continue
        by_rank = rules.qualifier_ranks is not None and (
            rules.qualifier_ranks[0] <= rank <= rules.qualifier_ranks[1]
        )
        minimum = rules.qualifier_min_played
        by_played = minimum is not None and row.played >= minimum
        if rules.qualifier_seats and (by_rank or by_played):
            out.append(PlayerStatus(row.player, rank, Status.QUALIFIER, tied_at_cut=is_tied))
        elif rules.qualifier_seats and minimum is not None:
            missing = minimum - row.played
            out.append(
                PlayerStatus(
                    row.player,
                    rank,
                    Status.NEEDS,
                    missing,
                    missing <= tournaments_left,
                    is_tied,
                )
            )
        else:
            out.append(PlayerStatus(row.player, rank, Status.OUT, tied_at_cut=is_tied))
    return tuple(out)
