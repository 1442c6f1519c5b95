"""Brokers: in-process (one worker) and Redis pub/sub (several workers)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import threading
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

CHANNEL_PREFIX = os.environ.get("TORNEO_REDIS_PREFIX", "torneo")
# How long Redis remembers when a topic last changed: a page older than this that never saw
# its stream open gets no catch-up notice (it still has its slow poll).
LAST_PUBLISHED_SECONDS = 7 * 24 * 3600
log = logging.getLogger(__name__)
# Kinds of topic no page's stream opens on (internal ones: the draft's carry private packs):
# nobody asks when they last changed (``last_published``), so their notices set no time
# (issue 32: that SET was half of the Redis work of a lone pick's notice). ``untimed`` adds one.
_UNTIMED: set[str] = set()


def untimed(kind: str) -> None:
    """Notices of topics ``kind:…`` are published without their time (module constant)."""
    _UNTIMED.add(kind)


def _timed(topic: str) -> bool:
    return topic.partition(":")[0] not in _UNTIMED


@dataclass(frozen=True, slots=True)
class Notice:
    """Something changed: ``topic`` is e.g. ``event:12``; ``kind`` what changed (``round``,
    ``result``, ``clock``, ``standings``); ``data`` small hints (round number, table)."""

    topic: str
    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def encode(self) -> str:
        # not dataclasses.asdict: it deep-copies ``data`` first (a draft's pass carries eight
        # packs; issue 32: a tenth of a pick's transaction went there)
        return json.dumps(
            {"topic": self.topic, "kind": self.kind, "data": self.data}, separators=(",", ":")
        )

    @staticmethod
    def decode(raw: str | bytes) -> Notice:
        value = json.loads(raw)
        return Notice(str(value["topic"]), str(value["kind"]), dict(value.get("data") or {}))


Wants = Callable[[bytes], bool]


class Subscription(Protocol):
    def __aiter__(self) -> AsyncIterator[Notice]: ...


class Broker(Protocol):
    def publish(self, notice: Notice) -> None:
        """Called from synchronous service code after a commit; must not block for long."""

    def subscribe(self, topic: str) -> Any:
        """An async context manager yielding an async iterator of notices for ``topic``."""

    def last_published(self, topic: str) -> float | None:
        """When (``time.time()``) a notice of ``topic`` was last published, if known.

        A page asks it when its stream opens, to learn whether it missed a change between
        being rendered and being subscribed (:mod:`torneo.platform.web.live`)."""

    def close(self) -> None: ...


class InProcessBroker:
    """Fan-out to asyncio queues of this process; safe to publish from worker threads."""

    def __init__(self, queue_size: int = 100) -> None:
        self._subscribers: dict[
            str, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[Notice]]]
        ] = defaultdict(set)
        self._lock = threading.Lock()
        self._queue_size = queue_size
        self._last: dict[str, float] = {}

    def publish(self, notice: Notice) -> None:
        with self._lock:
            self._last[notice.topic] = time.time()
            targets = list(self._subscribers.get(notice.topic, ()))
        for loop, queue in targets:
            loop.call_soon_threadsafe(_offer, queue, notice)

    @asynccontextmanager
    async def subscribe(self, topic: str) -> AsyncIterator[AsyncIterator[Notice]]:
        queue: asyncio.Queue[Notice] = asyncio.Queue(self._queue_size)
        entry = (asyncio.get_running_loop(), queue)
        with self._lock:
            self._subscribers[topic].add(entry)
        try:
            yield _drain(queue)
        finally:
            with self._lock:
                self._subscribers[topic].discard(entry)

    def last_published(self, topic: str) -> float | None:
        with self._lock:
            return self._last.get(topic)

    def subscriber_count(self, topic: str) -> int:
        with self._lock:
            return len(self._subscribers.get(topic, ()))

    def close(self) -> None:
        with self._lock:
            self._subscribers.clear()


def _offer(queue: asyncio.Queue[Any], notice: Notice | None) -> None:
    # A slow client loses old notices, not the server's memory: drop the oldest when full.
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(notice)


async def _drain(queue: asyncio.Queue[Notice]) -> AsyncIterator[Notice]:
    while True:
        yield await queue.get()


# Called once each time a worker's live channel loses Redis and reconnects: the app's metrics
# count them (torneo.platform.web.metrics); this module imports no metrics library itself, so a
# command of the CLI pays nothing for it.
RECONNECT_HOOKS: list[Callable[[], None]] = []


def reconnected() -> None:
    for hook in RECONNECT_HOOKS:
        hook()


# Notices one topic's subscription on a worker may hold before its hub takes them (one queue
# per topic and worker, not per page). Redis hands a commit's notices over at once, and the
# reader can queue many before the hub's task runs: with 100, a batch of 45 players' reports
# (70 notices, issue 32 item 4) behind another overflowed it and every page of that worker
# lost the oldest (bench/load/run.py --burst: "notices missed").
SUBSCRIPTION_QUEUE = 4096


class RedisBroker:
    """Redis pub/sub: publish with a synchronous client, subscribe through one connection.

    Every subscription of one worker (one event loop) shares a single Redis connection
    (:class:`_Channels`): the first listener of a topic subscribes its channel, the last one
    unsubscribes it, and one reader task hands each message to the topic's listeners. A
    thousand open live pages on a worker cost that worker one Redis client, whatever the topics.
    """

    def __init__(self, url: str, prefix: str = CHANNEL_PREFIX) -> None:
        import redis

        self._url = url
        self._prefix = prefix
        self._sync = redis.Redis.from_url(url)
        self._channels: dict[asyncio.AbstractEventLoop, _Channels] = {}

    def channel(self, topic: str) -> str:
        return f"{self._prefix}:{topic}"

    def last_key(self, topic: str) -> str:
        return f"{self._prefix}:last:{topic}"

    def publish(self, notice: Notice) -> None:
        if not _timed(notice.topic):  # one command, no pipeline (``untimed``)
            self._sync.publish(self.channel(notice.topic), notice.encode())
            return
        # One round trip: the time it changed (for pages whose stream opens late) and the notice.
        pipe = self._sync.pipeline(transaction=False)
        pipe.set(self.last_key(notice.topic), repr(time.time()), ex=LAST_PUBLISHED_SECONDS)
        pipe.publish(self.channel(notice.topic), notice.encode())
        pipe.execute()

    def publish_all(self, notices: Sequence[Notice]) -> None:
        """The notices of one commit, in order, in one round trip (issue 32 item 4: a batch of
        ten players' reports queues fifteen notices; one trip each cost the worker more than
        their writes). Each topic's time is set before its notices go out, as ``publish``
        does."""
        pipe = self._sync.pipeline(transaction=False)
        now = repr(time.time())
        for topic in dict.fromkeys(n.topic for n in notices if _timed(n.topic)):
            pipe.set(self.last_key(topic), now, ex=LAST_PUBLISHED_SECONDS)
        for notice in notices:
            pipe.publish(self.channel(notice.topic), notice.encode())
        pipe.execute()

    def last_published(self, topic: str) -> float | None:
        raw = self._sync.get(self.last_key(topic))
        return None if raw is None else float(raw)

    def _for_loop(self) -> _Channels:
        loop = asyncio.get_running_loop()
        channels = self._channels.get(loop)
        if channels is None or channels.closed:
            channels = self._channels[loop] = _Channels(self._url, f"{self._prefix}:live")
        return channels

    @asynccontextmanager
    async def subscribe(
        self, topic: str, wants: Wants | None = None
    ) -> AsyncIterator[AsyncIterator[Notice]]:
        """:meth:`Broker.subscribe`; ``wants``: a cheap look at each notice as it came over the
        wire (its encoded bytes), before it is decoded: False skips it (issue 32: a worker
        decoded every pod's draft notices, half of them for pods it holds no page of)."""
        channels = self._for_loop()
        queue: asyncio.Queue[Notice | None] = asyncio.Queue(SUBSCRIPTION_QUEUE)
        if wants is not None:
            channels.wants[queue] = wants
        try:
            await channels.add(self.channel(topic), queue)
        except BaseException:
            channels.wants.pop(queue, None)
            raise
        try:
            yield _until_dropped(queue)
        finally:
            await channels.remove(self.channel(topic), queue)
            channels.wants.pop(queue, None)

    def connection_count(self) -> int:
        """Redis connections this broker holds for subscriptions (one per event loop in use)."""
        return sum(1 for c in self._channels.values() if c.client is not None)

    def close(self) -> None:
        self._sync.close()


class _Channels:
    """One Redis connection carrying every subscribed channel of one event loop."""

    def __init__(self, url: str, name: str) -> None:
        self.url = url
        self.name = name  # the connection's CLIENT SETNAME: CLIENT LIST shows who holds it
        self.client: Any = None
        self.pubsub: Any = None
        self.listeners: dict[str, set[asyncio.Queue[Notice | None]]] = {}
        self.wants: dict[asyncio.Queue[Notice | None], Wants] = {}  # RedisBroker.subscribe
        self.confirmed: dict[str, asyncio.Event] = {}
        self.reader: asyncio.Task[None] | None = None
        self.lock = asyncio.Lock()
        self.closed = False

    async def _connect(self) -> None:
        import redis.asyncio as aioredis

        self.client = aioredis.Redis.from_url(self.url, client_name=self.name)
        self.pubsub = self.client.pubsub()
        self.reader = asyncio.create_task(self._read(), name="live:redis")

    async def add(self, channel: str, queue: asyncio.Queue[Notice | None]) -> None:
        async with self.lock:
            if self.closed:
                # Issue 31: this connection dropped while we waited for its lock (behind
                # another topic's SUBSCRIBE). Its reader is gone, so a SUBSCRIBE sent now
                # would never be confirmed and the topic stayed silent for good; the caller
                # subscribes again, on the broker's next connection.
                raise ConnectionError("the broker connection dropped; subscribe again")
            if self.client is None:
                await self._connect()
            first = channel not in self.listeners
            self.listeners.setdefault(channel, set()).add(queue)
            if first:
                self.confirmed[channel] = asyncio.Event()
                try:
                    await self.pubsub.subscribe(channel)
                except Exception:
                    # Issue 27 hole 5: Redis is down. A channel left registered here was never
                    # subscribed again (the next listener found it "already there") and its
                    # topic stayed silent until the worker restarted. The whole connection is
                    # dropped instead: every listener resubscribes, on a new one.
                    self.listeners[channel].discard(queue)
                    await self._drop()
                    raise
            confirmed = self.confirmed[channel]
        # The reader sets it when Redis confirms: from then on no notice can slip by.
        await confirmed.wait()

    async def remove(self, channel: str, queue: asyncio.Queue[Notice | None]) -> None:
        async with self.lock:
            listeners = self.listeners.get(channel)
            if listeners is None:
                return
            listeners.discard(queue)
            if listeners:
                return
            del self.listeners[channel]
            self.confirmed.pop(channel, None)
            if self.pubsub is not None:
                with contextlib.suppress(Exception):
                    await self.pubsub.unsubscribe(channel)

    async def _read(self) -> None:
        try:
            while not self.closed:
                if not self.listeners or self.pubsub.connection is None:
                    await asyncio.sleep(0.05)  # nothing subscribed yet
                    continue
                message = await self.pubsub.get_message(timeout=1.0)
                if message is None:
                    continue
                self._dispatch(message)
                await self._drain()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.warning("live: the Redis connection dropped; listeners reconnect", exc_info=True)
            reconnected()
            await self._drop()

    async def _drain(self) -> None:
        """The messages read from the socket with the one just handled, taken from the parser's
        buffer without ``get_message``'s layers (issue 32: a worker reads every notice of its
        draft, and redis-py's health check, retry and timeout per message were a tenth of its
        CPU). A message to a channel goes straight to its listeners; anything else (a
        subscription's confirmation) through redis-py's own handling. Without hiredis, or
        with nothing buffered, nothing to do: the next ``get_message`` reads the socket."""
        connection = self.pubsub.connection
        reader = getattr(getattr(connection, "_parser", None), "_reader", None)
        incomplete = _not_enough()
        if reader is None or incomplete is None or connection.health_check_interval:
            return
        while (reply := reader.gets()) is not incomplete:
            if isinstance(reply, Exception):
                raise reply  # as redis-py's parser would
            if isinstance(reply, list) and len(reply) == 3 and reply[0] == b"message":
                channel = reply[1]
                self._message(channel.decode() if isinstance(channel, bytes) else channel, reply[2])
                continue
            message = await self.pubsub.handle_message(reply)
            if message is not None:
                self._dispatch(message)

    def _dispatch(self, message: dict[str, Any]) -> None:
        raw = message.get("channel")
        channel = raw.decode() if isinstance(raw, bytes) else str(raw)
        if message.get("type") == "subscribe":
            event = self.confirmed.get(channel)
            if event is not None and event.is_set():
                # redis-py reconnected and subscribed again by itself: notices may have been
                # missed meanwhile, so the channel's listeners start over (and say so).
                reconnected()
                for queue in list(self.listeners.get(channel, ())):
                    _offer(queue, None)
            elif event is not None:
                event.set()
        elif message.get("type") == "message":
            self._message(channel, message["data"])

    def _message(self, channel: str, raw: Any) -> None:
        queues = [
            queue
            for queue in self.listeners.get(channel, ())
            if not isinstance(raw, bytes) or (wants := self.wants.get(queue)) is None or wants(raw)
        ]
        if queues:  # decoded once, if anyone wants it
            notice = Notice.decode(raw)
            for queue in queues:
                _offer(queue, notice)

    async def _drop(self) -> None:
        """End every listener (they resubscribe, on a new connection) and close this one."""
        self.closed = True
        for event in self.confirmed.values():
            event.set()  # nobody waits forever on a dead connection
        for listeners in self.listeners.values():
            for queue in listeners:
                _offer(queue, None)
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.client.aclose()


async def _until_dropped(queue: asyncio.Queue[Notice | None]) -> AsyncIterator[Notice]:
    while True:
        notice = await queue.get()
        if notice is None:
            raise ConnectionError("the broker connection dropped")
        yield notice


@functools.cache
def _not_enough() -> object | None:
    """What redis-py's hiredis parser's reader returns while a reply is incomplete (None: no
    such parser: ``_Channels._drain`` leaves every message to ``get_message``). Asked once a
    subscription reads, not at import: a command of the CLI imports no Redis client."""
    try:
        from redis._parsers.hiredis import NOT_ENOUGH_DATA
    except ImportError:
        return None
    return NOT_ENOUGH_DATA


def broker_from_env() -> InProcessBroker | RedisBroker:
    url = os.environ.get("TORNEO_REDIS_URL")
    return RedisBroker(url) if url else InProcessBroker()
