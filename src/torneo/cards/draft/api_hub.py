"""Each worker's part of the live draft: its pages' fan-out, their presence, and the timer.

- :class:`DraftHub`: one broker subscription per event's draft topic on this worker, handing
  each notice to the pages of the pod it names only (a pick in one of 64 pods wakes 8 pages, not
  512), found by an index by pod (issue 32: not a loop over the event's every page). The
  "ready" notices of a pod within :data:`READY_WINDOW` go out as one message, encoded once for
  every page of the pod (:class:`Prepared`). A notice reaches a page by :meth:`Listener.tell`:
  written to its socket at once where the page allows it (issue 32: no task woken, no ASGI
  ``send``; ``cards.draft.api_live`` says which messages), else through its queue to its task.
  It also writes the presence of its pages (BER-DRAFT-2) as a *group commit*: a page that
  (re)connects joins the write in flight's successor, so 256 pages coming back at once after a
  worker's loss, or 512 at a draft's start, cost a couple of UPDATEs, not 512 transactions
  queued before the picks on the worker's threads.
- :class:`DraftTimers`: the timer sleeps until the earliest stored deadline (at most
  :data:`MAX_SLEEP`), asks the database for the pods due then (an index range, never every pod)
  and expires each in its own transaction without waiting for it before its next look
  (``cards.draft.commands.expire_pod``: the pod's row lock and the unique pick make two workers doing
  it at once harmless). The presence report runs on its own, every :data:`PRESENCE_EVERY`
  seconds, so a long round of timeouts never starves it (a page not reported for
  ``PRESENCE_SECONDS`` counts as gone, and its player is disqualified at the next timeout).
  Nothing lives only in a worker's memory: a restarted worker re-arms every timer from the
  stored deadlines, each at least a grace period away (BER-DRAFT-2: pages must reconnect).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import partial

import anyio.to_thread
from fastapi import FastAPI

from torneo.cards.draft import commands as commands
from torneo.cards.draft import commands_batch
from torneo.cards.draft.commands import Picked
from torneo.cards.draft.commands_batch import PickIn
from torneo.core.errors import TorneoError
from torneo.platform.live.broker import Notice, RedisBroker
from torneo.platform.store.group_commit import GroupCommit
from torneo.platform.store.uow import Store
from torneo.platform.web.socket_direct import text_frame

log = logging.getLogger(__name__)

MAX_SLEEP = 1.0  # seconds the timer sleeps at most: a draft started meanwhile is seen by then
RETRY_SECONDS = 0.5  # after the timer's look failed (the database away): again this soon
PRESENCE_EVERY = 5.0  # seconds between two presence reports of a worker
CATCH_UP = 4  # pages of a worker reading their whole state at once (DraftHub.catching_up)
QUEUE_SIZE = 256
# Seconds the "seat N is ready" of a pod are gathered before they go out as one message (issue
# 32: they were 7 of every 9 socket messages of a pass, one per pick and page, and each costs
# the worker more than the pick's transaction's share; the count of ready seats is shown, not
# acted on, so half a second late is no loss; a pass drops them: its pack says more).
READY_WINDOW = 0.5


# A pick's or a pass's notice as ``Notice.encode`` writes it (compact JSON, its data last,
# the pod first in it: ``commands.take_pick``, ``commands_notices.pass_notice``): a topic
# without quotes or escapes, so a match is exactly that notice's pod. Anything else is decoded.
_POD_NOTICE = re.compile(rb'\{"topic":"[^"\\]*","kind":"(?:picked|pass)","data":\{"pod":(\d+)[,}]')


@dataclass(frozen=True, slots=True)
class Prepared:
    """A message already encoded, the same for every page that gets it (issue 32: a "ready"
    was built and encoded once per page): its text, and as a WebSocket's frame for the pages
    the hub writes to (:meth:`Listener.tell`)."""

    text: str
    data: bytes = field(default=b"", compare=False)  # the text's UTF-8, made once
    framed: bytes = field(default=b"", compare=False)  # those as one WebSocket text frame

    @classmethod
    def of(cls, text: str) -> Prepared:
        data = text.encode()
        return cls(text, data, text_frame(data))


@dataclass(eq=False)
class Listener:
    """One open page of one seat, on this worker. Its seat is set by :meth:`DraftHub.place`
    (the hub's index by pod follows it)."""

    queue: asyncio.Queue[Notice | Prepared | None] = field(
        default_factory=lambda: asyncio.Queue(QUEUE_SIZE)
    )
    player_id: int | None = None
    pod: int | None = None
    seat: int | None = None
    seat_id: int | None = None
    # Issue 32: a page whose socket the hub writes to answers a notice at once (False: its task
    # must, it reads the database); None: every notice goes through the queue to its task.
    speak: Callable[[Notice | Prepared], bool] | None = None
    busy: bool = False  # its task is answering a notice: the next ones queue behind it
    held: list[Notice | Prepared] | None = None  # an answer in flight: after it (hold)

    def tell(self, notice: Notice | Prepared) -> None:
        """Hand the page a notice (module doc): written to its socket now, with no task woken,
        unless notices are queued for its task or held behind an answer to the page (their
        order is kept: a pick's answer comes before the pack of the pass it made)."""
        if self.speak is None:
            offer(self.queue, notice)
        elif self.held is not None:
            if len(self.held) < QUEUE_SIZE:
                self.held.append(notice)
        elif self.busy or not self.queue.empty() or not self.speak(notice):
            offer(self.queue, notice)

    def hold(self) -> None:
        """The page's pick, or state read, is in flight: the notices wait for its answer
        (:meth:`release`), which they follow."""
        if self.speak is not None and self.held is None:
            self.held = []

    def release(self) -> None:
        held, self.held = self.held, None
        for notice in held or ():
            self.tell(notice)


@dataclass(eq=False)
class _Presence:
    """The pages that opened, and the players whose last page closed, since the last write
    began."""

    seen: dict[int, set[int]] = field(default_factory=dict)  # event → players
    left: dict[int, set[int]] = field(default_factory=dict)
    done: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class DraftHub:
    """This worker's draft pages: the fan-out of the broker's notices and their presence."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.listeners: dict[int, set[Listener]] = {}
        # (event, pod id or None: not seated yet) → its pages here (issue 32)
        self.by_pod: dict[tuple[int, int | None], set[Listener]] = {}
        # (event, pod, booster, pick) → the seats ready, sent at the end of READY_WINDOW
        self._ready: dict[tuple[int, int, int, int], list[int]] = {}
        self._flushing = False
        self.pumps: dict[int, asyncio.Task[None]] = {}
        self.ready: dict[int, asyncio.Event] = {}
        # (Re)connecting pages read their whole state: at most CATCH_UP at once, so 256 pages
        # of a lost worker coming back leave the other threads to the picks and the timer.
        self.catching_up = asyncio.Semaphore(CATCH_UP)
        self._next: _Presence | None = None  # the next presence write, gathering
        self._writing = asyncio.Lock()  # one presence write at a time
        self._writers: set[asyncio.Task[None]] = set()  # held: the loop keeps weak references
        # The picks of this worker's pages, those that arrive together in one transaction
        # (issue 32 item 1: commands_batch); run in the worker's threads, keyed by event.
        self.picks: GroupCommit[int, PickIn, Picked] = GroupCommit(
            partial(commands_batch.pick_cards, store)
        )

    def present(self) -> dict[int, list[int]]:
        """The players with a draft page open on this worker, per event."""
        return {
            event_id: sorted({x.player_id for x in group if x.player_id is not None})
            for event_id, group in self.listeners.items()
        }

    def is_open(self, event_id: int, player_id: int, *, besides: Listener | None = None) -> bool:
        """Has the player a page of the event's draft open here, ``besides`` (the page closing,
        still registered while it says so: counting it, a closed page was never marked left)?"""
        return any(
            x.player_id == player_id and x is not besides for x in self.listeners.get(event_id, ())
        )

    async def report(
        self, event_id: int, *, seen: Iterable[int] = (), left: Iterable[int] = ()
    ) -> None:
        """Presence (BER-DRAFT-2): these players' pages are open here (``seen``), these players'
        last page here closed (``left``). Written with every other page that reported meanwhile
        (module doc); returns once stored. A failed write is logged, not raised: presence is
        telemetry, and the next report writes it again."""
        batch = self._next
        if batch is None:
            batch = self._next = _Presence()
            writer = asyncio.create_task(self._write(batch), name="draft:presence")
            self._writers.add(writer)
            writer.add_done_callback(partial(self._settled, batch))
        batch.seen.setdefault(event_id, set()).update(seen)
        batch.left.setdefault(event_id, set()).update(left)
        await asyncio.shield(batch.done)

    def report_soon(self, event_id: int, *, seen: Iterable[int] = ()) -> None:
        """:meth:`report`, without waiting for the write (a page at the draft's start sends
        its first pack first: issue 32)."""
        task = asyncio.create_task(self.report(event_id, seen=seen), name="draft:presence-soon")
        self._writers.add(task)
        task.add_done_callback(self._writers.discard)

    async def _write(self, batch: _Presence) -> None:
        try:
            async with self._writing:
                if self._next is batch:
                    self._next = None  # from here on, pages join the next write
                for event_id in batch.seen.keys() | batch.left.keys():
                    seen = batch.seen.get(event_id, set())
                    # a player whose page closed while another opened (a reload) is present
                    left = batch.left.get(event_id, set()) - seen
                    await anyio.to_thread.run_sync(
                        partial(commands.mark_presence, seen=seen, left=left),
                        self.store,
                        event_id,
                    )
        except Exception:
            log.warning("draft: presence not written; the next report does", exc_info=True)

    def _settled(self, batch: _Presence, writer: asyncio.Task[None]) -> None:
        """The write ended, or was cancelled (a shutdown), maybe before it began: the pages
        waiting on it go on, and later reports start a write of their own."""
        self._writers.discard(writer)
        if self._next is batch:
            self._next = None
        if not batch.done.done():
            batch.done.set_result(None)

    def place(
        self, event_id: int, listener: Listener, pod: int, seat: int, seat_id: int | None
    ) -> None:
        """The page's seat, once known: from now on it hears its pod's notices."""
        if listener.pod != pod:
            self._unindex(event_id, listener)
            listener.pod = pod
            self.by_pod.setdefault((event_id, pod), set()).add(listener)
        listener.seat, listener.seat_id = seat, seat_id

    def _unindex(self, event_id: int, listener: Listener) -> None:
        key = (event_id, listener.pod)
        group = self.by_pod.get(key)
        if group is not None:
            group.discard(listener)
            if not group:
                del self.by_pod[key]

    @asynccontextmanager
    async def listen(self, event_id: int, player_id: int) -> AsyncIterator[Listener]:
        listener = Listener(player_id=player_id)
        self.listeners.setdefault(event_id, set()).add(listener)
        self.by_pod.setdefault((event_id, None), set()).add(listener)
        if event_id not in self.pumps:
            self.ready[event_id] = asyncio.Event()
            self.pumps[event_id] = asyncio.create_task(
                self._pump(event_id), name=f"draft:{event_id}"
            )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ready[event_id].wait(), 5.0)
        try:
            yield listener
        finally:
            group = self.listeners.get(event_id, set())
            group.discard(listener)
            self._unindex(event_id, listener)
            if not group:
                self.listeners.pop(event_id, None)
                self.ready.pop(event_id, None)
                pump = self.pumps.pop(event_id, None)
                if pump is not None:
                    pump.cancel()

    def _deliver(self, event_id: int, notice: Notice) -> None:
        """A notice of one pod goes to that pod's pages only (and to pages not seated yet);
        its "ready" ones are gathered for the end of the loop's turn (:meth:`_flush`)."""
        pod = notice.data.get("pod")
        if pod is None:  # the start, a reconnect: every page of the event
            for listener in list(self.listeners.get(event_id, ())):
                listener.tell(notice)
            return
        for listener in list(self.by_pod.get((event_id, None), ())):
            listener.tell(notice)  # not seated yet: it may read its state (issue 31)
        if notice.kind == "picked":
            booster, pick = notice.data.get("booster"), notice.data.get("pick")
            seat = notice.data.get("seat")
            if isinstance(booster, int) and isinstance(pick, int) and isinstance(seat, int):
                self._ready.setdefault((event_id, pod, booster, pick), []).append(seat)
                if not self._flushing:
                    self._flushing = True
                    asyncio.get_running_loop().call_later(READY_WINDOW, self._flush)
            return
        if notice.kind == "pass":  # its pages move on: the ready seats of the pick before are
            self._drop(event_id, pod)  # news of nothing (the pass brings the next pack)
        else:
            self._flush(event_id, pod)  # a disqualification: after the seats that picked
        for listener in list(self.by_pod.get((event_id, pod), ())):
            listener.tell(notice)

    def _drop(self, event_id: int, pod: int) -> None:
        for key in [k for k in self._ready if k[0] == event_id and k[1] == pod]:
            del self._ready[key]

    def _flush(self, event_id: int | None = None, pod: int | None = None) -> None:
        """Every gathered "ready" (or the one pod's): one message per pod and position, with
        every seat that picked, encoded once for all its pages."""
        if event_id is None:
            self._flushing = False
            keys = list(self._ready)
        else:
            keys = [k for k in self._ready if k[0] == event_id and k[1] == pod]
        for key in keys:
            seats = self._ready.pop(key)
            event, pod_id, booster, pick = key
            message = Prepared.of(
                json.dumps(
                    {"type": "ready", "seats": seats, "booster": booster, "pick": pick},
                    separators=(",", ":"),
                )
            )
            for listener in list(self.by_pod.get((event, pod_id), ())):
                listener.tell(message)

    def wants(self, event_id: int, raw: bytes) -> bool:
        """Whether a notice of the event's draft, as it came from the broker, is for a page here:
        a pick or a pass of a pod none of whose pages is here is not (:meth:`_deliver` would
        hand it to nobody), unless a page here has no seat yet (it reads its state on any
        pod's notice, issue 31). Read without decoding the notice (issue 32: half of what each
        worker decoded was for the other worker's pods)."""
        found = _POD_NOTICE.match(raw)
        if found is None or self.by_pod.get((event_id, None)):
            return True
        return (event_id, int(found.group(1))) in self.by_pod

    async def _pump(self, event_id: int) -> None:
        while True:
            try:
                broker, topic = self.store.broker, commands.topic(event_id)
                subscription = (  # a broker that decodes its notices asks which are wanted
                    broker.subscribe(topic, partial(self.wants, event_id))
                    if isinstance(broker, RedisBroker)
                    else broker.subscribe(topic)
                )
                async with subscription as notices:
                    ready = self.ready.get(event_id)
                    if ready is not None:
                        ready.set()
                    async for notice in notices:
                        self._deliver(event_id, notice)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning(
                    "draft: subscription of event %s dropped; again", event_id, exc_info=True
                )
                for listener in list(self.listeners.get(event_id, ())):
                    listener.tell(Notice(commands.topic(event_id), "reconnect", {}))
            await asyncio.sleep(1.0)


def offer(queue: asyncio.Queue[Notice | Prepared | None], notice: Notice | Prepared | None) -> None:
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(notice)


def hub_of(app: FastAPI) -> DraftHub:
    hub: DraftHub | None = getattr(app.state, "draft_hub", None)
    if hub is None:
        hub = app.state.draft_hub = DraftHub(app.state.store)
    return hub


class DraftTimers:
    """This worker's draft timer and presence reporter (module doc)."""

    def __init__(self, store: Store, hub: DraftHub) -> None:
        self.store, self.hub = store, hub
        self.tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        self.tasks = [
            asyncio.create_task(self._expire_loop(), name="draft:timer"),
            asyncio.create_task(self._presence_loop(), name="draft:presence-report"),
        ]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _expire_loop(self) -> None:
        # A pod being expired is not waited for: the timer goes back to sleep until the next
        # deadline at once, so pods due 20 ms apart are not expired one after the other's
        # transaction. A pod that could not expire stays due: the next look takes it again.
        expiring: dict[int, asyncio.Task[bool]] = {}
        # BER-DRAFT-2: a timer starting (a worker started or restarted) first gives every
        # running pod time for its pages to reconnect, so nobody is disqualified for the
        # server's own absence (commands.rearm_after_restart).
        try:
            await anyio.to_thread.run_sync(commands.rearm_after_restart, self.store)
        except Exception:
            log.warning("draft timer: the deadlines could not be re-armed", exc_info=True)
        while True:
            try:
                due, wake = await anyio.to_thread.run_sync(commands.timer_look, self.store)
                for pod_id in due:
                    if pod_id not in expiring:
                        task = asyncio.create_task(
                            anyio.to_thread.run_sync(_expire, self.store, pod_id),
                            name=f"draft:expire:{pod_id}",
                        )
                        expiring[pod_id] = task
                        task.add_done_callback(partial(_forget, expiring, pod_id))
                delay = MAX_SLEEP
                if wake is not None:
                    delay = min(delay, (wake - self.store.clock()).total_seconds())
            except asyncio.CancelledError:
                for task in expiring.values():
                    task.cancel()
                raise
            except Exception:
                log.warning("draft timer: a look failed; again soon", exc_info=True)
                delay = RETRY_SECONDS
            await asyncio.sleep(max(delay, 0.0))

    async def _presence_loop(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE_EVERY)
            try:
                for event_id, players in self.hub.present().items():
                    await self.hub.report(event_id, seen=players)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("draft presence: a report failed; next one", exc_info=True)


def _forget(expiring: dict[int, asyncio.Task[bool]], pod_id: int, _done: object) -> None:
    expiring.pop(pod_id, None)


def _expire(store: Store, pod_id: int) -> bool:
    """False when the pod could not expire now: it stays due, and the timer's next look (at
    the next deadline, or within MAX_SLEEP) tries again."""
    try:
        commands.expire_pod(store, pod_id)
    except TorneoError:  # another worker expired it at the same moment: one of us did it
        log.debug("draft: pod %s expired elsewhere", pod_id)
    except Exception:
        log.warning("draft: pod %s could not expire now; again soon", pod_id, exc_info=True)
        return False
    return True


def start_timers(app: FastAPI) -> DraftTimers:
    timers = DraftTimers(app.state.store, hub_of(app))
    timers.start()
    return timers
