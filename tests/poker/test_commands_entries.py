"""Entries through the services (PKR-LATE-1, PKR-REG-1): late entries refused after level 3,
without a booking, or for a player who busted; a re-entry "con la vita"."""

from __future__ import annotations

import pytest

from tests.conftest import FakeClock
from tests.support.poker import fingerprint, tuesday
from torneo.core.errors import Conflict
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_entries as poker_entries
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as poker_floor
from torneo.poker.floor import commands_purchases as poker_purchases


def test_PKR_LATE_1_late_entry_refused_after_level_3(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-LATE-1: a booked player arriving in level 4 is refused; nothing changes."""
    tid = tuesday(store, organizer, players=10)
    poker_entries.book_player(store, organizer, tid, name="Tardi")
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    poker_clock.jump_to_level(store, organizer, tid, level=4)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_entries.register_player(store, organizer, tid, name="Tardi")
    assert err.value.field == "level"
    assert "PKR-LATE-1" in err.value.reason
    assert fingerprint(store, tid) == before


def test_PKR_LATE_1_late_entry_refused_without_booking(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-LATE-1: only players who booked may enter late."""
    tid = tuesday(store, organizer, players=10)
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_entries.register_player(store, organizer, tid, name="Sconosciuto")
    assert err.value.field == "booked"
    assert fingerprint(store, tid) == before


def test_PKR_LATE_1_a_busted_player_cannot_enter_again_late(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-LATE-1: a player who busted may not come back as a late entry."""
    tid = tuesday(store, organizer, players=10)
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    view = poker_views.tournament_view(store, tid)
    out = view.players[0]
    poker_floor.bust_out(store, organizer, tid, players=[out.player_id])
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_entries.register_player(store, organizer, tid, name=out.name)
    assert err.value.field == "player"
    assert fingerprint(store, tid) == before


def test_re_entry_con_la_vita(store: Store, organizer: Actor, clock: FakeClock) -> None:
    """PKR-SCHED-1 "con la vita": one re-entry; the earlier bust leaves the finishing order."""
    wednesday = "2025-12-03"
    tid = poker.create_tournament(store, organizer, template="wed", held_on=wednesday, seed=1)
    poker_entries.register_roster(store, organizer, tid, [f"P{i}" for i in range(1, 7)])
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    pid = poker_views.tournament_view(store, tid).players[0].player_id
    poker_floor.bust_out(store, organizer, tid, players=[pid])
    again = poker_purchases.re_enter(store, organizer, tid, player_id=pid)
    assert again.kind == "re_entry"
    assert again.seat is not None
    view = poker_views.tournament_view(store, tid)
    assert view.cash.entries == 6
    assert view.cash.re_entries == 1
    row = next(p for p in view.players if p.player_id == pid)
    assert row.status == "in"
    assert row.place is None
    poker_floor.bust_out(store, organizer, tid, players=[pid])
    with pytest.raises(Conflict) as err:
        poker_purchases.re_enter(store, organizer, tid, player_id=pid)
    assert err.value.field == "re_entry"
