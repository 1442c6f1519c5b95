"""When a request arrived, stamped before any handler reads the database.

A page writes it as ``<body data-live-since>``; its live stream sends it back as ``since`` and
hears of every change committed after that read (:mod:`torneo.platform.web.live`).
"""

from __future__ import annotations

import time

from fastapi import FastAPI
from starlette.types import ASGIApp, Receive, Scope, Send

ARRIVED = "torneo.arrived"  # the scope key of a request's arrival time (StampArrival)
SERVER_SEND = "torneo.server_send"  # live_direct.py, socket_direct.py: the server's own send


class StampArrival:
    """Puts the time a request arrived in its scope, before any handler reads the database:
    a page rendered from that read hears, through ``since``, of every change after it.

    Outside even Starlette's own middlewares (:func:`stamp_arrivals`), it also keeps the
    server's own ``send``, before anything wraps it: a live page's stream writes its blocks to
    the socket behind it (issue 32 item 4, :mod:`torneo.platform.web.live_direct`), and the
    live draft's hub writes a page's messages to its WebSocket
    (:mod:`torneo.platform.web.socket_direct`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            scope[ARRIVED] = time.time()
            scope[SERVER_SEND] = send
        elif scope["type"] == "websocket":
            scope[SERVER_SEND] = send
        await self.app(scope, receive, send)


def stamp_arrivals(app: FastAPI) -> None:
    """Put :class:`StampArrival` in front of the app's whole middleware stack, the error
    handler included (``add_middleware`` puts it inside that handler's ``send`` wrapper)."""
    build = app.build_middleware_stack

    def build_stamped() -> ASGIApp:
        return StampArrival(build())

    app.build_middleware_stack = build_stamped  # type: ignore[method-assign]


def arrived(scope: Scope) -> str:
    """The request's arrival time as a page writes it (``data-live-since``)."""
    return f"{scope.get(ARRIVED) or time.time():.3f}"
