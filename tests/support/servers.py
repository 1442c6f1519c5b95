"""Real HTTP servers for tests that need streaming (Server-Sent Events): uvicorn in a thread.

httpx's ASGI transport collects a whole response before returning it, so an endless event
stream can only be read from a real server. Each server listens on a free port of 127.0.0.1.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import uvicorn
from fastapi import FastAPI


@contextmanager
def running(
    app: FastAPI, http: str = "auto", *, ws: str = "auto", deflate: bool = True
) -> Iterator[str]:
    """Serve ``app`` on a free port; yields its base URL; stops it on exit. ``http`` is
    uvicorn's HTTP protocol (``torneo serve`` runs torneo.platform.web.joined_writes'), ``ws``
    its WebSocket one and ``deflate`` its permessage-deflate (``torneo serve`` turns it off)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="off",
        timeout_graceful_shutdown=1,
        http=http,
        ws=ws,
        ws_per_message_deflate=deflate,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


class EventStream:
    """The lines of one open ``text/event-stream`` response, read with a timeout."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response
        self._lines = response.iter_lines()

    def next_event(self) -> list[str]:
        """The lines of the next event or comment block (up to the blank line)."""
        block: list[str] = []
        for line in self._lines:
            if line == "":
                if block:
                    return block
                continue
            block.append(line)
        raise EOFError("the stream ended")

    def next_data(self) -> str:
        """The ``data:`` of the next notice, skipping comments (heartbeats)."""
        while True:
            block = self.next_event()
            data = [line.removeprefix("data: ") for line in block if line.startswith("data: ")]
            if data:
                return "\n".join(data)


@contextmanager
def event_stream(client: httpx.Client, url: str) -> Iterator[EventStream]:
    """Open the stream and wait for its first block: the subscription is live after it."""
    with client.stream("GET", url) as response:
        assert response.status_code == 200, response.read()
        stream = EventStream(response)
        first = stream.next_event()
        assert any(line.startswith("retry:") for line in first), first
        yield stream
