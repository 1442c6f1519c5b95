"""Rate limits shared by every worker: failed logins, wrong self-report codes.

A limit is "at most ``limit`` events of one key within ``window`` seconds" (a sliding window log,
so a burst at the end of one window and the start of the next is still counted together). With
``TORNEO_REDIS_URL`` the log is a Redis sorted set per key, shared by every worker and host;
without it, a bounded in-process table (one worker: the default single-process deployment).

Login throttling (:class:`LoginThrottle`, a plain ASGI middleware so that the login routes stay
as they are): a failed login (401) is recorded under the user name *and* the client address, and
separately under the address alone (a higher limit, against password spraying). While either is
over its limit the next attempt gets 429 with ``Retry-After``, before the password is even
checked (no timing oracle, no argon2 work for the attacker). A successful login clears the
user-name-and-address log. The client address is the connection's peer; behind a reverse proxy
uvicorn makes it the forwarded client (it trusts 127.0.0.1, or ``FORWARDED_ALLOW_IPS``;
docs/deploy.md).
"""

from __future__ import annotations

import json
import logging
import math
import threading
import time
import uuid
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any, Protocol
from urllib.parse import parse_qs

import anyio
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from torneo.core import messages
from torneo.core.errors import TorneoError
from torneo.core.messages import N_

log = logging.getLogger(__name__)

# Decision: an address may fail this many times more than one user name may (a club's Wi-Fi
# puts many honest players behind one address), then it waits too.
ADDRESS_FACTOR = 10


class TooManyAttempts(TorneoError):
    """Too many failures of one kind from one client: try again after ``retry_after`` s."""

    status = 429
    code = "too-many-requests"

    def __init__(
        self, field: str, retry_after: int, accepted: str | messages.Message | None = None
    ) -> None:
        self.retry_after = retry_after
        super().__init__(
            field,
            N_("too many failed attempts; try again in %(n)s seconds"),
            accepted or N_("a new attempt after %(n)s seconds"),
            params={"n": retry_after},
        )


class RateLimiter(Protocol):
    def hit(self, key: str, window: int) -> int:
        """Record one event of ``key``; the number of events within the last ``window`` s."""

    def retry_after(self, key: str, limit: int, window: int) -> int | None:
        """Seconds to wait while ``key`` has ``limit`` or more events in the window, else None."""

    def reset(self, key: str) -> None: ...


class InProcessLimiter:
    """Sliding-window logs in this process's memory (thread-safe, at most ``max_keys`` keys)."""

    def __init__(self, clock: Callable[[], float] = time.time, max_keys: int = 100_000) -> None:
        self._clock = clock
        self._max_keys = max_keys
        self._logs: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def _pruned(self, key: str, window: int, now: float) -> deque[float]:
        entries = self._logs.get(key)
        if entries is None:
            entries = deque()
            self._logs[key] = entries
        while entries and entries[0] <= now - window:
            entries.popleft()
        self._logs.move_to_end(key)
        while len(self._logs) > self._max_keys:  # forget the least recently seen keys
            self._logs.popitem(last=False)
        return entries

    def hit(self, key: str, window: int) -> int:
        now = self._clock()
        with self._lock:
            entries = self._pruned(key, window, now)
            entries.append(now)
            return len(entries)

    def retry_after(self, key: str, limit: int, window: int) -> int | None:
        now = self._clock()
        with self._lock:
            if key not in self._logs:
                return None
            entries = self._pruned(key, window, now)
            if len(entries) < limit:
                return None
            # The window frees up when the oldest event that keeps us at the limit expires.
            oldest = entries[len(entries) - limit]
            return max(1, math.ceil(oldest + window - now))

    def reset(self, key: str) -> None:
        with self._lock:
            self._logs.pop(key, None)


class RedisLimiter:
    """The same logs as Redis sorted sets (score = time), shared by every worker."""

    def __init__(
        self, url: str, prefix: str = "torneo:rl", clock: Callable[[], float] = time.time
    ) -> None:
        import redis

        self._redis = redis.Redis.from_url(url)
        self._prefix = prefix
        self._clock = clock

    def _key(self, key: str) -> str:
        return f"{self._prefix}:{key}"

    def hit(self, key: str, window: int) -> int:
        now = self._clock()
        name = self._key(key)
        pipe = self._redis.pipeline(transaction=True)
        pipe.zremrangebyscore(name, 0, now - window)
        pipe.zadd(name, {f"{now:.6f}:{uuid.uuid4().hex[:8]}": now})
        pipe.zcard(name)
        pipe.expire(name, window + 1)
        results = pipe.execute()
        return int(results[2])

    def retry_after(self, key: str, limit: int, window: int) -> int | None:
        now = self._clock()
        name = self._key(key)
        pipe = self._redis.pipeline(transaction=True)
        pipe.zremrangebyscore(name, 0, now - window)
        pipe.zrange(name, 0, -1, withscores=True)
        entries = pipe.execute()[1]
        if len(entries) < limit:
            return None
        oldest = float(entries[len(entries) - limit][1])
        return max(1, math.ceil(oldest + window - now))

    def reset(self, key: str) -> None:
        self._redis.delete(self._key(key))

    def close(self) -> None:
        self._redis.close()


def limiter_for(redis_url: str | None) -> InProcessLimiter | RedisLimiter:
    return RedisLimiter(redis_url) if redis_url else InProcessLimiter()


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def check(limiter: RateLimiter, key: str, limit: int, window: int, field: str) -> None:
    """Raise :class:`TooManyAttempts` while ``key`` is over its limit."""
    wait = limiter.retry_after(key, limit, window)
    if wait is not None:
        raise TooManyAttempts(field, wait)


# --- login throttling ------------------------------------------------------------------------

LOGIN_ROUTES = {"/login", "/api/v1/session"}


def _username(body: bytes, content_type: str) -> str:
    name: object = None
    try:
        if content_type.startswith("application/json"):
            value = json.loads(body or b"{}")
            name = value.get("username") if isinstance(value, dict) else None
        elif content_type.startswith("application/x-www-form-urlencoded"):
            name = next(iter(parse_qs(body.decode("latin-1")).get("username", [])), None)
    except (ValueError, UnicodeDecodeError):
        name = None
    return str(name).strip().lower()[:80] if isinstance(name, str) else ""


class LoginThrottle:
    """ASGI middleware: 429 with ``Retry-After`` after too many failed logins (module doc).

    It must sit inside the session middleware, so the refusal can be the login page itself.
    """

    def __init__(
        self,
        app: ASGIApp,
        limiter: RateLimiter,
        *,
        limit: int = 5,
        window: int = 300,
        refuse_page: Callable[[Request, TooManyAttempts], Response] | None = None,
    ) -> None:
        self.app = app
        self.limiter = limiter
        self.limit = limit
        self.window = window
        self.refuse_page = refuse_page

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] != "POST"
            or scope["path"] not in LOGIN_ROUTES
        ):
            await self.app(scope, receive, send)
            return
        body = await _read_body(receive)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        user = _username(body, headers.get("content-type", ""))
        address = client_address(scope)
        user_key = f"login:{user}@{address}"
        address_key = f"login:@{address}"
        try:
            await anyio.to_thread.run_sync(self._check, user_key, address_key)
        except TooManyAttempts as refusal:
            await self._refuse(scope, refusal, send)
            return

        status = 0

        async def watch(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        await self.app(scope, _replay(body, receive), watch)
        if status == 401:
            await anyio.to_thread.run_sync(self._failed, user_key, address_key)
        elif 200 <= status < 400:
            await anyio.to_thread.run_sync(self.limiter.reset, user_key)

    def _check(self, user_key: str, address_key: str) -> None:
        try:
            check(self.limiter, user_key, self.limit, self.window, "credentials")
            check(
                self.limiter, address_key, self.limit * ADDRESS_FACTOR, self.window, "credentials"
            )
        except TooManyAttempts:
            raise
        except Exception:  # the limiter's store is down: let people log in, say so in the log
            log.warning("login rate limit not checked", exc_info=True)

    def _failed(self, user_key: str, address_key: str) -> None:
        try:
            self.limiter.hit(user_key, self.window)
            self.limiter.hit(address_key, self.window)
        except Exception:
            log.warning("failed login not recorded", exc_info=True)

    async def _refuse(self, scope: Scope, refusal: TooManyAttempts, send: Send) -> None:
        headers = {"Retry-After": str(refusal.retry_after)}
        response: Response
        if scope["path"].startswith("/api/") or self.refuse_page is None:
            from torneo.platform.web.problems import from_torneo_error

            response = from_torneo_error(refusal, scope["path"])
            response.headers.update(headers)
        else:
            response = self.refuse_page(Request(scope), refusal)
            response.headers.update(headers)

        async def no_body() -> Message:
            return {"type": "http.disconnect"}

        await response(scope, no_body, send)


async def _read_body(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    more = True
    while more:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        more = bool(message.get("more_body", False))
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def retry_after_header(err: Any) -> dict[str, str]:
    wait = getattr(err, "retry_after", None)
    return {"Retry-After": str(wait)} if wait else {}


def refuse_login_page(request: Request, refusal: TooManyAttempts) -> Response:
    """The login page again, status 429, saying how long to wait (in the page's language)."""
    from torneo.platform.web.templating import render

    shown = TorneoError(
        "credentials",
        N_("too many failed logins: try again in %(n)s seconds"),
        params={"n": refusal.retry_after},
    )
    context = {"next": "/", "error": shown, "username": ""}
    return render(request, "login.html", context, status=429)
