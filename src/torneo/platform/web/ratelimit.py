"""Rate limits shared by every worker: failed logins, wrong self-report and claim codes.

A limit is "at most ``limit`` events of one key within ``window`` seconds" (a sliding window log,
so a burst at the end of one window and the start of the next is still counted together). With
``TORNEO_REDIS_URL`` the log is a Redis sorted set per key, shared by every worker and host;
without it, a bounded in-process table (one worker: the default single-process deployment).
When Redis fails (down, unreachable, too slow), :class:`FallbackLimiter` counts in the worker's
own memory until it answers again: the limits get looser by at most the number of workers, they
never let everything through.

Logins (:class:`LoginGuard`, called by the login routes): before a password is checked, one
attempt is *reserved* atomically (a Lua script in Redis, a lock in process) under three keys: the
user name and the client address (``limit``), the address alone and the user name alone
(``limit × ADDRESS_FACTOR``, against spraying from one address and guessing from many). When any
is full the attempt gets 429 with ``Retry-After`` and no password is checked, so concurrent
guesses are limited exactly like sequential ones: with a limit of 5, 5 passwords are checked,
however many requests arrive at once. A failed login (401) keeps its reservation; a success clears
the user-name-and-address log and gives back its other slots; anything else (a refusal before the
check, 503 when the worker is busy) gives them all back. The client address is the connection's
peer; behind a reverse proxy uvicorn makes it the forwarded client (it trusts 127.0.0.1, or
``FORWARDED_ALLOW_IPS``; docs/deploy.md).
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
import uuid
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from starlette.types import Scope

from torneo.core import messages
from torneo.core.errors import TorneoError, Unauthorized
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
        self,
        field: str,
        retry_after: int,
        accepted: str | messages.Message | None = None,
        reason: str | messages.Message | None = None,
    ) -> None:
        self.retry_after = retry_after
        super().__init__(
            field,
            reason or N_("too many failed attempts; try again in %(n)s seconds"),
            accepted or N_("a new attempt after %(n)s seconds"),
            params={"n": retry_after},
        )


Slot = tuple[str, int]  # a key and its limit
T = TypeVar("T")


class RateLimiter(Protocol):
    def hit(self, key: str, window: int) -> int:
        """Record one event of ``key``; the number of events within the last ``window`` s."""

    def retry_after(self, key: str, limit: int, window: int) -> int | None:
        """Seconds to wait while ``key`` has ``limit`` or more events in the window, else None."""

    def reserve(self, slots: Sequence[Slot], window: int, member: str) -> int | None:
        """Atomically: if every key has fewer events than its limit, record ``member`` under each
        and return None; else record nothing and return the seconds to wait."""

    def release(self, keys: Sequence[str], member: str) -> None:
        """Forget the event ``member`` of each key (a reservation that did not count)."""

    def reset(self, key: str) -> None: ...


def _wait(times: Sequence[float], limit: int, window: int, now: float) -> int | None:
    """Seconds until ``times`` (sorted, within the window) drops below ``limit``, or None."""
    if len(times) < limit:
        return None
    # The window frees up when the oldest event that keeps us at the limit expires.
    oldest = times[len(times) - limit]
    # At most the window: another worker's clock (or thread) may run a little ahead of ours.
    return min(window, max(1, math.ceil(oldest + window - now)))


class InProcessLimiter:
    """Sliding-window logs in this process's memory (thread-safe, at most ``max_keys`` keys)."""

    def __init__(self, clock: Callable[[], float] = time.time, max_keys: int = 100_000) -> None:
        self._clock = clock
        self._max_keys = max_keys
        self._logs: OrderedDict[str, deque[tuple[float, str]]] = OrderedDict()
        self._lock = threading.Lock()

    def _pruned(self, key: str, window: int, now: float) -> deque[tuple[float, str]]:
        entries = self._logs.get(key)
        if entries is None:
            entries = deque()
            self._logs[key] = entries
        while entries and entries[0][0] <= now - window:
            entries.popleft()
        self._logs.move_to_end(key)
        while len(self._logs) > self._max_keys:  # forget the least recently seen keys
            self._logs.popitem(last=False)
        return entries

    def hit(self, key: str, window: int) -> int:
        now = self._clock()
        with self._lock:
            entries = self._pruned(key, window, now)
            entries.append((now, ""))
            return len(entries)

    def retry_after(self, key: str, limit: int, window: int) -> int | None:
        now = self._clock()
        with self._lock:
            if key not in self._logs:
                return None
            entries = self._pruned(key, window, now)
            return _wait([t for t, _ in entries], limit, window, now)

    def reserve(self, slots: Sequence[Slot], window: int, member: str) -> int | None:
        now = self._clock()
        with self._lock:
            logs = [(self._pruned(key, window, now), limit) for key, limit in slots]
            waits = [_wait([t for t, _ in log], limit, window, now) for log, limit in logs]
            if any(w is not None for w in waits):
                return max(w for w in waits if w is not None)
            for log, _ in logs:
                log.append((now, member))
            return None

    def release(self, keys: Sequence[str], member: str) -> None:
        with self._lock:
            for key in keys:
                entries = self._logs.get(key)
                if entries is not None:
                    kept = [e for e in entries if e[1] != member]
                    entries.clear()
                    entries.extend(kept)

    def reset(self, key: str) -> None:
        with self._lock:
            self._logs.pop(key, None)


# KEYS: the keys; ARGV: now, window, member, then one limit per key. Returns 0 when reserved,
# else the seconds to wait, at most the window (nothing recorded). One script: atomic on the
# Redis server.
_RESERVE = """
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local wait = 0
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local limit = tonumber(ARGV[3 + i])
  local n = redis.call('ZCARD', key)
  if n >= limit then
    local oldest = redis.call('ZRANGE', key, n - limit, n - limit, 'WITHSCORES')
    local w = math.min(window, math.max(1, math.ceil(tonumber(oldest[2]) + window - now)))
    if w > wait then wait = w end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('EXPIRE', key, window + 1)
end
return 0
"""


class RedisLimiter:
    """The same logs as Redis sorted sets (score = time), shared by every worker."""

    def __init__(
        self,
        url: str,
        prefix: str = "torneo:rl",
        clock: Callable[[], float] = time.time,
        timeout: float = 1.0,
    ) -> None:
        import redis

        # A Redis that hangs must not hang logins: short timeouts, then the fallback counts.
        self._redis = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout
        )
        self._prefix = prefix
        self._clock = clock
        self._reserve = self._redis.register_script(_RESERVE)

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
        return _wait([float(score) for _, score in entries], limit, window, now)

    def reserve(self, slots: Sequence[Slot], window: int, member: str) -> int | None:
        keys = [self._key(key) for key, _ in slots]
        args: list[str | int] = [f"{self._clock():.6f}", window, member]
        args += [limit for _, limit in slots]
        wait = int(self._reserve(keys=keys, args=args))
        return wait or None

    def release(self, keys: Sequence[str], member: str) -> None:
        pipe = self._redis.pipeline(transaction=False)
        for key in keys:
            pipe.zrem(self._key(key), member)
        pipe.execute()

    def reset(self, key: str) -> None:
        self._redis.delete(self._key(key))

    def close(self) -> None:
        self._redis.close()


class FallbackLimiter:
    """``primary`` (Redis) while it answers; the worker's own ``fallback`` when it fails."""

    LOG_EVERY = 60.0  # seconds between two warnings of a Redis outage

    def __init__(self, primary: RateLimiter, fallback: InProcessLimiter | None = None) -> None:
        self.primary = primary
        self.fallback = fallback or InProcessLimiter()
        self._warned = -math.inf

    def _failed(self, what: str) -> None:
        now = time.monotonic()
        if now - self._warned >= self.LOG_EVERY:
            self._warned = now
            log.warning("rate limits: Redis failed (%s); counting in this worker", what)

    def _either(self, what: str, call: Callable[[RateLimiter], T]) -> T:
        try:
            return call(self.primary)
        except Exception:
            self._failed(what)
            return call(self.fallback)

    def hit(self, key: str, window: int) -> int:
        return self._either("hit", lambda limiter: limiter.hit(key, window))

    def retry_after(self, key: str, limit: int, window: int) -> int | None:
        return self._either("check", lambda limiter: limiter.retry_after(key, limit, window))

    def reserve(self, slots: Sequence[Slot], window: int, member: str) -> int | None:
        return self._either("reserve", lambda limiter: limiter.reserve(slots, window, member))

    def release(self, keys: Sequence[str], member: str) -> None:
        self.fallback.release(keys, member)  # wherever it was reserved
        try:
            self.primary.release(keys, member)
        except Exception:
            self._failed("release")

    def reset(self, key: str) -> None:
        self.fallback.reset(key)
        try:
            self.primary.reset(key)
        except Exception:
            self._failed("reset")

    def close(self) -> None:
        close = getattr(self.primary, "close", None)
        if close is not None:
            close()


def limiter_for(redis_url: str | None) -> InProcessLimiter | FallbackLimiter:
    """Redis (keys under ``TORNEO_REDIS_PREFIX``:rl) with the in-process fallback, or in-process."""
    if not redis_url:
        return InProcessLimiter()
    prefix = os.environ.get("TORNEO_REDIS_PREFIX", "torneo")
    return FallbackLimiter(RedisLimiter(redis_url, f"{prefix}:rl"))


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def check(limiter: RateLimiter, key: str, limit: int, window: int, field: str) -> None:
    """Raise :class:`TooManyAttempts` while ``key`` is over its limit."""
    wait = limiter.retry_after(key, limit, window)
    if wait is not None:
        raise TooManyAttempts(field, wait)


def retry_after_header(err: Any) -> dict[str, str]:
    wait = getattr(err, "retry_after", None)
    return {"Retry-After": str(wait)} if wait else {}


# --- logins ----------------------------------------------------------------------------------


class LoginGuard:
    """Reserve a login attempt before the password is checked (module doc)."""

    failure: type[BaseException] = Unauthorized  # the answer whose reservation counts
    field = "credentials"
    reset_on_success = True

    def __init__(self, limiter: RateLimiter, *, limit: int = 5, window: int = 300) -> None:
        self.limiter = limiter
        self.limit = limit
        self.window = window

    def slots(self, username: str, address: str) -> list[Slot]:
        user = username.strip().lower()[:80]
        wide = self.limit * ADDRESS_FACTOR
        return [
            (f"login:{user}@{address}", self.limit),
            (f"login-address:{address}", wide),
            (f"login-user:{user}", wide),
        ]

    def attempt(self, username: str, address: str, check_password: Callable[[], T]) -> T:
        """``check_password()`` if an attempt is free, else :class:`TooManyAttempts` (429)."""
        slots = self.slots(username, address)
        keys = [key for key, _ in slots]
        member = uuid.uuid4().hex
        wait = self.limiter.reserve(slots, self.window, member)
        if wait is not None:
            raise TooManyAttempts(self.field, wait)
        try:
            result = check_password()
        except self.failure:
            raise  # a failed attempt: its reservation counts
        except BaseException:
            self.limiter.release(keys, member)  # nothing was judged: give the slot back
            raise
        if self.reset_on_success:
            self.limiter.reset(keys[0])
            self.limiter.release(keys[1:], member)
        else:
            self.limiter.release(keys, member)
        return result


class ClaimGuard(LoginGuard):
    """Wrong claim codes (issue 27 hole 4), reserved before the code is looked up like a login.

    Decision: at most ``limit`` wrong codes (10) per account and, separately, per client address
    within ``window`` (15 minutes): a code is handed out on paper, so an honest player mistypes
    it once or twice, while a guesser switching accounts is held by the address and one
    switching addresses by the account. A right code gives its slot back and clears nothing, so
    claiming one's own record does not buy another round of guesses.
    """

    field = "code"
    reset_on_success = False

    def __init__(
        self,
        limiter: RateLimiter,
        failure: type[BaseException],
        *,
        limit: int = 10,
        window: int = 900,
    ) -> None:
        super().__init__(limiter, limit=limit, window=window)
        self.failure = failure

    def slots(self, username: str, address: str) -> list[Slot]:
        return [(f"claim-user:{username}", self.limit), (f"claim-address:{address}", self.limit)]
