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
- A warning or missed hands issued in error (PKR-PEN-1): the sanction leaves the record, so the
  player's next sanction escalates from what is left.
- A disqualification issued in error (PKR-PEN-1): the sanction leaves the record, the chips it
  removed are in play again, the player sits down again where they were disqualified and the
  balancing or breaking moves it caused go back, as for a bust-out (PKR-BAL-1, PKR-BRK-1); if
  it left one player in, the tournament runs again (PKR-END-1, PKR-LEAGUE-1 as for a bust).
- A chop: the deal is forgotten, the chip counts it recorded give way to the earlier ones, and
  the tournament runs again with its clock paused; its results leave the leagues
  (PKR-LEAGUE-1) until it ends again.

Then the room is balanced again (PKR-BAL-1/2) and every seat change announced, as after a bust.

Decision (see :mod:`torneo.poker.rules.undo`): what happened after the undone action stands
(later busts keep their order), unless it depends on the seats the undo puts back: a player
moved again or busted since, a seat taken since, the busted player's re-entry, a rebuy or add-on
of a late entry or re-entry. Then the undo is refused, naming the later log entry to undo first:
the floor sees and announces every step, nothing is taken back silently. An undone entry stays
in the log, struck through, and cannot be undone twice. Who may undo: the floor staff of the
tournament and the club's organizers for bust-outs, moves and sanctions; payments (entries,
re-entries, rebuys, add-ons) and the chop are the organizer's, as taking them is.

Decisions on sanctions, the chop and rulings:

- PKR-PEN-1 says repeats escalate: a later sanction of the same player was given at least one
  step above this one, so it depends on it; undoing an earlier one is refused naming the later,
  and the floor decides that one again once the earlier is gone. A disqualification's seat is
  like a bust's: the later entry that moved or seated someone there (or moved again a player
  its balancing moved) is named.
- While the tournament is finished, only the entry that finished it (the last bust-out, a
  disqualification that left one player, the chop) may be undone; the refusal names it. The
  code knows no step after the finish that makes the results final (a finished tournament's
  order may still be corrected, :func:`~torneo.poker.league.commands.correct_result`), so the
  chop can be undone for as long as it is the tournament's end, as the last bust-out can; if
  a "results confirmed" step is ever added, the undo of the chop must stop there.
- A ruling on a floor procedure (PKR-PROC-1..4) is in the log but is not undone: the hand was
  dealt, killed or shown under it, and putting that back is not something the software can do;
  a wrong ruling is corrected by ruling again, and both stay on record.
"""

from __future__ import annotations

from dataclasses import dataclass

from torneo.core.errors import Conflict, NotFound
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker import state_changes as changes
from torneo.poker.commands import FINISHED, RUNNING, parse_int, topic, touch
from torneo.poker.commands_seats import MoveOut, add_move_row, record_moves
from torneo.poker.floor import commands_log as floor_log
from torneo.poker.league import commands_feed as league_feed
from torneo.poker.rules.balancing import BigBlindSeat, decide
from torneo.poker.rules.seating import Move, MoveReason, Seating
from torneo.poker.rules.undo import Blocked, Reseat, put_back
from torneo.poker.state import (
    get_tournament,
    load,
    move_of,
    next_rng,
    seating_to_json,
)
from torneo.poker.state_access import authorize_tournament
from torneo.poker.tables import PokerLogEntry, PokerMove, PokerTournament

PAYMENTS = (floor_log.LATE_ENTRY, floor_log.RE_ENTRY, floor_log.REBUY, floor_log.ADD_ON)
ORGANIZERS = (*PAYMENTS, floor_log.CHOP)  # the organizer's to take, so to undo


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


def _remove_sanction(row: PokerTournament, entry: PokerLogEntry) -> None:
    """PKR-PEN-1: the sanction leaves the record (the log entry keeps what it was)."""
    for later in _later(row, entry):  # repeats escalate: a later one was based on this one
        if later.kind in floor_log.SANCTIONS and later.player_id == entry.player_id:
            raise _depends(row, entry, later)
    stored = next((s for s in row.sanctions if s.id == entry.details.get("sanction")), None)
    if stored is not None:
        row.sanctions.remove(stored)


def _undo_disqualification(
    uow: UnitOfWork, row: PokerTournament, entry: PokerLogEntry
) -> tuple[Seating, list[MoveOut]]:
    """PKR-PEN-1: the player back in their seat with their chips, the moves it caused back."""
    _remove_sanction(row, entry)
    pid = entry.player_id
    assert pid is not None
    table, seat = entry.details["seat"]
    moves = _moves(row, list(entry.details.get("moves", ())))
    back = Reseat(PlayerId(pid), int(table), int(seat))
    try:
        seating = put_back(load(row).require_seating(), [m for _, m in moves], [back])
    except Blocked as blocked:
        raise _blocked(row, entry, blocked) from None
    outs = _announce_back(uow, row, moves)
    outs.append(add_move_row(uow, row, back.player, (back.table, back.seat), MoveReason.UNDO.value))
    removed = entry.details.get("adjustment")
    if removed in row.adjustments:  # the chips it removed are in play again
        kept = list(row.adjustments)
        kept.remove(removed)
        row.adjustments = kept  # a new list: the JSON column sees the change
    return seating, outs


def _undo_chop(row: PokerTournament, entry: PokerLogEntry) -> None:
    """The deal forgotten, the chip counts it recorded replaced by the earlier ones."""
    row.chop = None
    row.stacks = dict(entry.details.get("stacks_before") or {})


def _check_undoable(row: PokerTournament, target: PokerLogEntry) -> None:
    """Refused, naming why: undone already, a ruling, or a finished tournament's earlier entry."""
    if target.undone_at is not None:
        raise Conflict(
            "log_entry",
            N_("entry %(number)s of the log is already undone"),
            N_("an entry not undone yet"),
            params={"number": target.number},
        )
    if target.kind not in floor_log.UNDOABLE:  # a ruling (see the module's decision)
        raise Conflict(
            "log_entry",
            N_("entry %(number)s is a ruling on a floor procedure: it is not undone"),
            N_("record a new ruling if it was wrong"),
            params={"number": target.number},
        )
    if row.status != FINISHED or target.details.get("finished"):
        return
    ender = next(
        (e for e in reversed(row.log) if e.undone_at is None and e.details.get("finished")), None
    )
    if ender is None:  # finished before the log existed, or entered after the fact
        raise Conflict(
            "status", N_("the tournament is finished"), N_("undo the last bust-out first")
        )
    raise Conflict(  # the bust-out, disqualification or chop that ended it goes first
        "status",
        N_("the tournament is finished"),
        N_("undo entry %(later)s first"),
        params={"later": ender.number},
    )


def _put_back(
    uow: UnitOfWork, row: PokerTournament, target: PokerLogEntry
) -> tuple[Seating, list[MoveOut]]:
    """What the entry did, put back: the seat plan after it and the seat changes to announce."""
    if target.kind == floor_log.BUST:
        return _undo_bust(uow, row, target)
    if target.kind == floor_log.MOVE:
        return _undo_move(uow, row, target)
    if target.kind in (floor_log.LATE_ENTRY, floor_log.RE_ENTRY):
        return _undo_newcomer(uow, row, target)
    if target.kind == floor_log.DISQUALIFICATION:
        return _undo_disqualification(uow, row, target)
    if target.kind in floor_log.SANCTIONS:
        _remove_sanction(row, target)
    elif target.kind == floor_log.CHOP:
        _undo_chop(row, target)
    else:
        _remove_purchase(row, target)
    return load(row).require_seating(), []


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
        if target.kind in ORGANIZERS:  # money and the deal are the organizer's, to take or undo
            authorize_tournament(uow.session, actor, row, Action.MANAGE)
        _check_undoable(row, target)  # "already undone" comes before "someone changed it"
        # Issue 26 item 1: based on this entry and the players it concerns, not the whole night.
        involved = {int(p) for p in target.details.get("players", [])}
        if target.player_id is not None:
            involved.add(target.player_id)
        basis = [changes.log_entry(number), *(changes.player(p) for p in sorted(involved))]
        changes.based_on(row, version, basis)
        reopened = row.status == FINISHED
        if reopened:  # its results would leave leagues whose final was drawn from them
            league_feed.check_board_open(uow, row, "log_entry")
        before = {
            "seating": row.seating,
            "status": row.status,
            "chop": row.chop,
            "stacks": row.stacks,
            "adjustments": row.adjustments,
        }
        label = None
        seating, outs = _put_back(uow, row, target)
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
        whole = [changes.EVERYTHING] if reopened or target.kind == floor_log.CHOP else []
        touch(row, *basis, *whole, *([changes.MOVES] if outs else []))
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
