"""The slip codes' rate limit and the session's memory of a proven slip (issue 4, issue 14;
the decision is in :mod:`torneo.cards.self_report.pages`, which re-exports these names).
"""

from __future__ import annotations

import hashlib
import hmac
import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext

from fastapi import Request

from torneo.cards.self_report import views as srv
from torneo.core.errors import Forbidden
from torneo.platform.web.ratelimit import RateLimiter, TooManyAttempts, client_address
from torneo.platform.web.session import settings_of

CODE_FAILURES = 10  # wrong codes for one table from one address ...
ADDRESS_FAILURES = 200  # ... and for all the event's tables from one address ...
CODE_WINDOW = 300  # ... within this many seconds


def _limiter(request: Request) -> RateLimiter:
    limiter: RateLimiter = request.app.state.rate_limiter
    return limiter


def code_keys(request: Request, event_id: int, table: object) -> list[tuple[str, int]]:
    """The limits an attempt counts in: this table from this address, and every table of the
    event from this address (the module doc). ``table`` is as typed: a bad one counts too."""
    address = client_address(request.scope)
    typed = str(table).strip()[:10]
    return [
        (f"code:{event_id}:{typed}@{address}", CODE_FAILURES),
        (f"code:{event_id}@{address}", ADDRESS_FAILURES),
    ]


@contextmanager
def code_attempt(request: Request, event_id: int, table: object) -> Iterator[None]:
    """Reserve one attempt of a slip code before it is checked (429 when this address has typed
    too many wrong codes for this table, or for this event): concurrent guesses count like
    sequential ones. The attempt counts when the code is refused; anything else gives it
    back."""
    limiter, member = _limiter(request), uuid.uuid4().hex
    limits = code_keys(request, event_id, table)
    wait = limiter.reserve(limits, CODE_WINDOW, member)
    if wait is not None:
        raise TooManyAttempts("code", wait)
    counted = False
    try:
        yield
    except Forbidden as err:
        counted = err.field == "code"
        raise
    finally:
        if not counted:
            limiter.release([key for key, _ in limits], member)


SLIP_KEY = "slip"  # the session's slip: the table and code that last opened a match


def _slip_digest(request: Request, event_id: int, table: object, code: str) -> str:
    """Which slip opened a match, keyed with the server's secret: the session cookie is only
    signed, and a bare hash of a six-symbol code could be reversed by trying them all."""
    secret = settings_of(request).secret_key.encode()
    said = f"{event_id}|{str(table).strip()}|{srv.normalize_code(code)}".encode()
    return hmac.new(secret, said, hashlib.sha256).hexdigest()[:32]


def slip_attempt(
    request: Request, event_id: int, table: object, code: str
) -> AbstractContextManager[None]:
    """:func:`code_attempt`, except for the slip this session has already opened its match
    with: a phone that proved its code is not guessing, so its next requests (the match, the
    report) skip the rate limit's two trips to Redis, and wrong codes typed at its table by
    others behind the same address do not lock it out."""
    if request.session.get(SLIP_KEY) == _slip_digest(request, event_id, table, code):
        return nullcontext()
    return code_attempt(request, event_id, table)


def remember_slip(request: Request, event_id: int, table: object, code: str) -> None:
    """The slip opened its match: this session need not prove it again. Written only when it
    changes: a session left as it came is not signed again nor sent back (issue 32 item 4: a
    report from a phone that opened its match cost a new cookie every time)."""
    digest = _slip_digest(request, event_id, table, code)
    if request.session.get(SLIP_KEY) != digest:
        request.session[SLIP_KEY] = digest
