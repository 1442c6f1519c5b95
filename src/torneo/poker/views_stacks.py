"""The one model of the players' stacks (issue 26 item 4): what every view shows as a player's
chips, the seats of the director's page, the API's ``players[].chips``, the seat cards and
``torneo poker show`` alike.

- ``starting``: the chips the player's entry gave (their own stack at a final table,
  PKR-LEAGUE-3, after a late entry's penalty, PKR-LATE-1);
- ``chips``: the stack as last known: the last chip count plus what the player bought since, or,
  before the clock starts (no hand dealt yet), the chips they bought; unknown (None) once play
  has started and no count names them, and for a player who is out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from torneo.core.ids import PlayerId
from torneo.poker.rules.entries import PurchaseKind
from torneo.poker.tables import PokerTournament

_ENTRIES = (PurchaseKind.ENTRY.value, PurchaseKind.LATE_ENTRY.value, PurchaseKind.RE_ENTRY.value)


@dataclass(frozen=True, slots=True)
class Stack:
    starting: int | None
    chips: int | None


def stacks_of(
    row: PokerTournament, alive: frozenset[PlayerId], clock_started: bool
) -> dict[int, Stack]:
    """Each entrant's starting stack and known stack (player id → :class:`Stack`)."""
    counts: dict[str, int] = dict(row.stacks.get("counts", {}))
    at = row.stacks.get("at")
    counted_at = datetime.fromisoformat(at) if at else None
    out: dict[int, Stack] = {}
    for entrant in row.entrants:
        pid = entrant.player_id
        # The player's purchases since their last entry (a re-entry starts a new stack).
        mine: list[tuple[str, int, datetime]] = []
        for p in sorted(row.purchases, key=lambda p: p.number):
            if p.player_id != pid:
                continue
            if p.kind in _ENTRIES:
                mine = []
            mine.append((p.kind, p.chips, p.at))
        starting = mine[0][1] if mine else None
        chips: int | None = None
        if PlayerId(pid) in alive:
            counted = str(pid) in counts and counted_at is not None
            if counted and mine and counted_at is not None and _after(mine[0][2], counted_at):
                counted = False  # re-entered after the count: that count was another stack
            if counted and counted_at is not None:
                since = sum(c for _, c, when in mine if _after(when, counted_at))
                chips = counts[str(pid)] + since
            elif not clock_started:
                chips = sum(c for _, c, _ in mine)
        out[pid] = Stack(starting, chips)
    return out


def _after(when: datetime, counted_at: datetime) -> bool:
    """A purchase after the count (both in UTC; SQLite returns naive datetimes)."""
    if (when.tzinfo is None) != (counted_at.tzinfo is None):
        when = when.replace(tzinfo=None)
        counted_at = counted_at.replace(tzinfo=None)
    return when > counted_at
