"""The "alla greca" draw (RSK-TBL-2): the winner stays, the 2nd moves one table on, the 3rd two…

From the previous round's recorded results: the player who finished k-th at table t goes to table
t + k − 1 (counting around: after the last table comes table 1). With tables of 4 every table
receives four players again; a table of 5 (or 3) passes its extra (or missing) seat on with its
5th place, so the sizes stay within the policy.

Only the winner stays: with fewer tables than places (3 tables of 4, 4 tables with a 5), t + k − 1
would come back around to table t, so the moves count the *other* tables only: the k-th (k ≥ 2)
moves 1 + (k − 2) mod (T − 1) tables on. Fewer tables than seats at a table cannot avoid repeated
opponents (a table gathers players from fewer tables than it has seats): the draw counts them and
:func:`torneo.risiko.rules.swap_advice.improving_swaps` offers the swaps that lower them.

Decisions where the rules are silent: players sharing a place (co-winners, equal table points)
move in their turn order at that table; the field must be the previous round's, because a
player who left would leave a table short — the organizer then uses a random draw. The new
turn order at each table is drawn with the seeded ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Message
from torneo.risiko.rules.draw import DrawMethod, TableDraw
from torneo.risiko.rules.history import History
from torneo.risiko.rules.random_draw import check_field, seat_tables
from torneo.risiko.rules.results import TableResult
from torneo.risiko.rules.wording import numbers


def alla_greca(
    previous: Sequence[TableResult],
    players: Sequence[PlayerId],
    history: History,
    rng: random.Random,
    *,
    round_no: int,
) -> TableDraw:
    """RSK-TBL-2: seat ``players`` by moving each finisher of ``previous`` on by their place."""
    check_field(players)
    if not previous:
        raise TorneoError(
            "previous",
            N_("alla greca needs the previous round's results"),
            N_("a played round"),
        )
    ordered = sorted(previous, key=lambda r: r.table)
    before = {p for r in ordered for p in r.players}
    if before != set(players):
        gone = sorted(before - set(players))
        new = sorted(set(players) - before)
        changes = [
            *([Message(N_("%(players)s left"), {"players": numbers(gone)})] if gone else []),
            *([Message(N_("%(players)s joined"), {"players": numbers(new)})] if new else []),
        ]
        raise TorneoError(
            "players",
            N_("alla greca needs the previous round's field: %(changes)s"),
            N_("the same players as the previous round, or a random draw"),
            params={"changes": changes},
        )
    count = len(ordered)
    seatings: list[list[PlayerId]] = [[] for _ in ordered]
    for i, result in enumerate(ordered):
        finish = [p for group in result.finishing_groups() for p in group]
        for place, player in enumerate(finish):
            seatings[(i + greca_move(place, count)) % count].append(player)
    return seat_tables(seatings, history, rng, round_no, DrawMethod.GRECA)


def greca_move(place: int, tables: int) -> int:
    """RSK-TBL-2: how many tables on the player of ``place`` (0 = the winner) moves: the winner
    stays, the others move 1, 2, … around the *other* tables, never back to their own."""
    if place == 0 or tables < 2:
        return 0
    return 1 + (place - 1) % (tables - 1)


def greca_unavoidable(tables: int, largest: int) -> bool:
    """Fewer tables than seats at the largest: some table gathers two players of one table."""
    return tables < largest
