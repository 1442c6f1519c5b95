"""What the live draft costs the database, whatever the event's size (issue 16's latency).

No timings here (speed lives in bench/draft.py): the statements a pick and a page's state send,
the presence of many pages written at once, and the timer's look at the deadlines.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import pytest
from sqlalchemy import event as sa_event

from tests.conftest import FakeClock
from tests.support.draft import draft_event, pack_of, pick_round, player, pod_now, seat_players
from torneo.cards.draft import commands as draft
from torneo.cards.draft import views as views
from torneo.platform.live.broker import Notice
from torneo.platform.store.uow import Store


@contextmanager
def statements(store: Store) -> Iterator[list[str]]:
    """The SQL statements sent to the database inside the block."""
    sent: list[str] = []

    def note(_c: object, _cur: object, statement: str, *_rest: object) -> None:
        sent.append(" ".join(statement.split()))

    sa_event.listen(store.engine, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        sa_event.remove(store.engine, "before_cursor_execute", note)


def _costs(store: Store, players: int) -> tuple[list[str], list[str]]:
    """The statements of seat 1's pick in pod 1 (second pick, not a pass) and of its page's
    state, in a started draft of ``players``."""
    event = draft_event(store, players)
    seats = seat_players(store, event)
    pick_round(store, event)  # the first pick of every pod 1 seat: the next one is typical
    card = pack_of(store, event, 1)[0]
    with statements(store) as pick:
        draft.pick_card(store, player(seats[(1, 1)]), event, card, booster=1, pick=2)
    with statements(store) as state, store.read() as session:
        views.player_draft_in(session, store.clock(), event, seats[(1, 1)])
    return pick, state


def test_a_pick_and_a_pages_state_cost_the_same_in_a_pod_of_8_and_among_8_pods(
    store: Store,
) -> None:
    """A page's state once loaded all the event's registrations and their players: with 512
    drafters, the 512 pages asking it at the start (and the pages of a lost worker coming
    back) held the worker for seconds, picks went late and players were disqualified."""
    small_pick, small_state = _costs(store, 8)
    big_pick, big_state = _costs(store, 8 * 8)
    assert len(big_pick) == len(small_pick)
    assert len(big_state) == len(small_state)
    for sql in big_state + big_pick:
        assert "FROM registrations" not in sql
        assert "FROM players" not in sql or "WHERE players.id =" in sql
    # the lock, the pod's seats with their picks, the pick and its audit row: nothing else.
    # BER-DRAFT-1 (issue 29 item 2): SQLite ignores FOR UPDATE, so its lock is a no-op write
    # that takes the writer's lock before the pod is read; PostgreSQL locks the pod's row.
    lock = ["UPDATE", "SELECT"] if store.engine.dialect.name == "sqlite" else ["SELECT"]
    assert [s.split()[0] for s in big_pick] == [*lock, "SELECT", "INSERT", "INSERT"]


def test_the_last_pick_of_a_pass_announces_the_pass_only(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pages get the next pack from the pass; a "seat N is ready" of that pick is one broker
    message and 8 socket messages for nothing."""
    event = draft_event(store, 4)
    seats = seat_players(store, event)
    pick_round(store, event, skip=frozenset({4}))
    published: list[Notice] = []
    monkeypatch.setattr(store.broker, "publish", published.append)
    draft.pick_card(
        store, player(seats[(1, 4)]), event, pack_of(store, event, 4)[0], booster=1, pick=1
    )
    assert [n.kind for n in published if n.topic == draft.topic(event)] == ["pass"]
    published.clear()
    draft.pick_card(
        store, player(seats[(1, 1)]), event, pack_of(store, event, 1)[0], booster=1, pick=2
    )
    assert [n.kind for n in published] == ["picked"]


def test_the_timer_looks_up_the_pods_due_and_the_next_deadline(
    store: Store, clock: FakeClock
) -> None:
    early = draft_event(store, 8, pick_seconds=30)
    clock.advance(seconds=10)
    late = draft_event(store, 8, pick_seconds=30)
    first, second = pod_now(store, early).pod.id, pod_now(store, late).pod.id
    due, wake = draft.timer_look(store)
    assert due == []
    assert wake == clock() + timedelta(seconds=20)  # the first event's deadline
    clock.advance(seconds=20)
    due, wake = draft.timer_look(store)
    assert due == [first]
    assert wake == clock() + timedelta(seconds=10)
    draft.mark_seen(store, early, list(seat_players(store, early).values()))
    assert draft.expire_pod(store, first)
    clock.advance(seconds=10)
    assert draft.timer_look(store) == ([second], clock() + timedelta(seconds=20))
