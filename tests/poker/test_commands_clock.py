"""The tournament clock through the services (PKR-BTN-1): its controls, a stale phone, and the
same time left after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import FakeClock
from tests.support.poker import fingerprint, tuesday
from torneo.core.errors import Conflict, Forbidden
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_seats as poker_seats
from torneo.poker import commands_setup as poker_setup
from torneo.poker import views as poker_views


def test_clock_controls_and_a_stale_phone(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """Pause, resume, add time, jump; a phone that saw an older version is refused (409)."""
    tid = tuesday(store, organizer, players=6)
    poker_seats.draw_seats_now(store, judge, tid)
    poker_clock.start_clock(store, judge, tid)
    clock.advance(minutes=5)
    poker_clock.pause_clock(store, judge, tid)
    clock.advance(minutes=30)  # paused: no time passes for the levels
    view = poker_views.tournament_view(store, tid)
    assert view.clock.seconds_left == 10 * 60
    assert not view.clock.is_running
    poker_clock.resume_clock(store, judge, tid)
    poker_clock.add_time(store, judge, tid, seconds=120)
    view = poker_views.tournament_view(store, tid)
    assert view.clock.seconds_left == 12 * 60
    seen = view.version
    poker_clock.jump_to_level(store, judge, tid, level=3, version=seen)
    view = poker_views.tournament_view(store, tid)
    assert view.clock.level_number == 3
    assert view.clock.seconds_left == 15 * 60
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_clock.pause_clock(store, judge, tid, version=seen)  # the other phone's old page
    assert err.value.field == "version"
    assert fingerprint(store, tid) == before
    with pytest.raises(Forbidden):
        poker_setup.set_payouts(store, judge, tid, rows=[(None, ["100"])])


def test_clock_restart_shows_the_same_time_left(
    tmp_path: Path, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-BTN-1: the clock is computed from stored timestamps: a new Store on the same
    database (a restarted worker) shows the same level and time left, to the second."""
    url = f"sqlite:///{tmp_path / 'clock.db'}"
    engine = make_engine(url)
    upgrade(engine)
    first = Store(engine, clock)
    tid = tuesday(first, organizer, players=8)
    poker_seats.draw_seats_now(first, organizer, tid)
    poker_clock.start_clock(first, organizer, tid)
    clock.advance(minutes=17, seconds=25)
    poker_clock.pause_clock(first, organizer, tid)
    clock.advance(minutes=3)
    poker_clock.resume_clock(first, organizer, tid)
    clock.advance(minutes=1)
    shown = poker_views.tournament_view(first, tid).clock
    engine.dispose()

    second = Store(make_engine(url), clock)
    again = poker_views.tournament_view(second, tid).clock
    assert again == shown
    assert (again.level_number, again.seconds_left) == (2, 15 * 60 - (2 * 60 + 25 + 60))
    second.engine.dispose()
