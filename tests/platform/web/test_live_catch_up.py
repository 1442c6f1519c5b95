"""A page never misses a change made between its read and its stream's subscription.

The page carries when its request arrived (``<body data-live-since>``); its stream sends it back
as ``?since=`` and, once subscribed, starts with a ``missed`` notice if the topic changed after
it (torneo.platform.web.live). This closes the gap that left a fantasy standings page stale for
its two-minute poll when the votes were imported while the page was opening its stream.
"""

from __future__ import annotations

import json
import re
import time
import uuid

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.platform.live.test_broker import _redis_or_skip
from tests.platform.web.test_live import ORG, _app, running_event
from tests.support.servers import event_stream, running
from torneo.cards import commands as events
from torneo.platform.live.broker import InProcessBroker, Notice, RedisBroker
from torneo.platform.store.uow import Store
from torneo.platform.web import live
from torneo.platform.web.arrival import StampArrival

SINCE = re.compile(r'<body data-live-since="(?P<since>[0-9]+\.[0-9]{3})"')


def page_since(http: httpx.Client | TestClient, path: str) -> str:
    page = http.get(path)
    assert page.status_code == 200
    found = SINCE.search(page.text)
    assert found, "the page does not say when it was read"
    return found["since"]


def test_a_result_committed_while_the_stream_opens_arrives_as_missed(web_store: Store) -> None:
    event_id, round_no, table = running_event(web_store)
    with running(_app(web_store)) as base, httpx.Client(base_url=base, timeout=5) as http:
        since = page_since(http, f"/events/{event_id}")
        # The page is on the phone; its stream is not open yet when the result lands.
        events.report_result(web_store, ORG, event_id, round_no, table, "2-1")
        with event_stream(http, f"/live/event:{event_id}?since={since}") as stream:
            notice = json.loads(stream.next_data())
    assert notice == {"topic": f"event:{event_id}", "kind": "missed", "data": {}}


@pytest.mark.parametrize("read_after", [True, False], ids=["page-read-after", "no-since"])
def test_no_catch_up_when_the_page_was_read_after_the_change_or_says_nothing(
    web_store: Store, monkeypatch: pytest.MonkeyPatch, read_after: bool
) -> None:
    monkeypatch.setattr(live, "HEARTBEAT_SECONDS", 0.2)
    event_id, round_no, table = running_event(web_store)
    events.report_result(web_store, ORG, event_id, round_no, table, "2-1")
    time.sleep(2 * live.CLOCK_MARGIN)  # the page is read well after the change
    with running(_app(web_store)) as base, httpx.Client(base_url=base, timeout=5) as http:
        query = f"?since={page_since(http, f'/events/{event_id}')}" if read_after else ""
        with event_stream(http, f"/live/event:{event_id}{query}") as stream:
            assert stream.next_event() == [": heartbeat"]  # no notice before the heartbeat
            # and the notices after the subscription come as before
            events.report_result(web_store, ORG, event_id, round_no, table + 1, "0-2")
            assert json.loads(stream.next_data())["kind"] == "result"


class _Forgetful(InProcessBroker):
    """Delivers notices but cannot say when a topic last changed (Redis lost its keys, or
    answers nothing)."""

    def last_published(self, topic: str) -> float | None:
        raise ConnectionError("Redis is down")


def test_a_broker_that_cannot_say_when_opens_the_stream_without_a_catch_up(
    web_store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(live, "HEARTBEAT_SECONDS", 0.2)
    event_id, round_no, table = running_event(web_store)
    web_store.broker = _Forgetful()
    with running(_app(web_store)) as base, httpx.Client(base_url=base, timeout=5) as http:
        since = page_since(http, f"/events/{event_id}")
        events.report_result(web_store, ORG, event_id, round_no, table, "2-1")
        with event_stream(http, f"/live/event:{event_id}?since={since}") as stream:
            assert stream.next_event() == [": heartbeat"]  # open, with its slow poll behind it
    assert "cannot ask when" in caplog.text


@pytest.mark.parametrize("since", ["abc", "-1", "nan", "inf", "1e200"])
def test_a_bad_since_is_refused_naming_it(anon: TestClient, web_store: Store, since: str) -> None:
    event_id, _, _ = running_event(web_store)
    r = anon.get(f"/live/event:{event_id}?since={since}")
    assert r.status_code == 422
    assert "pagina letta alle:" in r.text  # the field, by its label (issue 15)
    assert any(w in r.text for w in ("numero", "almeno", "massimo"))  # what is wrong, in Italian


def test_the_arrival_is_stamped_before_anything_else_runs(web_store: Store) -> None:
    app: FastAPI = _app(web_store)
    # Outermost: no other layer (body limit, session, CSRF, Starlette's error handler) runs
    # before the stamp; it wraps the whole stack (issue 32 item 4: it keeps the server's send).
    with TestClient(app) as client:
        assert isinstance(app.middleware_stack, StampArrival)
        before = time.time()
        since = float(page_since(client, "/"))
        after = time.time()
    assert before - 0.001 <= since <= after


def test_the_in_process_broker_remembers_when_a_topic_last_changed() -> None:
    broker = InProcessBroker()
    assert broker.last_published("event:1") is None
    before = time.time()
    broker.publish(Notice("event:1", "result"))
    last = broker.last_published("event:1")
    assert last is not None
    assert before <= last <= time.time()
    assert broker.last_published("event:2") is None


def test_redis_remembers_for_every_worker_when_a_topic_last_changed() -> None:
    publisher = _redis_or_skip()
    other = RedisBroker(publisher._url, prefix=publisher._prefix)  # another worker
    topic = f"event:{uuid.uuid4().int % 10**9 + 1}"
    try:
        assert other.last_published(topic) is None
        before = time.time()
        publisher.publish(Notice(topic, "round", {"round": 2}))
        last = other.last_published(topic)
        assert last is not None
        assert before <= last <= time.time()
        ttl = publisher._sync.ttl(publisher.last_key(topic))
        assert 0 < ttl <= 7 * 24 * 3600  # forgotten after a week, never kept forever
    finally:
        publisher._sync.delete(publisher.last_key(topic))
        publisher.close()
        other.close()
