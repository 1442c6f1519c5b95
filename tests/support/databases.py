"""Migrated test databases, copied from a template migrated once per test process.

Running the Alembic chain costs about a second on SQLite and more on PostgreSQL, and nearly every
test wants a fresh, migrated, empty database: migrating once per process (per xdist worker) and
copying the result makes a fresh database cost a file copy on SQLite and a ``CREATE DATABASE …
TEMPLATE`` on PostgreSQL. The copy is the migrated schema byte for byte (with the rows the
migrations seed, e.g. migration 0008's default club), so tests see what ``upgrade`` gives them.
The migrations themselves keep their own tests (``tests/platform/store``), which run the chain.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from sqlalchemy import create_engine, text

from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.uow import Store

PG_ADMIN_URL = os.environ.get(
    "TORNEO_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)

# One template of each kind per process, made on first use (the key is the process id, since
# xdist workers are processes and a forked child must not share its parent's template).
_sqlite_templates: dict[int, Path] = {}
_pg_templates: dict[int, str] = {}
# A test's PostgreSQL database is dropped behind its back (a drop waits on the server's files
# for up to seconds): one thread a process, drained at exit before the template goes.
_dropper = ThreadPoolExecutor(max_workers=1, thread_name_prefix="drop-test-db")


def _cleanup() -> None:
    _dropper.shutdown(wait=True)
    pid = os.getpid()
    if pid in _pg_templates:
        _drop(_pg_templates[pid])
    if pid in _sqlite_templates:
        shutil.rmtree(_sqlite_templates[pid].parent, ignore_errors=True)


atexit.register(_cleanup)


def _sqlite_template() -> Path:
    pid = os.getpid()
    if pid not in _sqlite_templates:
        folder = Path(tempfile.mkdtemp(prefix="torneo-template-"))
        path = folder / "template.db"
        engine = make_engine(f"sqlite:///{path}")
        upgrade(engine)
        engine.dispose()
        _sqlite_templates[pid] = path
    return _sqlite_templates[pid]


def migrated_sqlite_url(path: Path) -> str:
    """A migrated SQLite database at ``path`` (a copy of the template); its URL."""
    shutil.copyfile(_sqlite_template(), path)
    return f"sqlite:///{path}"


def pg_database_url(name: str) -> str:
    """The URL of database ``name`` on the test server."""
    return PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name


def _drop(name: str) -> None:
    admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


def _pg_template() -> str:
    pid = os.getpid()
    if pid not in _pg_templates:
        name = f"torneo_template_{uuid.uuid4().hex[:12]}"
        admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        _pg_templates[pid] = name  # dropped at exit, even if the migration fails
        engine = make_engine(pg_database_url(name))
        upgrade(engine)
        engine.dispose()  # a template must have no open connection while it is copied
    return _pg_templates[pid]


@contextmanager
def migrated_pg_url() -> Iterator[str]:
    """A fresh migrated PostgreSQL database (a copy of the template), dropped afterwards."""
    template = _pg_template()
    name = f"torneo_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
    finally:
        admin.dispose()
    try:
        yield pg_database_url(name)
    finally:
        drop_in_background(name)


def drop_in_background(name: str) -> None:
    """Drop test database ``name`` on the dropping thread (waited for when the tests end)."""
    _dropper.submit(_drop, name)


def migrated_sqlite_store(path: Path, clock: Callable[[], datetime]) -> Store:
    """A store on a migrated SQLite database at ``path``."""
    return Store(make_engine(migrated_sqlite_url(path)), clock)
