"""Issue 31 item 6: the README's production steps, run end to end on PostgreSQL and Redis.

As an administrator would: ``torneo db upgrade``, an account, ``torneo serve --workers 2`` in
production mode, ``/readyz`` until ready, a write through the API, ``torneo backup``, and
``torneo restore`` into a fresh database that then holds the same event. The server is a real
process group, stopped with SIGTERM as systemd stops it.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis
from sqlalchemy import create_engine, text

from tests.support.databases import PG_ADMIN_URL, drop_in_background, pg_database_url

TORNEO = str(Path(sys.executable).with_name("torneo"))
REDIS_URL = "redis://127.0.0.1:6379/0"
PASSWORD = "a-long-admin-password-2026"
READY_SECONDS = (
    240  # a loaded 2-core machine starts 2 workers slowly; the test waits, never fails early
)


def _redis_or_skip() -> None:
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis is required under CI=true: {exc}")
        pytest.skip(f"no Redis at {REDIS_URL}: {exc}")


@pytest.fixture
def second_database(pg_url: str) -> Iterator[str]:
    name = f"torneo_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    try:
        yield pg_database_url(name)
    finally:
        drop_in_background(name)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run(env: dict[str, str], *args: str, stdin: str | None = None) -> str:
    done = subprocess.run(
        [TORNEO, *args],
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"torneo {' '.join(args)}: {done.stdout}\n{done.stderr}"
    return done.stdout


def _events(url: str) -> list[tuple[str, str]]:
    engine = create_engine(url)
    with engine.connect() as c:
        rows = c.execute(text("SELECT name, held_on FROM events ORDER BY id")).all()
    engine.dispose()
    return [(str(r[0]), str(r[1])) for r in rows]


@pytest.mark.postgres
def test_issue31_the_production_steps_of_the_readme_work_end_to_end(
    pg_url: str, second_database: str, tmp_path: Path
) -> None:
    _redis_or_skip()
    env = {
        **os.environ,
        "TORNEO_ENV": "production",
        "TORNEO_SECRET_KEY": uuid.uuid4().hex * 2,
        "TORNEO_DATABASE_URL": pg_url,
        "TORNEO_REDIS_URL": REDIS_URL,
        "TORNEO_REDIS_PREFIX": f"test-{uuid.uuid4().hex[:8]}",
        "TORNEO_LOG_FORMAT": "json",
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    _run(env, "db", "upgrade")
    _run(env, "user", "create", "admin", "--role", "organizer", "--password-stdin", stdin=PASSWORD)
    port = _free_port()
    server = subprocess.Popen(
        [TORNEO, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "2"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + READY_SECONDS
        ready = None
        while time.monotonic() < deadline and server.poll() is None:
            try:
                ready = httpx.get(f"{base}/readyz", timeout=5)
                if ready.status_code == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(1)
        assert ready is not None, "the server never answered"
        assert ready.json()["checks"]["redis"]["ok"] is True
        login = httpx.post(
            f"{base}/api/v1/session", json={"username": "admin", "password": PASSWORD}, timeout=30
        )
        assert login.status_code == 200, login.text
        # Production cookies are Secure: over plain HTTP on loopback the test sends it by hand.
        cookie = login.headers["set-cookie"].split(";", 1)[0]
        headers = {"Cookie": cookie, "X-CSRF-Token": login.json()["csrf_token"]}
        created = httpx.post(
            f"{base}/api/v1/events",
            json={
                "name": "Finale regionale",
                "preset": "invasion-it-2012",
                "held_on": "2026-12-20",
            },
            headers=headers,
            timeout=30,
        )
        assert created.status_code == 201, created.text
        assert created.headers["x-request-id"]
        metrics = httpx.get(f"{base}/metrics", timeout=30)
        assert 'route="/api/v1/events"' in metrics.text  # both workers' samples, summed
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        output = server.communicate(timeout=60)[0].decode("utf-8", "replace")
    assert server.returncode is not None
    assert '"logger": "torneo.audit"' in output  # JSON lines, the event's creation among them
    backup = tmp_path / "night.backup"
    _run(env, "backup", str(backup))
    _run({**env, "TORNEO_DATABASE_URL": second_database}, "restore", str(backup))
    assert _events(second_database) == _events(pg_url) == [("Finale regionale", "2026-12-20")]
