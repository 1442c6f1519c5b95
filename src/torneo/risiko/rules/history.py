"""What a table draw knows about the players: who met whom, who won, who sat at an off-size
table, and clubs (RSK-TBL-2).

A :class:`History` is built by the service from the recorded games of the event (or by hand in
tests) and handed to the draw engines; nothing here touches a store.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from torneo.core.ids import PlayerId
from torneo.risiko.rules.results import TableResult
from torneo.risiko.rules.table_sizes import STANDARD_TABLE


@dataclass(frozen=True, slots=True)
class PastTable:
    """One earlier game's table: who sat there and who won it."""

    round_no: int
    players: tuple[PlayerId, ...]
    winners: tuple[PlayerId, ...] = ()

    @property
    def is_off_size(self) -> bool:
        return len(self.players) != STANDARD_TABLE


@dataclass(frozen=True, slots=True)
class History:
    tables: tuple[PastTable, ...] = ()
    clubs: Mapping[PlayerId, str] = field(default_factory=dict)

    @staticmethod
    def from_results(
        results: Iterable[TableResult], clubs: Mapping[PlayerId, str] | None = None
    ) -> History:
        tables = tuple(PastTable(r.round_no, r.players, r.winners) for r in results)
        return History(tables, dict(clubs or {}))

    def opponents(self) -> dict[PlayerId, set[PlayerId]]:
        """Everybody each player has already sat with."""
        met: dict[PlayerId, set[PlayerId]] = defaultdict(set)
        for table in self.tables:
            for player in table.players:
                met[player].update(p for p in table.players if p != player)
        return met

    def winners(self) -> set[PlayerId]:
        """Players who won (or co-won) at least one earlier game of the event."""
        return {w for table in self.tables for w in table.winners}

    def off_size_seated(self) -> set[PlayerId]:
        """Players who already sat at a table of 5 (or of 3, with that policy)."""
        return {p for table in self.tables if table.is_off_size for p in table.players}

    def club_of(self, player: PlayerId) -> str | None:
        club = self.clubs.get(player)
        return club.strip().casefold() if club and club.strip() else None
