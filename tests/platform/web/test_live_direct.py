"""A live page's stream written by the hub to its socket (issue 32 item 4,
torneo.platform.web.live_direct): the same events and headers as through ASGI, one framed write
per stream, whole blocks dropped for a browser that does not read."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from tests.platform.web.test_live import _app, bare_event
from tests.support.servers import event_stream, running
from tests.support.transports import FakeTransport
from torneo.platform.live.broker import InProcessBroker, Notice
from torneo.platform.store.uow import Store
from torneo.platform.web import live, live_direct
from torneo.platform.web.joined_writes import HTTP_PROTOCOL, HeldHead
from torneo.platform.web.live_direct import DirectWriter, frame


def _hub(app: FastAPI) -> live.LiveHub:
    (hub,) = list(app.state.live_hubs.values())
    assert isinstance(hub, live.LiveHub)
    return hub


@pytest.mark.parametrize("http", ["auto", HTTP_PROTOCOL])
def test_on_uvicorn_the_hub_writes_the_stream_to_its_socket(web_store: Store, http: str) -> None:
    """On uvicorn's own protocol and on torneo serve's (its head joined to the first block)."""
    broker = web_store.broker
    assert isinstance(broker, InProcessBroker)
    event_id = bare_event(web_store)
    topic = f"event:{event_id}"
    app = _app(web_store)
    with (
        running(app, http) as base,
        httpx.Client(base_url=base, timeout=5) as client,
        event_stream(client, f"/live/{topic}") as stream,
    ):
        hub = _hub(app)
        (writer,) = hub._writers[topic]  # written by the hub, not through a queue
        # the socket's own transport, not the one that held the answer's head
        assert not isinstance(writer.transport, HeldHead)
        assert topic not in hub._listeners
        headers = stream.response.headers
        # The middlewares' headers still come with it: the start goes through ASGI.
        assert headers["content-type"].startswith("text/event-stream")
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-request-id"]
        for kind in ("result", "players"):
            broker.publish(Notice(topic, kind, {"round": 1}))
        assert json.loads(stream.next_data())["kind"] == "result"
        assert json.loads(stream.next_data())["kind"] == "players"
    deadline = time.monotonic() + 5  # the client left: its writer goes, and the subscription
    while (hub._writers or broker.subscriber_count(topic)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not hub._writers
    assert broker.subscriber_count(topic) == 0


def _writer(socket: Any) -> DirectWriter:
    async def make() -> DirectWriter:
        return DirectWriter(socket)

    return asyncio.run(make())


def test_blocks_before_the_first_go_after_it_in_order() -> None:
    socket = FakeTransport()
    writer = _writer(socket)
    writer.push(b"a", frame(b"a"))
    writer.push(b"bb", frame(b"bb"))
    assert socket.written == []  # the first block has not gone through send yet
    writer.start(chunked=True)
    writer.push(b"ccc", frame(b"ccc"))
    assert socket.written == [b"1\r\na\r\n", b"2\r\nbb\r\n", b"3\r\nccc\r\n"]


def test_without_chunked_framing_the_bare_block_is_written() -> None:
    socket = FakeTransport()
    writer = _writer(socket)
    writer.start(chunked=False)
    writer.push(b"data: x\n\n", frame(b"data: x\n\n"))
    assert socket.written == [b"data: x\n\n"]


def test_a_browser_that_does_not_read_loses_whole_blocks() -> None:
    socket = FakeTransport()
    writer = _writer(socket)
    writer.start(chunked=True)
    socket.unsent = live_direct.MOST_BUFFERED + 1
    writer.push(b"lost", frame(b"lost"))
    socket.unsent = 0  # it read again
    writer.push(b"kept", frame(b"kept"))
    assert socket.written == [frame(b"kept")]
    assert not writer.ended.is_set()


def test_a_closed_socket_or_a_stopping_worker_ends_the_stream() -> None:
    socket = FakeTransport()
    writer = _writer(socket)
    writer.start(chunked=True)
    socket.closing = True
    writer.push(b"x", frame(b"x"))
    assert socket.written == []
    assert writer.ended.is_set()
    other = _writer(FakeTransport())
    other.push(None)
    assert other.ended.is_set()
