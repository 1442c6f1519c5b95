"""The seat draw (PKR-TBL-1) and the moves as announced on the screens.

The seats may be drawn again until the clock starts (a late arrival before the start); every seat
given and every move is stored as a move row, so the screens can announce it and the floor undo it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from torneo.core.errors import Conflict
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker.commands import audit, topic, touch
from torneo.poker.rules.balancing import BigBlindSeat, decide
from torneo.poker.rules.positions import draw_seat_for
from torneo.poker.rules.seating import Move, SeatAssignment, Seating, assign, draw_seats, open_table
from torneo.poker.state import (
    PokerState,
    check_version,
    get_tournament,
    load,
    next_rng,
    seating_to_json,
)
from torneo.poker.state_access import authorize_tournament
from torneo.poker.tables import PokerMove, PokerTournament


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
    seating, decision = decide(
        seating,
        rng,
        row.balance_threshold,
        row.break_order or None,
        BigBlindSeat(row.balance_seat),
    )
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


# --- the seat draw ----------------------------------------------------------------------------


def draw_seats_now(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> list[SeatOut]:
    """PKR-TBL-1: the random seat draw (seeded, the seed recorded), before the clock starts."""
    precheck(actor, Action.OFFICIATE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.OFFICIATE)
        check_version(row, version)
        if row.clock.get("started_at"):
            raise Conflict(
                "seating", N_("the clock has started"), N_("draw the seats before the start")
            )
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
        audit(uow, row, "draw", seed=label, players=len(players), tables=len(draw.seating.tables))
        uow.notify(topic(row.id), "seats")
        return [SeatOut(int(a.player), a.table, a.seat) for a in draw.assignments]
