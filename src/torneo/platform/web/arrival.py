"""When a request arrived, stamped before any handler reads the database.

A page writes it as ``<body data-live-since>``; its live stream sends it back as ``since`` and
hears of every change committed after that read (:mod:`torneo.platform.web.live`).
"""

from __future__ import annotations

import time

from starlette.types import ASGIApp, Receive, Scope, Send

ARRIVED = "torneo.arrived"  # the scope key of a request's arrival time (StampArrival)


class StampArrival:
    """Puts the time a request arrived in its scope, before any handler reads the database:
    a page rendered from that read hears, through ``since``, of every change after it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            scope[ARRIVED] = time.time()
        await self.app(scope, receive, send)


def arrived(scope: Scope) -> str:
    """The request's arrival time as a page writes it (``data-live-since``)."""
    return f"{scope.get(ARRIVED) or time.time():.3f}"
