"""Undo a floor action by its entry in the floor's log (issue 15 item 8), in one transaction.

- A bust-out: the busted players sit down again where they busted, the balancing and breaking
  moves it caused go back (a broken table reopens, PKR-BRK-1), the bust leaves the finishing
  order: the later busts keep their order and their places follow (PKR-END-1), and so do the
  payouts. Undoing the bust that ended the tournament reopens it (the clock stays paused; its
  results leave the club's leagues until it ends again, PKR-LEAGUE-1).
- A director's move: the player goes back to the seat they came from.
- A late entry or a re-entry: the seat drawn is freed, the balancing moves it caused go back, a
  table opened for it closes again, the payment leaves the ledger; a re-entry's earlier bust
  counts again (PKR-REG-1).
- A rebuy or an add-on: the payment leaves the ledger (prize pool and chips in play follow).

Then the room is balanced again (PKR-BAL-1/2) and every seat change announced, as after a bust.

Decision (see :mod:`torneo.poker.rules.undo`): what happened after the undone action stands
(later busts keep their order), unless it depends on the seats the undo puts back: a player
moved again or busted since, a seat taken since, the busted player's re-entry, a rebuy or add-on
of a late entry or re-entry. Then the undo is refused, naming the later log entry to undo first:
the floor sees and announces every step, nothing is taken back silently. An undone entry stays
in the log, struck through, and cannot be undone twice. Who may undo: the floor staff of the
tournament and the club's organizers for bust-outs and moves; payments (entries, re-entries,
rebuys, add-ons) are the organizer's, as taking them is.
"""

from __future__ import annotations

from dataclasses import dataclass

from torneo.core.errors import Conflict, NotFound
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker import commands_feed as league_feed
from torneo.poker import commands_log as floor_log
from torneo.poker.commands import FINISHED, RUNNING, parse_int, topic, touch
from torneo.poker.commands_seats import MoveOut, add_move_row, record_moves
from torneo.poker.rules.balancing import BigBlindSeat, decide
from torneo.poker.rules.seating import Move, MoveReason, Seating
from torneo.poker.rules.undo import Blocked, Reseat, put_back
from torneo.poker.state import (
    check_version,
    get_tournament,
    load,
    move_of,
    next_rng,
    seating_to_json,
)
from torneo.poker.state_access import authorize_tournament
from torneo.poker.tables import PokerLogEntry, PokerMove, PokerTournament

PAYMENTS = (floor_log.LATE_ENTRY, floor_log.RE_ENTRY, floor_log.REBUY, floor_log.ADD_ON)


@dataclass(frozen=True, slots=True)
class UndoOut:
    entry: int
    kind: str
    moves: tuple[MoveOut, ...]  # the seat changes to announce
    reopened: bool  # the tournament was over and runs again


def _entry(row: PokerTournament, number: int) -> PokerLogEntry:
    found = next((e for e in row.log if e.number == number), None)
    if found is None:
        raise NotFound(
            "log_entry",
            N_("no entry %(number)s in the floor's log"),
            N_("the number of an entry of this tournament's log"),
            params={"number": number},
        )
    return found


def _name(row: PokerTournament, player_id: int | None) -> str:
    return next((e.player.name for e in row.entrants if e.player_id == player_id), str(player_id))


def _later(row: PokerTournament, entry: PokerLogEntry) -> list[PokerLogEntry]:
    return [e for e in row.log if e.number > entry.number and e.undone_at is None]


def _depends(row: PokerTournament, entry: PokerLogEntry, later: PokerLogEntry) -> Conflict:
    return Conflict(
        "log_entry",
        N_("entry %(later)s of the log (%(name)s) came after it and depends on it"),
        N_("undo entry %(later)s first"),
        params={"later": later.number, "name": _name(row, later.player_id)},
    )


def _blocked(row: PokerTournament, entry: PokerLogEntry, blocked: Blocked) -> Conflict:
    """The later entry that moved, seated or busted the player in the way (the latest one)."""
    player = int(blocked.player)
    for later in reversed(_later(row, entry)):
        if player in later.details.get("players", ()):
            return _depends(row, entry, later)
    params = {"name": _name(row, player), "table": blocked.table, "seat": blocked.seat}
    if blocked.taken:
        return Conflict(
            "log_entry",
            N_("table %(table)s seat %(seat)s has been taken by %(name)s since"),
            N_("move the players back by hand, then undo"),
            params=params,
        )
    return Conflict(
        "log_entry",
        N_("%(name)s is not where this entry left them (table %(table)s seat %(seat)s)"),
        N_("move the players back by hand, then undo"),
        params=params,
    )


def _moves(row: PokerTournament, seqs: list[int]) -> list[tuple[PokerMove, Move]]:
    """The entry's moves still in effect (one undone by hand since is already back)."""
    wanted = set(seqs)
    return [(m, move_of(m)) for m in row.moves if m.seq in wanted and not m.undone]


def _announce_back(
    uow: UnitOfWork, row: PokerTournament, moves: list[tuple[PokerMove, Move]]
) -> list[MoveOut]:
    outs = []
    for stored, move in reversed(moves):
        stored.undone = True
        back = move.reversed()
        outs.append(
            add_move_row(
                uow,
                row,
                back.player,
                (back.to_table, back.to_seat),
                MoveReason.UNDO.value,
                (back.from_table, back.from_seat),
            )
        )
    return outs


def _undo_bust(
    uow: UnitOfWork, row: PokerTournament, entry: PokerLogEntry
) -> tuple[Seating, list[MoveOut]]:
    seq = int(entry.details["seq"])
    busts = [b for b in row.busts if b.seq == seq]
    for bust in busts:
        if bust.readmitted:  # the player re-entered since: that entry first (PKR-REG-1)
            later = next(
                (
                    e
                    for e in _later(row, entry)
                    if e.kind == floor_log.RE_ENTRY and e.player_id == bust.player_id
                ),
                None,
            )
            if later is not None:
                raise _depends(row, entry, later)
    moves = _moves(row, list(entry.details.get("moves", ())))
    back = [Reseat(PlayerId(b.player_id), b.table_no, b.seat) for b in busts if not b.readmitted]
    seating = load(row).require_seating()
    try:
        seating = put_back(seating, [m for _, m in moves], back)
    except Blocked as blocked:
        raise _blocked(row, entry, blocked) from None
    outs = _announce_back(uow, row, moves)
    for b in back:
        outs.append(add_move_row(uow, row, b.player, (b.table, b.seat), MoveReason.UNDO.value))
    for bust in busts:
        row.busts.remove(bust)  # PKR-END-1: the order and the places are computed again
    return seating, outs


def _undo_move(
    uow: UnitOfWork, row: PokerTournament, entry: PokerLogEntry
) -> tuple[Seating, list[MoveOut]]:
    moves = _moves(row, list(entry.details.get("moves", ())))
    try:
        seating = put_back(load(row).require_seating(), [m for _, m in moves])
    except Blocked as blocked:
        raise _blocked(row, entry, blocked) from None
    return seating, _announce_back(uow, row, moves)


def _remove_purchase(row: PokerTournament, entry: PokerLogEntry) -> None:
    number = int(entry.details["purchase"])
    purchase = next((p for p in row.purchases if p.number == number), None)
    if purchase is not None:
        row.purchases.remove(purchase)


def _undo_newcomer(
    uow: UnitOfWork, row: PokerTournament, entry: PokerLogEntry
) -> tuple[Seating, list[MoveOut]]:
    pid = entry.player_id
    for later in _later(row, entry):
        if later.player_id == pid and later.kind in (floor_log.REBUY, floor_log.ADD_ON):
            raise _depends(row, entry, later)
    moves = _moves(row, list(entry.details.get("moves", ())))
    table, seat = entry.details["seat"]
    assert pid is not None
    try:
        seating = put_back(
            load(row).require_seating(),
            [m for _, m in moves],
            newcomer=(PlayerId(pid), int(table), int(seat)),
            opened=entry.details.get("opened"),
        )
    except Blocked as blocked:
        raise _blocked(row, entry, blocked) from None
    outs = _announce_back(uow, row, moves)
    seat_move = entry.details.get("seat_move")
    for m in row.moves:
        if m.seq == seat_move:
            m.undone = True  # the seat drawn, struck on the screens
    readmitted = set(entry.details.get("readmitted", ()))
    for bust in row.busts:
        if bust.player_id == pid and bust.seq in readmitted:
            bust.readmitted = False  # PKR-REG-1: the earlier bust counts again
    _remove_purchase(row, entry)
    return seating, outs


def _balance(
    uow: UnitOfWork, row: PokerTournament, seating: Seating
) -> tuple[Seating, list[MoveOut], str]:
    """PKR-BAL-1/2: the room as the floor would balance it now (seeded, recorded)."""
    rng, label = next_rng(row)
    seating, decision = decide(
        seating, rng, row.balance_threshold, row.break_order or None, BigBlindSeat(row.balance_seat)
    )
    return seating, record_moves(uow, row, decision.moves), label


def undo_entry(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    entry: int | str,
    version: int | None = None,
) -> UndoOut:
    """Undo the floor action of log entry ``entry`` with what it caused (see the module)."""
    precheck(actor, Action.OFFICIATE)
    number = parse_int("log_entry", entry, low=1)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.OFFICIATE)
        target = _entry(row, number)
        if target.kind in PAYMENTS:  # taking money back is the organizer's, as taking it is
            authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        if target.undone_at is not None:
            raise Conflict(
                "log_entry",
                N_("entry %(number)s of the log is already undone"),
                N_("an entry not undone yet"),
                params={"number": number},
            )
        reopened = row.status == FINISHED
        if reopened and not (target.kind == floor_log.BUST and target.details.get("finished")):
            raise Conflict(
                "status", N_("the tournament is finished"), N_("undo the last bust-out first")
            )
        before = {"seating": row.seating, "status": row.status}
        outs: list[MoveOut] = []
        label = None
        if target.kind == floor_log.BUST:
            seating, outs = _undo_bust(uow, row, target)
        elif target.kind == floor_log.MOVE:
            seating, outs = _undo_move(uow, row, target)
        elif target.kind in (floor_log.LATE_ENTRY, floor_log.RE_ENTRY):
            seating, outs = _undo_newcomer(uow, row, target)
        else:
            _remove_purchase(row, target)
            seating = load(row).require_seating()
        if target.kind != floor_log.MOVE and outs:
            seating, balance, label = _balance(uow, row, seating)
            outs += balance
        row.seating = seating_to_json(seating)
        if reopened:
            row.status = RUNNING
            row.finished_at = None
            league_feed.unfeed(uow, row)
        target.undone_at = uow.now
        target.undone_by = actor.name
        touch(row)
        uow.audit(
            "poker.undo",
            "poker_tournament",
            row.id,
            before=before,
            after={
                "entry": number,
                "kind": target.kind,
                "details": target.details,
                "seating": row.seating,
                "status": row.status,
                "seed": label,
                "moves": [m.announcement for m in outs],
            },
        )
        uow.notify(topic(row.id), "undo", entry=number, moves=len(outs))
        return UndoOut(number, target.kind, tuple(outs), reopened)
