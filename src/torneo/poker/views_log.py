"""The floor's log as the director reads it (issue 15 item 8): each action with its time, what it
was, who did it, the seat changes it made, and whether it was undone (and by whom).

Newest first, as on the director's page; each entry that is not undone carries its "Undo".
Payments are shown with their amount while they are in the ledger.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from torneo.platform.store.uow import Store
from torneo.poker.state import get_tournament
from torneo.poker.tables import PokerTournament
from torneo.poker.views_rows import MoveRow


@dataclass(frozen=True, slots=True)
class LogRow:
    number: int
    kind: str  # bust | move | late_entry | re_entry | rebuy | add_on
    player_id: int | None
    name: str
    others: tuple[str, ...]  # further players of the same entry (several out in one hand)
    actor: str
    at: datetime
    table: int | None  # where it happened (a bust's seat, a newcomer's seat)
    seat: int | None
    moves: tuple[MoveRow, ...]  # the seat changes it made, in order
    broken: int | None  # PKR-BRK-1: the table it broke
    cents: int | None  # a payment's amount, while it is in the ledger
    finished: bool  # the bust that ended the tournament
    undone_at: datetime | None
    undone_by: str | None

    @property
    def undone(self) -> bool:
        return self.undone_at is not None


def log_rows(row: PokerTournament, names: dict[int, str]) -> tuple[LogRow, ...]:
    moves = {m.seq: m for m in row.moves}
    prices = {p.number: sum(int(part[1]) for part in p.parts) for p in row.purchases}
    out: list[LogRow] = []
    for e in reversed(row.log):
        d = e.details
        seat = d.get("seat") or (None, None)
        busted = [int(p) for p in d.get("busted", ())]
        shown = [
            MoveRow.of(m, names)
            for seq in d.get("moves", ())
            if (m := moves.get(int(seq))) is not None
        ]
        purchase = d.get("purchase")
        out.append(
            LogRow(
                number=e.number,
                kind=e.kind,
                player_id=e.player_id,
                name=names.get(e.player_id, str(e.player_id)) if e.player_id else "",
                others=tuple(names.get(p, str(p)) for p in busted[1:]),
                actor=e.actor,
                at=e.at,
                table=seat[0] or None,
                seat=seat[1] or None,
                moves=tuple(shown),
                broken=d.get("broken"),
                cents=prices.get(int(purchase)) if purchase is not None else None,
                finished=bool(d.get("finished")),
                undone_at=e.undone_at,
                undone_by=e.undone_by,
            )
        )
    return tuple(out)


def floor_log(store: Store, tournament_id: int) -> tuple[LogRow, ...]:
    with store.read() as session:
        row = get_tournament(session, tournament_id)
        names = {e.player_id: e.player.name for e in row.entrants}
        return log_rows(row, names)


def floor_log_in_zone(store: Store, tournament_id: int) -> tuple[str, tuple[LogRow, ...]]:
    """The log and the tournament's time zone, for a reader that shows local times (the CLI)."""
    with store.read() as session:
        row = get_tournament(session, tournament_id)
        names = {e.player_id: e.player.name for e in row.entrants}
        return row.time_zone, log_rows(row, names)
