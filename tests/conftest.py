"""Shared fixtures: a migrated store on SQLite, and on PostgreSQL when one answers.

PostgreSQL tests create their own database and drop it afterwards. Where no PostgreSQL answers
they skip with the reason, except under CI=true, where they must run (README: make test).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tests.support.cli import Cli
from tests.support.web import add_user, api_login, make_client
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.uow import Actor, Store

PG_ADMIN_URL = os.environ.get(
    "TORNEO_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)


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


@pytest.fixture
def pg_url(pg_reason: str | None) -> Iterator[str]:
    if pg_reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is required under CI=true: {pg_reason}")
        pytest.skip(pg_reason)
    name = f"torneo_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    url = PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    try:
        yield url
    finally:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def _store(url: str, clock: FakeClock) -> Store:
    engine = make_engine(url)
    upgrade(engine)
    return Store(engine, clock)


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path, clock: FakeClock) -> Iterator[Store]:
    """A migrated, empty store: every service test runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        s = _store(f"sqlite:///{tmp_path / 'torneo.db'}", clock)
        yield s
        s.engine.dispose()
    else:
        url = request.getfixturevalue("pg_url")
        s = _store(url, clock)
        yield s
        s.engine.dispose()


@pytest.fixture
def sqlite_store(tmp_path: Path, clock: FakeClock) -> Iterator[Store]:
    s = _store(f"sqlite:///{tmp_path / 'torneo.db'}", clock)
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
    url = f"sqlite:///{tmp_path / 'torneo.db'}"
    monkeypatch.setenv("TORNEO_DATABASE_URL", url)
    monkeypatch.setenv("COLUMNS", "160")  # Rich tables are not wrapped at 80 in the tests
    monkeypatch.chdir(tmp_path)
    engine = make_engine(url)
    upgrade(engine)
    engine.dispose()
    c = Cli(url)
    yield c
    c.store.engine.dispose()
