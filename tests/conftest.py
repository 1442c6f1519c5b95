"""Shared fixtures: a migrated store on SQLite, and on PostgreSQL when one answers.

PostgreSQL tests create their own database and drop it afterwards. Where no PostgreSQL answers
they skip with the reason, except under CI=true, where they must run (README: make test).
A fresh migrated database is a copy of a template migrated once per test process
(``tests.support.databases``): the migration chain runs once, not once a test.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tests.support.cli import Cli
from tests.support.databases import (
    PG_ADMIN_URL,
    drop_in_background,
    migrated_pg_url,
    migrated_sqlite_url,
    pg_database_url,
)
from tests.support.web import add_user, api_login, make_client
from torneo.platform import passwords
from torneo.platform.store.db import make_engine
from torneo.platform.store.uow import Actor, Store

# The hasher the server uses (argon2id, 64 MiB a hash), kept for the test of its parameters.
PRODUCTION_HASHER = passwords._hasher
# Tests create and log in thousands of accounts: their hashes need not cost 64 MiB and a fifth
# of a second each. A hash carries its own parameters, so verifying still checks the password;
# tests/platform/test_passwords.py checks the server's own parameters on PRODUCTION_HASHER.
passwords._hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


class FakeClock:
    """A controllable clock for services (the domain takes ``now`` as an argument anyway)."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 11, 30, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


def _pg_available() -> str | None:
    try:
        engine = create_engine(
            PG_ADMIN_URL, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 3}
        )
        with engine.connect() as c:
            c.execute(text("select 1"))
        engine.dispose()
    except Exception as exc:  # any failure means "no PostgreSQL here"
        return f"no PostgreSQL at {PG_ADMIN_URL}: {exc.__class__.__name__}"
    return None


@pytest.fixture(scope="session")
def pg_reason() -> str | None:
    return _pg_available()


def require_pg(reason: str | None) -> None:
    """Skip (or, under CI=true, fail) a PostgreSQL test when no server answers."""
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is required under CI=true: {reason}")
        pytest.skip(reason)


@pytest.fixture
def pg_url(pg_reason: str | None) -> Iterator[str]:
    """An empty PostgreSQL database (not migrated), for tests of the migrations and the pool."""
    require_pg(pg_reason)
    name = f"torneo_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    url = pg_database_url(name)
    admin.dispose()
    try:
        yield url
    finally:
        # Dropped in the background, as every test database is: DROP DATABASE waits for a
        # checkpoint, which took 40-130 s of a test's teardown on a busy server.
        drop_in_background(name)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path, clock: FakeClock) -> Iterator[Store]:
    """A migrated, empty store: every service test runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        s = Store(make_engine(migrated_sqlite_url(tmp_path / "torneo.db")), clock)
        yield s
        s.engine.dispose()
    else:
        require_pg(request.getfixturevalue("pg_reason"))
        with migrated_pg_url() as url:
            s = Store(make_engine(url), clock)
            yield s
            s.engine.dispose()


@pytest.fixture
def sqlite_store(tmp_path: Path, clock: FakeClock) -> Iterator[Store]:
    s = Store(make_engine(migrated_sqlite_url(tmp_path / "torneo.db")), clock)
    yield s
    s.engine.dispose()


@pytest.fixture
def organizer() -> Actor:
    return Actor("org", frozenset({(1, "organizer")}), user_id=None)


@pytest.fixture
def judge() -> Actor:
    return Actor("judge", frozenset({(1, "judge")}))


# --- HTTP: the ASGI app on a migrated store, with an organizer and a judge ---------------------


@pytest.fixture
def web_store(sqlite_store: Store) -> Store:
    add_user(sqlite_store, "org", "organizer")
    add_user(sqlite_store, "judge", "judge")
    return sqlite_store


@pytest.fixture
def anon(web_store: Store) -> Iterator[TestClient]:
    with make_client(web_store) as client:
        yield client


@pytest.fixture
def org(web_store: Store) -> Iterator[TestClient]:
    with make_client(web_store) as client:
        api_login(client, "org")
        yield client


# --- CLI: ``torneo`` against its own SQLite file ---------------------------------------------


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Cli]:
    url = migrated_sqlite_url(tmp_path / "torneo.db")
    monkeypatch.setenv("TORNEO_DATABASE_URL", url)
    monkeypatch.setenv("COLUMNS", "160")  # Rich tables are not wrapped at 80 in the tests
    monkeypatch.chdir(tmp_path)
    c = Cli(url)
    yield c
    c.store.engine.dispose()
