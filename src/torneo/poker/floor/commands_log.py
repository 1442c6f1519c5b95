"""The floor's log (issue 15 item 8): every floor action written as one entry, inside the unit
of work that does it, with who did it and what it changed.

A bust-out, a director's move, a late entry, a re-entry, a rebuy, an add-on, each sanction
(PKR-PEN-1: a warning, missed hands, a disqualification), the chop and a ruling on a floor
procedure (PKR-PROC-1..4) each add one :class:`~torneo.poker.tables.PokerLogEntry`; its
``details`` say what to put back to undo it (:mod:`.commands_undo`): the bust's ``seq``, the
``moves`` (their seqs, in the order made), the ``purchase`` number, the ``sanction`` row, the
chip counts before a chop (``stacks_before``), the table ``broken`` or ``opened``, the bust rows
``readmitted``, whether it ``finished`` the tournament, and the ``players`` whose seats the
action changed (what a later action may depend on).
"""

from __future__ import annotations

from typing import Any

from torneo.platform.store.uow import UnitOfWork
from torneo.poker.rules.seating import Seating
from torneo.poker.tables import PokerLogEntry, PokerTournament

BUST = "bust"
MOVE = "move"
LATE_ENTRY = "late_entry"
RE_ENTRY = "re_entry"
REBUY = "rebuy"
ADD_ON = "add_on"
# PKR-PEN-1: a sanction's entry has the sanction's own kind (SanctionKind's values), so the log
# reads "Warning", "Missed hands", "Disqualification" like the sanctions' list.
WARNING = "warning"
MISSED_HANDS = "missed_hands"
DISQUALIFICATION = "disqualification"
SANCTIONS = (WARNING, MISSED_HANDS, DISQUALIFICATION)
CHOP = "chop"
RULING = "ruling"  # PKR-PROC-1..4: shown in the log, never undone (see commands_undo)
KINDS = (BUST, MOVE, LATE_ENTRY, RE_ENTRY, REBUY, ADD_ON, *SANCTIONS, CHOP, RULING)
UNDOABLE = tuple(k for k in KINDS if k != RULING)


def last_move_seq(row: PokerTournament) -> int:
    """Where the moves of an action begin: the seqs above this one are its own."""
    return max((m.seq for m in row.moves), default=0)


def moves_since(row: PokerTournament, seq: int) -> list[int]:
    return [m.seq for m in row.moves if m.seq > seq]


def opened_table(before: Seating | None, after: Seating) -> int | None:
    """The table a newcomer's seat opened (or reopened), if any."""
    was_open = {n for n, t in before.tables.items() if not t.is_closed} if before else set()
    opened = [n for n, t in after.tables.items() if not t.is_closed and n not in was_open]
    return opened[0] if opened else None


def moved_players(row: PokerTournament, seqs: list[int]) -> list[int]:
    wanted = set(seqs)
    return [m.player_id for m in row.moves if m.seq in wanted]


def log_action(
    uow: UnitOfWork,
    row: PokerTournament,
    kind: str,
    player_id: int | None,
    **details: Any,
) -> int:
    """Write one entry of the floor's log; its number (1, 2, ... in the tournament)."""
    number = max((e.number for e in row.log), default=0) + 1
    row.log.append(
        PokerLogEntry(
            number=number,
            kind=kind,
            player_id=player_id,
            actor=uow.actor.name,
            details=details,
            at=uow.now,
        )
    )
    return number
