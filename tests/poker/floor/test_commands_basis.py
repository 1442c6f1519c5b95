"""Issue 26 item 1: a staff action is refused only when what it acts on changed after the version
its phone read (``poker.state_changes``), never for someone else's change elsewhere."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from tests.conftest import FakeClock
from tests.support.poker import fingerprint, running_tuesday, seated_at
from torneo.core.errors import Conflict
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands_clock as poker_clock
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as poker_floor
from torneo.poker.floor import commands_purchases as poker_purchases
from torneo.poker.floor import commands_sanctions as poker_sanctions


def _version(store: Store, tid: int) -> int:
    return poker_views.tournament_view(store, tid).version


def _name(store: Store, tid: int, pid: int) -> str:
    return next(
        p.name for p in poker_views.tournament_view(store, tid).players if p.player_id == pid
    )


def test_issue26_bust_y_after_someone_busted_x(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """Two phones read the same version; the director busts X, the floor then busts Y with
    the version it read: both land."""
    tid = running_tuesday(store, organizer, players=16)
    x, y = seated_at(store, tid, 0)[:2]
    read = _version(store, tid)
    poker_floor.bust_out(store, organizer, tid, players=[x], version=read)
    out = poker_floor.bust_out(store, judge, tid, players=[y], version=read)
    assert {p for p, _ in out.places} == {y}
    alive = {p.player_id for p in poker_views.tournament_view(store, tid).alive}
    assert x not in alive
    assert y not in alive


def test_issue26_bust_x_twice_is_already_out(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """The second bust of one player is refused "already out", naming them, whatever the
    version it carries, and changes nothing."""
    tid = running_tuesday(store, organizer, players=16)
    x = seated_at(store, tid, 0)[0]
    read = _version(store, tid)
    poker_floor.bust_out(store, organizer, tid, players=[x], version=read)
    before = fingerprint(store, tid)
    for version in (read, _version(store, tid), None):
        with pytest.raises(Conflict) as err:
            poker_floor.bust_out(store, judge, tid, players=[x], version=version)
        assert err.value.field == "players"
        assert err.value.reason_message.id == "%(name)s is already out"
        assert err.value.reason_message.params["name"] == _name(store, tid, x)
    assert fingerprint(store, tid) == before


def test_issue26_same_player_still_conflicts(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """A player moved by hand after the floor's phone read the page: busting that player with
    the old version is a real conflict (409 naming them), nothing changes."""
    tid = running_tuesday(store, organizer, players=16)
    x = seated_at(store, tid, 0)[0]
    read = _version(store, tid)
    free = next(
        s.seat
        for s in poker_views.tournament_view(store, tid).open_tables[1].seats
        if not s.player_id
    )
    poker_floor.move_player_to(store, organizer, tid, player_id=x, table=2, seat=free)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_floor.bust_out(store, judge, tid, players=[x], version=read)
    assert err.value.field == "version"
    assert err.value.reason_message.params["name"] == _name(store, tid, x)
    assert fingerprint(store, tid) == before


def test_issue26_same_seat_conflicts(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """Two phones move two players to one free seat: the second is refused for that seat."""
    tid = running_tuesday(store, organizer, players=16)
    a, b = seated_at(store, tid, 0)[:2]
    read = _version(store, tid)
    free = next(
        s.seat
        for s in poker_views.tournament_view(store, tid).open_tables[1].seats
        if not s.player_id
    )
    poker_floor.move_player_to(store, organizer, tid, player_id=a, table=2, seat=free, version=read)
    with pytest.raises(Conflict) as err:
        poker_floor.move_player_to(store, judge, tid, player_id=b, table=2, seat=free, version=read)
    assert err.value.reason_message.params["seat"] == str(free)


def test_issue26_other_actions_pass_unrelated_changes(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """A rebuy, a sanction and a clock change read before someone else's bust still land; the
    clock read before another clock change does not."""
    tid = running_tuesday(store, organizer, players=16)
    x, y, z = seated_at(store, tid, 0)[:3]
    read = _version(store, tid)
    poker_floor.bust_out(store, organizer, tid, players=[x], version=read)
    poker_purchases.rebuy(store, organizer, tid, player_id=y, version=read)
    poker_sanctions.sanction_player(
        store, judge, tid, player_id=z, kind="warning", infraction="slow", version=read
    )
    poker_clock.pause_clock(store, organizer, tid, version=read)
    with pytest.raises(Conflict) as err:
        poker_clock.add_time(store, judge, tid, seconds=60, version=read)
    assert err.value.reason.startswith("the clock was changed")


def test_issue26_an_old_version_before_the_stamps_is_checked_as_a_whole(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """A version older than the first stamped change cannot say what it saw: refused as before."""
    tid = running_tuesday(store, organizer, players=16)
    x, y = seated_at(store, tid, 0)[:2]
    with pytest.raises(Conflict) as err:
        poker_floor.bust_out(store, organizer, tid, players=[y], version=1)
    assert err.value.field == "version"
    assert x != y


def _at_once(calls: list[Callable[[], object]]) -> list[object]:
    barrier = threading.Barrier(len(calls))
    out: list[object] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            out[i] = calls[i]()
        except Exception as exc:
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    return out


def test_issue26_concurrent_busts_of_two_players_both_land(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """The director and the floor bust two players at the same instant with the version they
    both read: both busts are stored, nothing is lost (SQLite and PostgreSQL)."""
    tid = running_tuesday(store, organizer, players=16)
    x = seated_at(store, tid, 0)[0]
    y = seated_at(store, tid, 1)[0]
    read = _version(store, tid)
    out = _at_once(
        [
            lambda: poker_floor.bust_out(store, organizer, tid, players=[x], version=read),
            lambda: poker_floor.bust_out(store, judge, tid, players=[y], version=read),
        ]
    )
    assert all(isinstance(o, poker_floor.BustOutcome) for o in out), out
    view = poker_views.tournament_view(store, tid)
    assert {x, y}.isdisjoint(p.player_id for p in view.alive)
    assert view.version == read + 2
