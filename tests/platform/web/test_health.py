"""Issue 31 item 1: the probes of a proxy or an orchestrator, without a session."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.support.web import make_client
from torneo.platform.store.uow import Store
from torneo.platform.web import health


def test_issue31_healthz_answers_without_a_session_or_a_cookie(anon: TestClient) -> None:
    response = anon.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert "set-cookie" not in response.headers
    assert response.headers["cache-control"] == "no-store"


def test_issue31_readyz_checks_the_database(anon: TestClient) -> None:
    response = anon.get("/readyz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ready"
    assert body["checks"]["database"]["ok"] is True
    assert "redis" not in body["checks"]  # no TORNEO_REDIS_URL: nothing to ask


def test_issue31_readyz_is_503_when_the_database_is_gone(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    with make_client(sqlite_store) as client:

        def broken(request: Any) -> None:
            raise OSError("database unreachable\nsecond line")

        monkeypatch.setattr(health, "_database", broken)
        response = client.get("/readyz")
    assert response.status_code == 503
    check = response.json()["checks"]["database"]
    assert check == {"ok": False, "ms": check["ms"], "detail": "OSError: database unreachable"}


def test_issue31_readyz_names_a_redis_that_does_not_answer(sqlite_store: Store) -> None:
    # Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    with make_client(sqlite_store, redis_url="redis://127.0.0.1:9/0") as client:
        response = client.get("/readyz")
    assert response.status_code == 503
    checks = response.json()["checks"]
    assert checks["database"]["ok"] is True
    assert checks["redis"]["ok"] is False


def test_issue31_readyz_times_out_a_hung_check(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    monkeypatch.setattr(health, "CHECK_SECONDS", 0.2)
    monkeypatch.setattr(health, "_database", lambda request: time.sleep(2))
    with make_client(sqlite_store) as client:
        started = time.perf_counter()
        response = client.get("/readyz")
        elapsed = time.perf_counter() - started
    assert response.status_code == 503
    assert "no answer within 0.2 s" in response.json()["checks"]["database"]["detail"]
    assert elapsed < 1.5


@pytest.mark.parametrize(
    ("path", "kept"), [("/healthz", False), ("/readyz?x=1", False), ("/events", True)]
)
def test_issue31_probes_stay_out_of_the_access_log(path: str, kept: bool) -> None:
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", path, "1.1", 200),
        None,
    )
    assert health.QuietProbes().filter(record) is kept
