"""A whole poker evening through the services (issue 8, "done when"), on SQLite and PostgreSQL:
a 60-player freezeout with a late entry, two rebuys and an add-on; the seats drawn; the tables
balanced and broken with every move announced; the final table; the finishing order and the
payouts right to the euro. And the clock read back after a restart."""

from __future__ import annotations

import random

import pytest

from tests.conftest import FakeClock
from tests.support.poker import TUESDAY, open_counts, tuesday
from torneo.core.errors import TorneoError
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_entries as poker_entries
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as poker_floor
from torneo.poker.floor import commands_purchases as poker_purchases


def test_PKR_END_1_sixty_player_evening_through_the_services(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-TBL-1, PKR-LATE-1, PKR-BAL-1, PKR-BAL-2, PKR-BRK-1, PKR-END-1: the issue's evening."""
    tid = tuesday(store, organizer)
    poker_entries.book_player(store, organizer, tid, name="Ritardatario")
    seats = poker_seats.draw_seats_now(store, organizer, tid)
    assert len(seats) == 60
    assert len({(s.table, s.seat) for s in seats}) == 60
    view = poker_views.tournament_view(store, tid)
    assert open_counts(view) == [10] * 6

    poker_clock.start_clock(store, organizer, tid)
    clock.advance(minutes=20)  # level 2 of the 15-minute Tuesday structure
    late = poker_entries.register_player(store, organizer, tid, name="Ritardatario")
    assert late.kind == "late_entry"
    assert late.level == 2
    assert late.penalty == 1000  # PKR-LATE-1: 500 chips per level started
    assert late.chips == 9000
    assert late.seat is not None
    assert late.seat.table == 7  # every table was full: a table opened for the late entry
    assert late.moves  # and the room rebalanced onto it, every move announced
    assert all(m.to_table == 7 and "→ Table 7" in m.announcement for m in late.moves)
    view = poker_views.tournament_view(store, tid)
    assert open_counts(view) == [8, 8, 9, 9, 9, 9, 9]

    ids = {p.name: p.player_id for p in view.players}
    poker_purchases.rebuy(store, organizer, tid, player_id=ids["Giocatore 05"], stack=0)
    poker_purchases.rebuy(store, organizer, tid, player_id=ids["Giocatore 06"], stack=800)
    clock.advance(minutes=15)  # level 3
    poker_purchases.add_on(store, organizer, tid, player_id=ids["Giocatore 07"])
    view = poker_views.tournament_view(store, tid)
    assert view.cash.prize_pool == 61 * 9000 + 2 * 9000 + 5000
    assert view.cash.chips_in_play == 60 * 10_000 + 9000 + 20_000 + 5000
    assert view.clock.level_number == 3
    assert view.clock.players_left == 61
    assert view.clock.average_stack == view.cash.chips_in_play // 61

    rng = random.Random(8)
    announced: list[str] = []
    broken: list[int] = []
    while view.status != "finished":
        out = rng.choice([p.player_id for p in view.alive])
        result = poker_floor.bust_out(store, organizer, tid, players=[out])
        announced += [m.announcement for m in result.moves]
        if result.broken_table is not None:
            broken.append(result.broken_table)
            # PKR-BRK-1: the broken table's players drew the free seats elsewhere
            assert all(
                m.from_table == result.broken_table for m in result.moves if m.reason == "break"
            )
        view = poker_views.tournament_view(store, tid)
        counts = open_counts(view)
        assert counts[-1] - counts[0] < view.balance_threshold  # PKR-BAL-1
        if len(view.alive) <= 10:
            assert len(view.open_tables) == 1  # the final table is reached
    assert broken == [7, 6, 5, 4, 3, 2]  # highest-numbered first (the preset's order)
    assert announced
    assert all(" → Table " in a for a in announced)

    assert view.winner is not None
    assert [f.place for f in view.finishing] == list(range(1, 62))
    prizes = [f.cents for f in view.finishing if f.cents]
    # 572,000 cents, 61 entries → the row "up to 80": 11 places, rounded to the euro, nothing lost
    assert prizes == [
        160200,
        100100,
        68700,
        54300,
        42900,
        34300,
        28600,
        22900,
        20000,
        20000,
        20000,
    ]
    assert sum(prizes) == view.cash.prize_pool
    assert not view.clock.is_running  # the clock stops at the end


def test_weekday_template_on_the_wrong_day(store: Store, organizer: Actor) -> None:
    """PKR-SCHED-1: the Tuesday tournament on a Wednesday is refused, naming the date."""
    with pytest.raises(TorneoError) as err:
        poker.create_tournament(store, organizer, template="tue", held_on="2025-12-03")
    assert err.value.field == "held_on"
    with pytest.raises(TorneoError) as err:
        poker.create_tournament(store, organizer, template="sun-first", held_on="2025-12-14")
    assert err.value.field == "held_on"
    with pytest.raises(TorneoError) as err:
        poker.create_tournament(store, organizer, template="xyz", held_on=TUESDAY)
    assert err.value.field == "template"
