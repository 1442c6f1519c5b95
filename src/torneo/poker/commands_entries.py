"""Players and their buy-ins (PKR-REG-1, PKR-LATE-1): bookings, entries, a roster of entries.

A late entry's seat is drawn at the shortest table (:func:`torneo.poker.commands_seats.seat_newcomer`);
if every table is full a closed table is reopened (or a new one opened) and the room rebalanced
(PKR-BAL-1), every move announced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, insert, select

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.inputs import PlayerInput, clean_name
from torneo.core.messages import N_, Message
from torneo.core.policy import Action
from torneo.platform import players as identities
from torneo.platform.guards import precheck
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker import state_changes as changes
from torneo.poker.commands import audit, not_finished, topic, touch
from torneo.poker.commands_seats import MoveOut, SeatOut, seat_newcomer
from torneo.poker.floor import commands_log as floor_log
from torneo.poker.rules.entries import Purchase, register
from torneo.poker.rules.entries_roster import register_all
from torneo.poker.state import (
    get_tournament,
    level_number_at,
    load,
    seating_to_json,
)
from torneo.poker.state_access import authorize_tournament
from torneo.poker.tables import PokerEntrant, PokerPurchase, PokerTournament

# --- players and entries ----------------------------------------------------------------------


def _player(uow: UnitOfWork, name: str, club_id: int) -> Player:
    clean = clean_name("name", name)
    player = uow.session.scalars(
        select(Player).where(func.lower(Player.name) == clean.lower())
    ).first()
    return player or _new_player(uow, clean, club_id)


def _new_player(uow: UnitOfWork, name: str, club_id: int) -> Player:
    player = Player(name=name, created_at=uow.now, club_id=club_id)
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
        changes.based_on(row, version, ())
        not_finished(row)
        player = _player(uow, name, row.club_id)
        entrant = _entrant(uow, row, player)
        if entrant.booked:
            raise Conflict(
                "name",
                N_("%(name)s has already booked"),
                N_("a player not booked"),
                params={"name": player.name},
            )
        entrant.booked = True
        touch(row, changes.player(player.id))
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
    row.purchases.append(PokerPurchase(**purchase_values(purchase), at=uow.now))


def purchase_values(purchase: Purchase) -> dict[str, Any]:
    """A purchase's columns (without the tournament and the moment)."""
    return {
        "number": purchase.number,
        "player_id": int(purchase.player),
        "kind": purchase.kind.value,
        "parts": [[p.kind.value, p.cents, p.name] for p in purchase.price.parts],
        "price_chips": purchase.price.chips,
        "chips": purchase.chips,
        "penalty": purchase.penalty,
        "level": purchase.level,
    }


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
        changes.based_on(row, version, ())
        not_finished(row)
        state = load(row)
        clean = clean_name("name", name)
        match = identities.known_by_name(uow.session, clean)
        entered = {e.player_id for e in row.entrants}
        who = identities.chosen(uow.session, match, choice, entered) or _new_player(
            uow, clean, row.club_id
        )
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
        touch(row, changes.player(pid), *([changes.MOVES] if moves else []))
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
    """Several buy-ins before the start, all or none; every bad line is listed (PKR-REG-1).

    Issue 14: the names are checked and their known players looked up before the tournament row
    is locked; under the lock, the entries are judged as a whole
    (:func:`torneo.poker.rules.entries_roster.register_all`) and written one statement per
    batch of players, entrants and purchases, with the code card events use
    (:mod:`torneo.platform.players`).
    """
    precheck(actor, Action.MANAGE)
    with store.read() as session:  # issue 27: "you may not" before the names are checked
        authorize_tournament(session, actor, get_tournament(session, tournament_id), Action.MANAGE)
    clean = _clean_names(names)
    with store.unit(actor) as uow:
        known = identities.known_players(uow.session, clean)
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        if row.clock.get("started_at"):
            raise Conflict("names", N_("the clock has started"), N_("late entries one at a time"))
        state = load(row)
        found = [known.get(n.lower()) for n in clean]
        new = [PlayerInput(n, None, None) for n, f in zip(clean, found, strict=True) if f is None]
        created = iter(identities.insert_players(uow.session, uow.now, new, club_id=row.club_id))
        who = [
            (f.id, f.name) if f else (next(created), n) for n, f in zip(clean, found, strict=True)
        ]
        _, purchases, refused = register_all(
            state.ledger, state.options, [PlayerId(pid) for pid, _ in who]
        )
        if refused:  # the new players go with the rolled-back transaction
            problems = [
                Message(
                    N_("%(name)s: %(reason)s"), {"name": who[k][1], "reason": err.reason_message}
                )
                for k, err in refused
            ]
            accepted = refused[0][1].accepted_message
            raise TorneoError(
                "names", Message(N_("%(problems)s"), {"problems": problems}), accepted
            )
        # One executemany each, not the ORM's flush: that would ask for each new row's id back,
        # in order, which SQLite answers one row per statement. A booked player is an entrant.
        booked = {e.player_id for e in row.entrants}
        entrants = [
            {"tournament_id": row.id, "player_id": pid, "booked": False, "created_at": uow.now}
            for pid, _ in who
            if pid not in booked
        ]
        if entrants:
            uow.session.execute(insert(PokerEntrant), [{**e, "version": 1} for e in entrants])
        uow.session.execute(
            insert(PokerPurchase),
            [
                {**purchase_values(p), "tournament_id": row.id, "at": uow.now, "version": 1}
                for p in purchases
            ],
        )
        touch(row, *(changes.player(pid) for pid, _ in who))
        audit(uow, row, "roster", players=len(who))
        uow.notify(topic(row.id), "entries")
    return [pid for pid, _ in who]


def _clean_names(names: Sequence[str]) -> list[str]:
    """The names given, blank lines skipped; every bad or repeated one listed in one refusal."""
    clean: list[str] = []
    problems: list[Message] = []
    seen: set[str] = set()
    for line, text in enumerate(names, start=1):
        if not text.strip():
            continue
        try:
            name = clean_name("names", text)
        except TorneoError as err:
            problems.append(
                Message(
                    N_("line %(line)s: %(field)s: %(reason)s"),
                    {"line": line, "field": err.field, "reason": err.reason_message},
                )
            )
            continue
        if name.casefold() in seen:
            problems.append(Message(N_("%(n)s is listed twice"), {"n": name}))
            continue
        seen.add(name.casefold())
        clean.append(name)
    if problems:
        raise TorneoError(
            "names", Message(N_("%(problems)s"), {"problems": problems}), N_("each player once")
        )
    if not clean:
        raise TorneoError("names", N_("no names given"), N_("one player a line"))
    return clean
