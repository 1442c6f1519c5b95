"""Each worker's draft machinery (``api_draft_hub``): presence written together, the timer.

No timings asserted: the timer test waits on events (with a generous bound against a hang)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any

import pytest
from sqlalchemy import select

from tests.cards.test_draft_load import statements
from tests.conftest import FakeClock
from tests.support.draft import ORG, draft_event, pod_now, seat_players
from torneo.cards.draft import api_hub
from torneo.cards.draft import commands as commands_draft
from torneo.cards.draft.api_hub import DraftHub, DraftTimers, Listener, Prepared
from torneo.cards.draft.commands_presence import is_connected
from torneo.cards.draft.tables import DraftSeat
from torneo.platform.live.broker import Notice
from torneo.platform.store.uow import Store


def test_pages_reporting_at_once_are_written_in_one_update(sqlite_store: Store) -> None:
    """The 512 pages of a draft's start (or a lost worker's pages coming back) each report
    their presence; one transaction each queued them ahead of the picks on the worker's
    threads. Reported together, they are one UPDATE, and every seat is marked."""
    event = draft_event(sqlite_store, 8)
    players = list(seat_players(sqlite_store, event).values())

    async def report() -> None:
        hub = DraftHub(sqlite_store)
        await asyncio.gather(*(hub.report(event, seen=[p]) for p in players))

    with statements(sqlite_store) as sent:
        asyncio.run(report())
    assert [s for s in sent if s.startswith("UPDATE draft_seats")] != []
    assert len([s for s in sent if s.startswith("UPDATE draft_seats")]) == 1
    with sqlite_store.read() as s:
        seen = s.scalars(select(DraftSeat.seen_at).where(DraftSeat.event_id == event)).all()
    assert len(seen) == 8
    assert all(moment is not None for moment in seen)


def test_a_reload_reported_with_the_closing_page_stays_connected(sqlite_store: Store) -> None:
    """A page closing and its reload opening, written together: the player is present; a page
    closing alone leaves."""
    event = draft_event(sqlite_store, 8)
    seats = seat_players(sqlite_store, event)
    reloaded, gone = seats[(1, 1)], seats[(1, 2)]

    async def report() -> None:
        hub = DraftHub(sqlite_store)
        await hub.report(event, seen=[reloaded, gone])
        await asyncio.gather(
            hub.report(event, left=[reloaded]),
            hub.report(event, seen=[reloaded]),
            hub.report(event, left=[gone]),
        )

    asyncio.run(report())
    with sqlite_store.read() as s:
        rows = {
            seat.player_id: is_connected(seat, sqlite_store.clock())
            for seat in s.scalars(select(DraftSeat).where(DraftSeat.event_id == event))
        }
    assert rows[reloaded] is True
    assert rows[gone] is False


def test_the_timer_expires_a_pod_due_while_another_is_still_expiring(
    sqlite_store: Store, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The timer waited for every expiry of one look before the next: a pod due a moment
    after another waited for the other's whole transaction (BER-DRAFT-2's timer ran late)."""
    first = draft_event(sqlite_store, 4, pick_seconds=10)
    clock.advance(seconds=5)
    second = draft_event(sqlite_store, 4, pick_seconds=10)
    pods = {
        pod_now(sqlite_store, first).pod.id: "first",
        pod_now(sqlite_store, second).pod.id: "second",
    }
    started = {name: threading.Event() for name in pods.values()}
    release = threading.Event()

    def expire(store: Store, pod_id: int) -> bool:
        started[pods[pod_id]].set()
        if pods[pod_id] == "first":
            assert release.wait(30)  # held until the second one has started
        return True

    monkeypatch.setattr(commands_draft, "expire_pod", expire)
    # The timer of a worker that stays up: no restart, so no grace (BER-DRAFT-2's re-arm).
    monkeypatch.setattr(commands_draft, "rearm_after_restart", lambda store: 0)
    clock.advance(seconds=5)  # the first pod is due; the second one in 5 s

    async def run() -> bool:
        timers = DraftTimers(sqlite_store, DraftHub(sqlite_store))
        timers.start()
        try:
            loop = asyncio.get_running_loop()
            assert await loop.run_in_executor(None, started["first"].wait, 30)
            clock.advance(seconds=5)  # now the second one is due too, the first one still runs
            return await loop.run_in_executor(None, started["second"].wait, 30)
        finally:
            release.set()
            await timers.stop()

    assert asyncio.run(run())


def test_a_presence_write_cancelled_before_it_ran_releases_its_pages(sqlite_store: Store) -> None:
    """A shutdown cancels the write the pages wait on (a closing page waits shielded from
    cancellation): they must not wait for it forever, and later reports start a new write."""
    event = draft_event(sqlite_store, 4)
    player_id = seat_players(sqlite_store, event)[(1, 1)]

    async def run() -> None:
        hub = DraftHub(sqlite_store)
        async with hub._writing:  # a write in flight: the next one gathers behind it
            page = asyncio.create_task(hub.report(event, seen=[player_id]))
            await asyncio.sleep(0)  # the page has joined the next write
            for writer in list(hub._writers):
                writer.cancel()
            await asyncio.wait_for(page, 30)  # a bound against a hang, not a timing
        await asyncio.wait_for(hub.report(event, seen=[player_id]), 30)

    asyncio.run(run())
    with sqlite_store.read() as s:
        seat = s.scalars(select(DraftSeat).where(DraftSeat.player_id == player_id)).one()
    assert seat.seen_at is not None  # the later report was written


def test_ber_draft_2_the_start_brings_every_page_its_first_pack_without_a_read(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: at the start every open page read its whole state (four at a time a worker,
    after its presence was written) while the first pick's time was already running: with
    512 drafters the last pages got their first pack seconds late, their picks came after the
    timer's and were refused ("pick 1 of booster 1 is over"). The start's notice now carries
    each seat and its first pack: a page answers it without the database, and its presence is
    written all the same (BER-DRAFT-2: it is connected at the first timeout)."""
    from torneo.cards.draft.api_live import Seat
    from torneo.platform.store.uow import Actor

    event = draft_event(sqlite_store, 16, start=False)
    from torneo.cards.tables import Registration

    with sqlite_store.read() as s:
        someone = s.scalars(select(Registration.player_id).where(Registration.event_id == event))
        player_id = list(someone)[5]
    published: list[Notice] = []
    monkeypatch.setattr(sqlite_store.broker, "publish", published.append)

    async def page() -> tuple[dict[str, Any], list[str]]:
        hub = DraftHub(sqlite_store)
        seat = Seat(
            hub, Actor("p", player_id=player_id), event, Listener(player_id=player_id), "en"
        )
        first = await seat.state()
        assert first["state"] == "not_started"
        commands_draft.start_draft(sqlite_store, ORG, event)
        (started,) = [n for n in published if n.kind == "started"]
        with statements(sqlite_store) as sent:
            message = await seat.hear(started)
            assert isinstance(message, dict)  # the start's state is the seat's own
            reads = [s for s in sent if s.startswith("SELECT")]
        await asyncio.gather(*hub._writers)  # the presence write it started
        return message, reads

    message, reads = asyncio.run(page())
    assert reads == []
    seats = seat_players(sqlite_store, event)
    (pod_no, seat_no), *_ = [k for k, v in seats.items() if v == player_id]
    state = pod_now(sqlite_store, event, pod_no)
    with sqlite_store.read() as s:
        from torneo.cards.draft.views import seat_draft

        view, _, _ = seat_draft(s, sqlite_store.clock(), event, player_id)
    expected = {"type": "state", **view.as_json()}
    for key in ("server_now",):
        expected.pop(key), message.pop(key)
    assert message == expected
    assert state.position is not None
    pack = message["pack"]
    assert isinstance(pack, list)
    assert [c["id"] for c in pack] == list(state.opened[(seat_no, 1)])
    with sqlite_store.read() as s:
        seen = s.scalar(select(DraftSeat.seen_at).where(DraftSeat.player_id == player_id))
    assert seen is not None


def test_a_pods_ready_seats_reach_its_pages_only_as_one_message(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: a notice of one pod wakes that pod's pages only (an index by pod, not a loop
    over the event's pages); the seats that picked within the window go out as one message,
    encoded once; a pass drops the ones still gathering (its pack says more); a page not
    seated yet hears every pod (issue 31: it may read its state)."""
    monkeypatch.setattr(api_hub, "READY_WINDOW", 0.0)
    topic = commands_draft.topic(1)

    def picked(pod: int, seat: int, pick: int = 1) -> Notice:
        return Notice(topic, "picked", {"pod": pod, "seat": seat, "booster": 1, "pick": pick})

    async def scene() -> dict[str, list[Any]]:
        hub = DraftHub(sqlite_store)
        heard: dict[str, list[Any]] = {}
        async with contextlib.AsyncExitStack() as stack:
            # no broker: the notices are handed to the hub below, as its pump would
            hub.pumps[1] = asyncio.create_task(asyncio.sleep(3600))
            hub.ready[1] = asyncio.Event()
            hub.ready[1].set()
            pages: dict[str, Listener] = {}
            for name in ("a1", "a2", "b1", "new"):
                pages[name] = await stack.enter_async_context(hub.listen(1, len(pages) + 1))
            hub.place(1, pages["a1"], 10, 1, 101)
            hub.place(1, pages["a2"], 10, 2, 102)
            hub.place(1, pages["b1"], 20, 1, 201)
            hub._deliver(1, picked(10, 1))
            hub._deliver(1, picked(10, 2))
            await asyncio.sleep(0.05)  # the window ends: one message for the pod
            hub._deliver(1, picked(10, 3, pick=2))
            hub._deliver(1, Notice(topic, "pass", {"pod": 10, "booster": 1, "pick": 3}))
            await asyncio.sleep(0.05)
            for name, page in pages.items():
                heard[name] = []
                while not page.queue.empty():
                    heard[name].append(page.queue.get_nowait())
        return heard

    heard = asyncio.run(scene())
    ready = Prepared('{"type":"ready","seats":[1,2],"booster":1,"pick":1}')
    assert heard["a1"] == [ready, Notice(topic, "pass", {"pod": 10, "booster": 1, "pick": 3})]
    assert heard["a2"] == heard["a1"]
    assert heard["a1"][0] is heard["a2"][0]  # encoded once for the pod's pages
    assert heard["b1"] == []  # another pod's page: nothing
    assert [n.kind for n in heard["new"]] == ["picked", "picked", "picked", "pass"]


def test_a_worker_wants_the_notices_of_its_pods_only(sqlite_store: Store) -> None:
    """Issue 32: a pick's or a pass's notice of a pod with no page here is declined before it is
    decoded; any other notice is wanted, and every notice while a page here has no seat yet
    (issue 31: it reads its state on any pod's notice)."""
    topic = commands_draft.topic(1)

    def raw(kind: str, **data: object) -> bytes:
        return Notice(topic, kind, dict(data)).encode().encode()

    async def scene() -> list[bool]:
        hub = DraftHub(sqlite_store)
        hub.pumps[1] = asyncio.create_task(asyncio.sleep(3600))  # the last page cancels it
        hub.ready[1] = asyncio.Event()
        hub.ready[1].set()
        async with hub.listen(1, 1) as page:
            early = hub.wants(1, raw("picked", pod=20, seat=1, booster=1, pick=1))
            hub.place(1, page, 10, 1, 101)
            return [
                early,
                hub.wants(1, raw("picked", pod=10, seat=2, booster=1, pick=1)),
                hub.wants(1, raw("pass", pod=10, booster=1, pick=2, packs={})),
                hub.wants(1, raw("picked", pod=20, seat=1, booster=1, pick=1)),
                hub.wants(1, raw("pass", pod=20, booster=1, pick=2, packs={})),
                hub.wants(1, raw("disqualified", pod=20, seat=3)),
                hub.wants(1, raw("started", seating={})),
            ]

    assert asyncio.run(scene()) == [True, True, True, False, False, True, True]


def test_a_page_written_to_directly_hears_every_notice_in_order() -> None:
    """Issue 32: the hub writes a page's message at once (``speak``) unless notices wait for
    its task (queued, or its task answering one: they keep their order), its pick is in flight
    (held until the answer: the pack after its ``picked``), or it must read (its task does)."""
    topic = commands_draft.topic(1)
    spoken: list[int] = []

    def notice(n: int) -> Notice:
        return Notice(topic, "pass", {"pod": 10, "n": n})

    def speak(given: Notice | Prepared) -> bool:
        assert isinstance(given, Notice)
        if given.data["n"] == 99:
            return False  # a notice its task answers (a read)
        spoken.append(given.data["n"])
        return True

    def queued(page: Listener) -> list[int]:
        out = []
        while not page.queue.empty():
            item = page.queue.get_nowait()
            assert isinstance(item, Notice)
            out.append(item.data["n"])
        return out

    page = Listener(player_id=1)
    page.tell(notice(1))  # not written to directly (the ASGI way): its task
    assert queued(page) == [1]
    page.speak = speak
    page.tell(notice(2))
    page.tell(notice(99))
    page.tell(notice(3))  # behind the one its task answers
    assert (spoken, queued(page)) == ([2], [99, 3])
    page.busy = True  # its task answers a notice: the next ones wait for it
    page.tell(notice(4))
    page.busy = False
    assert (spoken, queued(page)) == ([2], [4])
    page.hold()  # its pick in flight
    page.tell(notice(5))
    page.tell(notice(6))
    assert spoken == [2]
    page.release()  # its answer went: then what came meanwhile
    page.tell(notice(7))
    assert (spoken, queued(page)) == ([2, 5, 6, 7], [])
