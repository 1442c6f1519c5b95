"""Fixtures of the guide's walks: Chromium, a served app on the test store, a logged-in page."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, sync_playwright

from tests.support.live_server import serve
from tests.support.web import PASSWORD, SECRET
from torneo.app import create_app
from torneo.platform.store.uow import Store
from torneo.platform.web.settings import WebSettings

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
PHONE: ViewportSize = {"width": 412, "height": 880}


@pytest.fixture
def server(web_store: Store) -> Iterator[str]:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests must run under CI=true: {reason}")
        pytest.skip(reason)
    app = create_app(web_store, settings=WebSettings(secret_key=SECRET, env="test"))
    with serve(app) as url:
        yield url


@pytest.fixture
def organizer_page(server: str) -> Iterator[Page]:
    """The club's organizer, logged in on a phone-sized window, on the home page."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_context(viewport=PHONE, locale="it-IT").new_page()
            page.goto(f"{server}/login")
            page.fill("input[name=username]", "org")
            page.fill("input[name=password]", PASSWORD)
            page.click("form[action='/login'] button[type=submit]")
            page.wait_for_url(f"{server}/")
            yield page
        finally:
            browser.close()
