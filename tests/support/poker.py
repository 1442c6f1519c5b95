"""Small builders shared by the poker tests."""

from __future__ import annotations

from torneo.core.ids import PlayerId
from torneo.poker.rules.seating import HandPositions, Seating, Table


def P(n: int) -> PlayerId:
    return PlayerId(n)


def table(
    number: int,
    occupants: dict[int, int],
    capacity: int = 10,
    last_hand: tuple[int, int, int] | None = None,
    drawn_button: int | None = None,
) -> Table:
    seats: list[PlayerId | None] = [None] * capacity
    for seat, player in occupants.items():
        seats[seat - 1] = PlayerId(player)
    return Table(
        number,
        capacity,
        tuple(seats),
        HandPositions(*last_hand) if last_hand else None,
        drawn_button,
    )


def room(*tables: Table) -> Seating:
    where = {
        p: (t.number, seat)
        for t in tables
        for seat, p in enumerate(t.seats, start=1)
        if p is not None
    }
    return Seating({t.number: t for t in sorted(tables, key=lambda t: t.number)}, where)
