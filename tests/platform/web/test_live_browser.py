"""Live updates in a real browser: the event page refreshes itself when phones report results.

Two phones (Chromium pages) report the same result of table 1 by the codes on their slips; the
public event page, open in a third page and never reloaded, shows the result by itself (the
notice arrives over Server-Sent Events and htmx re-reads the section).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cards.test_pages_browser import ARGS, PHONE, chromium
from tests.platform.web.test_live import ORG, running_event
from tests.support.held_streams import held_streams
from tests.support.servers import running
from tests.support.web import SECRET
from torneo.app import create_app
from torneo.cards import commands as events
from torneo.cards.self_report import views as srv
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings

pytestmark = pytest.mark.browser
__all__ = ["chromium"]  # the fixture


def test_phones_report_and_the_open_event_page_updates_itself(
    chromium: Path, web_store: Store
) -> None:
    from playwright.sync_api import expect, sync_playwright

    event_id, _, _ = running_event(web_store)
    slips = [
        s
        for s in srv.slips(
            web_store, Actor("org", frozenset({(1, "organizer")})), event_id, secret=SECRET
        )
        if s.table == 1
    ]
    app = create_app(web_store, settings=WebSettings(secret_key=SECRET, env="test"))
    with running(app) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            board = browser.new_page(viewport=PHONE)
            board.goto(f"{base}/events/{event_id}?lang=en")
            first_line = board.locator("ol.pairings li").first
            expect(first_line.locator(".score")).to_have_text("–")
            for slip, mine in zip(slips, ("2-1", "1-2"), strict=True):
                phone = browser.new_page(viewport=PHONE)
                phone.goto(f"{base}/events/{event_id}/report?lang=en")
                phone.fill("input[name=table]", "1")
                phone.fill("input[name=code]", str(slip.code).lower())
                phone.click("form button[type=submit]")
                phone.click(f"button[name=result][value='{mine}']")
                expect(phone.locator(".alert.ok")).to_be_visible()
                phone.close()
            # No reload: the notice makes the page re-read its sections.
            expect(first_line.locator(".score")).to_have_text("2-1", timeout=10_000)
        finally:
            browser.close()


def test_a_result_made_while_the_page_opens_its_stream_still_shows(
    chromium: Path, web_store: Store
) -> None:
    """The race the fantasy league's browser test once lost: the change lands after the page
    was read and before its stream is subscribed (here held on purpose until it has)."""
    from playwright.sync_api import expect, sync_playwright

    event_id, round_no, table = running_event(web_store)
    app = create_app(web_store, settings=WebSettings(secret_key=SECRET, env="test"))
    with running(app) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            board = browser.new_page(viewport=PHONE)
            streams = held_streams(board)
            board.goto(f"{base}/events/{event_id}?lang=en")
            first_line = board.locator("ol.pairings li").first
            expect(first_line.locator(".score")).to_have_text("–")
            stream = streams.wait_for_one(board)
            events.report_result(web_store, ORG, event_id, round_no, table, "2-1")
            stream.continue_()
            # Within the live refresh's gap and spread, not the page's slow poll.
            expect(first_line.locator(".score")).to_have_text("2-1", timeout=10_000)
        finally:
            browser.close()
