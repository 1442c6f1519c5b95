"""Refusals in the production logs (issue 27, "also"): one JSON line each, never a traceback.

An attacker's thousands of refused writes must not fill the logs with tracebacks, nor hide the
one 500 that matters among them: in production (``TORNEO_ENV=production``, JSON lines) every 4xx
refusal writes exactly its access line, one JSON object on one line, with its status and
request id, and no record of the request carries an exception. The handlers are the app's, as
``torneo serve`` installs them (``platform.logs.logging_config``).
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.support.web import PASSWORD, add_user
from torneo.app import create_app
from torneo.cards import commands as events
from torneo.platform.logs import JsonLines
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings

SECRET = "production-secret-for-the-refusal-log-test-0123456789abcdef"
ORG = Actor("org", frozenset({(1, "organizer")}))


class _Records(logging.Handler):
    """Every record of every logger, and its JSON line as the production handler writes it."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self.stream = io.StringIO()
        self.json = logging.StreamHandler(self.stream)
        self.json.setFormatter(JsonLines())

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        self.json.emit(record)


@pytest.fixture
def captured() -> Iterator[_Records]:
    handler = _Records()
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def _production(store: Store) -> TestClient:
    settings = WebSettings(secret_key=SECRET, env="production", max_body_bytes=4096)
    # Secure cookies in production: the client speaks https, as behind the proxy.
    return TestClient(create_app(store, settings=settings), base_url="https://testserver")


def test_issue27_production_refusals_are_one_json_line_without_traceback(
    web_store: Store, captured: _Records
) -> None:
    add_user(web_store, "staff", "organizer")
    event_id = events.create_event(
        web_store, ORG, name="Serata", preset="invasion-it-2012", held_on="2012-03-10"
    )
    events.register_roster(web_store, ORG, event_id, "\n".join(f"G {i}" for i in range(4)))
    staff = _production(web_store)
    login = staff.post("/api/v1/session", json={"username": "staff", "password": PASSWORD})
    staff.headers["X-CSRF-Token"] = login.json()["csrf_token"]
    assert staff.post(f"/api/v1/events/{event_id}/start").status_code == 200
    assert staff.post(f"/api/v1/events/{event_id}/rounds").status_code == 201
    url = f"/api/v1/events/{event_id}/rounds/1/tables/1/result"
    assert staff.post(url, json={"result": "2-0"}).status_code == 200
    refusals: list[tuple[str, str, dict[str, object], int]] = [
        ("POST", url, {"json": {"result": "0-2"}}, 422),  # a service's refusal
        ("POST", url, {"json": {"result": "9-9"}}, 422),  # an impossible score
        ("POST", url, {"json": {"result": "2-0", "version": 10**6}}, 409),  # a version never had
    ]
    for method, path, kwargs, status in refusals:
        answer = staff.request(method, path, **kwargs)  # type: ignore[arg-type]
        assert answer.status_code == status, (path, answer.text)
    client = _production(web_store)
    anonymous: list[tuple[str, str, dict[str, object], int]] = [
        ("GET", f"/api/v1/events/{event_id + 99}", {}, 404),  # no such thing (API)
        ("GET", f"/events/{event_id + 99}", {}, 404),  # no such thing (page)
        ("GET", "/api/v1/events/not-a-number", {}, 422),  # a bad path value
        ("POST", "/api/v1/events", {"json": {}}, 401),  # no session
        ("POST", "/login", {"data": {"username": "x", "password": "y"}}, 403),  # no CSRF token
        ("POST", "/api/v1/session", {"content": b"{" * 5000}, 413),  # over the body limit
    ]
    guess: dict[str, object] = {"json": {"username": "staff", "password": "no"}}
    anonymous += [("POST", "/api/v1/session", guess, 401)] * 5  # a password guessed, then 429
    anonymous.append(("POST", "/api/v1/session", guess, 429))
    for method, path, kwargs, status in anonymous:
        answer = client.request(method, path, **kwargs)  # type: ignore[arg-type]
        assert answer.status_code == status, (path, answer.text)
    refusals += anonymous
    assert not [r for r in captured.records if r.exc_info], "a refusal logged an exception"
    lines = captured.stream.getvalue().splitlines()
    assert lines
    parsed = [json.loads(line) for line in lines]  # each line is one JSON object
    assert not [p for p in parsed if "exception" in p or "Traceback" in p["message"]]
    access = [p for p in parsed if p["logger"] == "torneo.access" and p["status"] >= 400]
    assert len(access) == len(refusals)  # exactly one line per refusal
    assert all(p["request_id"] and p["level"] == "info" for p in access)
    statuses = sorted(p["status"] for p in access)
    assert statuses == sorted(status for *_, status in refusals)
