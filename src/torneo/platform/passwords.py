"""Passwords: what is accepted, the argon2 hasher, and a bound on how many are checked at once.

A password is accepted when it has at least :data:`MIN_LENGTH` characters and is not a common
password. The list (``platform/data/common-passwords.txt``) holds the entries of 10 characters or
more of the 20,000 common passwords Django ships (Royce Williams' list, lowercased); shorter ones
are refused by their length already. It is compared lowercased and without surrounding blanks.
To regenerate it from a Django wheel::

    zcat django/contrib/auth/common-passwords.txt.gz | awk 'length($0)>=10'

argon2 needs memory on purpose (64 MiB a hash with argon2-cffi's defaults), so a worker answering
many logins at once could be made to run out of it: :class:`CheckGate` lets at most
:data:`CONCURRENT_CHECKS` hashes run at a time in a worker, queues up to :data:`QUEUE` more, and
refuses any further one at once with :class:`Busy` (HTTP 503 with ``Retry-After``).
"""

from __future__ import annotations

import threading
from functools import cache
from importlib import resources

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from torneo.core.errors import TorneoError
from torneo.core.messages import N_

MIN_LENGTH = 10
CONCURRENT_CHECKS = 2  # argon2 hashes running at once in one worker (64 MiB each)
QUEUE = 16  # password checks waiting for one of them; beyond, 503 at once
QUEUE_WAIT_SECONDS = 10.0  # a waiting check gives up (503) after this long
RETRY_AFTER_SECONDS = 5

_hasher = PasswordHasher()


@cache
def common_passwords() -> frozenset[str]:
    text = (resources.files("torneo.platform") / "data" / "common-passwords.txt").read_text("utf-8")
    lines = (line.strip() for line in text.splitlines())
    return frozenset(line for line in lines if line and not line.startswith("#"))


def check_password(password: str) -> None:
    """Refuse a password that is too short or common (the same rule everywhere).

    >>> check_password("tre tigri contro tre tigri")
    >>> check_password("1234567890")
    Traceback (most recent call last):
    ...
    torneo.core.errors.TorneoError: password: is a common password (accepted: at least 10 characters, not a common password)
    """
    accepted = N_("at least %(n)s characters, not a common password")
    params = {"n": MIN_LENGTH}
    if len(password) < MIN_LENGTH:
        raise TorneoError(
            "password", N_("is shorter than %(n)s characters"), accepted, params=params
        )
    if password.strip().lower() in common_passwords():
        raise TorneoError("password", N_("is a common password"), accepted, params=params)


class Busy(TorneoError):
    """Too many password checks at once in this worker: try again in ``retry_after`` s."""

    status = 503
    code = "busy"

    def __init__(self, retry_after: int = RETRY_AFTER_SECONDS) -> None:
        self.retry_after = retry_after
        super().__init__(
            "credentials",
            N_("the server is checking too many passwords at once"),
            N_("a new attempt after %(n)s seconds"),
            params={"n": retry_after},
        )


class CheckGate:
    """At most ``concurrent`` password hashes at a time, ``queue`` more waiting, then :class:`Busy`."""

    def __init__(
        self,
        concurrent: int = CONCURRENT_CHECKS,
        queue: int = QUEUE,
        wait: float = QUEUE_WAIT_SECONDS,
    ) -> None:
        self.concurrent = concurrent
        self.queue = queue
        self.wait = wait
        self._slots = threading.BoundedSemaphore(concurrent)
        self._lock = threading.Lock()
        self._admitted = 0  # running plus waiting

    @property
    def admitted(self) -> int:
        return self._admitted

    def __enter__(self) -> CheckGate:
        with self._lock:
            if self._admitted >= self.concurrent + self.queue:
                raise Busy()
            self._admitted += 1
        if not self._slots.acquire(timeout=self.wait):
            with self._lock:
                self._admitted -= 1
            raise Busy()
        return self

    def __exit__(self, *exc: object) -> None:
        self._slots.release()
        with self._lock:
            self._admitted -= 1


gate = CheckGate()  # one per worker process


def hash_password(password: str) -> str:
    with gate:
        return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    """Whether ``password`` matches; a malformed hash never matches. May raise :class:`Busy`."""
    with gate:
        try:
            return _hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False
