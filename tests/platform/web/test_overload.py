"""Overload (issue 14): with every database connection busy a request gets 503 and Retry-After
(problem+json under /api, the error page elsewhere), never a 500, and nothing is changed."""

from __future__ import annotations

import pytest

from tests.support.web import make_client
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.uow import Store


def test_a_pool_timeout_is_503_with_retry_after(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TORNEO_WORKER_THREADS", "1")
    monkeypatch.setenv("TORNEO_POOL_TIMEOUT", "1")
    engine = make_engine(pg_url)
    upgrade(engine)
    store = Store(engine)
    with make_client(store) as client:
        assert client.get("/api/v1/events").status_code == 200
        held = [engine.connect() for _ in range(engine.pool.size())]  # type: ignore[attr-defined]
        try:
            api = client.get("/api/v1/events")
            page = client.get("/events/1")
        finally:
            for connection in held:
                connection.close()
        assert api.status_code == 503
        assert api.headers["Retry-After"] == "2"
        assert api.headers["content-type"].startswith("application/problem+json")
        assert api.json()["field"] == "database"
        assert "nothing was changed" in api.json()["reason"]
        assert page.status_code == 503
        assert page.headers["Retry-After"] == "2"
        assert "text/html" in page.headers["content-type"]
        assert client.get("/api/v1/events").status_code == 200  # free again: served
    engine.dispose()
