"""uvicorn's protocol with an answer's head and body in one write (issue 32,
torneo.platform.web.joined_writes): the same bytes as uvicorn's own protocol, in fewer writes.

Each case drives both protocols with the same raw request on a transport that records every
write, and compares what each wrote, byte for byte."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.types import Receive, Scope, Send
from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from torneo.platform.web.joined_writes import HTTP_PROTOCOL, HeldHead, JoinedWritesProtocol

GET = b"GET /x HTTP/1.1\r\nHost: t\r\n\r\n"


class _Transport:
    """A socket's transport that records each write (and when the connection was closed)."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        assert not self.closed, "a write after close"
        self.writes.append(bytes(data))

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_write_buffer_size(self) -> int:
        return 0

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 50000)}.get(
            name, default
        )

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


App = Callable[[Scope, Receive, Send], Any]


async def _serve(
    protocol_class: type[HttpToolsProtocol], app: App, *chunks: bytes, turns: int = 50
) -> _Transport:
    """``chunks`` received one after the other, with turns of the event loop between them
    and after the last; what the protocol wrote."""
    config = Config(app=app, lifespan="off", log_level="warning")
    protocol = protocol_class(config=config, server_state=ServerState(), app_state={})
    transport = _Transport()
    protocol.connection_made(transport)  # type: ignore[arg-type]
    for chunk in chunks:
        protocol.data_received(chunk)
        for _ in range(turns):
            await asyncio.sleep(0)
    return transport


async def _both(app: App, *chunks: bytes) -> tuple[_Transport, _Transport]:
    return await _serve(HttpToolsProtocol, app, *chunks), await _serve(
        JoinedWritesProtocol, app, *chunks
    )


async def _text(scope: Scope, receive: Receive, send: Send) -> None:
    await PlainTextResponse("a report's answer")(scope, receive, send)


def test_a_plain_answer_is_one_write_of_uvicorns_bytes() -> None:
    asyncio.run(_test_a_plain_answer_is_one_write_of_uvicorns_bytes())


async def _test_a_plain_answer_is_one_write_of_uvicorns_bytes() -> None:
    theirs, ours = await _both(_text, GET)
    assert len(theirs.writes) == 2  # uvicorn: the head, then the body
    assert ours.writes == [b"".join(theirs.writes)]
    assert ours.writes[0].startswith(b"HTTP/1.1 200 OK\r\n")
    assert ours.writes[0].endswith(b"\r\n\r\na report's answer")
    assert not ours.closed  # kept alive
    assert not theirs.closed


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GET /x HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
        b"GET /x HTTP/1.0\r\n\r\n",
    ],
)
def test_a_closing_answer_is_one_write_then_the_close(request_bytes: bytes) -> None:
    asyncio.run(_test_a_closing_answer_is_one_write_then_the_close(request_bytes))


async def _test_a_closing_answer_is_one_write_then_the_close(request_bytes: bytes) -> None:
    theirs, ours = await _both(_text, request_bytes)
    assert b"connection: close\r\n" in theirs.writes[0]
    assert ours.writes == [b"".join(theirs.writes)]
    assert ours.closed
    assert theirs.closed


def test_keep_alive_serves_the_next_requests_in_order() -> None:
    asyncio.run(_test_keep_alive_serves_the_next_requests_in_order())


async def _test_keep_alive_serves_the_next_requests_in_order() -> None:
    """Two requests on one connection, then two pipelined in one packet."""
    second = b"GET /y HTTP/1.1\r\nHost: t\r\n\r\n"
    theirs, ours = await _both(_text, GET, second + GET)
    assert b"".join(ours.writes) == b"".join(theirs.writes)
    assert len(ours.writes) == 3
    assert len(theirs.writes) == 6


def test_head_and_bodiless_answers_send_their_head() -> None:
    asyncio.run(_test_head_and_bodiless_answers_send_their_head())


async def _test_head_and_bodiless_answers_send_their_head() -> None:
    head = b"HEAD /x HTTP/1.1\r\nHost: t\r\n\r\n"
    theirs, ours = await _both(_text, head)
    assert ours.writes == theirs.writes  # the head alone, no body
    assert b"content-length: 17\r\n" in ours.writes[0]

    async def no_content(scope: Scope, receive: Receive, send: Send) -> None:
        await Response(status_code=204)(scope, receive, send)

    theirs, ours = await _both(no_content, GET)
    assert b"".join(ours.writes) == b"".join(theirs.writes)
    assert ours.writes[0].startswith(b"HTTP/1.1 204 No Content\r\n")


def test_a_bodiless_head_is_written_when_the_response_completes() -> None:
    asyncio.run(_test_a_bodiless_head_is_written_when_the_response_completes())


async def _test_a_bodiless_head_is_written_when_the_response_completes() -> None:
    """No turn of the loop after it: the head is not left for the loop's next turn."""
    transport = await _serve(JoinedWritesProtocol, _text, b"HEAD /x HTTP/1.1\r\n\r\n", turns=1)
    assert len(transport.writes) == 1


def test_a_chunked_answer_joins_the_head_to_its_first_chunk() -> None:
    asyncio.run(_test_a_chunked_answer_joins_the_head_to_its_first_chunk())


async def _test_a_chunked_answer_joins_the_head_to_its_first_chunk() -> None:
    async def chunks() -> Any:
        for part in (b"one", b"two", b"three"):
            yield part

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await StreamingResponse(chunks())(scope, receive, send)

    theirs, ours = await _both(app, GET)
    assert b"transfer-encoding: chunked\r\n" in theirs.writes[0]
    assert b"".join(ours.writes) == b"".join(theirs.writes)
    assert len(ours.writes) == len(theirs.writes) - 1
    assert ours.writes[0].endswith(b"\r\n\r\n3\r\none\r\n")


def test_a_head_sent_before_a_slow_body_goes_at_once() -> None:
    asyncio.run(_test_a_head_sent_before_a_slow_body_goes_at_once())


async def _test_a_head_sent_before_a_slow_body_goes_at_once() -> None:
    """A live page's stream sends its head, then waits: the head is not held for it."""
    gate = asyncio.Event()

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await gate.wait()
        await send({"type": "http.response.body", "body": b"late"})

    transport = await _serve(JoinedWritesProtocol, app, GET)
    assert len(transport.writes) == 1
    assert transport.writes[0].startswith(b"HTTP/1.1 200 OK\r\n")
    assert transport.writes[0].endswith(b"\r\n\r\n")  # the head alone
    gate.set()
    for _ in range(20):
        await asyncio.sleep(0)
    assert transport.writes[1:] == [b"4\r\nlate\r\n0\r\n\r\n"]


def test_100_continue_goes_before_the_head_untouched() -> None:
    asyncio.run(_test_100_continue_goes_before_the_head_untouched())


async def _test_100_continue_goes_before_the_head_untouched() -> None:
    async def echo(scope: Scope, receive: Receive, send: Send) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        await PlainTextResponse(body.decode())(scope, receive, send)

    start = (
        b"POST /x HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\n"
        b"Content-Type: text/plain\r\nContent-Length: 5\r\n\r\n"
    )
    theirs, ours = await _both(echo, start, b"2-1ok")
    assert theirs.writes[0] == b"HTTP/1.1 100 Continue\r\n\r\n"
    assert ours.writes[0] == theirs.writes[0]
    assert ours.writes[1:] == [b"".join(theirs.writes[1:])]
    assert ours.writes[1].endswith(b"2-1ok")


def test_an_app_failing_after_its_head_sends_it_then_closes() -> None:
    asyncio.run(_test_an_app_failing_after_its_head_sends_it_then_closes())


async def _test_an_app_failing_after_its_head_sends_it_then_closes() -> None:
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        raise RuntimeError("boom")

    theirs, ours = await _both(app, GET)
    assert ours.writes == theirs.writes
    assert ours.closed
    assert theirs.closed


def test_a_failure_before_the_head_gets_uvicorns_500() -> None:
    asyncio.run(_test_a_failure_before_the_head_gets_uvicorns_500())


async def _test_a_failure_before_the_head_gets_uvicorns_500() -> None:
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        raise RuntimeError("boom")

    theirs, ours = await _both(app, GET)
    assert ours.writes == [b"".join(theirs.writes)]
    assert ours.writes[0].startswith(b"HTTP/1.1 500 Internal Server Error\r\n")


def test_uvicorn_loads_it_by_its_name() -> None:
    """What torneo serve passes as ``http=`` (tests/cli/test_db_serve_demo.py)."""
    assert HTTP_PROTOCOL == "torneo.platform.web.joined_writes:JoinedWritesProtocol"
    config = Config(app=_text, http=HTTP_PROTOCOL, lifespan="off")
    config.load()
    assert config.http_protocol_class is JoinedWritesProtocol


def test_a_held_head_counts_in_the_write_buffer() -> None:
    asyncio.run(_test_a_held_head_counts_in_the_write_buffer())


async def _test_a_held_head_counts_in_the_write_buffer() -> None:
    """A live page's stream measures the socket's backlog (live_direct.MOST_BUFFERED)."""

    class _Cycle:
        response_started = True

    transport = _Transport()
    held = HeldHead(_Cycle(), transport, asyncio.get_running_loop(), lambda: None)  # type: ignore[arg-type]
    held.write(b"head")
    assert transport.writes == []
    assert held.get_write_buffer_size() == 4
    held.write(b"body")
    assert transport.writes == [b"headbody"]
    assert held.get_write_buffer_size() == 0
