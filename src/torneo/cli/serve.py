"""``torneo serve``: the web app under uvicorn."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer
import uvicorn

from torneo.cli.common import err_console, fail, safe_url
from torneo.cli.workers import supervise
from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.platform.logs import log_format, logging_config
from torneo.platform.store.db import database_url, make_engine, pool_size
from torneo.platform.store.pool import connection_budget
from torneo.platform.store.uow import Store
from torneo.platform.web.joined_writes import HTTP_PROTOCOL
from torneo.platform.web.settings import (
    InsecureSettings,
    WebSettings,
    development_secret_warning,
)

# Seconds a restart waits for open requests (live streams end on shutdown at once, see
# torneo.platform.web.live; this bounds anything else).
GRACEFUL_SHUTDOWN_SECONDS = 10
APP = "torneo.app:create_app"  # a factory: each worker builds its own app


def serve(
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port.")] = 8000,
    workers: Annotated[
        int, typer.Option(min=1, help="Worker processes (more than 1 needs PostgreSQL).")
    ] = 1,
    reload: Annotated[
        bool, typer.Option("--reload", help="Restart on code changes (development).")
    ] = False,
    access_log: Annotated[
        bool,
        typer.Option(
            "--access-log/--no-access-log",
            help="Log every request (off behind a proxy that logs them already).",
        ),
    ] = True,
    standby: Annotated[
        bool,
        typer.Option(
            "--standby/--no-standby",
            help="With --workers: keep a loaded process ready to take a dead worker's place "
            "at once (about 170 MB and a database connection).",
        ),
    ] = True,
) -> None:
    """Serve the web app (pages and /api/v1) on http://HOST:PORT."""
    _refuse_unsafe_settings()
    url = database_url()
    if workers > 1 and url.startswith("sqlite"):
        # SQLite has one writer at a time and its file lives on one machine: several workers
        # would queue on its lock. The scale path (DESIGN.md) is PostgreSQL.
        fail(
            TorneoError(
                "workers",
                N_("%(n)s workers on SQLite (%(url)s)"),
                N_("1 worker on SQLite, or set TORNEO_DATABASE_URL to a PostgreSQL database"),
                params={"n": workers, "url": safe_url(url)},
            )
        )
    if workers > 1 and reload:
        fail(
            TorneoError("reload", N_("--reload runs a single worker"), N_("--reload or --workers"))
        )
    _check_connections(url, workers)
    warning = development_secret_warning(WebSettings.from_env())
    if warning:
        typer.secho(warning, err=True, fg=typer.colors.RED, bold=True)
    # Issue 31 item 3: Torneo writes the access line itself (torneo.platform.logs), with the
    # request id and the route, as JSON lines in production.
    options: dict[str, Any] = {
        "factory": True,
        "host": host,
        "port": port,
        "reload": reload,
        "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN_SECONDS,
        # The live draft's WebSocket is the only one: its messages are small JSON (a seat is
        # ready, a pack of 7 cards), and compressing each one cost a third of the event loop's
        # time with 512 drafters on a worker (bench/draft.py, issue 16), plus a zlib context of
        # each open socket's own.
        "ws_per_message_deflate": False,
        # Issue 32: uvicorn's HTTP/1.1 protocol, an answer's head and body in one socket write.
        "http": HTTP_PROTOCOL,
        "access_log": False,
        "log_config": logging_config(log_format(), access=access_log),
    }
    if workers > 1:
        # Issue 32 item 1: each worker listens on a socket of its own (SO_REUSEPORT), so the
        # live pages spread over them; uvicorn's own supervisor shares one (torneo.cli.workers).
        # The metrics' folder is emptied only once the port is free: a second `torneo serve`
        # started by mistake emptied the running server's.
        supervise(APP, _multiprocess_metrics, standby, workers=workers, **options)
        return
    uvicorn.run(APP, workers=1, **options)


def _refuse_unsafe_settings() -> None:
    """Issue 27: settings a production server refuses are said here, in one line (exit 2),
    before any worker starts; a worker building the app with them died with a traceback."""
    try:
        settings = WebSettings.from_env()
        settings.check()
        if settings.is_production:
            from torneo.demo import refuse_demo_passwords  # the database only when it counts

            refuse_demo_passwords(Store.from_url(database_url()))
    except InsecureSettings as exc:
        typer.echo(f"torneo serve: {exc}", err=True)
        raise typer.Exit(2) from None


def _check_connections(url: str, workers: int) -> None:
    """Warn when ``workers`` pools do not fit PostgreSQL's max_connections (docs/deploy.md)."""
    if url.startswith("sqlite"):
        return
    try:
        engine = make_engine(url)
    except TorneoError as error:  # TORNEO_WORKER_THREADS or TORNEO_POOL_TIMEOUT malformed
        fail(error)
    try:
        warning = connection_budget(engine, workers, pool_size())
    except Exception as exc:  # unreachable now: the workers will say so when they start
        err_console().print(
            f"[yellow]Warning[/]: cannot check max_connections of {safe_url(url)}: {exc}"
        )
        return
    finally:
        engine.dispose()
    if warning is not None:
        err_console().print(f"[yellow]Warning[/] [bold]database[/]: {warning.english()}")


def _multiprocess_metrics() -> None:
    """Issue 31 item 2: several workers write their metrics to files that /metrics sums.

    prometheus-client reads ``PROMETHEUS_MULTIPROC_DIR`` when the workers import it, so it is set
    here, before uvicorn starts them; the folder must start empty (stale samples of a previous run
    would be summed in): a fresh one, or the administrator's own emptied of its ``*.db`` files.
    """
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if folder:
        for stale in Path(folder).glob("*.db"):
            stale.unlink()
    else:
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="torneo-metrics-")
