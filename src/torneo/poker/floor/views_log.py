"""The floor's log as the director reads it (issue 15 item 8): each action with its time, what it
was, who did it, the seat changes it made, and whether it was undone (and by whom).

Newest first, as on the director's page; each entry that is not undone carries its "Undo"
(a ruling never does). Payments are shown with their amount while they are in the ledger; a
sanction with its infraction, the hands to miss or the chips removed (PKR-PEN-1); the chop with
its method and each player's share; a ruling with its decision and article (PKR-PROC-1..4).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from torneo.platform.store.uow import Store
from torneo.poker.floor import commands_log as kinds
from torneo.poker.state import get_tournament
from torneo.poker.tables import PokerTournament
from torneo.poker.views_rows import MoveRow


@dataclass(frozen=True, slots=True)
class LogRow:
    number: int
    kind: str  # bust | move | late_entry | re_entry | rebuy | add_on | warning | missed_hands
    # | disqualification | chop | ruling (commands_log.KINDS)
    player_id: int | None
    name: str
    others: tuple[str, ...]  # further players of the same entry (several out in one hand)
    actor: str
    at: datetime
    table: int | None  # where it happened (a bust's or a sanction's seat, a newcomer's seat)
    seat: int | None
    moves: tuple[MoveRow, ...]  # the seat changes it made, in order
    broken: int | None  # PKR-BRK-1: the table it broke
    cents: int | None  # a payment's amount, while it is in the ledger
    finished: bool  # the bust, disqualification or chop that ended the tournament
    undone_at: datetime | None
    undone_by: str | None
    undoable: bool = True  # False for a ruling (commands_undo's decision)
    infraction: str = ""  # PKR-PEN-1: what the sanctioned player did, and the ruling given
    ruling: str = ""
    orbits: int = 0  # missed hands: orbits and hands to sit out
    hands: int = 0
    chips_removed: int = 0  # a disqualification
    method: str | None = None  # a chop: equal | chips | icm
    shares: tuple[tuple[str, int], ...] = ()  # a chop: each player's name and cents
    decision: str = ""  # PKR-PROC-1..4: a ruling's decision (a message id) and article
    article: str = ""

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
        amounts = d.get("amounts", {}) if e.kind == kinds.CHOP else {}
        out.append(
            LogRow(
                number=e.number,
                kind=e.kind,
                player_id=e.player_id,
                name=names.get(e.player_id, str(e.player_id)) if e.player_id else "",
                others=tuple(names.get(p, str(p)) for p in busted[1:]),
                actor=e.actor,
                at=e.at,
                table=seat[0] or d.get("table") or None,  # a ruling's table
                seat=seat[1] or None,
                moves=tuple(shown),
                broken=d.get("broken"),
                cents=prices.get(int(purchase)) if purchase is not None else None,
                finished=bool(d.get("finished")),
                undone_at=e.undone_at,
                undone_by=e.undone_by,
                undoable=e.kind in kinds.UNDOABLE,
                infraction=str(d.get("infraction", "")),
                ruling=str(d.get("ruling", "")),
                orbits=int(d.get("orbits", 0)),
                hands=int(d.get("hands", 0)),
                chips_removed=int(d.get("chips_removed", 0)),
                method=d.get("method"),
                shares=tuple((names.get(int(p), p), int(c)) for p, c in amounts.items()),
                decision=str(d.get("decision", "")),
                article=str(d.get("article", "")),
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
