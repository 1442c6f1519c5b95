"""Small builders shared by the poker tests: seats and tables for the rules, and a Tuesday
tournament (PKR-SCHED-1) with its helpers for the services."""

from __future__ import annotations

from sqlalchemy import func, select

from tests.support.staff import STAFF_NAME, has_staff_account
from torneo.core.ids import PlayerId
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_entries as poker_entries
from torneo.poker import commands_seats as poker_seats
from torneo.poker import commands_setup as poker_setup
from torneo.poker import views as poker_views
from torneo.poker.rules.seating import HandPositions, Seating, Table
from torneo.poker.schedules import commands as poker_schedules
from torneo.poker.staff.commands import STAFF as POKER_STAFF
from torneo.poker.tables import PokerTournament
from torneo.poker.views import TournamentView
from torneo.poker.views_rows import PlayerRow

TUESDAY = "2025-12-02"


def P(n: int) -> PlayerId:
    return PlayerId(n)


def table(
    number: int,
    occupants: dict[int, int],
    capacity: int = 10,
    last_hand: tuple[int, int, int] | None = None,
    drawn_button: int | None = None,
) -> Table:
    seats: list[PlayerId | None] = [None] * capacity
    for seat, player in occupants.items():
        seats[seat - 1] = PlayerId(player)
    return Table(
        number,
        capacity,
        tuple(seats),
        HandPositions(*last_hand) if last_hand else None,
        drawn_button,
    )


def room(*tables: Table) -> Seating:
    where = {
        p: (t.number, seat)
        for t in tables
        for seat, p in enumerate(t.seats, start=1)
        if p is not None
    }
    return Seating({t.number: t for t in sorted(tables, key=lambda t: t.number)}, where)


def fingerprint(store: Store, tournament_id: int) -> tuple[int, int]:
    """(audit rows, tournament version): both unchanged after a refused action."""
    with store.read() as s:
        audits = s.scalar(select(func.count()).select_from(AuditEntry)) or 0
        row = s.get(PokerTournament, tournament_id)
        assert row is not None
        return audits, row.version


def tuesday(store: Store, org: Actor, players: int = 60, seed: int = 2025) -> int:
    """The club's Tuesday freezeout with one rebuy and an add-on, ``players`` entered."""
    tid = poker.create_tournament(store, org, template="tue", held_on=TUESDAY, seed=seed)
    if has_staff_account(store):  # the tests' floor (tests/poker/conftest.py)
        POKER_STAFF.appoint(store, org, tid, STAFF_NAME)
    poker_setup.set_entry_options(
        store, org, tid, max_rebuys=1, rebuy_price="90+10", add_on_price="50", add_on_chips=5000
    )
    if players:
        poker_entries.register_roster(
            store, org, tid, [f"Giocatore {i:02d}" for i in range(1, players + 1)]
        )
    return tid


def open_counts(view: TournamentView) -> list[int]:
    return sorted(t.count for t in view.open_tables)


def running_tuesday(store: Store, org: Actor, players: int = 20) -> int:
    """A Tuesday tournament with its seats drawn and its clock running (the floor's tests)."""
    tid = tuesday(store, org, players=players)
    poker_seats.draw_seats_now(store, org, tid)
    poker_clock.start_clock(store, org, tid)
    return tid


def seated_at(store: Store, tid: int, index: int) -> list[int]:
    """The players seated at the ``index``-th open table."""
    view = poker_views.tournament_view(store, tid)
    return [s.player_id for s in view.open_tables[index].seats if s.player_id]


def player_row(store: Store, tid: int, pid: int) -> PlayerRow:
    return next(p for p in poker_views.tournament_view(store, tid).players if p.player_id == pid)


def scheduled_running(store: Store, org: Actor, schedule: int, day: str, names: list[str]) -> int:
    """A tournament opened from a league's schedule entry on ``day``, ``names`` seated and the
    clock running (what feeds a league once it ends)."""
    tid = poker_schedules.open_scheduled(store, org, schedule, held_on=day)
    poker_entries.register_roster(store, org, tid, names)
    poker_seats.draw_seats_now(store, org, tid)
    poker_clock.start_clock(store, org, tid)
    return tid
