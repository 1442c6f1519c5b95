"""Probes for a reverse proxy or an orchestrator (issue 31 item 1): ``/healthz`` and ``/readyz``.

- ``GET /healthz``: the process answers (liveness). It touches nothing: a worker whose database
  is down is still alive, and restarting it would not bring the database back.
- ``GET /readyz``: the worker can serve (readiness): the database answers ``SELECT 1`` and, where
  ``TORNEO_REDIS_URL`` is set, Redis answers ``PING``, each within :data:`CHECK_SECONDS`. 200 with
  each check's time, else 503 naming what failed, so a proxy stops sending traffic to the worker
  until it is ready again.

Both need no session and set no cookie; uvicorn's access log leaves them out (a probe every few
seconds would bury the requests people made: :class:`QuietProbes`).
"""

from __future__ import annotations

import logging
import time
from typing import Any

import anyio
import anyio.to_thread
import redis
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text

PROBES = ("/healthz", "/readyz")
CHECK_SECONDS = 2.0  # a check slower than this is a failure: the worker is not ready

router = APIRouter(include_in_schema=False)


@router.get("/healthz")
def healthz() -> JSONResponse:
    return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})


def _database(request: Request) -> None:
    with request.app.state.store.engine.connect() as connection:
        connection.execute(text("SELECT 1"))


def _redis_client(request: Request) -> redis.Redis | None:
    """One client a worker, made at the first probe (bounded connect and read times)."""
    url = request.app.state.settings.redis_url
    if not url:
        return None
    client: redis.Redis | None = getattr(request.app.state, "ready_redis", None)
    if client is None:
        client = redis.Redis.from_url(
            url, socket_timeout=CHECK_SECONDS, socket_connect_timeout=CHECK_SECONDS
        )
        request.app.state.ready_redis = client
    return client


async def _timed(check: Any, *args: Any) -> tuple[bool, float, str]:
    start = time.perf_counter()
    try:
        with anyio.fail_after(CHECK_SECONDS):
            # abandon_on_cancel: a hung driver call must not hold the probe past its bound.
            await anyio.to_thread.run_sync(check, *args, abandon_on_cancel=True)
    except TimeoutError:
        return False, time.perf_counter() - start, f"no answer within {CHECK_SECONDS:g} s"
    except Exception as exc:  # any failure of the service is "not ready", said in one line
        return False, time.perf_counter() - start, f"{type(exc).__name__}: {exc}".splitlines()[0]
    return True, time.perf_counter() - start, "ok"


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    checks: dict[str, dict[str, Any]] = {}
    ok, seconds, detail = await _timed(_database, request)
    checks["database"] = {"ok": ok, "ms": round(seconds * 1000, 1), "detail": detail}
    client = _redis_client(request)
    if client is not None:
        ok, seconds, detail = await _timed(client.ping)
        checks["redis"] = {"ok": ok, "ms": round(seconds * 1000, 1), "detail": detail}
    ready = all(c["ok"] for c in checks.values())
    return JSONResponse(
        {"status": "ready" if ready else "not ready", "checks": checks},
        status_code=200 if ready else 503,
        headers={"Cache-Control": "no-store"},
    )


class QuietProbes(logging.Filter):
    """Drops uvicorn's access-log lines of the probes (their path is the record's 3rd arg)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3:
            return str(args[2]).split("?", 1)[0] not in PROBES
        return True


def quiet_probes_in_access_log() -> None:
    """Install :class:`QuietProbes` once on uvicorn's access logger (each worker calls it)."""
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, QuietProbes) for f in access.filters):
        access.addFilter(QuietProbes())
