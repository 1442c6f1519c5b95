"""Engines and sessions. SQLite file by default; ``TORNEO_DATABASE_URL`` for PostgreSQL.

Pool and overload (issue 14): a web worker runs its blocking handlers on a pool of
``TORNEO_WORKER_THREADS`` threads (default 20, set at start by the app), and a thread holds at
most one connection at a time, so the PostgreSQL pool has exactly that many connections plus
:data:`POOL_SPARE` (the event loop's own short reads) and no overflow: a worker never opens more
than it can use, and ``workers × pool`` is the whole deployment's need, which ``torneo serve``
checks against the server's ``max_connections`` (:mod:`torneo.platform.store.pool`). A request
that waits ``TORNEO_POOL_TIMEOUT`` seconds (default 10) for a connection is answered 503 with
``Retry-After``, never 500 (``torneo.platform.web.overload``).
"""

from __future__ import annotations

import os
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from torneo.core.errors import TorneoError
from torneo.core.messages import N_

DEFAULT_URL = "sqlite:///torneo.db"
DEFAULT_WORKER_THREADS = 20
DEFAULT_POOL_TIMEOUT = 10
POOL_SPARE = 2  # connections beyond the threads: the event loop's reads, the start-up checks


def database_url() -> str:
    return os.environ.get("TORNEO_DATABASE_URL", DEFAULT_URL)


def env_int(name: str, default: int, low: int, high: int) -> int:
    """A whole-number setting from the environment: unset is ``default``; anything but a whole
    number from ``low`` to ``high`` is refused naming the variable and what it accepts."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or not low <= int(text) <= high:
        raise TorneoError(
            name,
            N_("%(value)s is not a whole number from %(low)s to %(high)s"),
            N_("a whole number from %(low)s to %(high)s, e.g. %(default)s"),
            params={"value": repr(text), "low": low, "high": high, "default": default},
        )
    return int(text)


def worker_threads() -> int:
    """Threads of one web worker for its blocking handlers (``TORNEO_WORKER_THREADS``)."""
    return env_int("TORNEO_WORKER_THREADS", DEFAULT_WORKER_THREADS, 1, 1000)


def pool_timeout() -> int:
    """Seconds a request waits for a database connection (``TORNEO_POOL_TIMEOUT``)."""
    return env_int("TORNEO_POOL_TIMEOUT", DEFAULT_POOL_TIMEOUT, 1, 600)


def pool_size() -> int:
    """Connections of one worker's PostgreSQL pool: its threads plus the spare."""
    return worker_threads() + POOL_SPARE


def make_engine(url: str | None = None) -> Engine:
    url = url or database_url()
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(
        url,
        pool_pre_ping=True,
        # The most recently used connection first: a few connections stay warm (psycopg
        # prepares a statement on its fifth use on one connection) and the others idle, instead
        # of every request rotating through the whole pool (issue 14: reports per second).
        pool_use_lifo=True,
        pool_size=pool_size(),
        max_overflow=0,
        pool_timeout=pool_timeout(),
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # Foreign keys are off by default in SQLite; WAL lets readers go on while a round is saved.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(bind=engine, expire_on_commit=False)
