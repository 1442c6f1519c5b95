"""The season pages in a real browser (Debian's Chromium driven by Playwright), phone and desktop:
the ranking with its cut line, the SVG chart drawn at a readable size, the "why this pair" reason
opened in the organizer's control room. Screenshots go to /tmp/torneo-browser-season-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import ViewportSize, expect, sync_playwright

from tests.cards.test_pages_browser import ARGS, DESKTOP, PHONE, SHOTS, chromium, server  # noqa: F401
from tests.seasons.test_commands import PRESET, rank_example_csv
from tests.support.seasons import play_event
from tests.support.web import PASSWORD
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons

pytestmark = pytest.mark.browser
ORG = Actor("org", frozenset({(1, "organizer")}))


@pytest.fixture
def season(web_store: Store) -> int:
    return seasons.import_season_csv(
        web_store, ORG, "Stagione 2011/12", PRESET, rank_example_csv(), cut_size=3
    ).season_id


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_season_page_on_phone_and_desktop(
    chromium: Path,  # noqa: F811
    server: str,  # noqa: F811
    season: int,
    size: str,
    viewport: ViewportSize,
) -> None:
    """INV-RANK-2/3: dense ranks, the cut line after the third row; the chart is drawn once
    for the screen's width, with its labels at a readable size."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            page = browser.new_page(viewport=viewport)
            page.goto(f"{server}/seasons/{season}?lang=it")
            ranks = page.locator(".season-table tbody td.rank").all_inner_texts()
            assert ranks[:6] == ["1", "2", "3", "3", "4", "4"]
            expect(page.locator(".cut-marker")).to_be_visible()
            expect(page.locator(".season-table tbody tr.qualified")).to_have_count(3)
            shown = page.locator(".chart-svg:visible")
            expect(shown).to_have_count(1)
            tick = shown.locator("text.tick").first.bounding_box()
            assert tick is not None
            assert tick["height"] >= 9  # the month and points labels stay readable
            page.screenshot(path=str(SHOTS / f"torneo-browser-season-{size}.png"), full_page=True)
            page.locator(".season-table tbody th a").first.click()
            expect(page.locator("h1")).to_have_text("Tizio")
            expect(page.locator(".history .h-item")).to_have_count(5)
            page.screenshot(
                path=str(SHOTS / f"torneo-browser-season-player-{size}.png"), full_page=True
            )
        finally:
            browser.close()


def test_why_this_pair_opens_in_the_control_room(
    chromium: Path,  # noqa: F811
    server: str,  # noqa: F811
    web_store: Store,
) -> None:
    """Issue 3 item 6: opening "why this pair" on a table loads the stored reason (htmx)."""
    event_id = play_event(web_store, ORG, players=8, seed=2)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            page = browser.new_page(viewport=PHONE)
            page.goto(f"{server}/login?lang=it")
            page.fill("input[name=username]", "org")
            page.fill("input[name=password]", PASSWORD)
            page.click("form[action='/login'] button[type=submit]")
            page.goto(f"{server}/events/{event_id}/manage?round=2")
            why = page.locator("details.why-pair").first
            why.locator("summary").click()
            expect(why.locator(".why-text")).to_contain_text("gruppo di punteggio")
            page.screenshot(path=str(SHOTS / "torneo-browser-season-why-phone.png"))
        finally:
            browser.close()
