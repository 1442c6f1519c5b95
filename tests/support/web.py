"""Helpers for HTTP tests: an app on a test store, logged-in clients, an event through the API."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from torneo.app import create_app
from torneo.platform import accounts, clubs
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings

SECRET = "test-secret-key-that-is-long-enough-0123456789"
PASSWORD = "correct horse battery"
PRESET = "invasion-it-2012"


def make_client(store: Store, **settings: Any) -> TestClient:
    app = create_app(store, settings=WebSettings(secret_key=SECRET, env="test", **settings))
    return TestClient(app)


def add_user(store: Store, username: str, role: str) -> None:
    """An account of the server's club; a "judge" also referees and works the poker floor, as
    every judge account did before clubs (migration 0008)."""
    accounts.create_user(store, Actor.system(), username=username, password=PASSWORD, role=role)
    if role == "judge":
        for more in ("referee", "floor"):
            clubs.add_member(store, Actor.system(), 1, username, more)


def api_login(client: TestClient, username: str) -> str:
    """Log in through the API; later requests send the CSRF token like a script would."""
    r = client.post("/api/v1/session", json={"username": username, "password": PASSWORD})
    assert r.status_code == 200, r.text
    token: str = r.json()["csrf_token"]
    client.headers["X-CSRF-Token"] = token
    return token


def page_login(client: TestClient, username: str) -> str:
    """Log in through the HTML form, as a person would; returns the form's CSRF token."""
    token = form_token(client.get("/login").text)
    r = client.post(
        "/login",
        data={"username": username, "password": PASSWORD, "csrf_token": token, "next": "/"},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    return form_token(client.get("/events/new").text)


ARRIVAL = re.compile(r' data-live-since="[0-9.]+"')


def without_arrival(html: str) -> str:
    """A page without the time its request arrived (``data-live-since``, different on every
    request), for tests that compare two answers of the same page."""
    return ARRIVAL.sub("", html)


def form_token(html: str) -> str:
    m = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert m, "no CSRF field in the page"
    return m.group(1)


def roster(n: int) -> str:
    return "\n".join(f"Giocatore {i:02d},Club {i % 5}" for i in range(1, n + 1))


def create_event(client: TestClient, players: int = 0, **fields: Any) -> int:
    body = {"name": "Torneo di prova", "preset": PRESET, "held_on": "2012-03-10", "seed": 42}
    body.update(fields)
    r = client.post("/api/v1/events", json=body)
    assert r.status_code == 201, r.text
    event_id: int = r.json()["summary"]["id"]
    if players:
        r = client.post(f"/api/v1/events/{event_id}/roster", json={"csv": roster(players)})
        assert r.status_code == 201, r.text
    return event_id


def version(client: TestClient, event_id: int) -> int:
    v: int = client.get(f"/api/v1/events/{event_id}").json()["summary"]["version"]
    return v


def open_tables(client: TestClient, event_id: int) -> tuple[int, list[int]]:
    """The current round and its tables still waiting for a result."""
    data = client.get(f"/api/v1/events/{event_id}/pairings").json()
    tables = [m["table"] for m in data["lines"] if not m["is_reported"]]
    return data["number"], tables


def report_all(client: TestClient, event_id: int, results: list[str]) -> None:
    round_no, tables = open_tables(client, event_id)
    for i, table in enumerate(tables):
        r = client.post(
            f"/api/v1/events/{event_id}/rounds/{round_no}/tables/{table}/result",
            json={"result": results[i % len(results)]},
        )
        assert r.status_code == 200, r.text


def is_problem(response: Any, status: int, field: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    assert body["field"] == field, body
    assert body["type"].startswith("/problems/")
    assert body["title"]
    assert body["detail"]
    assert body["reason"]
    return body


def form_status(response: Any) -> int:
    """What a page form's POST answered: a refusal's status when it was refused and redirected
    to its GET page (Post/Redirect/Get, ``platform/web/prg.py``: the ``X-Torneo-Refused``
    header), else the status (followed or not)."""
    for r in [*response.history, response]:
        refused = r.headers.get("x-torneo-refused", "")
        if refused.isdigit():
            return int(refused)
    status: int = response.status_code
    return status


# How long a browser test waits for an open page to follow a change by itself. Generous on
# purpose: a test asserts *that* the page follows without a reload, never *how soon* (a full
# `make test` loads both cores and a 1.5 s wait failed there, 2026-12-06). How soon is measured
# by bench/live_pages.py, outside the suite.
LIVE_WAIT_MS = 15_000
