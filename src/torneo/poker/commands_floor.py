"""The floor's actions during play (issue 8): bust-outs and the floor decision after them,
moves and their undo, re-entries, rebuys, add-ons, sanctions, chip counts and the chop.

One transaction each, on top of :mod:`torneo.poker.commands`: a refused action names the field
and changes nothing; a done one writes its rows, an audit row and a live notice.

- A bust-out (PKR-END-1) takes the players out of their seats and lets the floor decide at once
  (PKR-BRK-1, then PKR-BAL-1/2 with the tournament's threshold, 2 or 3): every move is stored
  and announced ("Table 3 seat 4 → Table 1 seat 7"). When the runner-up busts the tournament
  is over, the clock stops, and the finishing order and payouts are final.
- Undo puts back the last balancing, breaking or director's move (a new, announced move).
- A disqualification (PKR-PEN-1) removes the player's chips from play and rebalances.

Decisions where the rules are silent:
- one player busting needs no chip count; two or more in the same hand need each one's chips
  at the start of the hand (PKR-END-1 ranks them by it);
- a rebuy is for a player still in (a busted player re-enters, where offered);
- chip counts must name every player still in, and add up to the chips in play;
- a chop ends the tournament: the players left take the chopped amounts and are placed by the
  chips they hold (equal stacks, or an equal chop without counts: in the order they entered).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.platform.guards import require
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker.commands import (
    FINISHED,
    JUDGE,
    ORGANIZER,
    EntryOut,
    MoveOut,
    SeatOut,
    add_move_row,
    add_purchase_row,
    parse_int,
    record_moves,
    seat_newcomer,
    topic,
    touch,
)
from torneo.poker.rules import clock as poker_clock
from torneo.poker.rules.balancing import decide
from torneo.poker.rules.colour_up import check_chip_counts
from torneo.poker.rules.eliminations import bust_out as domain_bust_out
from torneo.poker.rules.entries import add_on as domain_add_on
from torneo.poker.rules.entries import re_enter as domain_re_enter
from torneo.poker.rules.entries import rebuy as domain_rebuy
from torneo.poker.rules.icm import chop_icm
from torneo.poker.rules.payouts import chop_chips, chop_equal, prizes_for_field
from torneo.poker.rules.sanctions import SanctionKind, sanction
from torneo.poker.rules.seating import (
    HandPositions,
    MoveReason,
    apply_move,
    move_player,
    record_hand,
    undo,
    unseat,
)
from torneo.poker.state import (
    PokerState,
    check_version,
    clock_to_json,
    get_tournament,
    level_number_at,
    load,
    move_of,
    next_rng,
    seating_to_json,
)
from torneo.poker.tables import PokerBust, PokerSanction, PokerTournament

UNDOABLE = (MoveReason.BALANCE.value, MoveReason.BREAK.value, MoveReason.DIRECTOR.value)
CHOPS = ("equal", "chips", "icm")


def _open(
    uow: UnitOfWork, tournament_id: int, version: int | None
) -> tuple[PokerTournament, PokerState]:
    row = get_tournament(uow.session, tournament_id, for_update=True)
    check_version(row, version)
    if row.status == FINISHED:
        raise Conflict("status", "the tournament is finished", "a tournament still running")
    return row, load(row)


def _playing_level(state: PokerState, uow: UnitOfWork) -> int:
    level = level_number_at(state.clock, uow.now)
    if level is None:
        raise Conflict("clock", "the tournament clock has not started", "start the clock first")
    return level


def _finish(uow: UnitOfWork, row: PokerTournament, state: PokerState) -> None:
    """PKR-END-1: the runner-up is out (or a chop): the clock stops, the results are final."""
    row.status = FINISHED
    row.finished_at = uow.now
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


def _int_ids(field: str, values: Sequence[Any]) -> list[PlayerId]:
    ids = [PlayerId(parse_int(field, v, low=1)) for v in values]
    if len(set(ids)) != len(ids):
        raise TorneoError(field, "a player is listed twice", "each player once")
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
    require(actor, ORGANIZER, JUDGE)
    ids = _int_ids("players", players)
    if not ids:
        raise TorneoError("players", "nobody to bust", "one or more seated players")
    given = {
        PlayerId(int(k)): parse_int("chips_at_start", v, low=1)
        for k, v in (chips_at_start or {}).items()
    }
    with store.unit(actor) as uow:
        row, state = _open(uow, tournament_id, version)
        _playing_level(state, uow)
        seating = state.require_seating()
        if len(ids) > 1:
            missing = [p for p in ids if p not in given]
            if missing:
                raise TorneoError(
                    "chips_at_start",
                    f"no chip count for player {missing[0]} (several out in one hand)",
                    "each busted player's chips at the start of the hand (PKR-END-1)",
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
        if not field.is_over:
            rng, label = next_rng(row)
            seating, decision = decide(seating, rng, row.balance_threshold, row.break_order or None)
            moves = record_moves(uow, row, decision.moves)
            broken = decision.broken.table if decision.broken else None
            closed = decision.closed_empty
        row.seating = seating_to_json(seating)
        if field.is_over:
            _finish(uow, row, state)
        touch(row)
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
            },
        )
        uow.notify(topic(row.id), "bust", moves=len(moves))
        winner = int(field.winner) if field.winner is not None else None
        return BustOutcome(places, tuple(moves), broken, closed, field.is_over, winner)


# --- moves ------------------------------------------------------------------------------------


def undo_last_move(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> MoveOut:
    """Put back the last balancing, breaking or director's move (announced as a move)."""
    require(actor, ORGANIZER, JUDGE)
    with store.unit(actor) as uow:
        row, state = _open(uow, tournament_id, version)
        seating = state.require_seating()
        last = next((m for m in reversed(row.moves) if not m.undone and m.reason in UNDOABLE), None)
        if last is None:
            raise Conflict(
                "moves", "there is no move to undo", "a balancing, breaking or director's move"
            )
        move = move_of(last)
        seating = undo(seating, move)
        last.undone = True
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
        touch(row)
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
    require(actor, ORGANIZER, JUDGE)
    pid = PlayerId(parse_int("player_id", player_id, low=1))
    to_table = parse_int("table", table, low=1)
    to_seat = parse_int("seat", seat, low=1)
    with store.unit(actor) as uow:
        row, state = _open(uow, tournament_id, version)
        seating = state.require_seating()
        move = move_player(seating, pid, to_table, to_seat)
        seating = apply_move(seating, move)
        (out,) = record_moves(uow, row, [move])
        row.seating = seating_to_json(seating)
        touch(row)
        uow.audit("poker.move", "poker_tournament", row.id, after={"move": out.announcement})
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
    require(actor, ORGANIZER, JUDGE)
    number = parse_int("table", table, low=1)
    positions = HandPositions(
        parse_int("button", button, low=1),
        parse_int("small_blind", small_blind, low=1),
        parse_int("big_blind", big_blind, low=1),
    )
    with store.unit(actor) as uow:
        row, state = _open(uow, tournament_id, version)
        seating = record_hand(state.require_seating(), number, positions)
        row.seating = seating_to_json(seating)
        touch(row)
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
    require(actor, ORGANIZER)
    pid = PlayerId(parse_int("player_id", player_id, low=1))
    with store.unit(actor) as uow:
        row, state = _open(uow, tournament_id, version)
        level = _playing_level(state, uow)
        _, purchase = domain_re_enter(
            state.ledger, state.options, pid, level, state.field.has_busted(pid)
        )
        add_purchase_row(uow, row, purchase)
        for bust in row.busts:
            if bust.player_id == pid:
                bust.readmitted = True
        seating, outs = seat_newcomer(uow, row, state, state.require_seating(), pid)
        row.seating = seating_to_json(seating)
        table, seat = seating.seat_of(pid)
        touch(row)
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
        raise TorneoError("player_id", f"player {pid} never entered", "a player in the tournament")
    if pid not in state.field.alive:
        raise Conflict(
            "player_id", f"player {pid} is out", "a player still in (a re-entry instead)"
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
    require(actor, ORGANIZER)
    pid = PlayerId(parse_int("player_id", player_id, low=1))
    chips = parse_int("stack", stack, low=0)
    with store.unit(actor) as uow:
        row, state = _open(uow, tournament_id, version)
        level = _playing_level(state, uow)
        _still_in(state, pid)
        _, purchase = domain_rebuy(state.ledger, state.options, pid, level, chips)
        add_purchase_row(uow, row, purchase)
        touch(row)
        uow.audit(
            "poker.rebuy",
            "poker_tournament",
            row.id,
            after={"player_id": int(pid), "level": level, "cents": purchase.price.cents},
        )
        uow.notify(topic(row.id), "entries")
        return EntryOut(int(pid), purchase.kind.value, purchase.chips, 0, level, None)


def add_on(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    player_id: int | str,
    version: int | None = None,
) -> EntryOut:
    """The add-on (the Saturday "6,000+6,000"), once per entry, for a player still in."""
    require(actor, ORGANIZER)
    pid = PlayerId(parse_int("player_id", player_id, low=1))
    with store.unit(actor) as uow:
        row, state = _open(uow, tournament_id, version)
        level = _playing_level(state, uow)
        _still_in(state, pid)
        _, purchase = domain_add_on(state.ledger, state.options, pid, level, False)
        add_purchase_row(uow, row, purchase)
        touch(row)
        uow.audit(
            "poker.add_on",
            "poker_tournament",
            row.id,
            after={"player_id": int(pid), "level": level, "cents": purchase.price.cents},
        )
        uow.notify(topic(row.id), "entries")
        return EntryOut(int(pid), purchase.kind.value, purchase.chips, 0, level, None)


# --- sanctions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SanctionOut:
    player_id: int
    kind: str
    orbits: int
    hands: int
    chips_removed: int
    moves: tuple[MoveOut, ...] = ()


def sanction_player(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    player_id: int | str,
    kind: str,
    infraction: str,
    ruling: str = "",
    orbits: int | str = 0,
    stack: int | str | None = None,
    version: int | None = None,
) -> SanctionOut:
    """PKR-PEN-1: warning; missed hands for 1–4 orbits (an orbit = the players at the table,
    the penalised one included); disqualification with the chips removed. Repeats escalate."""
    require(actor, ORGANIZER, JUDGE)
    pid = PlayerId(parse_int("player_id", player_id, low=1))
    try:
        sanction_kind = SanctionKind(kind.strip())
    except ValueError:
        raise TorneoError("kind", f"'{kind}'", ", ".join(k.value for k in SanctionKind)) from None
    turns = parse_int("orbits", orbits or 0, low=0)
    with store.unit(actor) as uow:
        row, state = _open(uow, tournament_id, version)
        seating = state.require_seating()
        if not seating.is_seated(pid):
            raise TorneoError("player_id", f"player {pid} is not seated", "a seated player")
        table, _ = seating.seat_of(pid)
        at_table = seating.table(table).count
        chips = 0
        if sanction_kind is SanctionKind.DISQUALIFICATION:
            if stack is None or not str(stack).strip():
                raise TorneoError(
                    "stack", "no chip count for a disqualification", "the chips removed from play"
                )
            chips = parse_int("stack", stack, low=0, high=state.ledger.chips_in_play)
        record = sanction(
            state.sanctions, pid, sanction_kind, infraction, ruling, turns, at_table, chips
        )
        row.sanctions.append(
            PokerSanction(
                player_id=int(pid),
                kind=record.kind.value,
                orbits=record.orbits,
                hands=record.hands,
                chips_removed=record.chips_removed,
                infraction=record.infraction,
                ruling=record.ruling,
                at=uow.now,
            )
        )
        moves: list[MoveOut] = []
        if sanction_kind is SanctionKind.DISQUALIFICATION:
            row.adjustments = [
                *row.adjustments,
                {"reason": f"disqualification of player {pid}", "chips": -chips},
            ]
            seating = unseat(seating, pid)
            alive = [p for p in state.field.alive if p != pid]
            if len(alive) > 1:
                rng, _ = next_rng(row)
                seating, decision = decide(
                    seating, rng, row.balance_threshold, row.break_order or None
                )
                moves = record_moves(uow, row, decision.moves)
            row.seating = seating_to_json(seating)
            if len(alive) == 1:
                _finish(uow, row, state)
        touch(row)
        uow.audit(
            "poker.sanction",
            "poker_tournament",
            row.id,
            after={
                "player_id": int(pid),
                "kind": record.kind.value,
                "orbits": record.orbits,
                "hands": record.hands,
                "chips_removed": record.chips_removed,
                "infraction": record.infraction,
                "ruling": record.ruling,
            },
        )
        uow.notify(topic(row.id), "sanction")
        return SanctionOut(
            int(pid),
            record.kind.value,
            record.orbits,
            record.hands,
            record.chips_removed,
            tuple(moves),
        )


# --- chip counts and the chop -----------------------------------------------------------------


def _counts(state: PokerState, counts: Mapping[Any, Any], field: str) -> dict[PlayerId, int]:
    parsed = {
        PlayerId(parse_int(field, k, low=1)): parse_int(field, v, low=0) for k, v in counts.items()
    }
    alive = set(state.field.alive)
    unknown = [p for p in parsed if p not in alive]
    if unknown:
        raise TorneoError(
            field, f"player {unknown[0]} is not in the tournament", "players still in"
        )
    missing = [p for p in state.field.alive if p not in parsed]
    if missing:
        raise TorneoError(
            field, f"no count for player {missing[0]}", "a count for every player still in"
        )
    try:
        check_chip_counts(parsed, state.ledger.chips_in_play)
    except TorneoError as err:
        raise TorneoError(field, err.reason, err.accepted) from err
    return parsed


def record_chip_counts(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    counts: Mapping[Any, Any],
    version: int | None = None,
) -> None:
    """The chips of every player still in; refused unless they add up to the chips in play."""
    require(actor, ORGANIZER, JUDGE)
    with store.unit(actor) as uow:
        row, state = _open(uow, tournament_id, version)
        parsed = _counts(state, counts, "chip_counts")
        row.stacks = {"at": uow.now.isoformat(), "counts": {str(p): c for p, c in parsed.items()}}
        uow.audit("poker.chip_counts", "poker_tournament", row.id, after=row.stacks)
        uow.notify(topic(row.id), "stacks")


def chop(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    method: str,
    stacks: Mapping[Any, Any] | None = None,
    version: int | None = None,
) -> dict[int, int]:
    """A deal among the players left: equal, chip-proportional or ICM (exact), in cents rounded
    to the club's unit without losing one; the tournament ends with it."""
    require(actor, ORGANIZER)
    if method not in CHOPS:
        raise TorneoError("method", f"'{method}'", ", ".join(CHOPS))
    with store.unit(actor) as uow:
        row, state = _open(uow, tournament_id, version)
        alive = list(state.field.alive)
        if len(alive) < 2:
            raise Conflict("players", f"{len(alive)} player(s) left", "two or more to chop")
        ledger = state.ledger
        amounts = prizes_for_field(
            state.payouts,
            ledger.prize_pool,
            ledger.entries,
            len(state.field.players),
            state.unit_cents,
        )
        counts: dict[PlayerId, int] = {}
        if method != "equal" or stacks:
            counts = _counts(state, stacks or {}, "stacks")
        if method == "equal":
            shares = chop_equal(amounts, len(alive), state.unit_cents)
        elif method == "chips":
            shares = chop_chips(amounts, [counts[p] for p in alive], state.unit_cents)
        else:
            shares = chop_icm([counts[p] for p in alive], amounts, state.unit_cents)
        result = {int(p): s for p, s in zip(alive, shares, strict=True)}
        order = sorted(alive, key=lambda p: (-counts.get(p, 0), alive.index(p)))
        row.chop = {
            "method": method,
            "amounts": {str(p): c for p, c in result.items()},
            "stacks": {str(p): c for p, c in counts.items()},
            "places": {str(p): i for i, p in enumerate(order, start=1)},
        }
        if counts:
            row.stacks = {"at": uow.now.isoformat(), "counts": row.chop["stacks"]}
        _finish(uow, row, state)
        touch(row)
        uow.audit("poker.chop", "poker_tournament", row.id, after=row.chop)
        return result
