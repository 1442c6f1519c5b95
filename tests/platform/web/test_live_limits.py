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
from torneo.core.errors import TorneoError
from torneo.platform.live.broker import InProcessBroker, Notice, RedisBroker
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


def test_streams_per_address_are_capped_once_the_worker_is_half_full(web_store: Store) -> None:
    event_id = bare_event(web_store)
    settings = WebSettings(
        secret_key=SECRET, env="test", live_streams_per_address=2, live_streams_per_worker=4
    )
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


def _admit_all(
    most: int, capacity: int, addresses: list[str]
) -> tuple[list[str], list[str], live.LiveHub]:
    """Streams asked for by ``addresses`` in turn on one worker: (admitted, refused, hub)."""

    async def scenario() -> tuple[list[str], list[str], live.LiveHub]:
        hub = live.LiveHub(InProcessBroker())
        admitted, refused = [], []
        for address in addresses:
            try:
                hub.admit(address, most, capacity)
                admitted.append(address)
            except live.TooManyStreams:
                refused.append(address)
        return admitted, refused, hub

    return asyncio.run(scenario())


def test_a_hall_behind_one_address_fills_an_idle_worker() -> None:
    """A club's Wi-Fi puts 300 phones behind one address: on a worker holding few streams they
    are all admitted, beyond the address's cap of 100 (it applies once the worker is half full)."""
    admitted, refused, _ = _admit_all(100, 4000, ["10.0.0.1"] * 300)
    assert (len(admitted), refused) == (300, [])


def test_past_half_a_worker_one_address_is_capped_and_the_others_still_come_in() -> None:
    """One address may take at most half of a worker: past that its cap applies, while the
    worker's other half stays for everyone else, up to the worker's capacity."""
    hall = ["10.0.0.1"] * 60
    others = [f"10.0.1.{i}" for i in range(55)]
    admitted, refused, hub = _admit_all(10, 100, hall + others)
    assert admitted.count("10.0.0.1") == 50  # half the worker, then the address's cap
    assert refused == ["10.0.0.1"] * 10 + others[-5:]  # the worker is full at 100
    assert hub.open_streams == 100


def test_a_released_stream_gives_its_place_back() -> None:
    async def scenario() -> int:
        hub = live.LiveHub(InProcessBroker())
        first = hub.admit("10.0.0.1", 1, 2)
        hub.admit("10.0.0.2", 1, 2)
        with pytest.raises(live.TooManyStreams) as err:
            hub.admit("10.0.0.3", 1, 2)  # the worker is full
        assert err.value.retry_after >= 1
        assert "too many open live pages" in err.value.reason
        first()
        first()  # twice: given back once
        hub.admit("10.0.0.3", 1, 2)
        return hub.open_streams

    assert asyncio.run(scenario()) == 2


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("TORNEO_LIVE_STREAMS_PER_WORKER", "lots"),
        ("TORNEO_LIVE_STREAMS_PER_WORKER", "0"),
        ("TORNEO_LIVE_STREAMS_PER_ADDRESS", "-5"),
        ("TORNEO_MAX_BODY_BYTES", "1e6"),
    ],
)
def test_a_bad_number_in_the_environment_is_refused_naming_it(
    name: str, value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(TorneoError) as err:
        WebSettings.from_env()
    assert err.value.field == name
    assert "whole number" in err.value.reason


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
