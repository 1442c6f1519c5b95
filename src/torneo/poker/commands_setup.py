"""Setting up a poker tournament before and while it runs (PKR-SCHED-1, PKR-BTN-1): the
structure, the entry options, the payout table and the floor options.

The structure, the entry options and the seat capacity can be edited until the clock starts; the
payout table until the tournament ends (clubs fix it when the field is known).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.poker import state_changes as changes
from torneo.poker.commands import (
    before_start,
    not_finished,
    parse_int,
    parse_price,
    parse_steps,
    topic,
    touch,
)
from torneo.poker.rules.balancing import BigBlindSeat, check_threshold
from torneo.poker.rules.entries import Price
from torneo.poker.rules.payouts import PayoutRow, PayoutTable
from torneo.poker.rules.seating import (
    check_capacity,
)
from torneo.poker.rules.structure import Structure, check_structure
from torneo.poker.state import (
    get_tournament,
    load,
    options_of,
    payouts_to_json,
    price_of,
    price_to_json,
    structure_to_json,
)
from torneo.poker.state_access import authorize_tournament
from torneo.poker.tables import PokerTournament

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
    precheck(actor, Action.MANAGE)
    parsed = parse_steps(steps)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        changes.changing(row, version, changes.STRUCTURE)
        before_start(row, "structure")
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
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        changes.changing(row, version, changes.OPTIONS)
        before_start(row, "options")
        options = dict(row.options)
        entry = load(row).options.entry
        if max_re_entries is not None:
            options["max_re_entries"] = parse_int("max_re_entries", max_re_entries, low=0, high=9)
            if options["max_re_entries"] and options.get("re_entry") is None:
                options["re_entry"] = price_to_json(entry)
        _price_option(options, "rebuy", rebuy_price, rebuy_chips, entry)
        if max_rebuys is not None:
            options["max_rebuys"] = parse_int("max_rebuys", max_rebuys, low=0, high=9)
            if options["max_rebuys"] and options.get("rebuy") is None:
                options["rebuy"] = price_to_json(entry)
        if rebuy_max_stack is not None:
            text = str(rebuy_max_stack).strip()
            options["rebuy_max_stack"] = parse_int("rebuy_max_stack", text, low=0) if text else None
        if no_add_on:
            options["add_on"] = None
        else:
            _price_option(options, "add_on", add_on_price, add_on_chips, entry)
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
    precheck(actor, Action.MANAGE)
    built: list[PayoutRow] = []
    for i, (max_entries, percentages) in enumerate(rows, start=1):
        limit = None
        if max_entries is not None and str(max_entries).strip():
            limit = parse_int(f"payouts[{i}].max_entries", max_entries, low=1)
        try:
            pcts = tuple(_fraction(f"payouts[{i}].percentages", p) for p in percentages)
            built.append(PayoutRow(limit, pcts))
        except TorneoError as err:
            raise TorneoError(
                f"payouts[{i}].percentages", err.reason_message, err.accepted_message, rule=err.rule
            ) from err
    try:
        table = PayoutTable(tuple(built))
    except TorneoError as err:
        raise TorneoError(
            "payouts", err.reason_message, err.accepted_message, rule=err.rule
        ) from err
    unit = parse_int("unit_cents", unit_cents, low=1) if unit_cents is not None else None
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        changes.changing(row, version, changes.PAYOUTS)
        not_finished(row)
        before = row.payouts
        row.payouts = payouts_to_json(table, unit or int(before.get("unit_cents", 100)))
        uow.audit("poker.payouts", "poker_tournament", row.id, before=before, after=row.payouts)
        uow.notify(topic(row.id), "payouts")


def _fraction(field: str, text: Any) -> Fraction:
    raw = str(text).strip().replace("%", "").replace(",", ".")
    try:
        return Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise TorneoError(
            field,
            N_("'%(text)s' is not a percentage"),
            N_("e.g. 30 or 17.5"),
            params={"text": text},
        ) from None


def _reading(text: str) -> BigBlindSeat:
    try:
        return BigBlindSeat(text.strip())
    except ValueError:
        raise TorneoError(
            "balance_seat",
            N_("'%(text)s'"),
            N_("nearest_left or big_blind_soonest (PKR-BAL-2)"),
            params={"text": text},
        ) from None


def set_floor_options(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    balance_threshold: int | str | None = None,
    break_order: Sequence[int | str] | None = None,
    seats_per_table: int | str | None = None,
    version: int | None = None,
    balance_seat: str | None = None,
) -> None:
    """PKR-BAL-1 threshold (2 by art. 8.2, 3 by art. 16.2), PKR-BRK-1 order, PKR-TBL-1 seats,
    PKR-BAL-2 reading of the moved player's seat (nearest_left or big_blind_soonest)."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        changes.changing(row, version, changes.FLOOR)
        not_finished(row)
        before = {"threshold": row.balance_threshold, "order": row.break_order}
        if balance_threshold is not None:
            threshold = parse_int("balance_threshold", balance_threshold)
            check_threshold(threshold)
            row.balance_threshold = threshold
        if balance_seat is not None:
            row.balance_seat = _reading(balance_seat).value
        if break_order is not None:
            row.break_order = _break_order(row, break_order)
        if seats_per_table is not None:
            before_start(row, "seats_per_table")
            seats = parse_int("seats_per_table", seats_per_table)
            check_capacity(seats)
            row.seats_per_table = seats
        touch(row, changes.FLOOR)
        uow.audit(
            "poker.floor_options",
            "poker_tournament",
            row.id,
            before=before,
            after={"threshold": row.balance_threshold, "order": row.break_order},
        )
        uow.notify(topic(row.id), "options")


def _price_option(
    options: dict[str, Any],
    key: str,
    price: str | None,
    chips_value: int | str | None,
    entry: Price,
) -> None:
    """A rebuy's or an add-on's price and chips (issue 28 item 6): chips given are checked
    whether or not a price comes with them (``rebuy_chips: -6000`` answered 200 and was
    ignored); alone, they change the chips of the option's price, if it has one."""
    chips = _chips(f"{key}_chips", chips_value)
    if price:
        options[key] = price_to_json(
            parse_price(f"{key}_price", price, chips or entry.chips, entry)
        )
    elif chips is not None:
        base = price_of(options.get(key))
        if base is None:
            raise TorneoError(
                f"{key}_chips",
                N_("%(chips)s chips for a purchase the tournament does not offer"),
                N_("its price too"),
                params={"chips": chips},
            )
        options[key] = price_to_json(Price(base.parts, chips))


def _chips(field: str, value: int | str | None) -> int | None:
    """A number of chips typed, or None when left empty."""
    if value is None or not str(value).strip():
        return None
    return parse_int(field, value, low=1)


def _break_order(row: PokerTournament, order: Sequence[int | str]) -> list[int]:
    """PKR-BRK-1 (issue 28 item 6): each table once, and only tables the tournament has (its
    drawn tables; before the draw, any number: the tables are not known yet)."""
    out = [parse_int("break_order", n, low=1) for n in order]
    seen: set[int] = set()
    for number in out:
        if number in seen:
            raise TorneoError(
                "break_order",
                N_("table %(table)s is listed twice"),
                N_("each table once"),
                params={"table": number},
                rule="PKR-BRK-1",
            )
        seen.add(number)
    seating = load(row).seating
    tables = sorted(seating.tables) if seating is not None else []
    missing = [n for n in out if tables and n not in tables]
    if missing:
        raise TorneoError(
            "break_order",
            N_("no table %(table)s in this tournament"),
            N_("its tables: %(tables)s"),
            params={"table": missing[0], "tables": ", ".join(str(t) for t in tables)},
            rule="PKR-BRK-1",
        )
    return out
