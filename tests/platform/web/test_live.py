"""Live updates over Server-Sent Events (torneo.platform.web.live), in one worker and across two."""

from __future__ import annotations

import json
import os
import time
import uuid
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.support.servers import event_stream, running
from tests.support.web import PASSWORD, SECRET, add_user
from torneo.app import create_app
from torneo.cards import commands as events
from torneo.core.errors import TorneoError
from torneo.platform.live.broker import InProcessBroker, Notice, RedisBroker
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web import live
from torneo.platform.web.settings import WebSettings
from torneo.poker import commands as poker

REDIS_URL = os.environ.get("TORNEO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
ORG = Actor("org", frozenset({(1, "organizer")}))


def running_event(store: Store, players: int = 8) -> tuple[int, int, int]:
    """A running event with round 1 paired: (event id, round, first table with two players)."""
    event_id = events.create_event(
        store, ORG, name="Live", preset="invasion-it-2012", held_on="2012-03-10", seed=7
    )
    events.register_roster(
        store, ORG, event_id, "\n".join(f"Giocatore {i:02d}" for i in range(players))
    )
    events.start_event(store, ORG, event_id)
    round_no = events.pair_next_round(store, ORG, event_id)
    return event_id, round_no, 1


def bare_event(store: Store) -> int:
    return events.create_event(
        store, ORG, name="Live", preset="invasion-it-2012", held_on="2012-03-10", seed=7
    )


def _app(store: Store) -> FastAPI:
    return create_app(store, settings=WebSettings(secret_key=SECRET, env="test"))


def test_a_result_reaches_a_subscriber_of_the_event(web_store: Store) -> None:
    event_id, round_no, table = running_event(web_store)
    with (
        running(_app(web_store)) as base,
        httpx.Client(base_url=base, timeout=5) as http,
        event_stream(http, f"/live/event:{event_id}") as stream,
    ):
        assert stream.response.headers["content-type"].startswith("text/event-stream")
        assert stream.response.headers["cache-control"].startswith("no-cache")
        assert stream.response.headers["x-accel-buffering"] == "no"
        events.report_result(web_store, ORG, event_id, round_no, table, "2-1")
        notice = json.loads(stream.next_data())
    assert notice == {
        "topic": f"event:{event_id}",
        "kind": "result",
        "data": {"round": round_no, "table": table},
    }


def test_a_rolled_back_change_announces_nothing(web_store: Store) -> None:
    event_id, round_no, table = running_event(web_store)
    with (
        running(_app(web_store)) as base,
        httpx.Client(base_url=base, timeout=5) as http,
        event_stream(http, f"/live/event:{event_id}") as stream,
    ):
        with pytest.raises(TorneoError, match="result"):
            events.report_result(web_store, ORG, event_id, round_no, table, "3-0")
        events.report_result(web_store, ORG, event_id, round_no, table, "2-0")
        # The first notice heard is the committed result, not the refused one.
        assert json.loads(stream.next_data())["data"] == {"round": round_no, "table": table}


def test_unknown_topics_are_not_found(anon: TestClient, web_store: Store) -> None:
    bare_event(web_store)  # event:1 exists; poker:1 and event:2 do not
    for topic in (
        "users:1",
        "event:",
        "event:0",
        "event:abc",
        "event:1:2",
        "EVENT:1",
        "x" * 300,
        "event:2",
        "poker:1",
        "risiko:1",
        "event:999999999999",
    ):
        r = anon.get(f"/live/{topic}")
        assert r.status_code == 404, topic
        assert "argomento:" in r.text  # the error names the field, by its label (issue 15)


def test_heartbeats_keep_an_idle_stream_open(
    web_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "HEARTBEAT_SECONDS", 0.2)
    tid = poker.create_tournament(web_store, ORG, template="tue", held_on="2025-12-02", seed=3)
    with (
        running(_app(web_store)) as base,
        httpx.Client(base_url=base, timeout=5) as http,
        event_stream(http, f"/live/poker:{tid}") as stream,
    ):
        assert stream.next_event() == [": heartbeat"]
        assert stream.next_event() == [": heartbeat"]


def test_the_first_block_says_when_to_reconnect(web_store: Store) -> None:
    event_id = bare_event(web_store)
    with (
        running(_app(web_store)) as base,
        httpx.Client(base_url=base, timeout=5) as http,
        http.stream("GET", f"/live/event:{event_id}") as response,
    ):
        first = next(response.iter_lines())
    assert first == f"retry: {live.RETRY_MS}"


def test_one_broker_subscription_per_topic_and_worker_dropped_when_clients_leave(
    web_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "HEARTBEAT_SECONDS", 0.1)
    broker = web_store.broker
    assert isinstance(broker, InProcessBroker)
    for _ in range(5):
        bare_event(web_store)  # event:5 exists
    with (
        running(_app(web_store)) as base,
        httpx.Client(base_url=base, timeout=5) as one,
        httpx.Client(base_url=base, timeout=5) as two,
    ):
        with event_stream(one, "/live/event:5") as s1, event_stream(two, "/live/event:5") as s2:
            assert broker.subscriber_count("event:5") == 1
            broker.publish(Notice("event:5", "players", {}))
            assert json.loads(s1.next_data())["kind"] == "players"
            assert json.loads(s2.next_data())["kind"] == "players"
        # Both clients left: within a few heartbeats the worker unsubscribes.
        deadline = time.monotonic() + 5
        while broker.subscriber_count("event:5") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert broker.subscriber_count("event:5") == 0


def _redis_or_skip() -> None:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis is required under CI=true: {exc}")
        pytest.skip(f"no Redis at {REDIS_URL}: {exc}")


def _worker(db_url: str, prefix: str, clock: FakeClock) -> Store:
    return Store(make_engine(db_url), clock, broker=RedisBroker(REDIS_URL, prefix=prefix))


def test_two_workers_share_live_updates_through_redis(tmp_path: Path, clock: FakeClock) -> None:
    """A result committed through worker A reaches an SSE subscriber of worker B."""
    _redis_or_skip()
    url = f"sqlite:///{tmp_path / 'torneo.db'}"
    upgrade(make_engine(url))
    prefix = f"torneo-test-{uuid.uuid4().hex[:8]}"
    store_a, store_b = _worker(url, prefix, clock), _worker(url, prefix, clock)
    add_user(store_a, "org", "organizer")
    event_id, round_no, table = running_event(store_a)
    settings = WebSettings(secret_key=SECRET, env="test")
    app_a = create_app(store_a, settings=settings)
    app_b = create_app(store_b, settings=settings)
    with (
        running(app_a) as base_a,
        running(app_b) as base_b,
        httpx.Client(base_url=base_a, timeout=5) as writer,
        httpx.Client(base_url=base_b, timeout=5) as reader,
        event_stream(reader, f"/live/event:{event_id}") as stream,
    ):
        login = writer.post("/api/v1/session", json={"username": "org", "password": PASSWORD})
        writer.headers["X-CSRF-Token"] = login.json()["csrf_token"]
        r = writer.post(
            f"/api/v1/events/{event_id}/rounds/{round_no}/tables/{table}/result",
            json={"result": "2-0"},
        )
        assert r.status_code == 200, r.text
        notice = json.loads(stream.next_data())
        assert notice["kind"] == "result"
        assert notice["data"] == {"round": round_no, "table": table}
        # Worker B's page shows the result the notice announced (the database is shared).
        page = reader.get(f"/api/v1/events/{event_id}/pairings").json()
        assert next(x for x in page["lines"] if x["table"] == table)["result"] == "2-0"
    for s in (store_a, store_b):
        s.broker.close()
        s.engine.dispose()


def test_create_app_takes_redis_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TORNEO_DATABASE_URL", f"sqlite:///{tmp_path / 'x.db'}")
    monkeypatch.setenv("TORNEO_REDIS_URL", REDIS_URL)
    monkeypatch.setenv("TORNEO_SECRET_KEY", SECRET)
    app = create_app()
    assert isinstance(app.state.store.broker, RedisBroker)
    monkeypatch.delenv("TORNEO_REDIS_URL")
    assert isinstance(create_app().state.store.broker, InProcessBroker)


def test_event_page_and_poker_tv_listen_to_their_topic(anon: TestClient, web_store: Store) -> None:
    event_id, _, _ = running_event(web_store)
    html = anon.get(f"/events/{event_id}").text
    assert f'data-live="event:{event_id}"' in html
    assert 'hx-trigger="live from:body, every 120s"' in html
    tid = poker.create_tournament(web_store, ORG, template="tue", held_on="2025-12-02")
    tv = anon.get(f"/poker/{tid}/tv").text
    assert f'data-live="poker:{tid}"' in tv
    assert "live from:body" in tv
    assert "/static/torneo.js" in tv
    js = anon.get("/static/torneo.js").text
    assert "new EventSource" in js
    assert '"live"' in js
