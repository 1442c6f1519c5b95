"""The floor's actions during play (issue 8): bust-outs and the floor decision after them,
moves and their undo, the positions of a hand dealt.

One transaction each, on top of :mod:`torneo.poker.commands`: a refused action names the field
and changes nothing; a done one writes its rows, an audit row and a live notice. Re-entries,
rebuys and add-ons are in :mod:`.commands_purchases`, sanctions in :mod:`.commands_sanctions`,
chip counts and the chop in :mod:`.commands_chop`; they share :func:`open_running` and
:func:`finish` from here.

- A bust-out (PKR-END-1) takes the players out of their seats and lets the floor decide at once
  (PKR-BRK-1, then PKR-BAL-1/2 with the tournament's threshold, 2 or 3): every move is stored
  and announced ("Table 3 seat 4 → Table 1 seat 7"). When the runner-up busts the tournament
  is over, the clock stops, and the finishing order and payouts are final.
- Undo puts back the last balancing, breaking or director's move (a new, announced move); any
  action of the floor's log is undone by its entry in :mod:`.commands_undo` (issue 15 item 8).

Decision where the rules are silent: one player busting needs no chip count; two or more in the
same hand need each one's chips at the start of the hand (PKR-END-1 ranks them by it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker import state_changes as changes
from torneo.poker.commands import FINISHED, parse_int, topic, touch
from torneo.poker.commands_seats import MoveOut, add_move_row, record_moves
from torneo.poker.floor import commands_log as floor_log
from torneo.poker.league import commands_feed as league_feed
from torneo.poker.rules import clock as poker_clock
from torneo.poker.rules.balancing import BigBlindSeat, decide
from torneo.poker.rules.eliminations import bust_out as domain_bust_out
from torneo.poker.rules.positions import button_at, hand_dealt, record_hand
from torneo.poker.rules.seating import (
    HandPositions,
    MoveReason,
    Seating,
    apply_move,
    move_player,
    open_table_named,
    undo,
)
from torneo.poker.state import (
    PokerState,
    clock_to_json,
    get_tournament,
    level_number_at,
    load,
    move_of,
    next_rng,
    seating_to_json,
)
from torneo.poker.state_access import authorize_tournament
from torneo.poker.tables import PokerBust, PokerTournament

UNDOABLE = (MoveReason.BALANCE.value, MoveReason.BREAK.value, MoveReason.DIRECTOR.value)


def open_running(
    uow: UnitOfWork,
    tournament_id: int,
    version: int | None,
    action: Action,
    basis: Iterable[str] = (),
) -> tuple[PokerTournament, PokerState]:
    """The running tournament, locked, once the policy lets the actor do ``action`` on it and
    none of ``basis`` (what the action is based on, ``state_changes`` keys) changed after the
    ``version`` its client read (issue 26 item 1)."""
    row = get_tournament(uow.session, tournament_id, for_update=True)
    authorize_tournament(uow.session, uow.actor, row, action)
    changes.based_on(row, version, basis)  # what it changes: declared by its touch() once done
    if row.status == FINISHED:
        raise Conflict("status", N_("the tournament is finished"), N_("a tournament still running"))
    return row, load(row)


def playing_level(state: PokerState, uow: UnitOfWork) -> int:
    level = level_number_at(state.clock, uow.now)
    if level is None:
        raise Conflict(
            "clock", N_("the tournament clock has not started"), N_("start the clock first")
        )
    return level


def finish(uow: UnitOfWork, row: PokerTournament, state: PokerState) -> None:
    """PKR-END-1: the runner-up is out (or a chop): the clock stops, the results are final."""
    row.status = FINISHED
    row.finished_at = uow.now
    changes.declare(row, [changes.EVERYTHING])  # the end conflicts with every action read before it
    league_feed.feed(uow, row)  # PKR-LEAGUE-1/2: the results flow into its leagues (issue 17)
    if state.clock.is_running:
        row.clock = clock_to_json(poker_clock.pause(state.clock, uow.now))
    uow.notify(topic(row.id), "finished")


# --- bust-outs --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BustOutcome:
    places: tuple[tuple[int, int], ...]  # (player, finishing place)
    moves: tuple[MoveOut, ...]  # the floor decision, announced
    broken_table: int | None
    closed_tables: tuple[int, ...]
    finished: bool
    winner: int | None
    entry: int = 0  # its number in the floor's log (what the director undoes it by)


def refuse_out(row: PokerTournament, state: PokerState, ids: Sequence[PlayerId]) -> None:
    """Issue 26 item 1: a player busted (or disqualified) by another phone is "already out",
    named, before anything else is said or changed."""
    for p in ids:
        if p in state.field.players and p not in state.field.alive:
            raise Conflict(
                "players",
                N_("%(name)s is already out"),
                N_("a player still in the tournament"),
                params={"name": changes.entrant_name(row, p)},
            )


def _int_ids(field: str, values: Sequence[Any]) -> list[PlayerId]:
    ids = [PlayerId(parse_int(field, v, low=1)) for v in values]
    if len(set(ids)) != len(ids):
        raise TorneoError(field, N_("a player is listed twice"), N_("each player once"))
    return ids


def bust_out(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    players: Sequence[int | str],
    chips_at_start: Mapping[Any, int | str] | None = None,
    version: int | None = None,
) -> BustOutcome:
    """PKR-END-1 bust-out(s) of one hand, then the floor decision (PKR-BRK-1, PKR-BAL-1/2)."""
    precheck(actor, Action.OFFICIATE)
    ids = _int_ids("players", players)
    if not ids:
        raise TorneoError("players", N_("nobody to bust"), N_("one or more seated players"))
    given = {
        PlayerId(int(k)): parse_int("chips_at_start", v, low=1)
        for k, v in (chips_at_start or {}).items()
    }
    with store.unit(actor) as uow:
        row, state = open_running(uow, tournament_id, None, Action.OFFICIATE)
        refuse_out(row, state, ids)  # "already out" comes before "someone changed it"
        basis = [changes.player(p) for p in ids]
        changes.check_basis(row, version, basis)
        playing_level(state, uow)
        seating = state.require_seating()
        if len(ids) > 1:
            missing = [p for p in ids if p not in given]
            if missing:
                raise TorneoError(
                    "chips_at_start",
                    N_("no chip count for player %(player)s (several out in one hand)"),
                    N_("each busted player's chips at the start of the hand (PKR-END-1)"),
                    params={"player": missing[0]},
                )
        counts = row.stacks.get("counts", {})
        chips = {p: given.get(p) or int(counts.get(str(p), 0)) or 1 for p in ids}
        where = {p: seating.where.get(p) for p in ids}
        seq = max((b.seq for b in row.busts), default=0) + 1
        field, seating, finishes = domain_bust_out(state.field, seating, chips, seq)
        for p in ids:
            table, seat = where[p] or (0, 0)
            row.busts.append(
                PokerBust(
                    seq=seq,
                    player_id=int(p),
                    chips_at_start=chips[p],
                    table_no=table,
                    seat=seat,
                    readmitted=False,
                    at=uow.now,
                )
            )
        moves: list[MoveOut] = []
        broken: int | None = None
        closed: tuple[int, ...] = ()
        label = None
        since = floor_log.last_move_seq(row)
        if not field.is_over:
            rng, label = next_rng(row)
            seating, decision = decide(
                seating,
                rng,
                row.balance_threshold,
                row.break_order or None,
                BigBlindSeat(row.balance_seat),
            )
            moves = record_moves(uow, row, decision.moves)
            broken = decision.broken.table if decision.broken else None
            closed = decision.closed_empty
        row.seating = seating_to_json(seating)
        seqs = floor_log.moves_since(row, since)
        entry = floor_log.log_action(
            uow,
            row,
            floor_log.BUST,
            int(ids[0]),
            seq=seq,
            busted=[int(p) for p in ids],
            seat=list(where[ids[0]] or (0, 0)),
            players=[int(p) for p in ids] + floor_log.moved_players(row, seqs),
            moves=seqs,
            broken=broken,
            closed=list(closed),
            finished=field.is_over,
        )
        if field.is_over:
            finish(uow, row, state)
        touch(row, *basis, *([changes.MOVES] if moves else []))
        places = tuple((int(f.player), f.place) for f in finishes)
        uow.audit(
            "poker.bust",
            "poker_tournament",
            row.id,
            after={
                "places": places,
                "seed": label,
                "broken": broken,
                "moves": [m.announcement for m in moves],
                "entry": entry,
            },
        )
        uow.notify(topic(row.id), "bust", moves=len(moves))
        winner = int(field.winner) if field.winner is not None else None
        return BustOutcome(places, tuple(moves), broken, closed, field.is_over, winner, entry)


# --- moves ------------------------------------------------------------------------------------


def undo_last_move(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> MoveOut:
    """Put back the last balancing, breaking or director's move (announced as a move)."""
    precheck(actor, Action.OFFICIATE)
    with store.unit(actor) as uow:
        row, state = open_running(uow, tournament_id, version, Action.OFFICIATE, [changes.MOVES])
        seating = state.require_seating()
        last = next((m for m in reversed(row.moves) if not m.undone and m.reason in UNDOABLE), None)
        if last is None:
            raise Conflict(
                "moves",
                N_("there is no move to undo"),
                N_("a balancing, breaking or director's move"),
            )
        move = move_of(last)
        seating = undo(seating, move)
        last.undone = True
        for entry in row.log:  # a director's move undone here is undone in the floor's log too
            if entry.kind == floor_log.MOVE and entry.details.get("moves") == [last.seq]:
                entry.undone_at = uow.now
                entry.undone_by = actor.name
        back = move.reversed()
        out = add_move_row(
            uow,
            row,
            back.player,
            (back.to_table, back.to_seat),
            MoveReason.UNDO.value,
            (back.from_table, back.from_seat),
        )
        row.seating = seating_to_json(seating)
        touch(row, changes.MOVES)
        uow.audit("poker.undo", "poker_tournament", row.id, after={"move": out.announcement})
        uow.notify(topic(row.id), "moves")
        return out


def move_player_to(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    player_id: int | str,
    table: int | str,
    seat: int | str,
    version: int | None = None,
) -> MoveOut:
    """The director moves a player by hand (two players in one seat: refused)."""
    precheck(actor, Action.OFFICIATE)
    pid = PlayerId(parse_int("player_id", player_id, low=1))
    to_table = parse_int("table", table, low=1)
    to_seat = parse_int("seat", seat, low=1)
    with store.unit(actor) as uow:
        basis = [changes.player(pid), changes.seat(to_table, to_seat)]
        row, state = open_running(uow, tournament_id, version, Action.OFFICIATE, basis)
        seating = state.require_seating()
        move = move_player(seating, pid, to_table, to_seat)
        seating = apply_move(seating, move)
        since = floor_log.last_move_seq(row)
        (out,) = record_moves(uow, row, [move])
        row.seating = seating_to_json(seating)
        entry = floor_log.log_action(
            uow,
            row,
            floor_log.MOVE,
            int(pid),
            players=[int(pid)],
            moves=floor_log.moves_since(row, since),
        )
        touch(row, changes.MOVES, *basis)
        uow.audit(
            "poker.move",
            "poker_tournament",
            row.id,
            after={"move": out.announcement, "entry": entry},
        )
        uow.notify(topic(row.id), "moves")
        return out


def record_hand_positions(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    table: int | str,
    button: int | str,
    small_blind: int | str,
    big_blind: int | str,
    version: int | None = None,
) -> None:
    """Where the button and the blinds were in the hand just dealt (PKR-BTN-1, PKR-DEAD-1):
    the director's view then shows the next hand's positions, the dead-button way."""
    precheck(actor, Action.OFFICIATE)
    number = parse_int("table", table, low=1)
    positions = HandPositions(
        parse_int("button", button, low=1),
        parse_int("small_blind", small_blind, low=1),
        parse_int("big_blind", big_blind, low=1),
    )
    _record(
        store, actor, tournament_id, number, version, lambda s: record_hand(s, number, positions)
    )


def record_button(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    table: int | str,
    button: int | str | None = None,
    version: int | None = None,
) -> None:
    """The director's page records the button (PKR-BTN-1, PKR-BAL-2, issue 28 item 5): without
    ``button``, one tap a hand (the hand shown as next was dealt); with it, the seat where the
    dealer button is in the hand being played. Balancing then moves the player due the big
    blind after it, not the one it moved in last."""
    precheck(actor, Action.OFFICIATE)
    number = parse_int("table", table, low=1)
    if button is None or not str(button).strip():
        _record(store, actor, tournament_id, number, version, lambda s: hand_dealt(s, number))
        return
    seat = parse_int("button", button, low=1)
    _record(store, actor, tournament_id, number, version, lambda s: button_at(s, number, seat))


def _record(
    store: Store,
    actor: Actor,
    tournament_id: int,
    number: int,
    version: int | None,
    deal: Callable[[Seating], Seating],
) -> None:
    """The hand of one of the tournament's open tables recorded, audited and announced."""
    with store.unit(actor) as uow:
        row, state = open_running(
            uow, tournament_id, version, Action.OFFICIATE, [changes.table(number)]
        )
        seating = state.require_seating()
        open_table_named(seating, number)
        seating = deal(seating)
        positions = seating.table(number).last_hand
        assert positions is not None
        row.seating = seating_to_json(seating)
        touch(row, changes.table(number))
        uow.audit(
            "poker.hand",
            "poker_tournament",
            row.id,
            after={
                "table": number,
                "positions": [positions.button, positions.small_blind, positions.big_blind],
            },
        )
        uow.notify(topic(row.id), "seats")
