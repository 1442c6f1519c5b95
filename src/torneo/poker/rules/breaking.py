"""Breaking a table (PKR-BRK-1).

"When the free seats at the other tables equal the players at the last table, that table breaks
and its players draw the free seats" (art. 8.3). The table to break next comes from a
predetermined order: the highest-numbered open table first, or an order the director gave.

Decisions where the regulation is silent:
- several bust-outs in one hand can leave more free seats than needed: the table breaks as
  soon as its players fit (free seats ≥ players);
- each player of the broken table, in an order drawn with ``rng``, goes to the open table with
  the fewest players (ties drawn), so that the break leaves the room balanced, and draws one of
  its free seats. Any free seat may be drawn ("seated anywhere"), but a player drawn between the
  button and the small blind is not dealt in until the button passes (``waits_for_button``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from torneo.core.errors import Conflict, TorneoError
from torneo.core.messages import N_
from torneo.poker.rules.positions import is_between_button_and_blind
from torneo.poker.rules.seating import Move, MoveReason, Seating, Table, apply_move


@dataclass(frozen=True, slots=True)
class TableBreak:
    table: int
    moves: tuple[Move, ...]


def next_table_to_break(state: Seating, order: Sequence[int] | None = None) -> Table | None:
    """The open table that breaks next: the first open one in ``order`` (None: highest first)."""
    open_tables = state.open_tables
    if len(open_tables) < 2:
        return None
    if order is None:
        return max(open_tables, key=lambda t: t.number)
    unknown = [n for n in order if n not in state.tables]
    if unknown:
        raise TorneoError(
            "break_order",
            N_("no table %(table)s"),
            ", ".join(map(str, state.tables)),
            params={"table": unknown[0]},
        )
    for number in order:
        table = state.tables[number]
        if not table.is_closed:
            return table
    # Tables left out of the given order break afterwards, highest number first.
    return max(open_tables, key=lambda t: t.number)


def is_break_due(state: Seating, table: Table) -> bool:
    """PKR-BRK-1: the free seats at the other open tables can take every player of ``table``."""
    free_elsewhere = sum(
        t.capacity - t.count for t in state.open_tables if t.number != table.number
    )
    return free_elsewhere >= table.count


def table_to_break(state: Seating, order: Sequence[int] | None = None) -> Table | None:
    """The table PKR-BRK-1 breaks now, or None when no break is due."""
    table = next_table_to_break(state, order)
    if table is None or not is_break_due(state, table):
        return None
    return table


def break_table(state: Seating, number: int, rng: random.Random) -> tuple[Seating, TableBreak]:
    """PKR-BRK-1: move every player of table ``number`` to a drawn free seat and close it."""
    table = state.table(number)
    if table.is_closed:
        raise Conflict("table", N_("table %(number)s is already broken"), params={"number": number})
    if not is_break_due(state, table):
        raise Conflict(
            "table",
            N_(
                "the other tables have not enough free seats for the %(count)s players of table %(number)s"
            ),
            N_("break a table when the free seats elsewhere equal its players (PKR-BRK-1)"),
            params={"count": table.count, "number": number},
        )
    leaving = list(table.occupied_seats)
    rng.shuffle(leaving)
    moves: list[Move] = []
    for seat in leaving:
        player = state.tables[number].player_at(seat)
        assert player is not None
        others = [t for t in state.open_tables if t.number != number and t.count < t.capacity]
        fewest = min(t.count for t in others)
        target = rng.choice([t for t in others if t.count == fewest])
        to_seat = rng.choice(target.free_seats)
        move = Move(
            player,
            number,
            seat,
            target.number,
            to_seat,
            MoveReason.BREAK,
            is_between_button_and_blind(target, to_seat),
        )
        state = apply_move(state, move)
        moves.append(move)
    state = state.with_table(replace(state.tables[number], is_closed=True))
    return state, TableBreak(number, tuple(moves))
