"""The FastAPI application factory (``torneo serve`` runs ``create_app`` with ``factory=True``).

One app serves the JSON API under ``/api/v1`` (OpenAPI at ``/api/v1/openapi.json``, docs at
``/api/v1/docs``) and the HTML pages. It keeps no state of its own between requests: the store
is the database, the session is a signed cookie, so any number of workers can serve it.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from urllib.parse import quote

import anyio.to_thread
from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DataError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware

from torneo.cards import api as api_events
from torneo.cards import pages as pages_organizer
from torneo.cards import state_access as cards_access
from torneo.cards.desk import pages as cards_desk
from torneo.cards.draft import api as api_draft
from torneo.cards.draft import api_live as api_draft_live
from torneo.cards.draft import pages as pages_draft
from torneo.cards.exports import pages as pages_exports
from torneo.cards.exports import pages_print as cards_print
from torneo.cards.public import pages as pages_public
from torneo.cards.public.cache import ReadCache
from torneo.cards.public.pages_rows import RowCache
from torneo.cards.self_report import api as api_self_report
from torneo.cards.self_report import pages as pages_self_report
from torneo.cards.self_report import pages_lean as pages_self_report_lean
from torneo.cards.self_report.commands_batch import batcher as report_batches
from torneo.cards.tables import Event
from torneo.core.errors import TorneoError
from torneo.demo import refuse_demo_passwords
from torneo.fantasy import api as api_fantasy
from torneo.fantasy import pages as pages_fantasy
from torneo.fantasy.tables import FantasyLeague
from torneo.judging import api as api_judging
from torneo.judging import pages as pages_judging
from torneo.platform import invitations
from torneo.platform.live.broker import RedisBroker, broker_from_env
from torneo.platform.store.db import worker_threads
from torneo.platform.store.uow import Store
from torneo.platform.web import auth, clubs_pages, desks, health, live, metrics, problems
from torneo.platform.web.arrival import stamp_arrivals
from torneo.platform.web.headers import SecurityHeaders
from torneo.platform.web.limits import BodyLimit, number_out_of_range
from torneo.platform.web.overload import database_busy
from torneo.platform.web.ratelimit import (
    ClaimGuard,
    LoginGuard,
    limiter_for,
    retry_after_header,
)
from torneo.platform.web.request_ids import RequestIds
from torneo.platform.web.route_index import install_route_index
from torneo.platform.web.settings import WebSettings, development_secret_warning
from torneo.platform.web.templating import render
from torneo.poker import api as api_poker
from torneo.poker import pages as pages_poker
from torneo.poker import state_access as poker_access
from torneo.poker.desk import pages as poker_desk
from torneo.poker.staff import api as api_poker_staff
from torneo.poker.staff import pages as pages_poker_staff
from torneo.poker.tables import PokerTournament
from torneo.risiko import api as api_risiko
from torneo.risiko import pages as pages_risiko
from torneo.risiko import pages_desk as risiko_desk
from torneo.risiko import state_access as risiko_access
from torneo.risiko.staff import api as api_risiko_staff
from torneo.risiko.staff import pages as pages_risiko_staff
from torneo.risiko.tables import RisikoTournament
from torneo.seasons import api as api_seasons
from torneo.seasons import pages as pages_seasons

log = logging.getLogger(__name__)

API_PREFIX = "/api/v1"
# Issue 14 item 2: the cyclic collector's thresholds in a worker. A page after a change allocates
# hundreds of thousands of short-lived containers (freed by reference counting, not cyclic); at
# Python's default (700, 10, 10) they trigger full collections over everything kept, which made
# the 2,000-player page's p95 twice its median (bench/web.py: p95 205 ms -> 110 ms, peak memory
# the same).
GC_THRESHOLDS = (50_000, 20, 100)
SESSION_COOKIE = "torneo_session"


def _is_api(request: Request) -> bool:
    return request.url.path.startswith(API_PREFIX)


async def _torneo_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, TorneoError)
    headers = retry_after_header(exc)  # 429 and 503 say when to come back
    if _is_api(request):
        response = problems.from_torneo_error(exc, request.url.path)
        response.headers.update(headers)
        return response
    context = {"error": exc, "status": exc.status}
    return render(request, "error.html", context, status=exc.status, headers=headers)


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    if _is_api(request):
        return problems.from_validation_errors(exc.errors(), request.url.path)
    first = exc.errors()[0] if exc.errors() else {}
    loc = tuple(first.get("loc", ()))
    if loc[:1] == ("path",):
        # `/poker/new` is not a tournament: an address that names no page is a 404 on a page,
        # never pydantic's words about the parameter it failed to parse (issue 30 item 8).
        context = {"error": None, "status": 404}
        return render(request, "error.html", context, status=404)
    err = TorneoError(problems.field_of(loc), *problems.page_reason_and_accepted(first))
    return render(request, "error.html", {"error": err, "status": 422}, status=422)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if _is_api(request):
        return await problems.http_error_handler(request, exc)
    context = {"error": None, "status": exc.status_code}
    return render(request, "error.html", context, status=exc.status_code, headers=exc.headers)


async def _login_required(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, auth.LoginRequired)
    target = "/login?next=" + quote(exc.next_path, safe="/")
    if request.headers.get("HX-Request") == "true":
        return Response(status_code=204, headers={"HX-Redirect": target})
    return RedirectResponse(target, status_code=303)


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    # The worker's threads for blocking handlers: as many as its pool has connections for
    # (torneo.platform.store.db), so a thread never waits on a connection another one hoards.
    anyio.to_thread.current_default_thread_limiter().total_tokens = app.state.threads
    live.end_streams_on_shutdown_signals(app)  # a restart never waits for open live pages
    timers = api_draft_live.start_timers(app)  # BER-DRAFT-2: this worker's draft timer
    if app.state.settings.env != "test":
        # Issue 14 item 2: what the worker has built so far (modules, mappers, templates,
        # catalogs) lives as long as the worker; frozen out of the cyclic collector, a page that
        # allocates much (a 2,000-player event after a result) no longer pays for scanning it
        # at each full collection (bench/web.py: p95 about a third lower). The tests build many
        # apps in one process and keep the collector as it is.
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
    yield
    live.close_streams(app)
    await timers.stop()


def _routers() -> tuple[APIRouter, ...]:
    """Every discipline's API and pages, in the order routes must be matched.

    The players' phones come first: the self-report pages and the live streams are what a
    round's end sends by the thousand, and routes are tried in this order within their first
    path segment (platform.web.route_index). Moving a router ahead must not take another's
    paths: test_route_index checks that every route is reached at its own path."""
    return (
        health.router,  # issue 31: the proxy's probes, a few times a second, cost nothing
        metrics.router,  # issue 31: /metrics for Prometheus (a token, or local clients only)
        pages_self_report.router,
        live.router,
        auth.api,
        api_events.router,
        auth.pages,
        clubs_pages.router,
        pages_organizer.router,  # before the public /events/{id}: /events/new
        pages_public.router,
        api_poker.router,
        api_poker_staff.router,
        pages_poker_staff.router,
        pages_poker.router,
        pages_risiko.router,
        api_risiko.router,
        api_risiko_staff.router,
        pages_risiko_staff.router,
        api_fantasy.router,
        pages_fantasy.router,
        api_judging.router,
        pages_judging.router,
        api_self_report.router,
        api_seasons.router,
        pages_seasons.router,
        pages_exports.router,
        desks.router,  # issue 15: the desks and the print views
        cards_desk.router,
        cards_print.router,
        risiko_desk.router,
        poker_desk.router,
        api_draft.router,
        api_draft_live.router,
        pages_draft.router,
    )


def create_app(store: Store | None = None, *, settings: WebSettings | None = None) -> FastAPI:
    """Build the app; with no arguments, settings and database come from ``TORNEO_*``."""
    settings = settings or WebSettings.from_env()
    settings.check()
    warning = development_secret_warning(settings)
    if warning:
        log.warning(warning)
    if store is None:
        # TORNEO_REDIS_URL: live notices cross workers through Redis (torneo.platform.live).
        broker = RedisBroker(settings.redis_url) if settings.redis_url else broker_from_env()
        store = Store.from_url(settings.database_url, broker=broker)
    if settings.is_production:
        refuse_demo_passwords(store)
    # Who may hand out a player's claim code: the clubs where the player played (issue 12).
    for lookup in (
        cards_access.player_clubs,
        risiko_access.player_clubs,
        poker_access.player_clubs,
    ):
        invitations.register_player_clubs(lookup)
    app = FastAPI(
        title="Torneo",
        summary="Organized play for game clubs: Swiss rounds, Top X, standings, season points.",
        version="1",
        openapi_url=f"{API_PREFIX}/openapi.json",
        docs_url=f"{API_PREFIX}/docs",
        redoc_url=None,
        lifespan=_lifespan,
        # Torneo's metrics are Prometheus' (platform/web/metrics.py, issue 31) and it sets up
        # no OpenTelemetry: FastAPI's own hook asked three providers whether to trace at every
        # request, 4.5 µs each (issue 32 item 4: a report's budget is under 1 ms).
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    app.state.threads = worker_threads()
    app.state.store = store
    app.state.settings = settings
    app.state.read_cache = ReadCache()
    app.state.row_cache = RowCache()  # issue 14 item 2: the page's rows, once per content
    app.state.rate_limiter = limiter_for(settings.redis_url)  # shared by workers with Redis
    # Issue 14 item 3: players' reports of one event arriving together are written together.
    app.state.report_batches = report_batches(store, settings.secret_key)
    app.state.login_guard = LoginGuard(
        app.state.rate_limiter, limit=settings.login_failures, window=settings.login_window
    )
    app.state.claim_guard = ClaimGuard(app.state.rate_limiter, invitations.WrongCode)

    health.quiet_probes_in_access_log()  # issue 31: probes stay out of the access log
    app.add_exception_handler(TorneoError, _torneo_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(auth.LoginRequired, _login_required)
    app.add_exception_handler(OverflowError, number_out_of_range)  # ids beyond 64 bits
    app.add_exception_handler(DataError, number_out_of_range)
    app.add_exception_handler(PoolTimeout, database_busy)  # 503 + Retry-After, never 500
    app.add_exception_handler(OperationalError, database_busy)

    for router in _routers():
        app.include_router(router)
    live.register_topics(  # /live/<kind>:<id> of things that exist
        app,
        {
            "event": Event,
            "poker": PokerTournament,
            "risiko": RisikoTournament,
            "fantasy": FantasyLeague,
        },
    )
    static = str(resources.files("torneo.platform.web") / "static")
    app.mount("/static", StaticFiles(directory=static), name="static")

    app.add_middleware(
        SessionMiddleware,
        secret_key=settings.secret_key,
        session_cookie=SESSION_COOKIE,
        max_age=settings.session_max_age,
        same_site="lax",
        https_only=settings.secure_cookies,
    )
    app.add_middleware(SecurityHeaders, hsts=settings.is_production)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)  # 413 before any work
    app.add_middleware(metrics.RequestMetrics, pool=store.engine.pool)  # issue 31: by route
    app.add_middleware(RequestIds)  # every log line of the request has its id
    stamp_arrivals(app)  # outermost: a page's data-live-since precedes its reads
    install_route_index(app)  # last: every route is in (torneo.platform.web.route_index)
    pages_self_report_lean.install(app)  # issue 32 item 4: the phones' report without FastAPI
    return app
