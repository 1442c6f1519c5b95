"""Issue 31 item 3: JSON lines with the request id, the id echoed and shown on error pages."""

from __future__ import annotations

import json
import logging
from datetime import date

import pytest
from fastapi.testclient import TestClient

from torneo.cards import commands as events
from torneo.platform.logs import REQUEST_ID, JsonLines, PlainLines, log_format, logging_config
from torneo.platform.store.uow import Actor, Store

ORGANIZER = Actor("org", frozenset({(1, "organizer")}), user_id=None)


def test_issue31_every_answer_carries_a_request_id(anon: TestClient) -> None:
    first = anon.get("/events").headers["x-request-id"]
    second = anon.get("/events").headers["x-request-id"]
    assert len(first) == 32
    assert first != second


def test_issue31_a_sane_proxy_id_is_kept_and_a_forged_one_replaced(anon: TestClient) -> None:
    kept = anon.get("/events", headers={"X-Request-ID": "nginx-4f2a.17"})
    assert kept.headers["x-request-id"] == "nginx-4f2a.17"
    forged = anon.get("/events", headers={"X-Request-ID": 'x" injected\\n{"level":"crit"}'})
    assert forged.headers["x-request-id"] != 'x" injected\\n{"level":"crit"}'
    assert len(forged.headers["x-request-id"]) == 32


def test_issue31_the_error_page_shows_the_request_id(anon: TestClient) -> None:
    response = anon.get("/events/987654", headers={"X-Request-ID": "trace-me-42"})
    assert response.status_code == 404
    assert "trace-me-42" in response.text


def test_issue31_one_access_line_per_request_with_route_and_id(
    anon: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="torneo.access"):
        anon.get("/api/v1/events/123", headers={"X-Request-ID": "req-1"})
        anon.get("/healthz")  # probes stay out
    lines = [r for r in caplog.records if r.name == "torneo.access"]
    assert len(lines) == 1
    line = json.loads(JsonLines().format(lines[0]))
    assert line["request_id"] == "req-1"
    assert (line["route"], line["status"], line["method"]) == (
        "/api/v1/events/{event_id}",
        404,
        "GET",
    )
    assert line["ms"] >= 0


def _rolled_back(store: Store) -> None:
    with store.unit(ORGANIZER) as uow:
        uow.audit("event.renamed", "event", 1)
        raise RuntimeError("rolled back")


def test_issue31_committed_changes_are_logged_and_rolled_back_ones_are_not(
    sqlite_store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    token = REQUEST_ID.set("req-audit")
    try:
        with caplog.at_level(logging.INFO, logger="torneo.audit"):
            events.create_event(
                sqlite_store,
                ORGANIZER,
                name="Coppa",
                preset="invasion-it-2012",
                held_on=date(2026, 12, 20),
            )
            with pytest.raises(RuntimeError):
                _rolled_back(sqlite_store)
    finally:
        REQUEST_ID.reset(token)
    audits = [json.loads(JsonLines().format(r)) for r in caplog.records if r.name == "torneo.audit"]
    assert audits
    assert all(a["request_id"] == "req-audit" for a in audits)
    assert "event.renamed" not in {a["action"] for a in audits}
    assert all(a["actor"] == "org" for a in audits)


def test_issue31_json_lines_in_production_text_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TORNEO_LOG_FORMAT", raising=False)
    assert log_format("production") == "json"
    assert log_format("development") == "text"
    monkeypatch.setenv("TORNEO_LOG_FORMAT", "json")
    assert log_format("development") == "json"
    config = logging_config("json", access=False)
    assert config["formatters"]["torneo"]["()"].endswith("JsonLines")
    assert config["loggers"]["torneo.access"]["level"] == "WARNING"


def test_issue31_a_json_line_is_one_line_even_with_an_exception() -> None:
    try:
        raise ValueError("bad\nthing")
    except ValueError:
        import sys

        record = logging.LogRecord(
            "torneo", logging.ERROR, __file__, 1, "failed %s", ("x",), sys.exc_info()
        )
    text = JsonLines().format(record)
    assert "\n" not in text
    assert json.loads(text)["exception"].startswith("Traceback")
    plain = PlainLines().format(record)
    assert "ERROR torneo failed x" in plain
    assert "Traceback" in plain
