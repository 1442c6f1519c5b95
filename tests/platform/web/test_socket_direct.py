"""A WebSocket's messages written straight to its socket (issue 32,
torneo.platform.web.socket_direct): the bytes websockets would write, its connection's state
kept, nothing written to a closing socket, a page that does not read dropped once."""

from __future__ import annotations

import asyncio
import base64
import logging
from typing import Any

import pytest
import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.protocol import State
from websockets.server import ServerProtocol

from tests.support.transports import FakeTransport
from torneo.platform.web import socket_direct
from torneo.platform.web.arrival import SERVER_SEND
from torneo.platform.web.socket_direct import DirectSocket, direct_socket, text_frame


def _open(*, deflate: bool = False) -> ServerProtocol:
    """A server's connection past its handshake (OPEN), compressed or not."""
    factories = [ServerPerMessageDeflateFactory()] if deflate else []
    conn = ServerProtocol(extensions=factories)
    key = base64.b64encode(b"0123456789abcdef").decode()
    offer = "Sec-WebSocket-Extensions: permessage-deflate\r\n" if deflate else ""
    conn.receive_data(
        "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{offer}\r\n".encode()
    )
    (request,) = conn.events_received()
    conn.send_response(conn.accept(request))  # type: ignore[arg-type]
    conn.data_to_send()
    assert conn.state is State.OPEN
    return conn


class _Protocol:
    """What a DirectSocket reads of uvicorn's protocol."""

    def __init__(self, conn: ServerProtocol) -> None:
        self.conn = conn
        self.transport = FakeTransport()
        self.close_sent = False


def _socket(*, deflate: bool = False) -> tuple[DirectSocket, FakeTransport]:
    protocol = _Protocol(_open(deflate=deflate))
    return DirectSocket(protocol), protocol.transport


@pytest.mark.parametrize("size", [0, 125, 126, 65535, 65536])
def test_a_text_frame_is_what_websockets_writes(size: int) -> None:
    conn = _open()
    data = b"x" * size
    conn.send_text(data)
    assert text_frame(data) == b"".join(conn.data_to_send())


def test_a_message_is_written_as_websockets_would_its_connection_left_as_it_was() -> None:
    direct, transport = _socket()
    twin = _open()  # the same connection, written to by websockets itself
    for text in ("héllo", '{"type":"ready"}'):
        assert direct.send(text)
        twin.send_text(text.encode())
    framed = text_frame(b"prepared")
    assert direct.send_frame(b"prepared", framed)
    twin.send_text(b"prepared")
    assert b"".join(transport.written) == b"".join(twin.data_to_send())
    assert transport.written[-1] is framed  # made once for every page, written as it is
    assert direct.conn.data_to_send() == []  # nothing of websockets' own left behind
    direct.conn.send_text(b"after")  # and websockets goes on from there
    assert direct.conn.data_to_send() == [text_frame(b"after")]


def test_a_compressed_connection_is_written_by_websockets() -> None:
    direct, transport = _socket(deflate=True)
    framed = text_frame(b"ready " * 50)
    assert direct.send_frame(b"ready " * 50, framed)
    (written,) = transport.written
    assert written != framed
    assert written[0] & 0x40  # RSV1: compressed, by the connection's own context
    assert direct.conn.data_to_send() == []


def test_nothing_is_written_to_a_socket_that_closes() -> None:
    direct, transport = _socket()
    transport.closing = True
    assert not direct.send("x")
    direct, transport = _socket()
    direct.protocol.close_sent = True  # the page's task sent its close
    assert not direct.send("x")
    direct, transport = _socket()
    direct.conn.send_close(1000)
    direct.conn.data_to_send()
    assert not direct.send("x")  # CLOSING: websockets would refuse it
    assert transport.written == []


def test_a_page_that_does_not_read_is_dropped_and_said_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    direct, transport = _socket()
    transport.unsent = socket_direct.MOST_BUFFERED + 1
    with caplog.at_level(logging.WARNING, logger=socket_direct.__name__):
        assert not direct.send("lost")
        assert not direct.send("lost too")  # the socket is closing now: nothing more
    assert transport.aborted
    assert direct.dropped
    assert transport.written == []
    assert len([r for r in caplog.records if "fell behind" in r.getMessage()]) == 1


async def _app(scope: Any, receive: Any, send: Any) -> None:
    pass


def test_only_uvicorns_sans_io_protocol_is_written_to() -> None:
    assert direct_socket({"type": "websocket"}) is None  # no server's send (a test client)
    assert (
        direct_socket({"type": "websocket", SERVER_SEND: _Protocol(_open()).conn.send_text}) is None
    )
    config = uvicorn.Config(_app, ws_per_message_deflate=False)
    config.load()
    loop = asyncio.new_event_loop()
    try:
        protocol = WebSocketsSansIOProtocol(config, ServerState(), {}, _loop=loop)
        protocol.transport = FakeTransport()  # type: ignore[assignment]
        found = direct_socket({"type": "websocket", SERVER_SEND: protocol.send})
        assert found is not None
        assert found.conn is protocol.conn
        assert found.transport is protocol.transport
    finally:
        loop.close()
