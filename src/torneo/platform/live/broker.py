"""Brokers: in-process (one worker) and Redis pub/sub (several workers)."""

from __future__ import annotations

import asyncio
import json
import os
import threading
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

CHANNEL_PREFIX = os.environ.get("TORNEO_REDIS_PREFIX", "torneo")


@dataclass(frozen=True, slots=True)
class Notice:
    """Something changed: ``topic`` is e.g. ``event:12``; ``kind`` what changed (``round``,
    ``result``, ``clock``, ``standings``); ``data`` small hints (round number, table)."""

    topic: str
    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def encode(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @staticmethod
    def decode(raw: str | bytes) -> Notice:
        value = json.loads(raw)
        return Notice(str(value["topic"]), str(value["kind"]), dict(value.get("data") or {}))


class Subscription(Protocol):
    def __aiter__(self) -> AsyncIterator[Notice]: ...


class Broker(Protocol):
    def publish(self, notice: Notice) -> None:
        """Called from synchronous service code after a commit; must not block for long."""

    def subscribe(self, topic: str) -> Any:
        """An async context manager yielding an async iterator of notices for ``topic``."""

    def close(self) -> None: ...


class InProcessBroker:
    """Fan-out to asyncio queues of this process; safe to publish from worker threads."""

    def __init__(self, queue_size: int = 100) -> None:
        self._subscribers: dict[
            str, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[Notice]]]
        ] = defaultdict(set)
        self._lock = threading.Lock()
        self._queue_size = queue_size

    def publish(self, notice: Notice) -> None:
        with self._lock:
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

    def subscriber_count(self, topic: str) -> int:
        with self._lock:
            return len(self._subscribers.get(topic, ()))

    def close(self) -> None:
        with self._lock:
            self._subscribers.clear()


def _offer(queue: asyncio.Queue[Notice], notice: Notice) -> None:
    # A slow client loses old notices, not the server's memory: drop the oldest when full.
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(notice)


async def _drain(queue: asyncio.Queue[Notice]) -> AsyncIterator[Notice]:
    while True:
        yield await queue.get()


class RedisBroker:
    """Redis pub/sub: publish with a synchronous client, subscribe with an asyncio client."""

    def __init__(self, url: str, prefix: str = CHANNEL_PREFIX) -> None:
        import redis

        self._url = url
        self._prefix = prefix
        self._sync = redis.Redis.from_url(url)

    def channel(self, topic: str) -> str:
        return f"{self._prefix}:{topic}"

    def publish(self, notice: Notice) -> None:
        self._sync.publish(self.channel(notice.topic), notice.encode())

    @asynccontextmanager
    async def subscribe(self, topic: str) -> AsyncIterator[AsyncIterator[Notice]]:
        import redis.asyncio as aioredis

        client = aioredis.Redis.from_url(self._url)
        pubsub = client.pubsub()
        await pubsub.subscribe(self.channel(topic))
        try:
            yield _redis_messages(pubsub)
        finally:
            await pubsub.unsubscribe()
            await pubsub.aclose()  # type: ignore[no-untyped-call]
            await client.aclose()

    def close(self) -> None:
        self._sync.close()


async def _redis_messages(pubsub: Any) -> AsyncIterator[Notice]:
    while True:
        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=30.0)
        if message is not None and message.get("type") == "message":
            yield Notice.decode(message["data"])


def broker_from_env() -> InProcessBroker | RedisBroker:
    url = os.environ.get("TORNEO_REDIS_URL")
    return RedisBroker(url) if url else InProcessBroker()
