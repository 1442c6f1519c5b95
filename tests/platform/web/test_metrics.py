"""Issue 31 item 2: /metrics in Prometheus' text format, by route template, protected."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from tests.support.web import make_client
from torneo.app import create_app
from torneo.platform.store.uow import Store


def _samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def _count(
    samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str
) -> float:
    key = (name, tuple(sorted(labels.items())))
    return samples.get(key, 0.0)


def test_issue31_requests_are_counted_by_route_template_not_by_path(anon: TestClient) -> None:
    before = _samples(anon.get("/metrics").text)
    anon.get("/api/v1/events/123456")  # a 404 of a matched route: its template is the label
    anon.get("/api/v1/events/654321")
    anon.get("/no/such/page/at/all")
    after = _samples(anon.get("/metrics").text)
    name = "torneo_http_requests_total"
    route = "/api/v1/events/{event_id}"
    assert (
        _count(after, name, route=route, method="GET", status="404")
        - _count(before, name, route=route, method="GET", status="404")
        == 2
    )
    assert _count(after, name, route="unmatched", method="GET", status="404") > _count(
        before, name, route="unmatched", method="GET", status="404"
    )
    assert not any("123456" in str(key) for key in after)  # a raw path is never a label
    assert any(key[0] == "torneo_http_request_seconds_bucket" for key in after)
    assert any(key[0] == "torneo_draft_pods_running" for key in after)


def test_issue31_refused_logins_are_counted(anon: TestClient) -> None:
    before = _count(
        _samples(anon.get("/metrics").text), "torneo_login_refusals_total", status="401"
    )
    anon.post("/api/v1/session", json={"username": "nobody", "password": "wrong-password"})
    after = _samples(anon.get("/metrics").text)
    refused = sum(v for (name, _), v in after.items() if name == "torneo_login_refusals_total")
    assert refused >= before + 1


def test_issue31_metrics_are_refused_to_a_remote_client_without_a_token(
    sqlite_store: Store,
) -> None:
    with make_client(sqlite_store) as client:
        client_remote = TestClient(client.app, client=("203.0.113.7", 50000))
        assert client_remote.get("/metrics").status_code == 403


def test_issue31_metrics_need_the_token_when_one_is_set(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TORNEO_METRICS_TOKEN", "s3cret-token-for-tests")
    with make_client(sqlite_store) as client:
        assert client.get("/metrics").status_code == 403  # even locally, the token rules
        wrong = client.get("/metrics", headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 403
        ok = client.get("/metrics", headers={"Authorization": "Bearer s3cret-token-for-tests"})
    assert ok.status_code == 200
    assert ok.headers["content-type"].startswith("text/plain")


def test_issue31_a_redis_reconnect_is_counted(anon: TestClient) -> None:
    from torneo.platform.live.broker import reconnected

    def total() -> float:
        return _count(_samples(anon.get("/metrics").text), "torneo_redis_reconnects_total")

    before = total()
    reconnected()  # what the live channel calls when Redis dropped it (platform/live/broker.py)
    assert total() == before + 1


def test_fastapis_own_telemetry_is_off(web_store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32 item 4: Torneo's metrics are Prometheus'; FastAPI's OpenTelemetry hook, which
    asked its providers at every request, stays off even where a provider is set up."""
    from fastapi.telemetry import _asgi

    monkeypatch.setattr(_asgi, "_unconfigured", lambda provider: False)  # as if one were
    app = create_app(web_store)
    assert not app._native_telemetry.enabled()
