"""uvicorn's HTTP/1.1 protocol with an answer's head and its body in one socket write (issue 32).

uvicorn's httptools protocol writes the status line and headers when the app sends
``http.response.start``, then the body at ``http.response.body``: two ``send()`` calls, two
TCP segments and two wake-ups of the client for every answer. In the players' report burst
(``bench/load/run.py --burst``) the first of those writes alone was a tenth of the workers'
time, the kernel's loopback work counted in the worker.

:class:`JoinedWritesProtocol` is uvicorn's own protocol (``torneo serve`` passes it as
``http=``) whose request cycles write through :class:`HeldHead`: the head is held and goes out
with the first body write, as one ``write`` of the same bytes. Nothing else changes: the bytes
on the wire, keep-alive and ``Connection: close``, HEAD, 204/304, chunked bodies and
``100 Continue`` (written before any head, so passed through) are uvicorn's own
(tests/platform/web/test_joined_writes.py compares both protocols byte for byte). The head is
never held longer than the current turn of the event loop: when the response completes or the
connection closes without a body write (HEAD, 204), it goes then; when the app sends the head
and waits (a live page's stream before its first block), it goes at the loop's next turn.

Written against uvicorn 0.54 (pinned in pyproject.toml): it relies on the cycle writing the head
as its first write after ``response_started`` is set, and on ``transport``/``on_response``
being the cycle's attributes (httptools comes with ``uvicorn[standard]``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol, RequestResponseCycle

# What ``torneo serve`` passes to uvicorn as ``http=`` (a worker imports it by this name).
HTTP_PROTOCOL = "torneo.platform.web.joined_writes:JoinedWritesProtocol"


class JoinedWritesProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol; each request's cycle writes through a :class:`HeldHead`."""

    def on_headers_complete(self) -> None:
        before = self.cycle
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is not before:  # a new request (an upgrade to WebSocket makes none)
            hold_heads(cycle, self.loop)


def hold_heads(cycle: RequestResponseCycle, loop: asyncio.AbstractEventLoop) -> None:
    """Make ``cycle`` write its head together with its first body write."""
    held = HeldHead(cycle, cycle.transport, loop, cycle.on_response)
    cycle.transport = held  # type: ignore[assignment]
    cycle.on_response = held.on_response


class HeldHead:
    """A request cycle's transport: its first write after the response started (uvicorn's
    status line and headers) is held and joined to the next write; every other call goes to
    the socket's transport as it is. ``transport`` is that transport (what a live page's
    stream writes to, :mod:`torneo.platform.web.live_direct`, after the head)."""

    __slots__ = ("_completed", "_cycle", "_head", "_loop", "_seen", "transport")

    def __init__(
        self,
        cycle: Any,
        transport: asyncio.Transport,
        loop: asyncio.AbstractEventLoop,
        completed: Callable[[], None],
    ) -> None:
        self._cycle = cycle
        self.transport = transport
        self._loop = loop
        self._completed = completed
        self._head = b""
        self._seen = False  # the head has been written (held or sent)

    def write(self, data: bytes) -> None:
        if not self._seen and self._cycle.response_started:
            # uvicorn writes the head first once the response has started (a 100 Continue
            # comes before it, never after): hold it, at most until the loop's next turn.
            self._seen = True
            self._head = data
            self._loop.call_soon(self.flush)
            return
        if self._head:
            data, self._head = self._head + data, b""
        self.transport.write(data)

    def flush(self) -> None:
        """Send a held head now (no body came with it in this turn of the loop)."""
        if self._head:
            head, self._head = self._head, b""
            self.transport.write(head)

    def on_response(self) -> None:
        """The response is complete: a head without a body write (HEAD, 204, 304) goes now,
        before the connection takes its next request."""
        self.flush()
        self._completed()

    def close(self) -> None:
        self.flush()
        self.transport.close()

    def is_closing(self) -> bool:
        return self.transport.is_closing()

    def get_write_buffer_size(self) -> int:
        return self.transport.get_write_buffer_size() + len(self._head)

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.transport.get_extra_info(name, default)
