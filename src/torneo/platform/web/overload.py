"""Overload at the door to the database: 503 with ``Retry-After``, never a 500.

When every connection of the worker's pool is busy for ``TORNEO_POOL_TIMEOUT`` seconds
(SQLAlchemy's pool ``TimeoutError``), or the database itself refuses or is unreachable for the
moment (``OperationalError``: too many clients, SQLite's file locked, a restart), the request
is answered 503 Service Unavailable with ``Retry-After``: problem+json under ``/api/``, the
error page elsewhere. Nothing was changed (the unit of work rolled back), so a retry is safe.
"""

from __future__ import annotations

import logging

from starlette.requests import Request
from starlette.responses import Response

from torneo.core.errors import Unavailable
from torneo.core.messages import N_
from torneo.platform.web.problems import from_torneo_error

RETRY_AFTER_SECONDS = 2
log = logging.getLogger(__name__)

BUSY = Unavailable(
    "database",
    N_("the server is busy: no database connection was free in time; nothing was changed"),
    N_("the same request again in a few seconds"),
)


async def database_busy(request: Request, exc: Exception) -> Response:
    log.warning("503 for %s %s: %s", request.method, request.url.path, exc.__class__.__name__)
    request.scope["torneo.database_busy"] = True  # counted by torneo.platform.web.metrics
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
    if request.url.path.startswith("/api/"):
        response = from_torneo_error(BUSY, request.url.path)
        response.headers.update(headers)
        return response
    from torneo.platform.web.templating import render

    if not hasattr(request.state, "actor"):
        request.state.actor = None  # naming the visitor would need the database: not now
    return render(
        request, "error.html", {"error": BUSY, "status": 503}, status=503, headers=headers
    )
