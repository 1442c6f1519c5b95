"""Metrics in Prometheus' text format at ``/metrics`` (issue 31 item 2; prometheus-client).

What a federation's administrator watches, per route template (never the raw path: the labels
stay a bounded set however many events there are):

- ``torneo_http_requests_total{route,method,status}`` and ``torneo_http_request_seconds``
  (a histogram: latency by route);
- ``torneo_live_streams_open``: the open live pages (SSE streams) of every worker;
- ``torneo_reports_total{outcome}``: players' and staff's result reports (rate: reports/s);
- ``torneo_draft_picks_total`` and ``torneo_draft_pick_seconds`` (HTTP picks), and
  ``torneo_draft_pods_running`` (read from the database at each scrape);
- ``torneo_login_refusals_total{status}``: refused logins (401 wrong password, 429 throttled …);
- ``torneo_database_busy_total``: requests answered 503 because no connection came in time
  (pool waits that ran out), ``torneo_db_connections_in_use`` by worker;
- ``torneo_redis_reconnects_total``: times a worker's live channel had to reconnect to Redis.

Several workers (``torneo serve --workers N``): prometheus-client's multiprocess mode, each
worker writing its samples to a file in ``PROMETHEUS_MULTIPROC_DIR`` (``torneo serve`` makes one)
and the scrape summing them. The page is protected: with ``TORNEO_METRICS_TOKEN`` set it needs
``Authorization: Bearer <token>``; without, it answers only a client on the loopback address
(behind nginx every client looks local, so the site in ``deploy/`` denies ``/metrics`` to the
outside: ask the workers directly or set a token).
"""

from __future__ import annotations

import hmac
import os
import time
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector
from sqlalchemy import text
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from torneo.platform.live.broker import RECONNECT_HOOKS

MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
LOCAL = frozenset({"127.0.0.1", "::1", "localhost", "testclient"})
# Seconds: pages and API answers take milliseconds, a busy round's report a little more, the
# live streams are left out (they last as long as the page is open).
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
STREAMS = frozenset({"/live/{topic}", "/events/{event_id}/draft/events"})
REPORTS = frozenset(
    {
        "/events/{event_id}/report",
        "/api/v1/events/{event_id}/self-reports",
        "/events/{event_id}/manage/result",
        "/api/v1/events/{event_id}/rounds/{round_no}/tables/{table}/result",
    }
)
PICKS = "/api/v1/events/{event_id}/draft/picks"
LOGINS = frozenset({"/login", "/api/v1/session"})

REQUESTS = Counter("torneo_http_requests", "HTTP requests answered.", ("route", "method", "status"))
LATENCY = Histogram(
    "torneo_http_request_seconds", "Time to answer a request.", ("route", "method"), buckets=BUCKETS
)
LIVE_STREAMS = Gauge(
    "torneo_live_streams_open", "Open live streams (SSE).", multiprocess_mode="livesum"
)
REPORTS_TOTAL = Counter("torneo_reports", "Result reports received.", ("outcome",))
PICKS_TOTAL = Counter("torneo_draft_picks", "Draft picks received over HTTP.", ("outcome",))
PICK_SECONDS = Histogram("torneo_draft_pick_seconds", "Time to take a pick.", buckets=BUCKETS)
LOGIN_REFUSALS = Counter("torneo_login_refusals", "Refused logins.", ("status",))
DATABASE_BUSY = Counter("torneo_database_busy", "Requests refused: no connection in time (503).")
CONNECTIONS = Gauge(
    "torneo_db_connections_in_use",
    "Database connections checked out of the worker's pool.",
    multiprocess_mode="livesum",
)
REDIS_RECONNECTS = Counter(
    "torneo_redis_reconnects", "Reconnections of a worker's live channel to Redis."
)

if REDIS_RECONNECTS.inc not in RECONNECT_HOOKS:
    RECONNECT_HOOKS.append(REDIS_RECONNECTS.inc)

router = APIRouter(include_in_schema=False)


def _route_of(scope: Scope) -> str:
    route = scope.get("route")
    path = getattr(route, "path", None)
    return str(path) if path else "unmatched"  # a 404's path is never a label


REFUSED_HEADER = b"x-torneo-refused"  # platform/web/prg.py's REFUSED_HEADER, as ASGI sends it


def _outcome(status: int) -> str:
    return "ok" if status < 400 else "refused"


class RequestMetrics:
    """Counts and times every HTTP request by its route template (a pure ASGI middleware)."""

    def __init__(self, app: ASGIApp, pool: Any = None) -> None:
        self.app = app
        self.pool = pool  # the store's pool, for the connections in use

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500  # an exception that escapes every handler is a 500 for the client
        refused = 0  # a page form's refusal answered with a redirect (platform/web/prg.py)

        async def sending(message: Message) -> None:
            nonlocal status, refused
            if message["type"] == "http.response.start":
                status = int(message["status"])
                for name, value in message.get("headers", ()):
                    if name.lower() == REFUSED_HEADER and value.isdigit():
                        refused = int(value)
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            self._observe(scope, status, time.perf_counter() - start, refused)

    def _observe(self, scope: Scope, status: int, seconds: float, refused: int = 0) -> None:
        route, method = _route_of(scope), scope["method"]
        REQUESTS.labels(route, method, str(status)).inc()
        if route not in STREAMS:  # a stream lasts as long as the page: not a latency
            LATENCY.labels(route, method).observe(seconds)
        if method == "POST":
            # Post/Redirect/Get (issue 26 item 3): a refused page form answers 303, and says
            # what the refusal was in its header; that is the outcome counted.
            status = refused or status
            if route in REPORTS:
                REPORTS_TOTAL.labels(_outcome(status)).inc()
            elif route == PICKS:
                PICKS_TOTAL.labels(_outcome(status)).inc()
                PICK_SECONDS.observe(seconds)
            elif route in LOGINS and status >= 400:
                LOGIN_REFUSALS.labels(str(status)).inc()
        if status == 503 and scope.get("torneo.database_busy"):
            DATABASE_BUSY.inc()
        if self.pool is not None:
            checked_out = getattr(self.pool, "checkedout", None)
            if checked_out is not None:
                CONNECTIONS.set(checked_out())
        hubs = getattr(scope["app"].state, "live_hubs", None)
        if hubs is not None:  # this worker's open live pages, as of this answer
            LIVE_STREAMS.set(sum(hub.open_streams for hub in list(hubs.values())))


class DatabaseFacts(Collector):
    """Figures read from the database at each scrape, once for every worker together."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine

    def collect(self) -> Any:
        pods = GaugeMetricFamily("torneo_draft_pods_running", "Draft pods whose draft is running.")
        try:
            with self.engine.connect() as connection:
                running = connection.execute(
                    text("SELECT count(*) FROM draft_pods WHERE status = 'running'")
                ).scalar_one()
        except Exception:  # a scrape never fails for one figure; the gauge is left out
            return
        pods.add_metric([], float(running))
        yield pods


def _allowed(request: Request) -> bool:
    token = os.environ.get("TORNEO_METRICS_TOKEN")
    if token:
        given = request.headers.get("authorization", "")
        return hmac.compare_digest(given.encode(), f"Bearer {token}".encode())
    client = request.client.host if request.client else ""
    return client in LOCAL


@router.get("/metrics")
def metrics(request: Request) -> Response:
    if not _allowed(request):
        return PlainTextResponse(
            "metrics: set TORNEO_METRICS_TOKEN and send it as a Bearer token, or ask from the "
            "server itself\n",
            status_code=403,
        )
    if MULTIPROCESS:
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]  # every worker's, summed
    else:
        registry = REGISTRY
    body = generate_latest(registry)
    facts = CollectorRegistry()
    facts.register(DatabaseFacts(request.app.state.store.engine))
    body += generate_latest(facts)
    return Response(body, media_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})
