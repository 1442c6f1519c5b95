"""A WebSocket's messages written straight to its socket (issue 32: the live draft's fan-out).

Through ASGI, a message to a page cost a task woken from its queue, then ``send`` through
Starlette's WebSocket and each middleware's wrapper (some eight coroutines) down to uvicorn's,
which frames it (websockets' sans-I/O ``conn.send_text``, ``conn.data_to_send()``) and writes
it: with 512 drafters, five to seven such messages per pick were half of a worker's event loop.
:class:`DirectSocket` does uvicorn's last step itself, in the caller's turn of the loop: no
task, no coroutine.

The socket comes from the server's own ``send``, kept in the scope by the outermost middleware
(:class:`~torneo.platform.web.arrival.StampArrival`) before any wrapper: under uvicorn's
sans-I/O websockets protocol (what ``torneo serve`` and the tests' real servers run) its
``__self__`` is the connection's protocol, with ``conn`` (websockets' ``ServerProtocol``) and
``transport``. Under any other server or protocol (the TestClient, uvicorn's legacy
``websockets`` or ``wsproto``), :func:`direct_socket` finds nothing and the page's messages go
the ASGI way.

The connection's state stays websockets' own: a message is written only while the connection
is OPEN, and by ``conn.send_text`` then ``conn.data_to_send()`` as uvicorn does, unless the
connection has no extension (``torneo serve`` turns permessage-deflate off), writes nothing
else pending and logs no frames: a text frame is then its header and the UTF-8 bytes,
unmasked (the server's side), the same bytes for every page (:func:`text_frame`, made once for
a message many pages get).

A browser that does not read: the bytes it has not taken wait in the transport's buffer; past
:data:`MOST_BUFFERED` its connection is dropped (logged), rather than its messages: a page that
missed a pack would wait for it until the timer picked for it, whereas a page whose socket
closed reconnects and reads its whole state.
"""

from __future__ import annotations

import logging
import struct
from typing import Any

from starlette.types import Scope
from websockets.exceptions import InvalidState, ProtocolError
from websockets.protocol import State

from torneo.platform.web.arrival import SERVER_SEND
from torneo.platform.web.live_direct import MOST_BUFFERED as MOST_BUFFERED

log = logging.getLogger(__name__)

# The bytes a page's socket may hold unsent before it is dropped are the live streams' bound
# (live_direct.MOST_BUFFERED): hundreds of packs (a pack's message is a few KB), far beyond
# what a page that reads ever leaves behind.
_SANS_IO = "uvicorn.protocols.websockets.websockets_sansio_impl"


def text_frame(data: bytes) -> bytes:
    """``data`` (UTF-8 text) as one unmasked, final text frame (RFC 6455 5.2), the bytes
    websockets' ``send_text`` writes on a server's connection with no extension."""
    n = len(data)
    if n < 126:
        head = struct.pack("!BB", 0x81, n)
    elif n < 65536:
        head = struct.pack("!BBH", 0x81, 126, n)
    else:
        head = struct.pack("!BBQ", 0x81, 127, n)
    return head + data


class DirectSocket:
    """One accepted WebSocket as its page's messages are written to it (module doc)."""

    __slots__ = ("conn", "dropped", "protocol", "transport")

    def __init__(self, protocol: Any) -> None:
        self.protocol = protocol
        self.conn = protocol.conn
        self.transport = protocol.transport
        self.dropped = False  # it fell behind and was closed (logged once)

    def send(self, text: str) -> bool:
        """Write one text message; False if the connection is gone (or just dropped)."""
        data = text.encode()
        return self.send_frame(data, None)

    def send_frame(self, data: bytes, framed: bytes | None) -> bool:
        """Write one text message, ``data`` encoded and, if made already, ``framed``
        (:func:`text_frame`); False if the connection is gone (or just dropped)."""
        protocol, conn, transport = self.protocol, self.conn, self.transport
        if protocol.close_sent or transport.is_closing() or conn.state is not State.OPEN:
            return False
        if transport.get_write_buffer_size() > MOST_BUFFERED:
            self.dropped = True
            log.warning("socket: a page fell behind; its connection is dropped (it reconnects)")
            transport.abort()  # uvicorn's connection_lost tells the page's task it is gone
            return False
        if conn.extensions or conn.writes or conn.debug or conn.expect_continuation_frame:
            try:
                conn.send_text(data)
            except (InvalidState, ProtocolError):
                return False
            transport.write(b"".join(conn.data_to_send()))
        else:
            transport.write(framed if framed is not None else text_frame(data))
        return True


def direct_socket(scope: Scope) -> DirectSocket | None:
    """The accepted WebSocket of this scope, if the server is one whose socket a page's
    messages can be written to (module doc); else None."""
    protocol = getattr(scope.get(SERVER_SEND), "__self__", None)
    if (
        type(protocol).__module__ != _SANS_IO
        or not hasattr(protocol, "conn")
        or not hasattr(getattr(protocol, "transport", None), "get_write_buffer_size")
    ):
        return None
    return DirectSocket(protocol)
