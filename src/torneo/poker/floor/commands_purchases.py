"""The floor's purchases during play (PKR-REG-1, PKR-SCHED-1): re-entries, rebuys and add-ons.

A re-entry is a new entry for a busted player, where the tournament offers one, with a seat
drawn like a late entry's; a rebuy is for a player still in (a busted player re-enters); an
add-on is one per entry.
"""

from __future__ import annotations

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker.commands import parse_int, topic, touch
from torneo.poker.commands_entries import EntryOut, add_purchase_row
from torneo.poker.commands_seats import SeatOut, seat_newcomer
from torneo.poker.floor import commands_log as floor_log
from torneo.poker.floor.commands import open_running, playing_level
from torneo.poker.rules.entries import Purchase
from torneo.poker.rules.entries import add_on as domain_add_on
from torneo.poker.rules.entries import re_enter as domain_re_enter
from torneo.poker.rules.entries import rebuy as domain_rebuy
from torneo.poker.state import (
    PokerState,
    seating_to_json,
)
from torneo.poker.state_changes import MOVES, player
from torneo.poker.tables import PokerTournament

# --- re-entries, rebuys, add-ons --------------------------------------------------------------


def re_enter(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    player_id: int | str,
    version: int | None = None,
) -> EntryOut:
    """A busted player enters again where the tournament offers it ("con la vita", PKR-REG-1):
    the earlier bust leaves the finishing order, a seat is drawn, the room rebalanced."""
    precheck(actor, Action.MANAGE)
    pid = PlayerId(parse_int("player_id", player_id, low=1))
    with store.unit(actor) as uow:
        row, state = open_running(uow, tournament_id, version, Action.MANAGE, [player(pid)])
        level = playing_level(state, uow)
        _, purchase = domain_re_enter(
            state.ledger, state.options, pid, level, state.field.has_busted(pid)
        )
        add_purchase_row(uow, row, purchase)
        readmitted = []
        for bust in row.busts:
            if bust.player_id == pid and not bust.readmitted:
                bust.readmitted = True
                readmitted.append(bust.seq)
        since = floor_log.last_move_seq(row)
        before = state.require_seating()
        seating, outs = seat_newcomer(uow, row, state, before, pid)
        row.seating = seating_to_json(seating)
        table, seat = seating.seat_of(pid)
        seqs = floor_log.moves_since(row, since)
        floor_log.log_action(
            uow,
            row,
            floor_log.RE_ENTRY,
            int(pid),
            purchase=purchase.number,
            readmitted=readmitted,
            seat=[table, seat],
            seat_move=seqs[0],
            moves=seqs[1:],  # the seat drawn is the first; then the balancing (PKR-BAL-1)
            opened=floor_log.opened_table(before, seating),
            players=[int(pid), *floor_log.moved_players(row, seqs[1:])],
        )
        touch(row, player(pid), MOVES)
        uow.audit(
            "poker.re_entry",
            "poker_tournament",
            row.id,
            after={"player_id": int(pid), "level": level, "cents": purchase.price.cents},
        )
        uow.notify(topic(row.id), "entries")
        return EntryOut(
            int(pid),
            purchase.kind.value,
            purchase.chips,
            0,
            level,
            SeatOut(int(pid), table, seat, outs[0].waits_for_button),
            tuple(outs[1:]),
        )


def _still_in(state: PokerState, pid: PlayerId) -> None:
    if not state.ledger.has_entered(pid):
        raise TorneoError(
            "player_id",
            N_("player %(player)s never entered"),
            N_("a player in the tournament"),
            params={"player": pid},
        )
    if pid not in state.field.alive:
        raise Conflict(
            "player_id",
            N_("player %(player)s is out"),
            N_("a player still in (a re-entry instead)"),
            params={"player": pid},
        )


def rebuy(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    player_id: int | str,
    stack: int | str = 0,
    version: int | None = None,
) -> EntryOut:
    """A rebuy where offered, within its limits (count, stack, last level)."""
    precheck(actor, Action.MANAGE)
    pid = PlayerId(parse_int("player_id", player_id, low=1))
    chips = parse_int("stack", stack, low=0)
    with store.unit(actor) as uow:
        row, state = open_running(uow, tournament_id, version, Action.MANAGE, [player(pid)])
        level = playing_level(state, uow)
        _still_in(state, pid)
        _, purchase = domain_rebuy(state.ledger, state.options, pid, level, chips)
        return _bought(uow, row, pid, level, purchase, floor_log.REBUY, "poker.rebuy")


def add_on(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    player_id: int | str,
    version: int | None = None,
) -> EntryOut:
    """The add-on (the Saturday "6,000+6,000"), once per entry, for a player still in."""
    precheck(actor, Action.MANAGE)
    pid = PlayerId(parse_int("player_id", player_id, low=1))
    with store.unit(actor) as uow:
        row, state = open_running(uow, tournament_id, version, Action.MANAGE, [player(pid)])
        level = playing_level(state, uow)
        _still_in(state, pid)
        _, purchase = domain_add_on(state.ledger, state.options, pid, level, False)
        return _bought(uow, row, pid, level, purchase, floor_log.ADD_ON, "poker.add_on")


def _bought(
    uow: UnitOfWork,
    row: PokerTournament,
    pid: PlayerId,
    level: int,
    purchase: Purchase,
    kind: str,
    action: str,
) -> EntryOut:
    """A rebuy's or an add-on's rows: the purchase, the floor's log, the player's stamp, the
    audit row and the notice (one shape for both, PKR-REG-1)."""
    add_purchase_row(uow, row, purchase)
    floor_log.log_action(uow, row, kind, int(pid), purchase=purchase.number, players=[])
    touch(row, player(pid))
    uow.audit(
        action,
        "poker_tournament",
        row.id,
        after={"player_id": int(pid), "level": level, "cents": purchase.price.cents},
    )
    uow.notify(topic(row.id), "entries")
    return EntryOut(int(pid), purchase.kind.value, purchase.chips, 0, level, None)
