"""Issue 26: two judges on two phones at one card event (Playwright driving Debian's Chromium).

Judge A gives a warning from her phone; judge B's desk, open on the log, shows it by itself
within about a second, and B then gives a warning to another player from the page he already
had: no refusal, nothing reloaded, and A's desk shows B's ruling in turn.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.live_server import serve
from tests.support.web import PASSWORD, SECRET, add_user, api_login, create_event, make_client
from torneo.app import create_app
from torneo.platform.store.uow import Store
from torneo.platform.web.settings import WebSettings

CHROMIUM = "/usr/bin/chromium"
SOON = 2500  # ms: a notice, the desk's spread and its re-read, on a shared 2-core machine

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason="no Chromium"),
]


@pytest.fixture
def event(web_store: Store) -> Iterator[tuple[str, int, list[int]]]:
    """Round 1 of an 8-player event with two judges; the server and two paired players."""
    add_user(web_store, "judge2", "judge")
    with make_client(web_store) as org:
        api_login(org, "org")
        event_id = create_event(org, 8)
        base = f"/api/v1/events/{event_id}/judging"
        for judge in ("judge", "judge2"):
            assert org.post(f"{base}/judges", json={"username": judge}).status_code == 201
        assert org.post(f"/api/v1/events/{event_id}/start").status_code == 200
        assert org.post(f"/api/v1/events/{event_id}/rounds").status_code == 201
        lines = org.get(f"/api/v1/events/{event_id}/pairings").json()["lines"]
        players = [p["player_id"] for x in lines for p in (x["a"], x["b"]) if p]
    app = create_app(web_store, settings=WebSettings(secret_key=SECRET, env="test"))
    with serve(app) as url:
        yield url, event_id, players


def _log_in(page: Any, base: str, user: str) -> None:
    page.goto(f"{base}/login")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/login'] button[type=submit]")
    page.wait_for_url(f"{base}/")


def _warn(page: Any, base: str, event_id: int, player: int) -> None:
    page.goto(f"{base}/events/{event_id}/judge?player={player}")
    page.locator("button[name=infraction][value=slow_play]").first.click()
    page.wait_for_load_state()


def test_issue26_two_judges_see_each_other_and_act_without_refusals(
    event: tuple[str, int, list[int]],
) -> None:
    base, event_id, players = event
    expect = playwright_api.expect
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            phone = {"width": 390, "height": 844}
            a, b = (browser.new_context(viewport=phone).new_page() for _ in range(2))
            _log_in(a, base, "judge")
            _log_in(b, base, "judge2")
            b.goto(f"{base}/events/{event_id}/judge?tab=log")
            b.evaluate("window.sameDocument = true")
            rulings_b = b.locator("#judge-live ul.rulings li").count()

            _warn(a, base, event_id, players[0])
            assert a.locator(".alert.error").count() == 0
            started = time.monotonic()
            expect(b.locator("#judge-live ul.rulings li")).not_to_have_count(
                rulings_b, timeout=SOON
            )
            heard = time.monotonic() - started
            assert b.evaluate("window.sameDocument === true")  # by itself, not reloaded

            a.goto(f"{base}/events/{event_id}/judge?tab=log")
            a.evaluate("window.sameDocument = true")
            rulings_a = a.locator("#judge-live ul.rulings li").count()
            _warn(b, base, event_id, players[1])
            assert b.locator(".alert.error").count() == 0  # nothing in common: no refusal
            expect(a.locator("#judge-live ul.rulings li")).not_to_have_count(
                rulings_a, timeout=SOON
            )
            assert a.evaluate("window.sameDocument === true")
            assert heard < SOON / 1000
        finally:
            browser.close()
