"""Several workers on one database: nothing a worker keeps in memory may go stale."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.platform.web.test_live import running_event
from tests.support.web import PASSWORD, SECRET, add_user
from torneo.app import create_app
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.uow import Store
from torneo.platform.web.settings import WebSettings


def test_a_worker_never_serves_a_page_another_worker_made_stale(
    tmp_path: Path, clock: FakeClock
) -> None:
    url = f"sqlite:///{tmp_path / 'torneo.db'}"
    upgrade(make_engine(url))
    store_a, store_b = Store(make_engine(url), clock), Store(make_engine(url), clock)
    add_user(store_a, "org", "organizer")
    event_id, round_no, table = running_event(store_a)
    settings = WebSettings(secret_key=SECRET, env="test")
    with (
        TestClient(create_app(store_a, settings=settings)) as a,
        TestClient(create_app(store_b, settings=settings)) as b,
    ):
        before = a.get(f"/api/v1/events/{event_id}/standings").json()
        assert a.get(f"/api/v1/events/{event_id}/standings").json() == before  # cached on A
        # The session cookie and its CSRF token made on worker A work on worker B.
        login = a.post("/api/v1/session", json={"username": "org", "password": PASSWORD})
        b.cookies.update(a.cookies)
        r = b.post(
            f"/api/v1/events/{event_id}/rounds/{round_no}/tables/{table}/result",
            json={"result": "2-0"},
            headers={"X-CSRF-Token": login.json()["csrf_token"]},
        )
        assert r.status_code == 200, r.text
        after = a.get(f"/api/v1/events/{event_id}/standings").json()
        line = a.get(f"/api/v1/events/{event_id}/pairings").json()["lines"][table - 1]
    assert after != before
    assert line["result"] == "2-0"
