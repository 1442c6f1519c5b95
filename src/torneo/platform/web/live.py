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
- Topics are ``<kind>:<id>`` for the kinds listed in :data:`TOPIC_KINDS` (``event``, ``poker``,
  ``risiko``); anything else is 404, so the endpoint cannot be used to listen to arbitrary
  channels. Notices hold only what changed (round 3, table 7), never private data, so topics
  are public like the pages they refresh.
- One subscription to the broker per topic and worker (:class:`LiveHub`), fanned out to every
  browser of that topic on this worker: 500 phones on one event cost one Redis connection, not
  500. A slow browser loses its oldest notices (bounded queue), never the server's memory.
- Notices of one topic arriving within :data:`BATCH_SECONDS` are encoded once and written to
  each stream together (still one SSE event per notice): when a thousand players report in a
  minute, a worker writes a few chunks a second to each phone instead of one per notice. The
  load run (bench/load/run.py) measured the difference; the delay it adds is the window.
- A comment line every :data:`HEARTBEAT_SECONDS` keeps proxies from closing an idle stream and
  detects a client that left (the stream then ends and its subscription is dropped).
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
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.platform.live.broker import Broker, Notice

log = logging.getLogger(__name__)

router = APIRouter(include_in_schema=False)

TOPIC_KINDS = ("event", "poker", "risiko")
TOPIC = re.compile(r"^(?P<kind>[a-z]+):(?P<id>[1-9][0-9]{0,11})$")
HEARTBEAT_SECONDS = 15.0
RETRY_MS = 3000
QUEUE_SIZE = 64
BATCH_SECONDS = 0.2
SUBSCRIBE_TIMEOUT = 5.0
RESUBSCRIBE_SECONDS = 1.0


def check_topic(topic: str) -> str:
    found = TOPIC.match(topic)
    if not found or found["kind"] not in TOPIC_KINDS:
        raise NotFound(
            "topic",
            N_("'%(topic)s' is not a live topic"),
            N_("event:<id>, poker:<id> or risiko:<id>"),
            params={"topic": topic[:60]},
        )
    return topic


def _offer(queue: asyncio.Queue[str], chunk: str) -> None:
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(chunk)


class LiveHub:
    """One broker subscription per topic on this worker, fanned out to local listeners."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self._listeners: dict[str, set[asyncio.Queue[str]]] = {}
        self._pumps: dict[str, asyncio.Task[None]] = {}
        self._ready: dict[str, asyncio.Event] = {}
        self._pending: dict[str, list[Notice]] = {}
        self._seq = 0

    def listener_count(self, topic: str) -> int:
        return len(self._listeners.get(topic, ()))

    @asynccontextmanager
    async def listen(self, topic: str) -> AsyncIterator[asyncio.Queue[str]]:
        """A queue of the topic's encoded notices, live once this context is entered."""
        queue: asyncio.Queue[str] = asyncio.Queue(QUEUE_SIZE)
        self._listeners.setdefault(topic, set()).add(queue)
        if topic not in self._pumps:
            self._ready[topic] = asyncio.Event()
            self._pumps[topic] = asyncio.create_task(self._pump(topic), name=f"live:{topic}")
        ready = self._ready[topic]
        try:
            with contextlib.suppress(TimeoutError):
                # Until the broker confirms the subscription a notice could slip by unseen.
                await asyncio.wait_for(ready.wait(), SUBSCRIBE_TIMEOUT)
            yield queue
        finally:
            listeners = self._listeners.get(topic, set())
            listeners.discard(queue)
            if not listeners:
                self._listeners.pop(topic, None)
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
        chunks = []
        for notice in notices:
            self._seq += 1
            chunks.append(format_notice(notice, self._seq))
        chunk = "".join(chunks)
        for queue in list(self._listeners.get(topic, ())):
            _offer(queue, chunk)


def hub_of(request: Request) -> LiveHub:
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


async def _stream(request: Request, hub: LiveHub, topic: str) -> AsyncIterator[str]:
    async with hub.listen(topic) as queue:
        # The first bytes tell the client the subscription is live (tests and the load bench
        # wait for them before committing the change they expect to hear about).
        yield f"retry: {RETRY_MS}\n: live {topic}\n\n"
        while True:
            try:
                chunk = await asyncio.wait_for(queue.get(), HEARTBEAT_SECONDS)
            except TimeoutError:
                if await request.is_disconnected():
                    return
                yield ": heartbeat\n\n"
                continue
            yield chunk


@router.get("/live/{topic}")
async def live(request: Request, topic: str) -> StreamingResponse:
    """Server-Sent Events of one topic (module doc); ends when the client goes away."""
    check_topic(topic)
    headers: dict[str, Any] = {
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",  # nginx: pass each event on at once (docs/deploy.md)
        "Connection": "keep-alive",
    }
    return StreamingResponse(
        _stream(request, hub_of(request), topic), media_type="text/event-stream", headers=headers
    )
