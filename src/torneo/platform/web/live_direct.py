"""A live page's stream written by the hub straight to its socket (issue 32 item 4).

Through ASGI, each block of notices cost every open stream a task woken from its queue, the
stream's generator resumed, then ``send`` through Starlette's response and each middleware's
wrapper (eight coroutines) down to uvicorn's, which frames the chunk: with 500 live pages a
window of notices was 500 times that walk. Now the hub frames a block once (HTTP/1.1 chunked)
and, for each stream, makes one ``transport.write`` of those same bytes: no task, no
coroutine, no message per stream.

Only the body's blocks take that path. The status line and headers (the middlewares' security
headers and request id), the first block and the end of the answer still go through ``send``,
so the access line, the metrics and the headers are what every answer gets; the hub's writes
come between the first block and the end, when nothing else writes to that connection (one
event loop, and ``send`` is not called meanwhile).

The socket comes from the server's own ``send``, kept in the scope by the outermost middleware
(:class:`~torneo.platform.web.arrival.StampArrival`) before any wrapper: uvicorn's HTTP/1.1
protocol (httptools, what ``torneo serve`` and the tests' servers run) keeps it as
``transport``. Under any other server, or a test client without sockets, :func:`socket_of` finds
nothing and the stream goes the ASGI way (:func:`torneo.platform.web.live._stream`).

A browser that does not read: the bytes it has not taken wait in the transport's buffer; past
:data:`MOST_BUFFERED` its next blocks are dropped whole (it loses notices, as a full queue of 64
blocks lost them, never the server's memory, and a block is never cut: the framing stays
whole). The first drop of a stream is logged (``live: a stream fell behind``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from starlette.types import Receive, Scope

from torneo.platform.web.arrival import SERVER_SEND
from torneo.platform.web.joined_writes import HeldHead

log = logging.getLogger(__name__)

# Bytes a stream's socket may hold unsent before its blocks are dropped: about what the queue of
# 64 blocks held before (a burst's block is some 8 KB).
MOST_BUFFERED = 512 * 1024


def frame(chunk: bytes) -> bytes:
    """``chunk`` as one HTTP/1.1 chunk (what uvicorn writes for a body message)."""
    return b"%x\r\n%b\r\n" % (len(chunk), chunk)


def socket_of(scope: Scope) -> tuple[Any, Any] | None:
    """The server's protocol cycle of this request and its transport, if the server is one
    whose socket the hub can write to (module doc); else None."""
    send = scope.get(SERVER_SEND)
    cycle = getattr(send, "__self__", None)
    transport = getattr(cycle, "transport", None)
    if isinstance(transport, HeldHead):
        # torneo serve's protocol holds the head until the first block, which goes through
        # ``send`` before the hub writes (DirectWriter.start): the hub writes to the socket's.
        transport = transport.transport
    if (
        transport is None
        or not hasattr(cycle, "chunked_encoding")
        or not hasattr(transport, "get_write_buffer_size")
        or type(cycle).__module__ != "uvicorn.protocols.http.httptools_impl"
    ):
        return None
    return cycle, transport


class DirectWriter:
    """One stream as the hub writes to it: ``push`` a block (its bytes and its framed bytes,
    both made once for every stream), or None to end the stream."""

    __slots__ = ("behind", "chunked", "ended", "pending", "transport")

    def __init__(self, transport: Any) -> None:
        self.transport = transport
        self.chunked = True
        self.pending: list[tuple[bytes, bytes]] | None = []  # until the first block is sent
        self.ended = asyncio.Event()
        self.behind = False  # it has lost a block (logged once)

    def push(self, chunk: bytes | None, framed: bytes = b"") -> None:
        if chunk is None:
            self.ended.set()
            return
        if self.pending is not None:
            self.pending.append((chunk, framed))
            return
        transport = self.transport
        if transport.is_closing():
            self.ended.set()
        elif transport.get_write_buffer_size() <= MOST_BUFFERED:
            transport.write(framed if self.chunked else chunk)
        elif not self.behind:
            self.behind = True
            log.warning("live: a stream fell behind; its next notices are dropped until it reads")

    def start(self, chunked: bool) -> None:
        """The first block has gone through ``send``: the blocks held meanwhile go now, and
        the next ones as they come."""
        self.chunked = chunked
        pending, self.pending = self.pending or [], None
        for chunk, framed in pending:
            self.push(chunk, framed)


async def until_gone(receive: Receive, writer: DirectWriter) -> None:
    """Until the client hangs up or the hub ends the stream (the worker is stopping)."""

    async def disconnected() -> None:
        while (await receive())["type"] != "http.disconnect":
            pass

    gone = asyncio.ensure_future(disconnected())
    ended = asyncio.ensure_future(writer.ended.wait())
    try:
        await asyncio.wait({gone, ended}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (gone, ended):
            task.cancel()
        for task in (gone, ended):
            with contextlib.suppress(asyncio.CancelledError):
                await task
