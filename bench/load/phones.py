"""A lean HTTP/1.1 client for the load bench: the phones' side costs little CPU.

Why not httpx: on a 2-core machine the load generator shares the cores with the server it
measures, and httpx spends about 2 ms of CPU per request (its cookie jar, URL model, headers
and transport layers): at 500 reports a second that is a whole core taken from the server. This
client sends ready-made requests on keep-alive connections from a shared pool and reads answers
with a Content-Length (what the pages send); each phone keeps its own cookies. It is for the
bench only: no TLS, no chunked bodies; a page form's 303 (Post/Redirect/Get, issue 26 item 3)
is followed with a GET of its ``Location``, as a browser does.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode


class HttpError(Exception):
    """A connection that failed or an answer this client cannot read."""


@dataclass
class Answer:
    status: int
    headers: list[tuple[str, str]]
    text: str


KEEP_IDLE = 3.0  # seconds a connection is kept idle: uvicorn closes them after 5


class Pool:
    """Keep-alive connections to one server, shared by every phone (at most ``size`` open)."""

    def __init__(self, host: str, port: int, size: int) -> None:
        self.host, self.port = host, port
        self.idle: list[tuple[float, asyncio.StreamReader, asyncio.StreamWriter]] = []
        self.slots = asyncio.Semaphore(size)

    def _kept(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        while self.idle:
            since, reader, writer = self.idle.pop()
            if time.monotonic() - since < KEEP_IDLE:
                return reader, writer
            writer.close()
        return None

    async def exchange(self, request: bytes) -> Answer:
        async with self.slots:
            kept = self._kept()
            for attempt in (1, 2):
                if kept is not None and attempt == 1:
                    reader, writer = kept
                else:
                    reader, writer = await asyncio.open_connection(self.host, self.port)
                try:
                    writer.write(request)
                    answer, keep = await _read(reader)
                except (OSError, asyncio.IncompleteReadError, HttpError) as exc:
                    writer.close()
                    if kept is None or attempt == 2:  # a kept one may have expired: retry once
                        raise HttpError(repr(exc)) from exc
                    continue
                if keep:
                    self.idle.append((time.monotonic(), reader, writer))
                else:
                    writer.close()
                return answer
        raise HttpError("unreachable")

    def close(self) -> None:
        for _, _, writer in self.idle:
            writer.close()
        self.idle.clear()


async def _read(reader: asyncio.StreamReader) -> tuple[Answer, bool]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = []
    length = 0
    keep = True
    for line in lines[1:]:
        if not line:
            continue
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        headers.append((name, value))
        if name == "content-length":
            length = int(value)
        elif name == "transfer-encoding":
            raise HttpError(f"a {value} body: this client reads Content-Length only")
        elif name == "connection" and value.lower() == "close":
            keep = False
    body = await reader.readexactly(length) if length else b""
    return Answer(status, headers, body.decode()), keep


@dataclass
class Phone:
    """One player's browser: its own address (behind the club's proxy) and cookies."""

    pool: Pool
    address: str
    cookies: dict[str, str] = field(default_factory=dict)

    def _request(
        self, method: str, target: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> bytes:
        lines = [
            f"{method} {target} HTTP/1.1",
            f"Host: {self.pool.host}:{self.pool.port}",
            f"X-Forwarded-For: {self.address}",
            *(f"{name}: {value}" for name, value in (headers or {}).items()),
        ]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if method == "POST":
            lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append(f"Content-Length: {len(body)}")
        return ("\r\n".join(lines) + "\r\n\r\n").encode() + body

    def _keep(self, answer: Answer) -> Answer:
        for name, value in answer.headers:
            if name == "set-cookie":  # name=value; attributes (Secure included) do not matter
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        return answer

    async def get(self, path: str, params: dict[str, object]) -> Answer:
        target = f"{path}?{urlencode(params)}" if params else path
        return self._keep(await self.pool.exchange(self._request("GET", target)))

    async def post(
        self, path: str, form: dict[str, str], headers: dict[str, str] | None = None
    ) -> Answer:
        """The form's answer; a 303 is followed (the GET page it names), as a browser does."""
        body = urlencode(form).encode()
        answer = self._keep(await self.pool.exchange(self._request("POST", path, body, headers)))
        if answer.status == 303:
            location = next((v for k, v in answer.headers if k == "location"), "/")
            if "://" in location:  # absolute: this server's path of it
                location = "/" + location.split("://", 1)[1].partition("/")[2]
            answer = self._keep(await self.pool.exchange(self._request("GET", location)))
        return answer
