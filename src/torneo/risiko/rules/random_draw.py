"""The random table draw with improving swaps (RSK-TBL-2), and the hand swap.

The field is shuffled with the seeded ``rng`` and cut into tables by the event's table-size
policy (tables of 4 first, the 5s or 3s last); then :mod:`.search` swaps players between tables
while a swap lowers the organizer's lexicographic cost. The turn order at each table is drawn
last. The same seed, field and history always give the same draw.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from torneo.core.errors import NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.risiko.rules.criteria import (
    DEFAULT_PRIORITIES,
    Criterion,
    check_priorities,
    score_seatings,
)
from torneo.risiko.rules.draw import DrawMethod, Table, TableDraw
from torneo.risiko.rules.history import History
from torneo.risiko.rules.search import improve_seating
from torneo.risiko.rules.table_sizes import TablePolicy, table_sizes


def check_field(players: Sequence[PlayerId]) -> None:
    """A player listed twice would sit at two tables in one round (RSK-TBL-1)."""
    twice = [p for p, n in Counter(players).items() if n > 1]
    if twice:
        raise TorneoError(
            "players",
            N_("player %(player)s is listed twice"),
            N_("each player once a round"),
            params={"player": twice[0]},
        )


def seat_tables(
    seatings: Sequence[Sequence[PlayerId]],
    history: History,
    rng: random.Random,
    round_no: int,
    method: DrawMethod,
) -> TableDraw:
    """Number the tables, draw each table's turn order and count the criteria."""
    tables = []
    for number, seats in enumerate(seatings, start=1):
        order = list(seats)
        rng.shuffle(order)
        tables.append(Table(number, tuple(order)))
    return TableDraw(
        round_no, method, tuple(tables), score_seatings([t.seats for t in tables], history)
    )


def draw_tables(
    players: Sequence[PlayerId],
    history: History,
    rng: random.Random,
    *,
    round_no: int,
    policy: TablePolicy = TablePolicy.FOURS_THEN_FIVES,
    priorities: Sequence[Criterion | str] = DEFAULT_PRIORITIES,
    budget: int | None = None,
) -> TableDraw:
    """RSK-TBL-2: random draw, then improving swaps in the organizer's priority order."""
    check_field(players)
    order = check_priorities(priorities)
    sizes = table_sizes(len(players), policy)
    field = list(players)
    rng.shuffle(field)
    seatings: list[list[PlayerId]] = []
    at = 0
    for size in sizes:
        seatings.append(field[at : at + size])
        at += size
    if order:
        seatings = improve_seating(seatings, history, order, rng, budget=budget)
    return seat_tables(seatings, history, rng, round_no, DrawMethod.RANDOM)


def random_only(
    players: Sequence[PlayerId],
    history: History,
    rng: random.Random,
    *,
    round_no: int,
    policy: TablePolicy = TablePolicy.FOURS_THEN_FIVES,
) -> TableDraw:
    """A purely random draw, no swaps (what the benchmark compares against)."""
    return draw_tables(players, history, rng, round_no=round_no, policy=policy, priorities=())


def swap_players(draw: TableDraw, a: PlayerId, b: PlayerId, history: History) -> TableDraw:
    """The organizer swaps two players by hand: seats exchanged, criteria recomputed.

    Two players at one table exchange their places in the turn order.
    """
    if a == b:
        raise TorneoError(
            "players", N_("a player cannot be swapped with themselves"), N_("two players")
        )
    for p in (a, b):
        if p not in draw.players:
            raise NotFound(
                "player",
                N_("player %(player)s is not seated in round %(round)s"),
                params={"player": p, "round": draw.round_no},
            )

    def swapped(seat: PlayerId) -> PlayerId:
        return b if seat == a else a if seat == b else seat

    tables = tuple(Table(t.number, tuple(swapped(p) for p in t.seats)) for t in draw.tables)
    return TableDraw(
        draw.round_no,
        DrawMethod.MANUAL,
        tables,
        score_seatings([t.seats for t in tables], history),
    )
