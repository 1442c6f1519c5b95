"""Live updates for browsers: ``GET /live/{topic}`` as Server-Sent Events (``text/event-stream``).

Services queue a notice in their unit of work (``uow.notify("event:12", "result", ...)``); the
store publishes it after the commit on its broker (:mod:`torneo.platform.live`): in-process for one
worker, Redis pub/sub with ``TORNEO_REDIS_URL`` so a result committed on one worker reaches the
phones connected to every other. This module forwards the notices of one topic to a browser.

How a page uses it (``static/torneo.js``): an element ``data-live="event:12"`` opens one
EventSource per topic; each notice fires the htmx event ``live`` on ``<body>`` (its ``detail``
carries topic, kind and data), so a section with ``hx-trigger="live from:body"`` re-reads itself
from the database. Notices carry no state (a missed one costs freshness, never data) and a
page keeps a slow fallback poll.

Decisions:
- Topics are ``<kind>:<id>`` of a thing that exists: the app registers each kind with its table
  (:func:`register_topics`: ``event`` → card events, ``poker``, ``risiko``; the platform imports
  no discipline) and a stream of an unknown kind or of an id with no row is 404, so the endpoint
  cannot be used to listen to arbitrary channels or to hold Redis subscriptions of made-up ids.
  Notices hold only what changed (round 3, table 7), never private data, so topics are public
  like the pages they refresh.
- One subscription to the broker per topic and worker (:class:`LiveHub`), fanned out to every
  browser of that topic on this worker; with Redis every topic of a worker shares one
  connection (:class:`torneo.platform.live.broker.RedisBroker`): 1,000 phones on any number of
  events cost a worker one Redis client. A slow browser loses its oldest notices (bounded
  queue), never the server's memory.
- At most ``live_streams_per_worker`` open streams on a worker (``TORNEO_LIVE_STREAMS_PER_WORKER``,
  default 4,000), and, once the worker holds half of that, at most ``live_streams_per_address``
  per client address (``TORNEO_LIVE_STREAMS_PER_ADDRESS``, default 100); one more is 429 with
  ``Retry-After``. Why the address's cap waits for the worker to be half full: a club's Wi-Fi
  puts a whole hall of phones behind one address, and a fixed cap per address refused the
  101st phone of a hall on an idle worker; one address can still never take more than half of
  a worker, so the other half stays for everyone else.
- Streams end on shutdown: when the worker is told to stop (SIGTERM or SIGINT, which uvicorn
  handles), every open stream ends at once, so a restart does not wait for browsers that
  would never hang up; they reconnect after ``retry`` to whichever worker is up.
- Notices of one topic arriving within :data:`BATCH_SECONDS` are encoded once, into one
  block of bytes, and that same block is handed to each stream (still one SSE event per
  notice): when a thousand players report in a minute, a worker writes a few chunks a second to
  each phone instead of one per notice, and a change costs its encoding once per worker, not
  once per stream (issue 32 item 4). The load run (bench/load/run.py) measured the difference;
  the delay it adds is the window. Under uvicorn the hub writes that block, framed once, to each
  stream's socket itself (:mod:`torneo.platform.web.live_direct`: one ``transport.write`` per
  stream, 34 → 13 µs of a worker per stream and window, ``bench/load/fanout.py``).
- A comment line every :data:`HEARTBEAT_SECONDS` keeps proxies from closing an idle stream.
  One timer of the hub hands it to every stream (issue 32 item 4: a stream waiting for its next
  chunk is a plain queue read, not a timeout of its own re-armed at each chunk); a client that
  left ends its stream at once (the response listens for the disconnect) and its subscription
  is dropped with its last stream.
- A page never misses a change made while its stream was opening. Each page carries the time
  its request arrived (``<body data-live-since>``, stamped by
  :class:`~torneo.platform.web.arrival.StampArrival` before any
  read) and its stream asks ``/live/<topic>?since=<that time>``. Once the broker confirms the
  subscription the stream asks the broker when the topic last changed
  (:meth:`~torneo.platform.live.broker.Broker.last_published`); if that is after ``since``
  (less :data:`CLOCK_MARGIN`, for workers on different hosts) the first block carries a
  ``missed`` notice and the page refreshes. Without it a result committed in the second between
  rendering a page and subscribing waited for the slow poll (two minutes on a fantasy league).
  A change just before the page's read may refresh it once more; never less.
- ``retry:`` asks the browser to come back after :data:`RETRY_MS` when the stream drops; when the
  broker connection itself drops (Redis restarted), the hub resubscribes and sends a
  ``reconnect`` notice: pages refresh, since they may have missed something meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import signal
import threading
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from types import FrameType
from typing import Any

import anyio
from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import StreamingResponse
from starlette.requests import HTTPConnection
from starlette.types import Receive, Scope, Send

from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.platform.live.broker import Broker, Notice
from torneo.platform.store.uow import Store
from torneo.platform.web.live_direct import DirectWriter, frame, socket_of, until_gone
from torneo.platform.web.ratelimit import TooManyAttempts, client_address

log = logging.getLogger(__name__)

router = APIRouter(include_in_schema=False)

TOPIC = re.compile(r"^(?P<kind>[a-z]+):(?P<id>[1-9][0-9]{0,11})$")
HEARTBEAT_SECONDS = 15.0
RETRY_MS = 3000
STREAMS_RETRY_SECONDS = 30  # Retry-After of a refused stream (over a cap)
QUEUE_SIZE = 64
BATCH_SECONDS = 0.2
SUBSCRIBE_TIMEOUT = 5.0
RESUBSCRIBE_SECONDS = 1.0
CLOCK_MARGIN = 0.25  # seconds: how far apart the hosts' clocks may be (NTP keeps them closer)


def register_topics(app: FastAPI, tables: Mapping[str, type[Any]]) -> None:
    """The kinds of live topic the app serves, each with the table whose ids it names."""
    app.state.live_topics = dict(tables)


def _not_a_topic(topic: str, kinds: Mapping[str, type[Any]]) -> NotFound:
    return NotFound(
        "topic",
        N_("'%(topic)s' is not a live topic"),
        N_("<kind>:<id> of something that exists, kind one of %(kinds)s"),
        params={"topic": topic[:60], "kinds": ", ".join(sorted(kinds))},
    )


def check_topic(store: Store, kinds: Mapping[str, type[Any]], topic: str) -> str:
    """The topic, if it names a registered kind and an existing row (else 404)."""
    found = TOPIC.match(topic)
    table = kinds.get(found["kind"]) if found else None
    if not found or table is None:
        raise _not_a_topic(topic, kinds)
    with store.read() as session:
        if session.get(table, int(found["id"])) is None:
            raise _not_a_topic(topic, kinds)
    return topic


class TooManyStreams(TooManyAttempts):
    def __init__(self, retry_after: int) -> None:
        super().__init__(
            "streams",
            retry_after,
            N_("fewer open live pages from one address"),
            reason=N_("too many open live pages; try again in %(n)s seconds"),
        )


HEARTBEAT = b": heartbeat\n\n"
FRAMED_HEARTBEAT = frame(HEARTBEAT)


def _offer(queue: asyncio.Queue[bytes | None], chunk: bytes | None) -> None:
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(chunk)


class LiveHub:
    """One broker subscription per topic on this worker, fanned out to local listeners."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.loop = asyncio.get_running_loop()
        self.closing = False
        self.streams: Counter[str] = Counter()  # open streams per client address
        self.open_streams = 0  # and in all
        self._listeners: dict[str, set[asyncio.Queue[bytes | None]]] = {}
        self._writers: dict[str, set[DirectWriter]] = {}  # streams written to their sockets
        self._pumps: dict[str, asyncio.Task[None]] = {}
        self._ready: dict[str, asyncio.Event] = {}
        self._pending: dict[str, list[Notice]] = {}
        self._seq = 0
        self._beat: asyncio.TimerHandle | None = None

    def next_id(self) -> int:
        """The ``id:`` of the next event this worker writes."""
        self._seq += 1
        return self._seq

    def listener_count(self, topic: str) -> int:
        return len(self._listeners.get(topic, ())) + len(self._writers.get(topic, ()))

    def admit(self, address: str, most: int, capacity: int) -> Callable[[], None]:
        """Count one more stream of ``address``: 429 when the worker holds ``capacity``, or
        when it is half full and ``address`` holds ``most`` (module doc); returns its release."""
        total = self.open_streams
        if total >= capacity or (self.streams[address] >= most and 2 * total >= capacity):
            raise TooManyStreams(STREAMS_RETRY_SECONDS)
        self.streams[address] += 1
        self.open_streams += 1
        released = False

        def release() -> None:
            nonlocal released
            if not released:
                released = True
                self.open_streams -= 1
                self.streams[address] -= 1
                if self.streams[address] <= 0:
                    del self.streams[address]

        return release

    def close(self) -> None:
        """End every stream of this worker now (shutdown); new ones end at once too."""
        self.closing = True
        for listeners in list(self._listeners.values()):
            for queue in list(listeners):
                _offer(queue, None)
        for writers in list(self._writers.values()):
            for writer in list(writers):
                writer.push(None)

    @asynccontextmanager
    async def listen(self, topic: str) -> AsyncIterator[asyncio.Queue[bytes | None]]:
        """A queue of the topic's encoded notices (and heartbeats), live once this context is
        entered."""
        queue: asyncio.Queue[bytes | None] = asyncio.Queue(QUEUE_SIZE)
        if self.closing:
            queue.put_nowait(None)
        self._listeners.setdefault(topic, set()).add(queue)
        try:
            await self._subscribed(topic)
            yield queue
        finally:
            self._listeners.get(topic, set()).discard(queue)
            self._leave(topic)

    @asynccontextmanager
    async def attach(self, topic: str, writer: DirectWriter) -> AsyncIterator[None]:
        """``writer`` gets the topic's blocks (and heartbeats), framed, once this context is
        entered (:mod:`torneo.platform.web.live_direct`)."""
        if self.closing:
            writer.push(None)
        self._writers.setdefault(topic, set()).add(writer)
        try:
            await self._subscribed(topic)
            yield
        finally:
            self._writers.get(topic, set()).discard(writer)
            self._leave(topic)

    async def _subscribed(self, topic: str) -> None:
        """The topic's subscription to the broker, started with its first stream."""
        if self._beat is None:
            self._beat = self.loop.call_later(HEARTBEAT_SECONDS, self._heartbeat)
        if topic not in self._pumps:
            self._ready[topic] = asyncio.Event()
            self._pumps[topic] = asyncio.create_task(self._pump(topic), name=f"live:{topic}")
        ready = self._ready[topic]
        with contextlib.suppress(TimeoutError):
            # Until the broker confirms the subscription a notice could slip by unseen.
            await asyncio.wait_for(ready.wait(), SUBSCRIBE_TIMEOUT)

    def _leave(self, topic: str) -> None:
        """A stream of ``topic`` has ended: the subscription ends with the topic's last."""
        for streams in (self._listeners, self._writers):
            if not streams.get(topic, True):
                del streams[topic]
        if topic not in self._listeners and topic not in self._writers:
            self._ready.pop(topic, None)
            pump = self._pumps.pop(topic, None)
            if pump is not None:
                pump.cancel()

    async def _pump(self, topic: str) -> None:
        first = True
        while True:
            try:
                async with self.broker.subscribe(topic) as notices:
                    ready = self._ready.get(topic)
                    if ready is not None:
                        ready.set()
                    if not first:  # notices may have been missed while we were away
                        self._fan_out(topic, Notice(topic, "reconnect", {}))
                    first = False
                    async for notice in notices:
                        self._fan_out(topic, notice)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("live subscription to %s dropped; resubscribing", topic, exc_info=True)
            await asyncio.sleep(RESUBSCRIBE_SECONDS)

    def _fan_out(self, topic: str, notice: Notice) -> None:
        pending = self._pending.get(topic)
        if pending is not None:
            pending.append(notice)
            return
        self._pending[topic] = [notice]
        asyncio.get_running_loop().call_later(BATCH_SECONDS, self._flush, topic)

    def _flush(self, topic: str) -> None:
        notices = self._pending.pop(topic, [])
        chunk = "".join(format_notice(notice, self.next_id()) for notice in notices).encode()
        for queue in list(self._listeners.get(topic, ())):
            _offer(queue, chunk)  # the same bytes for every stream: encoded once
        writers = self._writers.get(topic)
        if writers:
            framed = frame(chunk)  # and framed once: one socket write per stream
            for writer in list(writers):
                writer.push(chunk, framed)

    def _heartbeat(self) -> None:
        """A heartbeat to every stream of this worker, then the next one in
        :data:`HEARTBEAT_SECONDS` while any stream is open."""
        self._beat = None
        if not self._listeners and not self._writers:
            return
        for listeners in list(self._listeners.values()):
            for queue in list(listeners):
                _offer(queue, HEARTBEAT)
        for writers in list(self._writers.values()):
            for writer in list(writers):
                writer.push(HEARTBEAT, FRAMED_HEARTBEAT)
        self._beat = self.loop.call_later(HEARTBEAT_SECONDS, self._heartbeat)


def hub_of(request: HTTPConnection) -> LiveHub:
    """The app's hub for the running event loop (one per worker process)."""
    loop = asyncio.get_running_loop()
    state = request.app.state
    hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, LiveHub] | None = getattr(
        state, "live_hubs", None
    )
    if hubs is None:
        hubs = state.live_hubs = weakref.WeakKeyDictionary()
    hub = hubs.get(loop)
    if hub is None:
        hub = hubs[loop] = LiveHub(state.store.broker)
    return hub


def format_notice(notice: Notice, seq: int) -> str:
    data = json.dumps(
        {"topic": notice.topic, "kind": notice.kind, "data": notice.data},
        separators=(",", ":"),
        default=str,
    )
    # No "event:" field: every notice is a plain "message" (its kind is in the data), so one
    # listener in the browser hears them all.
    return f"id: {seq}\ndata: {data}\n\n"


async def _missed(hub: LiveHub, topic: str, since: float | None) -> str:
    """A ``missed`` notice if the topic changed after ``since`` (module doc), else nothing."""
    if since is None:
        return ""
    try:
        last = await anyio.to_thread.run_sync(hub.broker.last_published, topic)
    except Exception:  # the broker is down: no catch-up, the page keeps its slow poll
        log.warning("live: cannot ask when %s last changed", topic, exc_info=True)
        return ""
    if last is None or last <= since - CLOCK_MARGIN:
        return ""
    return format_notice(Notice(topic, "missed", {}), hub.next_id())


def _first_block(topic: str, missed: str) -> bytes:
    # The first bytes tell the client the subscription is live (tests and the load bench wait
    # for them before committing the change they expect to hear about).
    return f"retry: {RETRY_MS}\n: live {topic}\n\n{missed}".encode()


async def _stream(hub: LiveHub, topic: str, since: float | None) -> AsyncIterator[bytes]:
    async with hub.listen(topic) as queue:
        # Subscribed: a change from now on arrives as a notice, an earlier one is in the broker.
        missed = await _missed(hub, topic, since)
        yield _first_block(topic, missed)
        # The notices' blocks and the hub's heartbeats (module doc); a client that leaves is
        # heard by the response, which then ends this generator.
        while (chunk := await queue.get()) is not None:  # None: the worker is stopping
            yield chunk


def admit_stream(connection: HTTPConnection) -> Callable[[], None]:
    """One more long-lived answer of the connection's address on this worker, or 429
    (:meth:`LiveHub.admit`); the live pages and the draft's stream and socket (issue 27 hole 7)
    share the caps. Returns the release, to call however the answer ends."""
    settings = connection.app.state.settings
    return hub_of(connection).admit(
        client_address(connection.scope),
        settings.live_streams_per_address,
        settings.live_streams_per_worker,
    )


class CountedStream(StreamingResponse):
    """A stream that gives back its place in the per-address count however it ends."""

    def __init__(
        self,
        body: AsyncIterator[str] | AsyncIterator[bytes],
        release: Callable[[], None],
        **kw: Any,
    ) -> None:
        super().__init__(body, **kw)
        self._release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()


class LiveAnswer(CountedStream):
    """A live page's stream: written by the hub to its socket where the server allows it
    (:mod:`torneo.platform.web.live_direct`), else through ASGI (:func:`_stream`)."""

    def __init__(
        self, hub: LiveHub, topic: str, since: float | None, release: Callable[[], None]
    ) -> None:
        super().__init__(
            _stream(hub, topic, since),
            release,
            media_type="text/event-stream",
            headers={
                "Cache-Control": "no-cache, no-transform",
                "X-Accel-Buffering": "no",  # nginx: pass each event on at once (docs/deploy.md)
                "Connection": "keep-alive",
            },
        )
        self._hub, self._topic, self._since = hub, topic, since

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = socket_of(scope)
        if found is None:
            await super().__call__(scope, receive, send)
            return
        cycle, transport = found
        writer = DirectWriter(transport)
        try:
            async with self._hub.attach(self._topic, writer):
                missed = await _missed(self._hub, self._topic, self._since)
                await send(
                    {
                        "type": "http.response.start",
                        "status": self.status_code,
                        "headers": self.raw_headers,
                    }
                )
                first = _first_block(self._topic, missed)
                await send({"type": "http.response.body", "body": first, "more_body": True})
                writer.start(cycle.chunked_encoding is not False)
                await until_gone(receive, writer)
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            self._release()


@router.get("/live/{topic}")
async def live(
    request: Request,
    topic: str,
    since: float | None = Query(
        None, ge=0, le=1e11, description="when the page was read (seconds since the epoch)"
    ),
) -> StreamingResponse:
    """Server-Sent Events of one topic (module doc); ends when the client goes away."""
    state = request.app.state
    kinds: Mapping[str, type[Any]] = getattr(state, "live_topics", {})
    await anyio.to_thread.run_sync(check_topic, state.store, kinds, topic)
    return LiveAnswer(hub_of(request), topic, since, admit_stream(request))


def close_streams(app: FastAPI) -> None:
    """End every open stream of the app's hubs (callable from any thread, a signal handler)."""
    hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, LiveHub] | None = getattr(
        app.state, "live_hubs", None
    )
    for hub in list((hubs or {}).values()):
        with contextlib.suppress(RuntimeError):  # its loop is closed already
            hub.loop.call_soon_threadsafe(hub.close)


def end_streams_on_shutdown_signals(app: FastAPI) -> None:
    """Before uvicorn's own handler of SIGTERM/SIGINT runs, end the live streams.

    uvicorn stops accepting connections on those signals, then waits for open answers to
    finish; a live stream never would. Called at startup, after uvicorn installed its handlers
    (in the main thread only: elsewhere, as under the test client, signals are not ours).
    """
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in (signal.SIGTERM, signal.SIGINT):
        previous = signal.getsignal(sig)

        def handler(signum: int, frame: FrameType | None, previous: Any = previous) -> None:
            close_streams(app)
            if callable(previous):
                previous(signum, frame)
            elif previous == signal.SIG_DFL:  # what the signal would have done without us
                signal.signal(signum, signal.SIG_DFL)
                signal.raise_signal(signum)

        signal.signal(sig, handler)
