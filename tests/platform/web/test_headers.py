"""Security headers on every answer (issue 12 item 10): CSP without inline script, HSTS in
production, and no inline script or handler left in any template."""

from __future__ import annotations

import logging
import re
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.support.web import SECRET
from torneo.app import create_app
from torneo.platform.store.uow import Store
from torneo.platform.web.settings import WebSettings

SRC = Path(str(resources.files("torneo")))


def test_every_answer_carries_the_headers(anon: TestClient) -> None:
    for path in ("/", "/login", "/api/v1/events", "/static/torneo.js", "/no-such-page"):
        r = anon.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self';" in csp
        assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
        assert "frame-ancestors 'none'" in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
        assert "strict-transport-security" not in r.headers  # not in development or test


def test_hsts_in_production_only(web_store: Store) -> None:
    settings = WebSettings(secret_key=SECRET, env="production")
    with TestClient(create_app(web_store, settings=settings), base_url="https://x") as client:
        assert client.get("/").headers["strict-transport-security"] == "max-age=31536000"


def test_the_api_docs_page_gets_its_own_policy(anon: TestClient) -> None:
    csp = anon.get("/api/v1/docs").headers["content-security-policy"]
    assert "https://cdn.jsdelivr.net" in csp
    assert "frame-ancestors 'none'" in csp


def test_no_template_has_inline_script_or_handlers() -> None:
    inline: list[str] = []
    for path in SRC.rglob("*.html"):
        text = path.read_text("utf-8")
        for tag in re.findall(r"<script\b[^>]*>", text):
            if "src=" not in tag:
                inline.append(f"{path.name}: {tag}")
        inline += [f"{path.name}: {m}" for m in re.findall(r"\son[a-z]+\s*=", text)]
        inline += [f"{path.name}: javascript:" for _ in re.findall(r"javascript:", text)]
    assert inline == []


def test_the_development_secret_is_announced(
    web_store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        create_app(web_store, settings=WebSettings(env="development"))
    assert any("TORNEO_SECRET_KEY is not set" in r.getMessage() for r in caplog.records)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        create_app(web_store, settings=WebSettings(secret_key=SECRET, env="test"))
    assert not caplog.records


def test_the_poker_and_print_scripts_are_served(anon: TestClient) -> None:
    r = anon.get("/poker/assets/poker.js")
    assert r.status_code == 200
    assert "data-countdown" in r.text
    site = anon.get("/static/torneo.js").text
    assert "data-print" in site
    assert "data-live-region" in site  # staff pages follow the live topic, typing kept (issue 26)
