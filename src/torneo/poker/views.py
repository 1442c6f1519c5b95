"""Read models of a poker tournament for the pages and the JSON API (issue 8).

Everything shown is computed from the stored rows at the store's ``now``: the clock from its
timestamps (so the TV, the phones and a restarted worker agree to the second), the tables and
the next hand's positions (PKR-DEAD-1), the cashier's sheet, the finishing order and the payouts
(PKR-END-1) to the cent, the moves as announced.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from torneo.core.ids import PlayerId
from torneo.platform.store.uow import Store
from torneo.poker.rules import clock as poker_clock
from torneo.poker.rules.entries import PurchaseKind, summary
from torneo.poker.rules.places import PlaceLine, Standings, chop_of, payout_amounts, standings
from torneo.poker.rules.positions import NextHand, next_hand_positions
from torneo.poker.rules.seating import Table
from torneo.poker.rules.structure import BlindLevel
from torneo.poker.state import PokerState, get_tournament, level_number_at, load
from torneo.poker.views_rows import (
    CashOut,
    ClockOut,
    MoveRow,
    OptionsOut,
    PayoutLine,
    PlayerRow,
    PriceOut,
    SanctionRow,
    SeatRow,
    StepRow,
    TableRow,
)
from torneo.poker.views_stacks import stacks_of


def _seconds(delta: timedelta | None) -> int | None:
    if delta is None:
        return None
    return int(delta.total_seconds())


@dataclass(frozen=True, slots=True)
class TournamentView:
    id: int
    name: str
    preset: str
    template: str | None
    held_on: date
    status: str
    version: int
    seed: int
    balance_threshold: int
    balance_seat: str  # PKR-BAL-2 reading: nearest_left | big_blind_soonest
    seats_per_table: int
    break_order: tuple[int, ...]
    now: datetime
    clock: ClockOut
    steps: tuple[StepRow, ...]
    chip_set: tuple[int, ...]
    options: OptionsOut
    cash: CashOut
    tables: tuple[TableRow, ...]
    players: tuple[PlayerRow, ...]
    moves: tuple[MoveRow, ...]  # newest first
    to_announce: tuple[MoveRow, ...]  # the moves the room still has to make (issue 26 item 5)
    payouts: tuple[PayoutLine, ...]  # paid places: decided ones after ties and a chop (issue 26)
    to_win: int  # cents of the paid places not decided yet
    payout_rows: tuple[tuple[int | None, tuple[str, ...]], ...]
    unit_cents: int
    finishing: tuple[PayoutLine, ...]  # finishing order with prizes (places decided so far)
    sanctions: tuple[SanctionRow, ...]
    chop: dict[str, Any] | None
    stacks_at: str | None
    late_open: bool  # PKR-LATE-1: late entries still possible now
    winner: str | None
    names: dict[int, str] = field(default_factory=dict)

    @property
    def is_seated(self) -> bool:
        return bool(self.tables)

    @property
    def announcements(self) -> tuple[MoveRow, ...]:
        """Moves between tables, newest first, for the screens (undone ones are kept, struck)."""
        return tuple(m for m in self.moves if m.from_table is not None)

    @property
    def open_tables(self) -> tuple[TableRow, ...]:
        return tuple(t for t in self.tables if not t.is_closed)

    @property
    def alive(self) -> tuple[PlayerRow, ...]:
        return tuple(p for p in self.players if p.status == "in")


def _price(p: Any) -> PriceOut | None:
    if p is None:
        return None
    return PriceOut(p.label, p.cents, p.chips)


def _clock_out(state: PokerState, now: datetime) -> ClockOut:
    alive = len(state.field.alive)
    chips = state.ledger.chips_in_play
    v = poker_clock.view(state.clock, now, alive, chips)
    level = v.level
    return ClockOut(
        is_started=v.is_started,
        is_running=v.is_running,
        step_index=v.step_index,
        level_number=v.level_number,
        small_blind=level.small_blind if level else None,
        big_blind=level.big_blind if level else None,
        ante=level.ante if level else None,
        big_blind_ante=level.big_blind_ante if level else False,
        on_break=v.on_break is not None,
        colour_up=v.on_break.colour_up if v.on_break else (),
        next_small_blind=v.next_level.small_blind if v.next_level else None,
        next_big_blind=v.next_level.big_blind if v.next_level else None,
        next_ante=v.next_level.ante if v.next_level else None,
        seconds_left=_seconds(v.time_left) or 0,
        seconds_to_break=_seconds(v.time_to_break),
        elapsed_seconds=_seconds(v.elapsed) or 0,
        players_left=alive,
        chips_in_play=chips,
        average_stack=v.average_stack,
        smallest_chip=v.smallest_chip,
        level_for_entries=level_number_at(state.clock, now),
    )


def _steps(state: PokerState, current: int, started: bool) -> tuple[StepRow, ...]:
    rows: list[StepRow] = []
    number = 0
    for i, step in enumerate(state.structure.steps):
        past = started and i < current
        is_current = started and i == current
        if isinstance(step, BlindLevel):
            number += 1
            rows.append(
                StepRow(
                    i,
                    number,
                    step.minutes,
                    step.small_blind,
                    step.big_blind,
                    step.ante,
                    step.big_blind_ante,
                    is_current=is_current,
                    is_past=past,
                )
            )
        else:
            rows.append(
                StepRow(
                    i,
                    None,
                    step.minutes,
                    colour_up=step.colour_up,
                    is_current=is_current,
                    is_past=past,
                )
            )
    return tuple(rows)


def _table_row(table: Table, names: dict[int, str], chips: dict[str, int]) -> TableRow:
    nxt: NextHand | None = None
    if not table.is_closed and table.count >= 2:
        nxt = next_hand_positions(table)
    roles: dict[int, str] = {}
    if nxt is not None:
        roles[nxt.positions.button] = "button"
        roles.setdefault(nxt.positions.small_blind, "small_blind")
        roles[nxt.positions.big_blind] = "big_blind"
        if nxt.is_heads_up:
            roles[nxt.positions.button] = "button"
    seats = tuple(
        SeatRow(
            s,
            int(p) if p is not None else None,
            names.get(int(p)) if p is not None else None,
            roles.get(s, ""),
            chips.get(str(int(p))) if p is not None else None,
        )
        for s, p in enumerate(table.seats, start=1)
    )
    return TableRow(table.number, table.capacity, table.count, seats, table.is_closed, nxt)


# How long the screens announce a move between tables: the time for a player to carry their chips
# to the new seat. A decision (the regulation does not say): a move leaves the screens once it is
# older, once it is undone, or once its player no longer sits where it sent them (out, or moved
# again), so a break's every move stays up until its players are seated (PKR-BRK-1).
ANNOUNCE_FOR = timedelta(minutes=10)


def _to_announce(
    moves: tuple[MoveRow, ...], where: Mapping[PlayerId, tuple[int, int]], now: datetime
) -> tuple[MoveRow, ...]:
    return tuple(
        m
        for m in moves
        if m.from_table is not None
        and not m.undone
        and where.get(PlayerId(m.player_id)) == (m.to_table, m.to_seat)
        and _aware(m.at) >= now - ANNOUNCE_FOR
    )


def _aware(at: datetime) -> datetime:
    """Stored times are UTC; SQLite gives them back without their zone."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _results(state: PokerState, chop: Any) -> Standings:
    """The one model of places and prizes (issue 26 item 4): after ties and a chop."""
    amounts = payout_amounts(state.payouts, state.ledger, state.field, state.unit_cents)
    return standings(state.field, amounts, chop_of(chop))


def _line(line: PlaceLine, names: dict[int, str]) -> PayoutLine:
    pid = int(line.player) if line.player is not None else None
    name = names.get(pid) if pid is not None else None
    return PayoutLine(line.place, line.cents, pid, name, line.shared, line.chopped)


def tournament_view(store: Store, tournament_id: int) -> TournamentView:
    now = store.clock()
    with store.read() as session:
        row = get_tournament(session, tournament_id)
        state = load(row)
        names = {e.player_id: e.player.name for e in row.entrants}
        clock = _clock_out(state, now)
        alive = frozenset(state.field.alive)
        stacks = stacks_of(row, alive, clock.is_started)
        known = {str(p): s.chips for p, s in stacks.items() if s.chips is not None}
        tables = (
            tuple(_table_row(t, names, known) for t in state.seating.tables.values())
            if state.seating
            else ()
        )
        results = _results(state, row.chop)
        payouts = tuple(_line(x, names) for x in results.paid)
        finishing = tuple(_line(x, names) for x in results.finishing)
        prizes = {int(p): c for p, c in results.prizes.items()}
        places = {int(p): n for p, n in results.places.items()}
        # A finished tournament seats nobody: its players show their places, not a seat.
        where = state.seating.where if state.seating and row.status != "finished" else {}
        disq = set(state.field.disqualified)
        players: list[PlayerRow] = []
        for e in row.entrants:
            pid = PlayerId(e.player_id)
            mine = state.ledger.of(pid)
            if pid in disq:
                status = "disqualified"
            elif pid in alive:
                status = "in"
            elif mine:
                status = "out"
            else:
                status = "booked"
            seat = where.get(pid)
            players.append(
                PlayerRow(
                    e.player_id,
                    e.player.name,
                    e.booked,
                    status,
                    seat[0] if seat else None,
                    seat[1] if seat else None,
                    places.get(e.player_id),
                    prizes.get(e.player_id, 0),
                    sum(
                        1
                        for p in mine
                        if p.kind
                        in (PurchaseKind.ENTRY, PurchaseKind.LATE_ENTRY, PurchaseKind.RE_ENTRY)
                    ),
                    sum(1 for p in mine if p.kind is PurchaseKind.REBUY),
                    sum(1 for p in mine if p.kind is PurchaseKind.ADD_ON),
                    sum(p.price.cents for p in mine),
                    stacks[e.player_id].chips,
                    stacks[e.player_id].starting,
                )
            )
        moves = tuple(MoveRow.of(m, names) for m in reversed(row.moves))
        to_announce = _to_announce(moves, where, now)
        sanctions = tuple(
            SanctionRow(
                names.get(s.player_id, str(s.player_id)),
                s.kind,
                s.orbits,
                s.hands,
                s.chips_removed,
                s.infraction,
                s.ruling,
                s.at,
            )
            for s in row.sanctions
        )
        o = state.options
        options = OptionsOut(
            entry=PriceOut(o.entry.label, o.entry.cents, o.entry.chips),
            re_entry=_price(o.re_entry) if o.max_re_entries else None,
            max_re_entries=o.max_re_entries,
            rebuy=_price(o.rebuy) if o.max_rebuys else None,
            max_rebuys=o.max_rebuys,
            rebuy_max_stack=o.rebuy_max_stack,
            add_on=_price(o.add_on),
            late_last_level=o.late_last_level,
            late_penalty_per_level=o.late_penalty_per_level,
            own_stacks=bool(o.starting_stacks),
        )
        s = summary(state.ledger)
        cash = CashOut(
            s.entries,
            s.re_entries,
            s.rebuys,
            s.add_ons,
            s.collected,
            s.prize_pool,
            s.fees,
            s.jackpot,
            s.chips_in_play,
        )
        level = clock.level_for_entries
        late_open = row.status != "finished" and (level is None or level <= o.late_last_level)
        winner = (
            next((f.name for f in finishing if f.place == 1), None)
            if row.status == "finished"
            else None
        )
        return TournamentView(
            id=row.id,
            name=row.name,
            preset=row.preset,
            template=row.template,
            held_on=row.held_on,
            status=row.status,
            version=row.version,
            seed=row.seed,
            balance_threshold=row.balance_threshold,
            balance_seat=row.balance_seat,
            seats_per_table=row.seats_per_table,
            break_order=tuple(row.break_order),
            now=now,
            clock=clock,
            steps=_steps(state, clock.step_index, clock.is_started),
            chip_set=state.structure.chip_set,
            options=options,
            cash=cash,
            tables=tables,
            players=tuple(sorted(players, key=lambda p: p.name.casefold())),
            moves=moves,
            to_announce=to_announce,
            payouts=payouts,
            to_win=results.to_win,
            payout_rows=tuple(
                (r.get("max_entries"), tuple(str(x) for x in r["percentages"]))
                for r in row.payouts["rows"]
            ),
            unit_cents=state.unit_cents,
            finishing=finishing,
            sanctions=sanctions,
            chop=row.chop,
            stacks_at=row.stacks.get("at"),
            late_open=late_open,
            winner=winner,
            names=names,
        )
