"""A poker tournament's rows ↔ the pure domain's objects (store → domain → store).

The tournament row keeps the structure, the entry options, the clock, the seating snapshot and
the payout table as JSON; this module is the one place that reads and writes those shapes.
:func:`load` rebuilds everything the domain needs (ledger, field, seating, clock, sanctions) from
one tournament's rows, so each service action runs the pure domain on a faithful picture and
saves what changed.

JSON shapes (chips and cents are ints, times ISO 8601 with their offset):
- structure ``{"chip_set": [25, ...], "steps": [{"type": "level", "small_blind", "big_blind",
  "ante", "minutes", "big_blind_ante"} | {"type": "break", "minutes", "colour_up": [25]}]}``;
- options ``{"entry": price, "re_entry": price|null, "max_re_entries", "rebuy": price|null,
  "max_rebuys", "rebuy_max_stack", "add_on": price|null, "late_last_level",
  "late_penalty_per_level", "jackpot_levy_cents"}`` with price ``{"parts": [[kind, cents,
  name]], "chips"}``;
- clock ``{"started_at", "running_since", "banked_us", "adjustment_us", "extensions": [[step,
  microseconds]]}``;
- seating ``{"tables": [{"number", "capacity", "seats": [player|null], "last_hand": [button,
  small, big]|null, "drawn_button", "closed"}]}``;
- payouts ``{"unit_cents": 100, "rows": [{"max_entries": 6|null, "percentages": ["70", "30"]}]}``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction
from typing import Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import select, update
from sqlalchemy.orm import Session, selectinload

from torneo.core.clock import Stopwatch
from torneo.core.errors import Conflict, NotFound
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.platform import guards
from torneo.poker.rules.clock import TournamentClock, step_at
from torneo.poker.rules.eliminations import BustOut, Field
from torneo.poker.rules.entries import (
    BuyInPart,
    ChipAdjustment,
    EntryOptions,
    Ledger,
    PartKind,
    Price,
    Purchase,
    PurchaseKind,
)
from torneo.poker.rules.payouts import PayoutTable, payout_table
from torneo.poker.rules.sanctions import Sanction, SanctionKind
from torneo.poker.rules.seating import HandPositions, Move, MoveReason, Seating, Table
from torneo.poker.rules.structure import BlindLevel, Break, Step, Structure
from torneo.poker.tables import PokerMove, PokerTournament

ENTRY_KINDS = (PurchaseKind.ENTRY, PurchaseKind.LATE_ENTRY, PurchaseKind.RE_ENTRY)


# --- loading ----------------------------------------------------------------------------------


def get_tournament(
    session: Session, tournament_id: int, *, for_update: bool = False
) -> PokerTournament:
    stmt = (
        select(PokerTournament)
        .where(PokerTournament.id == tournament_id)
        .options(
            selectinload(PokerTournament.entrants),
            selectinload(PokerTournament.purchases),
            selectinload(PokerTournament.busts),
            selectinload(PokerTournament.moves),
            selectinload(PokerTournament.sanctions),
            selectinload(PokerTournament.log),
        )
    )
    if for_update:
        stmt = stmt.with_for_update()  # PostgreSQL serialises the directors' phones
        if session.get_bind().dialect.name == "sqlite":
            # SQLite has no FOR UPDATE: a no-op write takes its one writer's lock now, so a
            # second phone waits for the first to commit and reads its change, instead of both
            # reading the same version and the later one failing (issue 26 item 1).
            t = cast(SqlTable, PokerTournament.__table__)
            session.execute(update(t).where(t.c.id == tournament_id).values(id=t.c.id))
    row = session.scalars(stmt).first()
    if row is None:
        raise NotFound(
            "tournament_id",
            N_("no poker tournament %(tournament_id)s"),
            N_("the id of a tournament"),
            params={"tournament_id": tournament_id},
        )
    return row


def check_version(row: PokerTournament, version: int | None) -> None:
    """A phone that saw an older version must reload: never overwrite what it did not see."""
    guards.check_version(row, version, "tournament")


# --- structure --------------------------------------------------------------------------------


def structure_to_json(structure: Structure) -> dict[str, Any]:
    steps: list[dict[str, Any]] = []
    for step in structure.steps:
        if isinstance(step, BlindLevel):
            steps.append(
                {
                    "type": "level",
                    "small_blind": step.small_blind,
                    "big_blind": step.big_blind,
                    "ante": step.ante,
                    "minutes": step.minutes,
                    "big_blind_ante": step.big_blind_ante,
                }
            )
        else:
            steps.append(
                {"type": "break", "minutes": step.minutes, "colour_up": list(step.colour_up)}
            )
    return {"chip_set": list(structure.chip_set), "steps": steps}


def structure_of(data: Mapping[str, Any]) -> Structure:
    steps: list[Step] = []
    for s in data["steps"]:
        if s["type"] == "level":
            steps.append(
                BlindLevel(
                    s["small_blind"],
                    s["big_blind"],
                    s["minutes"],
                    s.get("ante", 0),
                    s.get("big_blind_ante", False),
                )
            )
        else:
            steps.append(Break(s["minutes"], tuple(s.get("colour_up", ()))))
    return Structure(tuple(steps), tuple(data.get("chip_set", ())))


# --- entry options ----------------------------------------------------------------------------


def price_to_json(price: Price | None) -> dict[str, Any] | None:
    if price is None:
        return None
    return {"parts": [[p.kind.value, p.cents, p.name] for p in price.parts], "chips": price.chips}


def price_of(data: Mapping[str, Any] | None) -> Price | None:
    if data is None:
        return None
    return Price(parts_of(data["parts"]), data["chips"])


def parts_of(rows: Sequence[Sequence[Any]]) -> tuple[BuyInPart, ...]:
    return tuple(BuyInPart(PartKind(k), int(c), str(n)) for k, c, n in rows)


def options_to_json(options: EntryOptions) -> dict[str, Any]:
    return {
        "entry": price_to_json(options.entry),
        "re_entry": price_to_json(options.re_entry),
        "max_re_entries": options.max_re_entries,
        "rebuy": price_to_json(options.rebuy),
        "max_rebuys": options.max_rebuys,
        "rebuy_max_stack": options.rebuy_max_stack,
        "add_on": price_to_json(options.add_on),
        "late_last_level": options.late_last_level,
        "late_penalty_per_level": options.late_penalty_per_level,
        "jackpot_levy_cents": options.jackpot_levy_cents,
        "field": [int(p) for p in options.field],
        "starting_stacks": [[int(p), chips] for p, chips in options.starting_stacks],
    }


def options_of(data: Mapping[str, Any]) -> EntryOptions:
    entry = price_of(data["entry"])
    assert entry is not None
    return EntryOptions(
        entry=entry,
        re_entry=price_of(data.get("re_entry")),
        max_re_entries=data.get("max_re_entries", 0),
        rebuy=price_of(data.get("rebuy")),
        max_rebuys=data.get("max_rebuys", 0),
        rebuy_max_stack=data.get("rebuy_max_stack"),
        add_on=price_of(data.get("add_on")),
        late_last_level=data.get("late_last_level", 3),
        late_penalty_per_level=data.get("late_penalty_per_level", 0),
        jackpot_levy_cents=data.get("jackpot_levy_cents", 0),
        field=tuple(PlayerId(p) for p in data.get("field", ())),
        starting_stacks=tuple((PlayerId(p), int(c)) for p, c in data.get("starting_stacks", ())),
    )


# --- clock ------------------------------------------------------------------------------------


def _us(delta: timedelta) -> int:
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def _when(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def clock_to_json(clock: TournamentClock) -> dict[str, Any]:
    watch = clock.watch
    return {
        "started_at": clock.started_at.isoformat() if clock.started_at else None,
        "running_since": watch.running_since.isoformat() if watch.running_since else None,
        "banked_us": _us(watch.banked),
        "adjustment_us": _us(watch.adjustment),
        "extensions": [[i, _us(d)] for i, d in clock.extensions],
    }


def clock_of(data: Mapping[str, Any], structure: Structure) -> TournamentClock:
    watch = Stopwatch(
        running_since=_when(data.get("running_since")),
        banked=timedelta(microseconds=data.get("banked_us", 0)),
        adjustment=timedelta(microseconds=data.get("adjustment_us", 0)),
    )
    extensions = tuple((int(i), timedelta(microseconds=us)) for i, us in data.get("extensions", ()))
    return TournamentClock(structure, watch, _when(data.get("started_at")), extensions)


def level_number_at(clock: TournamentClock, now: datetime) -> int | None:
    """PKR-BTN-1: the level of a hand dealt now (during a break, the level after it); None
    before the start. Late registration (PKR-LATE-1) counts in these levels."""
    if not clock.is_started:
        return None
    steps = clock.structure.steps
    index = step_at(clock, now)
    played = sum(1 for s in steps[: index + 1] if isinstance(s, BlindLevel))
    if isinstance(steps[index], Break):
        played += 1
    return max(1, min(played, len(clock.structure.levels)))


# --- seating ----------------------------------------------------------------------------------


def seating_to_json(seating: Seating) -> dict[str, Any]:
    tables = []
    for t in seating.tables.values():
        last = t.last_hand
        tables.append(
            {
                "number": t.number,
                "capacity": t.capacity,
                "seats": [int(p) if p is not None else None for p in t.seats],
                "last_hand": [last.button, last.small_blind, last.big_blind] if last else None,
                "drawn_button": t.drawn_button,
                "closed": t.is_closed,
            }
        )
    return {"tables": tables}


def seating_of(data: Mapping[str, Any]) -> Seating | None:
    rows = data.get("tables")
    if not rows:
        return None
    tables: dict[int, Table] = {}
    where: dict[PlayerId, tuple[int, int]] = {}
    for r in sorted(rows, key=lambda r: r["number"]):
        seats = tuple(PlayerId(p) if p is not None else None for p in r["seats"])
        last = r.get("last_hand")
        tables[r["number"]] = Table(
            r["number"],
            r["capacity"],
            seats,
            HandPositions(*last) if last else None,
            r.get("drawn_button"),
            bool(r.get("closed")),
        )
        for seat, player in enumerate(seats, start=1):
            if player is not None:
                where[player] = (r["number"], seat)
    return Seating(tables, where)


def move_of(row: PokerMove) -> Move:
    assert row.from_table is not None
    assert row.from_seat is not None
    return Move(
        PlayerId(row.player_id),
        row.from_table,
        row.from_seat,
        row.to_table,
        row.to_seat,
        MoveReason(row.reason),
        row.waits_for_button,
    )


# --- payouts ----------------------------------------------------------------------------------


def payouts_of(data: Mapping[str, Any]) -> PayoutTable:
    return payout_table([(r.get("max_entries"), list(r["percentages"])) for r in data["rows"]])


def payouts_to_json(table: PayoutTable, unit_cents: int) -> dict[str, Any]:
    return {
        "unit_cents": unit_cents,
        "rows": [
            {"max_entries": r.max_entries, "percentages": [_percent(p) for p in r.percentages]}
            for r in table.rows
        ],
    }


def _percent(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return str(float(value)) if (value * 10_000).denominator == 1 else str(value)


# --- the whole picture ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PokerState:
    """Everything the domain needs about one tournament, rebuilt from its rows."""

    structure: Structure
    options: EntryOptions
    clock: TournamentClock
    ledger: Ledger
    field: Field
    seating: Seating | None
    sanctions: tuple[Sanction, ...]
    payouts: PayoutTable
    unit_cents: int

    def require_seating(self) -> Seating:
        if self.seating is None:
            raise Conflict(
                "seating", N_("the seats have not been drawn"), N_("draw the seats first")
            )
        return self.seating


def ledger_of(row: PokerTournament, options: EntryOptions) -> Ledger:
    purchases = tuple(
        Purchase(
            p.number,
            PlayerId(p.player_id),
            PurchaseKind(p.kind),
            Price(parts_of(p.parts), p.price_chips),
            p.chips,
            p.level,
            p.penalty,
        )
        for p in row.purchases
    )
    adjustments = tuple(ChipAdjustment(a["reason"], a["chips"]) for a in row.adjustments)
    return Ledger(purchases, adjustments, options.jackpot_levy_cents)


def field_of_rows(row: PokerTournament) -> Field:
    """PKR-END-1: the field in entry order, the busts in order (a re-entry takes its player's
    earlier bust away), the disqualified (PKR-PEN-1)."""
    players = tuple(
        dict.fromkeys(
            PlayerId(p.player_id) for p in row.purchases if PurchaseKind(p.kind) in ENTRY_KINDS
        )
    )
    groups: dict[int, list[tuple[PlayerId, int]]] = {}
    for bust in row.busts:
        if not bust.readmitted:
            groups.setdefault(bust.seq, []).append((PlayerId(bust.player_id), bust.chips_at_start))
    busts = tuple(BustOut(seq, tuple(groups[seq])) for seq in sorted(groups))
    disqualified = tuple(
        PlayerId(s.player_id)
        for s in row.sanctions
        if SanctionKind(s.kind) is SanctionKind.DISQUALIFICATION
    )
    return Field(players, busts, disqualified)


def sanctions_of(row: PokerTournament) -> tuple[Sanction, ...]:
    return tuple(
        Sanction(
            PlayerId(s.player_id),
            SanctionKind(s.kind),
            s.infraction,
            s.ruling,
            s.orbits,
            s.hands,
            s.chips_removed,
        )
        for s in row.sanctions
    )


def load(row: PokerTournament) -> PokerState:
    structure = structure_of(row.structure)
    options = options_of(row.options)
    return PokerState(
        structure=structure,
        options=options,
        clock=clock_of(row.clock, structure),
        ledger=ledger_of(row, options),
        field=field_of_rows(row),
        seating=seating_of(row.seating),
        sanctions=sanctions_of(row),
        payouts=payouts_of(row.payouts),
        unit_cents=int(row.payouts.get("unit_cents", 100)),
    )


def next_rng(row: PokerTournament) -> tuple[random.Random, str]:
    """A seeded generator for the next draw, and its recorded seed ("<seed>:<n>")."""
    label = f"{row.seed}:{row.draws}"
    row.draws += 1
    return random.Random(label), label
