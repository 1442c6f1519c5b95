"""Input size limits at the door: a request body over the limit gets 413 before anyone reads it.

A declared ``Content-Length`` over the limit is refused at once, without reading a byte; a body
sent in chunks is counted as it arrives and refused as soon as it passes the limit (the handler
is told the client left, mid-read, so nothing is parsed or saved). The default, 1 MiB
(``TORNEO_MAX_BODY_BYTES``), is far above anything Torneo's forms and JSON need: the largest is
a CSV roster paste, itself limited to 500,000 characters and to its line count by the services.
The refusal is problem+json under ``/api/`` and plain text elsewhere, both with status 413.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.platform.web.problems import from_torneo_error, problem

DEFAULT_MAX_BODY_BYTES = 1024 * 1024


def too_large(path: str, limit: int) -> Response:
    reason = f"the request body is larger than {limit} bytes"
    if path.startswith("/api/"):
        return problem(
            413,
            "too-large",
            f"body: {reason}",
            instance=path,
            field="body",
            reason=reason,
            accepted=f"a body of at most {limit} bytes",
        )
    return PlainTextResponse(f"413 Content Too Large: {reason}.", status_code=413)


class BodyLimit:
    """ASGI middleware enforcing ``max_bytes`` on every HTTP request body (module doc)."""

    def __init__(self, app: ASGIApp, max_bytes: int = DEFAULT_MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await _answer(too_large(scope["path"], self.max_bytes), scope, send)
            return
        counter = _BodyCounter(scope, receive, send, self.max_bytes)
        try:
            await self.app(scope, counter.receive, counter.send)
        except Exception:
            if not counter.answered:
                raise


class _BodyCounter:
    """Counts a body sent in chunks; past the limit it answers 413 and ends the request."""

    def __init__(self, scope: Scope, receive: Receive, send: Send, max_bytes: int) -> None:
        self._scope, self._receive, self._send = scope, receive, send
        self.max_bytes = max_bytes
        self.seen = 0
        self.started = False  # the app has begun its own answer: too late for a 413
        self.answered = False

    async def receive(self) -> Message:
        # Past the limit: answer 413 now, and tell the app the client has gone, so it stops
        # reading (its later messages are dropped; nothing was parsed, nothing saved).
        if self.answered:
            return {"type": "http.disconnect"}
        message = await self._receive()
        if message["type"] != "http.request":
            return message
        self.seen += len(message.get("body", b""))
        if self.seen <= self.max_bytes:
            return message
        if not self.started:
            await _answer(too_large(self._scope["path"], self.max_bytes), self._scope, self._send)
        self.answered = True
        return {"type": "http.disconnect"}

    async def send(self, message: Message) -> None:
        if self.answered:
            return
        if message["type"] == "http.response.start":
            self.started = True
        await self._send(message)


def _content_length(scope: Scope) -> int | None:
    for key, value in scope.get("headers", []):
        if key == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _answer(response: Response, scope: Scope, send: Send) -> None:
    async def nothing() -> Message:
        return {"type": "http.disconnect"}

    await response(scope, nothing, send)


# --- numbers out of range ----------------------------------------------------------------------

OUT_OF_RANGE = TorneoError(
    "value",
    N_("is out of the database's range (a number beyond 64 bits, or a text too long)"),
    N_("whole numbers between %(low)s and %(high)s, and texts within their stated length"),
    params={"low": -(2**63), "high": 2**63 - 1},
)


async def number_out_of_range(request: Request, exc: Exception) -> Response:
    """An id or count beyond 64 bits (``OverflowError`` from SQLite, ``DataError`` from
    PostgreSQL) is bad input, not a server error: 422, and nothing was saved (the unit of work
    rolled back)."""
    if request.url.path.startswith("/api/"):
        return from_torneo_error(OUT_OF_RANGE, request.url.path)
    from torneo.platform.web.templating import render

    return render(request, "error.html", {"error": OUT_OF_RANGE, "status": 422}, status=422)
