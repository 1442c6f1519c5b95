"""A round's seating: which players sit at which table, in turn order (RSK-TBL-1/2).

A :class:`TableDraw` is the record of one draw: the method, the tables (seats in turn order: seat
1 plays first, the last seat rolls first at the end of the game, RSK-ROLL-1) and the criteria it
scored, so the organizer sees what a hand swap changes. Draws that use chance take a seeded
``random.Random``; the service records the seed, so every draw can be reproduced.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from torneo.core.errors import NotFound
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.risiko.rules.criteria import DrawCriteria


class DrawMethod(StrEnum):
    RANDOM = "random"  # random draw, then improving swaps (RSK-TBL-2)
    GRECA = "greca"  # "alla greca": winner stays, 2nd +1 table, 3rd +2, …
    SVIZZERA = "svizzera"  # "alla svizzera": by standing
    BANDS = "bands"  # semifinals: one player from each band of the ranking per table
    FINAL = "final"  # the final table
    MANUAL = "manual"  # changed by hand after the draw


@dataclass(frozen=True, slots=True)
class Table:
    number: int  # 1-based
    seats: tuple[PlayerId, ...]  # turn order

    @property
    def size(self) -> int:
        return len(self.seats)


@dataclass(frozen=True, slots=True)
class TableDraw:
    round_no: int
    method: DrawMethod
    tables: tuple[Table, ...]
    criteria: DrawCriteria

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(p for t in self.tables for p in t.seats)

    def table_of(self, player: PlayerId) -> Table:
        for table in self.tables:
            if player in table.seats:
                return table
        raise NotFound(
            "player",
            N_("player %(player)s is not seated in round %(round)s"),
            params={"player": player, "round": self.round_no},
        )

    def seatings(self) -> tuple[tuple[PlayerId, ...], ...]:
        return tuple(t.seats for t in self.tables)
