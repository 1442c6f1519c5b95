"""Live streams under load (issue 12 item 7): one Redis connection per worker for every topic,
a cap on streams per address, and streams that end when the worker stops."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import threading
import uuid
from collections.abc import Callable

import httpx
import pytest

from tests.platform.web.test_live import _app, bare_event
from tests.support.servers import event_stream, running
from tests.support.web import SECRET
from torneo.app import create_app
from torneo.platform.live.broker import Notice, RedisBroker
from torneo.platform.store.uow import Store
from torneo.platform.web import live
from torneo.platform.web.settings import WebSettings

REDIS_URL = os.environ.get("TORNEO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _wait_until(condition: Callable[[], bool]) -> None:
    for _ in range(10_000):  # bounded: only stops a broken run, no timing is asserted
        if condition():
            return
        threading.Event().wait(0.001)
    raise AssertionError("the condition never held")


def test_streams_per_address_are_capped(web_store: Store) -> None:
    event_id = bare_event(web_store)
    settings = WebSettings(secret_key=SECRET, env="test", live_streams_per_address=2)
    app = create_app(web_store, settings=settings)
    with running(app) as base, httpx.Client(base_url=base, timeout=5) as http:
        with (
            event_stream(http, f"/live/event:{event_id}"),
            event_stream(http, f"/live/event:{event_id}"),
        ):
            third = http.get(f"/live/event:{event_id}")
            assert third.status_code == 429
            assert int(third.headers["retry-after"]) >= 1
        # Both closed: their places are given back (the server sees the disconnect).
        hubs = list(app.state.live_hubs.values())
        _wait_until(lambda: not any(h.streams for h in hubs))
        with event_stream(http, f"/live/event:{event_id}"):
            pass


def test_streams_end_when_the_worker_stops(web_store: Store) -> None:
    event_id = bare_event(web_store)
    app = _app(web_store)
    with (
        running(app) as base,
        httpx.Client(base_url=base, timeout=5) as http,
        event_stream(http, f"/live/event:{event_id}") as stream,
    ):
        live.close_streams(app)  # what SIGTERM does (test below), before uvicorn waits
        with pytest.raises(EOFError):  # the answer ends: the browser will come back
            stream.next_event()


def test_a_shutdown_signal_ends_the_streams_then_reaches_uvicorn(
    web_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    closed: list[object] = []
    seen: list[int] = []
    monkeypatch.setattr(live, "close_streams", lambda app: closed.append(app))
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        signal.signal(signal.SIGTERM, lambda signum, frame: seen.append(signum))  # "uvicorn"
        app = _app(web_store)
        live.end_streams_on_shutdown_signals(app)
        handler = signal.getsignal(signal.SIGTERM)
        assert callable(handler)
        handler(signal.SIGTERM, None)
        assert closed == [app]
        assert seen == [signal.SIGTERM]
    finally:  # put back exactly what was there (an xdist worker ignores SIGINT, for one)
        for sig, handler_before in before.items():
            signal.signal(sig, handler_before)


def _redis_or_skip() -> None:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis is required under CI=true: {exc}")
        pytest.skip(f"no Redis at {REDIS_URL}: {exc}")


def test_one_redis_connection_carries_every_topic_of_a_worker() -> None:
    _redis_or_skip()
    prefix = f"torneo-test-{uuid.uuid4().hex[:8]}"
    worker, other = RedisBroker(REDIS_URL, prefix=prefix), RedisBroker(REDIS_URL, prefix=prefix)

    async def scenario() -> list[str]:
        got: list[str] = []
        async with (
            worker.subscribe("event:1") as one,
            worker.subscribe("event:2") as two,
            worker.subscribe("poker:3") as three,
            worker.subscribe("event:1") as one_again,
        ):
            assert worker.connection_count() == 1
            for topic in ("event:1", "event:2", "poker:3"):
                await asyncio.to_thread(other.publish, Notice(topic, "x", {}))
            for stream in (one, two, three, one_again):
                notice = await asyncio.wait_for(anext(aiter(stream)), 5)
                got.append(notice.topic)
        return got

    assert asyncio.run(scenario()) == ["event:1", "event:2", "poker:3", "event:1"]
    worker.close()
    other.close()


def test_many_streams_of_many_topics_share_one_redis_client(
    web_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the app: streams of several events on one worker, one Redis connection."""
    _redis_or_skip()
    prefix = f"torneo-test-{uuid.uuid4().hex[:8]}"
    broker = RedisBroker(REDIS_URL, prefix=prefix)
    monkeypatch.setattr(web_store, "broker", broker)
    ids = [bare_event(web_store) for _ in range(3)]
    with (
        running(_app(web_store)) as base,
        httpx.Client(base_url=base, timeout=5) as http,
        event_stream(http, f"/live/event:{ids[0]}") as a,
        event_stream(http, f"/live/event:{ids[1]}"),
        event_stream(http, f"/live/event:{ids[2]}") as c,
    ):
        assert broker.connection_count() == 1
        broker.publish(Notice(f"event:{ids[2]}", "round", {}))
        assert json.loads(c.next_data())["kind"] == "round"
        broker.publish(Notice(f"event:{ids[0]}", "result", {}))
        assert json.loads(a.next_data())["kind"] == "result"
    broker.close()
