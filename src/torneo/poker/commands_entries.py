"""Players and their buy-ins (PKR-REG-1, PKR-LATE-1): bookings, entries, a roster of entries.

A late entry's seat is drawn at the shortest table (:func:`torneo.poker.commands_seats.seat_newcomer`);
if every table is full a closed table is reopened (or a new one opened) and the room rebalanced
(PKR-BAL-1), every move announced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.inputs import clean_name
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform import players as identities
from torneo.platform.guards import precheck
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker import commands_log as floor_log
from torneo.poker.commands import audit, not_finished, topic, touch
from torneo.poker.commands_seats import MoveOut, SeatOut, seat_newcomer
from torneo.poker.rules.entries import register
from torneo.poker.state import (
    check_version,
    get_tournament,
    level_number_at,
    load,
    seating_to_json,
)
from torneo.poker.state_access import authorize_tournament
from torneo.poker.tables import PokerEntrant, PokerPurchase, PokerTournament

# --- players and entries ----------------------------------------------------------------------


def _player(uow: UnitOfWork, name: str) -> Player:
    clean = clean_name("name", name)
    player = uow.session.scalars(
        select(Player).where(func.lower(Player.name) == clean.lower())
    ).first()
    return player or _new_player(uow, clean)


def _new_player(uow: UnitOfWork, name: str) -> Player:
    player = Player(name=name, created_at=uow.now)
    uow.session.add(player)
    uow.session.flush()
    return player


def _entrant(uow: UnitOfWork, row: PokerTournament, player: Player) -> PokerEntrant:
    for e in row.entrants:
        if e.player_id == player.id:
            return e
    entrant = PokerEntrant(player_id=player.id, booked=False, created_at=uow.now)
    row.entrants.append(entrant)
    return entrant


def book_player(
    store: Store, actor: Actor, tournament_id: int, *, name: str, version: int | None = None
) -> int:
    """PKR-LATE-1: a player books (by mail or phone) and may then enter late."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        not_finished(row)
        player = _player(uow, name)
        entrant = _entrant(uow, row, player)
        if entrant.booked:
            raise Conflict(
                "name",
                N_("%(name)s has already booked"),
                N_("a player not booked"),
                params={"name": player.name},
            )
        entrant.booked = True
        touch(row)
        audit(uow, row, "book", player=player.name, player_id=player.id)
        uow.notify(topic(row.id), "entries")
        return player.id


@dataclass(frozen=True, slots=True)
class EntryOut:
    player_id: int
    kind: str
    chips: int
    penalty: int
    level: int | None
    seat: SeatOut | None
    moves: tuple[MoveOut, ...] = ()


def add_purchase_row(uow: UnitOfWork, row: PokerTournament, purchase: Any) -> None:
    row.purchases.append(
        PokerPurchase(
            number=purchase.number,
            player_id=int(purchase.player),
            kind=purchase.kind.value,
            parts=[[p.kind.value, p.cents, p.name] for p in purchase.price.parts],
            price_chips=purchase.price.chips,
            chips=purchase.chips,
            penalty=purchase.penalty,
            level=purchase.level,
            at=uow.now,
        )
    )


def register_player(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    name: str,
    version: int | None = None,
    player: int | str | None = None,
) -> EntryOut:
    """The buy-in paid (PKR-REG-1). After the start it is a late entry (PKR-LATE-1): only for a
    player who booked, never after level 3, never for one who busted; the chip penalty is taken
    and a seat drawn. ``player`` says who it is: a known player's id or "new" (issue 12); a
    booked name is the player who booked."""
    precheck(actor, Action.MANAGE)
    choice = identities.identity(player)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        not_finished(row)
        state = load(row)
        clean = clean_name("name", name)
        match = identities.known_by_name(uow.session, clean)
        entered = {e.player_id for e in row.entrants}
        who = identities.chosen(uow.session, match, choice, entered) or _new_player(uow, clean)
        entrant = _entrant(uow, row, who)
        pid = PlayerId(who.id)
        level = level_number_at(state.clock, uow.now)
        _, purchase = register(
            state.ledger,
            state.options,
            pid,
            level,
            booked=entrant.booked,
            has_busted=state.field.has_busted(pid),
        )
        add_purchase_row(uow, row, purchase)
        seat: SeatOut | None = None
        moves: list[MoveOut] = []
        if state.seating is not None:
            since = floor_log.last_move_seq(row)
            seating, outs = seat_newcomer(uow, row, state, state.seating, pid)
            row.seating = seating_to_json(seating)
            table, number = seating.seat_of(pid)
            seat = SeatOut(who.id, table, number, outs[0].waits_for_button)
            moves = outs[1:]
            if level is not None:  # a late entry (PKR-LATE-1): the floor's log keeps it
                seqs = floor_log.moves_since(row, since)
                floor_log.log_action(
                    uow,
                    row,
                    floor_log.LATE_ENTRY,
                    who.id,
                    purchase=purchase.number,
                    seat=[table, number],
                    seat_move=seqs[0],
                    moves=seqs[1:],
                    opened=floor_log.opened_table(state.seating, seating),
                    players=[who.id, *floor_log.moved_players(row, seqs[1:])],
                )
        touch(row)
        audit(
            uow,
            row,
            purchase.kind.value,
            player=who.name,
            player_id=who.id,
            chips=purchase.chips,
            penalty=purchase.penalty,
            level=level,
            cents=purchase.price.cents,
        )
        uow.notify(topic(row.id), "entries")
        return EntryOut(
            who.id,
            purchase.kind.value,
            purchase.chips,
            purchase.penalty,
            level,
            seat,
            tuple(moves),
        )


def register_roster(
    store: Store, actor: Actor, tournament_id: int, names: Sequence[str]
) -> list[int]:
    """Several buy-ins before the start, all or none (a name twice refuses the whole list)."""
    precheck(actor, Action.MANAGE)
    clean = [clean_name("names", n) for n in names if n.strip()]
    if not clean:
        raise TorneoError("names", N_("no names given"), N_("one player a line"))
    seen: set[str] = set()
    for n in clean:
        if n.casefold() in seen:
            raise TorneoError(
                "names", N_("%(n)s is listed twice"), N_("each player once"), params={"n": n}
            )
        seen.add(n.casefold())
    ids: list[int] = []
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        if row.clock.get("started_at"):
            raise Conflict("names", N_("the clock has started"), N_("late entries one at a time"))
        state = load(row)
        ledger = state.ledger
        for n in clean:
            player = _player(uow, n)
            _entrant(uow, row, player)
            try:
                ledger, purchase = register(ledger, state.options, PlayerId(player.id), None)
            except TorneoError as err:
                raise TorneoError(
                    "names",
                    N_("%(name)s: %(reason)s"),
                    err.accepted_message,
                    params={"name": player.name, "reason": err.reason_message},
                ) from err
            add_purchase_row(uow, row, purchase)
            ids.append(player.id)
        touch(row)
        audit(uow, row, "roster", players=len(ids))
        uow.notify(topic(row.id), "entries")
    return ids
