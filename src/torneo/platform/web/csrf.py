"""CSRF protection: one random token per session, sent back on every state-changing request.

The token lives in the signed session cookie (no server state, so any worker can check it). Forms
carry it in a hidden ``csrf_token`` field; htmx and API clients send it in ``X-CSRF-Token``
(``<body hx-headers>`` does it for every htmx request). The session cookie is ``SameSite=Lax``
too, but Lax still lets top-level cross-site GETs through and older browsers ignore it, so the
token is what protects the writes.
"""

from __future__ import annotations

import hmac
import secrets

from fastapi import Request

from torneo.core.errors import Forbidden
from torneo.core.messages import N_

SESSION_KEY = "csrf"
HEADER = "X-CSRF-Token"
FORM_FIELD = "csrf_token"


class CsrfError(Forbidden):
    code = "csrf"


def csrf_token(request: Request) -> str:
    """The session's token, created on first use."""
    token = request.session.get(SESSION_KEY)
    if not isinstance(token, str) or not token:
        token = secrets.token_urlsafe(32)
        request.session[SESSION_KEY] = token
    return token


def rotate(request: Request) -> str:
    """A new token at login and logout, so a token seen before login is worthless after."""
    token = secrets.token_urlsafe(32)
    request.session[SESSION_KEY] = token
    return token


def is_valid(request: Request, supplied: str | None) -> bool:
    expected = request.session.get(SESSION_KEY)
    if not isinstance(expected, str) or not expected or not supplied:
        return False
    return hmac.compare_digest(expected.encode(), supplied.encode())


def check(request: Request, form_value: str | None = None) -> None:
    """Raise :class:`CsrfError` unless the header or the form field carries the session token."""
    supplied = request.headers.get(HEADER) or form_value
    if not is_valid(request, supplied):
        raise CsrfError(
            "csrf_token",
            N_("missing or wrong CSRF token (the page may have expired)"),
            N_(
                "the session's token in the %(header)s header or the %(field)s form field; "
                "reload the page"
            ),
            params={"header": HEADER, "field": FORM_FIELD},
        )
