"""Use cases of a poker tournament (issue 8, RULES.md §4): setup, entries, seat draw, clock.

One transaction each: load the tournament's rows, rebuild the pure domain (``poker_state``),
call it, save what changed, write an audit row and a live notice on ``poker:<id>``. A refused
action raises a :class:`TorneoError` naming the field, and nothing is changed.

The floor's actions during play (bust-outs, moves, sanctions, re-entries, rebuys, add-ons, chip
counts, the chop) are in :mod:`torneo.poker.commands_floor`; the read models for the pages and
the API in :mod:`torneo.poker.views`.

Roles: the organizer sets up the tournament and takes the money; the clock, the seat draw, the
bust-outs, the moves and the sanctions may also be run by a judge (the floor).

Decisions where the rules are silent:
- a tournament made from a weekly template must be held on that template's weekday (and, for
  "the first Sunday of the month", in the first week): a Tuesday tournament on a Wednesday is
  refused rather than quietly mislabelled;
- the structure, the entry options and the seat capacity can be edited until the clock starts;
  the payout table until the tournament ends (clubs fix it when the field is known);
- the seats may be drawn again until the clock starts (a late arrival before the start);
- a late entry's seat is drawn at the shortest table; if every table is full, a closed table is
  reopened (or a new one opened) and the room rebalanced (PKR-BAL-1), every move announced.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm.attributes import flag_modified

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.inputs import clean_name, parse_date
from torneo.platform.guards import require
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker.rules import clock as poker_clock
from torneo.poker.rules.balancing import check_threshold, decide
from torneo.poker.rules.entries import BuyInPart, PartKind, Price, PurchaseKind, register
from torneo.poker.rules.payouts import PayoutRow, PayoutTable
from torneo.poker.rules.presets import club_payouts, entry_options, weekly, weekly_structure
from torneo.poker.rules.seating import (
    Move,
    SeatAssignment,
    Seating,
    assign,
    check_capacity,
    draw_seat_for,
    draw_seats,
    open_table,
)
from torneo.poker.rules.structure import BlindLevel, Break, Step, Structure, check_structure
from torneo.poker.state import (
    PokerState,
    check_version,
    clock_to_json,
    get_tournament,
    level_number_at,
    load,
    next_rng,
    options_of,
    options_to_json,
    payouts_to_json,
    price_to_json,
    seating_to_json,
    structure_to_json,
)
from torneo.poker.tables import PokerEntrant, PokerMove, PokerPurchase, PokerTournament
from torneo.presets import load_preset
from torneo.presets.poker import PokerRules

ORGANIZER = "organizer"
JUDGE = "judge"
DEFAULT_PRESET = "lifeclub-poker"

REGISTRATION = "registration"
RUNNING = "running"
FINISHED = "finished"

_THOUSANDS = re.compile(r"^-?\d{1,3}([.,]\d{3})+$")

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def topic(tournament_id: int) -> str:
    """The live-notice topic of a tournament (its pages poll or subscribe to it)."""
    return f"poker:{tournament_id}"


def touch(row: PokerTournament) -> None:
    """Every change bumps the tournament's version, so a stale phone is detected."""
    flag_modified(row, "options")


def poker_rules(preset: str) -> PokerRules:
    ruleset = load_preset(preset)
    if ruleset.discipline != "poker" or ruleset.poker is None:
        raise TorneoError(
            "preset", f"'{preset}' is a {ruleset.discipline} preset", "a poker preset"
        )
    return ruleset.poker


def _audit(uow: UnitOfWork, row: PokerTournament, action: str, **after: Any) -> None:
    uow.audit(f"poker.{action}", "poker_tournament", row.id, after=after or None)


def _not_finished(row: PokerTournament) -> None:
    if row.status == FINISHED:
        raise Conflict("status", "the tournament is finished", "a tournament still running")


def _before_start(row: PokerTournament, what: str) -> None:
    if row.clock.get("started_at"):
        raise Conflict(what, "the clock has started", f"change the {what} before the start")


# --- parsing at the boundary ------------------------------------------------------------------


def parse_int(field: str, value: Any, *, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool):
        raise TorneoError(field, f"{value!r} is not a whole number", "a whole number")
    if isinstance(value, int):
        number = value
    else:
        text = str(value).strip().replace("\u202f", "").replace(" ", "")
        if _THOUSANDS.match(text):
            text = text.replace(".", "").replace(",", "")  # "10.000" / "10,000"
        try:
            number = int(text)
        except ValueError:
            raise TorneoError(field, f"'{value}' is not a whole number", "a whole number") from None
    if low is not None and number < low:
        raise TorneoError(field, f"{number} is too small", f"{low} or more")
    if high is not None and number > high:
        raise TorneoError(field, f"{number} is too large", f"at most {high}")
    return number


def parse_money(field: str, text: str | int) -> int:
    """Euros as typed ("90", "12,50", "12.50") → cents."""
    raw = str(text).strip().replace("€", "").replace(",", ".").strip()
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise TorneoError(field, f"'{text}' is not an amount", "euros, e.g. 90 or 12,50") from None
    cents = value * 100
    if cents != cents.to_integral_value() or cents < 0:
        raise TorneoError(field, f"'{text}' is not an amount in cents", "e.g. 90 or 12,50")
    return int(cents)


def parse_price(field: str, text: str, chips: Any, like: Price) -> Price:
    """PKR-SCHED-1 notation: "90+10+20" split in the parts of the buy-in, in its order (prize
    pool, fee, jackpot); a single amount goes to the prize pool."""
    amounts = [parse_money(field, part) for part in str(text).split("+") if part.strip()]
    if not amounts:
        raise TorneoError(field, "no price given", "euros, or parts like 90+10+20")
    kinds = [p.kind for p in like.parts] or [PartKind.PRIZE_POOL]
    if len(amounts) > len(kinds):
        kinds = [*kinds, *[PartKind.FEE] * (len(amounts) - len(kinds))]
    parts = tuple(BuyInPart(kind, cents) for kind, cents in zip(kinds, amounts, strict=False))
    return Price(parts, parse_int(f"{field}_chips", chips, low=1))


def parse_steps(steps: Sequence[Mapping[str, Any]]) -> tuple[Step, ...]:
    """Levels and breaks as typed; a bad value names its place: ``levels[3].big_blind``."""
    out: list[Step] = []
    number = 0
    for i, raw in enumerate(steps, start=1):
        kind = str(raw.get("type", "level"))
        if kind == "break":
            minutes = parse_int(f"steps[{i}].minutes", raw.get("minutes", 0), low=1)
            colour = raw.get("colour_up") or ()
            if isinstance(colour, str):
                colour = [c for c in colour.replace(",", " ").split() if c]
            chips = tuple(parse_int(f"steps[{i}].colour_up", c, low=1) for c in colour)
            out.append(Break(minutes, chips))
            continue
        if kind != "level":
            raise TorneoError(f"steps[{i}].type", f"'{kind}'", "level or break")
        number += 1
        name = f"levels[{number}]"
        values = {
            key: parse_int(f"{name}.{key}", raw.get(key, 0))
            for key in ("small_blind", "big_blind", "ante", "minutes")
        }
        bb_ante = bool(raw.get("big_blind_ante", False))
        try:
            out.append(
                BlindLevel(
                    values["small_blind"],
                    values["big_blind"],
                    values["minutes"],
                    values["ante"],
                    bb_ante,
                )
            )
        except TorneoError as err:
            raise TorneoError(f"{name}.{err.field}", err.reason, err.accepted) from err
    return tuple(out)


# --- creating a tournament --------------------------------------------------------------------


def _check_weekday(held_on: date, template_weekday: str, week: int | None, name: str) -> None:
    day = WEEKDAYS[held_on.weekday()]
    if day != template_weekday:
        raise TorneoError(
            "held_on",
            f"{held_on.isoformat()} is a {day}, {name} is played on {template_weekday}",
            f"a date on {template_weekday} (PKR-SCHED-1)",
        )
    if week is not None and (held_on.day - 1) // 7 + 1 != week:
        raise TorneoError(
            "held_on",
            f"{held_on.isoformat()} is not in week {week} of the month",
            f"the {template_weekday} of week {week} (PKR-SCHED-1)",
        )


def create_tournament(
    store: Store,
    actor: Actor,
    *,
    template: str,
    held_on: str | date,
    preset: str = DEFAULT_PRESET,
    name: str | None = None,
    seed: int | None = None,
    balance_threshold: int | None = None,
    seats_per_table: int | None = None,
) -> int:
    """PKR-SCHED-1: a tournament of the club's week, with its buy-in, stack and structure."""
    require(actor, ORGANIZER)
    rules = poker_rules(preset)
    try:
        weekly_row = weekly(rules, template)
    except NotFound as err:
        raise NotFound("template", err.reason, err.accepted) from err
    when = parse_date("held_on", held_on)
    _check_weekday(when, weekly_row.weekday, weekly_row.week_of_month, weekly_row.name)
    title = clean_name("name", name) if name and name.strip() else weekly_row.name
    threshold = rules.balance_threshold if balance_threshold is None else balance_threshold
    check_threshold(threshold)
    seats = rules.seats_per_table if seats_per_table is None else seats_per_table
    check_capacity(seats)
    structure = weekly_structure(rules, weekly_row)
    options = entry_options(rules, weekly_row)
    with store.unit(actor) as uow:
        row = PokerTournament(
            name=title,
            preset=preset,
            template=template,
            held_on=when,
            status=REGISTRATION,
            seed=seed if seed is not None else secrets.randbelow(2**31),
            draws=0,
            seats_per_table=seats,
            balance_threshold=threshold,
            break_order=[],
            structure=structure_to_json(structure),
            options=options_to_json(options),
            clock={},
            seating={},
            payouts=payouts_to_json(club_payouts(rules), rules.payout_unit_cents),
            adjustments=[],
            stacks={},
            chop=None,
            created_at=uow.now,
        )
        uow.session.add(row)
        uow.session.flush()
        _audit(uow, row, "create", template=template, held_on=when.isoformat(), seed=row.seed)
        return row.id


# --- structure, options, payouts (before the start) --------------------------------------------


def edit_structure(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    steps: Sequence[Mapping[str, Any]],
    chip_set: Sequence[Any] | None = None,
    version: int | None = None,
) -> None:
    """PKR-BTN-1: the schedule published before the start; refused once the clock runs."""
    require(actor, ORGANIZER)
    parsed = parse_steps(steps)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        _before_start(row, "structure")
        chips = (
            tuple(parse_int("chip_set", c, low=1) for c in chip_set)
            if chip_set is not None
            else tuple(row.structure.get("chip_set", ()))
        )
        refusal = check_structure(parsed, chips)
        if refusal is not None:
            raise refusal.raise_as()
        structure = Structure(parsed, chips)
        before = row.structure
        row.structure = structure_to_json(structure)
        uow.audit(
            "poker.structure",
            "poker_tournament",
            row.id,
            before=before,
            after=row.structure,
        )
        uow.notify(topic(row.id), "structure")


def set_entry_options(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    max_re_entries: int | str | None = None,
    max_rebuys: int | str | None = None,
    rebuy_price: str | None = None,
    rebuy_chips: int | str | None = None,
    rebuy_max_stack: int | str | None = None,
    add_on_price: str | None = None,
    add_on_chips: int | str | None = None,
    no_add_on: bool = False,
    late_penalty_per_level: int | str | None = None,
    version: int | None = None,
) -> None:
    """PKR-SCHED-1 / PKR-LATE-1: re-entries, rebuys, the add-on and the late chip penalty."""
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        _before_start(row, "options")
        options = dict(row.options)
        entry = load(row).options.entry
        if max_re_entries is not None:
            options["max_re_entries"] = parse_int("max_re_entries", max_re_entries, low=0, high=9)
            if options["max_re_entries"] and options.get("re_entry") is None:
                options["re_entry"] = price_to_json(entry)
        if rebuy_price:
            options["rebuy"] = price_to_json(
                parse_price("rebuy_price", rebuy_price, rebuy_chips or entry.chips, entry)
            )
        if max_rebuys is not None:
            options["max_rebuys"] = parse_int("max_rebuys", max_rebuys, low=0, high=9)
            if options["max_rebuys"] and options.get("rebuy") is None:
                options["rebuy"] = price_to_json(entry)
        if rebuy_max_stack is not None:
            text = str(rebuy_max_stack).strip()
            options["rebuy_max_stack"] = parse_int("rebuy_max_stack", text, low=0) if text else None
        if no_add_on:
            options["add_on"] = None
        elif add_on_price:
            options["add_on"] = price_to_json(
                parse_price("add_on_price", add_on_price, add_on_chips or entry.chips, entry)
            )
        if late_penalty_per_level is not None:
            options["late_penalty_per_level"] = parse_int(
                "late_penalty_per_level", late_penalty_per_level, low=0
            )
        options_of(options)  # the domain checks the whole (e.g. rebuys without a price)
        before = row.options
        row.options = options
        uow.audit("poker.options", "poker_tournament", row.id, before=before, after=options)
        uow.notify(topic(row.id), "options")


def set_payouts(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    rows: Sequence[tuple[int | str | None, Sequence[str]]],
    unit_cents: int | None = None,
    version: int | None = None,
) -> None:
    """The payout table by field size: each row must add up to 100% (else refused)."""
    require(actor, ORGANIZER)
    built: list[PayoutRow] = []
    for i, (max_entries, percentages) in enumerate(rows, start=1):
        limit = None
        if max_entries is not None and str(max_entries).strip():
            limit = parse_int(f"payouts[{i}].max_entries", max_entries, low=1)
        try:
            pcts = tuple(_fraction(f"payouts[{i}].percentages", p) for p in percentages)
            built.append(PayoutRow(limit, pcts))
        except TorneoError as err:
            raise TorneoError(f"payouts[{i}].percentages", err.reason, err.accepted) from err
    try:
        table = PayoutTable(tuple(built))
    except TorneoError as err:
        raise TorneoError("payouts", err.reason, err.accepted) from err
    unit = parse_int("unit_cents", unit_cents, low=1) if unit_cents is not None else None
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        _not_finished(row)
        before = row.payouts
        row.payouts = payouts_to_json(table, unit or int(before.get("unit_cents", 100)))
        uow.audit("poker.payouts", "poker_tournament", row.id, before=before, after=row.payouts)
        uow.notify(topic(row.id), "payouts")


def _fraction(field: str, text: Any) -> Fraction:
    raw = str(text).strip().replace("%", "").replace(",", ".")
    try:
        return Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise TorneoError(field, f"'{text}' is not a percentage", "e.g. 30 or 17.5") from None


def set_floor_options(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    balance_threshold: int | str | None = None,
    break_order: Sequence[int | str] | None = None,
    seats_per_table: int | str | None = None,
    version: int | None = None,
) -> None:
    """PKR-BAL-1 threshold (2 by art. 8.2, 3 by art. 16.2), PKR-BRK-1 order, PKR-TBL-1 seats."""
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        _not_finished(row)
        before = {"threshold": row.balance_threshold, "order": row.break_order}
        if balance_threshold is not None:
            threshold = parse_int("balance_threshold", balance_threshold)
            check_threshold(threshold)
            row.balance_threshold = threshold
        if break_order is not None:
            row.break_order = [parse_int("break_order", n, low=1) for n in break_order]
        if seats_per_table is not None:
            _before_start(row, "seats_per_table")
            seats = parse_int("seats_per_table", seats_per_table)
            check_capacity(seats)
            row.seats_per_table = seats
        touch(row)
        uow.audit(
            "poker.floor_options",
            "poker_tournament",
            row.id,
            before=before,
            after={"threshold": row.balance_threshold, "order": row.break_order},
        )
        uow.notify(topic(row.id), "options")


# --- players and entries ----------------------------------------------------------------------


def _player(uow: UnitOfWork, name: str) -> Player:
    clean = clean_name("name", name)
    player = uow.session.scalars(
        select(Player).where(func.lower(Player.name) == clean.lower())
    ).first()
    if player is None:
        player = Player(name=clean, created_at=uow.now)
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
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        _not_finished(row)
        player = _player(uow, name)
        entrant = _entrant(uow, row, player)
        if entrant.booked:
            raise Conflict("name", f"{player.name} has already booked", "a player not booked")
        entrant.booked = True
        touch(row)
        _audit(uow, row, "book", player=player.name, player_id=player.id)
        uow.notify(topic(row.id), "entries")
        return player.id


@dataclass(frozen=True, slots=True)
class SeatOut:
    player_id: int
    table: int
    seat: int
    waits_for_button: bool = False


@dataclass(frozen=True, slots=True)
class MoveOut:
    """A move as announced on the screens: "Table 3 seat 4 → Table 1 seat 7"."""

    player_id: int
    from_table: int | None
    from_seat: int | None
    to_table: int
    to_seat: int
    reason: str
    waits_for_button: bool

    @property
    def announcement(self) -> str:
        if self.from_table is None:
            return f"Table {self.to_table} seat {self.to_seat}"
        return (
            f"Table {self.from_table} seat {self.from_seat} → "
            f"Table {self.to_table} seat {self.to_seat}"
        )


def add_move_row(
    uow: UnitOfWork,
    row: PokerTournament,
    player: PlayerId,
    to: tuple[int, int],
    reason: str,
    source: tuple[int, int] | None = None,
    waits: bool = False,
) -> MoveOut:
    seq = max((m.seq for m in row.moves), default=0) + 1
    row.moves.append(
        PokerMove(
            seq=seq,
            player_id=int(player),
            from_table=source[0] if source else None,
            from_seat=source[1] if source else None,
            to_table=to[0],
            to_seat=to[1],
            reason=reason,
            waits_for_button=waits,
            undone=False,
            at=uow.now,
        )
    )
    return MoveOut(
        int(player),
        source[0] if source else None,
        source[1] if source else None,
        to[0],
        to[1],
        reason,
        waits,
    )


def record_moves(uow: UnitOfWork, row: PokerTournament, moves: Sequence[Move]) -> list[MoveOut]:
    return [
        add_move_row(
            uow,
            row,
            m.player,
            (m.to_table, m.to_seat),
            m.reason.value,
            (m.from_table, m.from_seat),
            m.waits_for_button,
        )
        for m in moves
    ]


def seat_newcomer(
    uow: UnitOfWork, row: PokerTournament, state: PokerState, seating: Seating, player: PlayerId
) -> tuple[Seating, list[MoveOut]]:
    """A late entry or a re-entry draws a seat (a full room opens a table), then the room is
    balanced (PKR-BAL-1/2); every seat given and every move is announced."""
    rng, label = next_rng(row)
    if all(t.count >= t.capacity for t in seating.open_tables):
        closed = sorted(n for n, t in seating.tables.items() if t.is_closed)
        number = closed[0] if closed else max(seating.tables) + 1
        seating = open_table(seating, number, row.seats_per_table)
    assignment: SeatAssignment = draw_seat_for(seating, player, rng)
    seating = assign(seating, assignment)
    outs = [
        add_move_row(
            uow,
            row,
            player,
            (assignment.table, assignment.seat),
            "seat",
            waits=assignment.waits_for_button,
        )
    ]
    seating, decision = decide(seating, rng, row.balance_threshold, row.break_order or None)
    outs += record_moves(uow, row, decision.moves)
    uow.audit(
        "poker.seat",
        "poker_tournament",
        row.id,
        after={
            "player_id": int(player),
            "table": assignment.table,
            "seat": assignment.seat,
            "seed": label,
            "moves": [m.announcement for m in outs[1:]],
        },
    )
    return seating, outs


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
) -> EntryOut:
    """The buy-in paid (PKR-REG-1). After the start it is a late entry (PKR-LATE-1): only for a
    player who booked, never after level 3, never for one who busted; the chip penalty is taken
    and a seat drawn."""
    require(actor, ORGANIZER)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        _not_finished(row)
        state = load(row)
        player = _player(uow, name)
        entrant = _entrant(uow, row, player)
        pid = PlayerId(player.id)
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
            seating, outs = seat_newcomer(uow, row, state, state.seating, pid)
            row.seating = seating_to_json(seating)
            table, number = seating.seat_of(pid)
            seat = SeatOut(player.id, table, number, outs[0].waits_for_button)
            moves = outs[1:]
        touch(row)
        _audit(
            uow,
            row,
            purchase.kind.value,
            player=player.name,
            player_id=player.id,
            chips=purchase.chips,
            penalty=purchase.penalty,
            level=level,
            cents=purchase.price.cents,
        )
        uow.notify(topic(row.id), "entries")
        return EntryOut(
            player.id,
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
    require(actor, ORGANIZER)
    clean = [clean_name("names", n) for n in names if n.strip()]
    if not clean:
        raise TorneoError("names", "no names given", "one player a line")
    seen: set[str] = set()
    for n in clean:
        if n.casefold() in seen:
            raise TorneoError("names", f"{n} is listed twice", "each player once")
        seen.add(n.casefold())
    ids: list[int] = []
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        if row.clock.get("started_at"):
            raise Conflict("names", "the clock has started", "late entries one at a time")
        state = load(row)
        ledger = state.ledger
        for n in clean:
            player = _player(uow, n)
            _entrant(uow, row, player)
            try:
                ledger, purchase = register(ledger, state.options, PlayerId(player.id), None)
            except TorneoError as err:
                raise TorneoError("names", f"{player.name}: {err.reason}", err.accepted) from err
            add_purchase_row(uow, row, purchase)
            ids.append(player.id)
        touch(row)
        _audit(uow, row, "roster", players=len(ids))
        uow.notify(topic(row.id), "entries")
    return ids


# --- the seat draw ----------------------------------------------------------------------------


def draw_seats_now(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> list[SeatOut]:
    """PKR-TBL-1: the random seat draw (seeded, the seed recorded), before the clock starts."""
    require(actor, ORGANIZER, JUDGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        if row.clock.get("started_at"):
            raise Conflict("seating", "the clock has started", "draw the seats before the start")
        state = load(row)
        players = list(state.field.alive)
        rng, label = next_rng(row)
        draw = draw_seats(players, row.seats_per_table, rng)
        for m in row.moves:
            m.undone = True  # a new draw replaces the earlier one
        for a in draw.assignments:
            add_move_row(uow, row, a.player, (a.table, a.seat), "seat")
        row.seating = seating_to_json(draw.seating)
        touch(row)
        _audit(uow, row, "draw", seed=label, players=len(players), tables=len(draw.seating.tables))
        uow.notify(topic(row.id), "seats")
        return [SeatOut(int(a.player), a.table, a.seat) for a in draw.assignments]


# --- the clock --------------------------------------------------------------------------------


def _clock_action(
    store: Store,
    actor: Actor,
    tournament_id: int,
    action: str,
    version: int | None,
    change: Any,
    **details: Any,
) -> None:
    require(actor, ORGANIZER, JUDGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        check_version(row, version)
        _not_finished(row)
        state = load(row)
        if action == "start":
            state.require_seating()
            if len(state.field.alive) < 2:
                raise Conflict("players", f"{len(state.field.alive)} players", "at least 2")
        new = change(state.clock, uow.now)
        before = row.clock
        row.clock = clock_to_json(new)
        if action == "start":
            row.status = RUNNING
        uow.audit(
            f"poker.clock.{action}",
            "poker_tournament",
            row.id,
            before=before,
            after={**row.clock, **details},
        )
        uow.notify(topic(row.id), "clock", action=action)


def start_clock(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> None:
    _clock_action(store, actor, tournament_id, "start", version, poker_clock.start)


def pause_clock(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> None:
    _clock_action(store, actor, tournament_id, "pause", version, poker_clock.pause)


def resume_clock(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> None:
    _clock_action(store, actor, tournament_id, "resume", version, poker_clock.resume)


def jump_to_level(
    store: Store, actor: Actor, tournament_id: int, *, level: int | str, version: int | None = None
) -> None:
    number = parse_int("level", level, low=1)

    def change(clock: poker_clock.TournamentClock, now: Any) -> poker_clock.TournamentClock:
        if not clock.is_started:
            raise Conflict("clock", "the tournament clock has not started", "start it first")
        return poker_clock.jump_to_level(clock, number, now)

    _clock_action(store, actor, tournament_id, "jump", version, change, level=number)


def add_time(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    seconds: int | str,
    version: int | None = None,
) -> None:
    """Lengthen (or, negative, shorten) the running level or break."""
    amount = parse_int("seconds", seconds, low=-24 * 3600, high=24 * 3600)
    if amount == 0:
        raise TorneoError("seconds", "0 seconds", "a number of seconds other than 0")

    def change(clock: poker_clock.TournamentClock, now: Any) -> poker_clock.TournamentClock:
        if not clock.is_started:
            raise Conflict("clock", "the tournament clock has not started", "start it first")
        return poker_clock.add_time(clock, timedelta(seconds=amount), now)

    _clock_action(store, actor, tournament_id, "add_time", version, change, seconds=amount)


__all__ = [
    "JUDGE",
    "ORGANIZER",
    "PurchaseKind",
    "add_time",
    "book_player",
    "create_tournament",
    "draw_seats_now",
    "edit_structure",
    "jump_to_level",
    "pause_clock",
    "register_player",
    "register_roster",
    "resume_clock",
    "set_entry_options",
    "set_floor_options",
    "set_payouts",
    "start_clock",
]
