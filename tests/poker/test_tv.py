"""Issue 26 item 5, the poker TV: every move of a table break stays on screen until its players
are seated (PKR-BRK-1), a move leaves once its player is out, the payouts with what is left to
win, and a finished state (no next level, no break countdown)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.support.poker import tuesday
from tests.support.poker_views import tv_paid
from tests.support.web import make_client
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as poker_floor
from torneo.poker.floor.commands import BustOutcome


@pytest.fixture
def client(sqlite_store: Store) -> Iterator[TestClient]:
    with make_client(sqlite_store) as c:
        yield c


def _shown(client: TestClient, tid: int) -> list[int]:
    """The moves on the TV, by their sequence number."""
    page = client.get(f"/poker/{tid}/tv?fragment=live&lang=en").text
    return [int(n) for n in re.findall(r'data-move="(\d+)"', page)]


def _bust_until_a_break(store: Store, actor: Actor, tid: int) -> BustOutcome:
    for _ in range(40):
        alive = poker_views.tournament_view(store, tid).alive
        out = poker_floor.bust_out(store, actor, tid, players=[alive[0].player_id])
        if out.broken_table is not None:
            return out
    raise AssertionError("no table broke")


def test_PKR_BRK_1_issue26_every_move_of_a_break_until_seated(
    sqlite_store: Store, organizer: Actor, clock: FakeClock, client: TestClient
) -> None:
    store = sqlite_store
    tid = tuesday(store, organizer, players=26)  # three tables of 9, 9 and 8
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    out = _bust_until_a_break(store, organizer, tid)
    broken = [m for m in out.moves if m.reason == "break"]
    assert len(broken) >= 5  # the issue's break had 5 moves, the TV showed 4
    view = poker_views.tournament_view(store, tid)
    seqs = {
        (m.player_id, m.to_table, m.to_seat): m.seq for m in view.moves if m.from_table is not None
    }
    expected = [seqs[(m.player_id, m.to_table, m.to_seat)] for m in out.moves]
    assert sorted(_shown(client, tid)) == sorted(expected)
    page = client.get(f"/poker/{tid}/tv?fragment=live&lang=en").text
    for m in broken:
        assert (
            f"Table {m.from_table} seat {m.from_seat} → Table {m.to_table} seat {m.to_seat}" in page
        )

    # A moved player who is out no longer has a move to make: it leaves the screen.
    gone = broken[0]
    poker_floor.bust_out(store, organizer, tid, players=[gone.player_id])
    shown = _shown(client, tid)
    assert seqs[(gone.player_id, gone.to_table, gone.to_seat)] not in shown
    assert set(shown) <= set(expected)
    # The players are seated once the time to carry the chips is over (views.ANNOUNCE_FOR).
    clock.advance(minutes=11)
    assert _shown(client, tid) == []


def test_issue26_the_tv_shows_the_payouts_and_what_is_left_to_win(
    sqlite_store: Store, organizer: Actor, clock: FakeClock, client: TestClient
) -> None:
    store = sqlite_store
    tid = tuesday(store, organizer, players=12)
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    lines, text = tv_paid(client, tid)
    view = poker_views.tournament_view(store, tid)
    assert lines == [(p.place, "", p.cents) for p in view.payouts]
    assert "left to win €1,080" in text
    assert "Next level" in text  # a running tournament keeps its clock
    while len(poker_views.tournament_view(store, tid).alive) > 1:
        alive = poker_views.tournament_view(store, tid).alive
        poker_floor.bust_out(store, organizer, tid, players=[alive[0].player_id])
    lines, text = tv_paid(client, tid)
    view = poker_views.tournament_view(store, tid)
    assert all(name for _, name, _ in lines)
    assert "left to win" not in text
    assert "Winner" in text
    assert view.winner is not None
    assert view.winner in text
    assert "Next level" not in text
    assert "Break in" not in text
    assert "data-countdown" not in client.get(f"/poker/{tid}/tv?fragment=live").text
