"""Issue 15 in a real browser (Chromium, phone and desktop): a card event from creation to
closing done only by clicking from the home page, results in two taps and by keyboard with the
focus where the next entry is; a player's self-report in 3 taps and the confirmation in 1."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect, sync_playwright

from tests.cards.self_report.test_pages import running
from tests.cards.test_pages_browser import ARGS, DESKTOP, PHONE, SHOTS
from tests.cards.test_pages_browser import chromium as chromium
from tests.cards.test_pages_browser import server as server
from tests.support.web import PASSWORD
from torneo.platform.store.uow import Store

pytestmark = pytest.mark.browser


def _enter_round(page: Page, *, keyboard: bool) -> None:
    """Every open table of the round: by the likely-result buttons (checking that the focus
    moves to the next open table), or typed "<table> 2-0" in the keyboard entry."""
    while page.locator("li.entry:not(.done) .likely-results").count():
        row = page.locator("li.entry:not(.done)").first
        table = row.locator(".table-no").inner_text().strip()
        open_before = page.locator("li.entry:not(.done)").count()
        if keyboard:
            field = page.locator("#entry-line")
            field.fill(f"{table} 2-0")
            field.press("Enter")
            expect(page.locator("#keyboard-entry .saved")).to_contain_text(table)
            expect(page.locator("li.entry:not(.done)")).to_have_count(open_before - 1)
            assert page.evaluate("document.activeElement.id") == "entry-line"
        else:
            row.locator(".likely-results button").first.click()
            expect(page.locator("li.entry:not(.done)")).to_have_count(open_before - 1)
            if open_before > 1:  # the focus is on the next open table's first result
                focused = page.evaluate(
                    "document.activeElement.closest('li.entry:not(.done)') !== null"
                )
                assert focused


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_card_event_from_creation_to_closing_by_clicking_from_the_home_page(
    chromium: Path,
    server: str,
    size: str,
) -> None:
    viewport: ViewportSize = PHONE if size == "phone" else DESKTOP
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            page = browser.new_page(viewport=viewport)
            page.on("dialog", lambda d: d.accept())  # "Close the event?"
            page.goto(f"{server}/")  # the only typed address
            page.click(".topnav a[href^='/login']")
            page.fill("input[name=username]", "org")
            page.fill("input[name=password]", PASSWORD)
            page.click("form[action='/login'] button[type=submit]")
            page.click(".topnav a[href='/events/new']")
            page.fill("input[name=name]", f"Serata {size}")
            page.select_option("select[name=preset]", "invasion-it-2012")
            page.fill("input[name=held_on]", "2012-03-10")
            page.click("form[action='/events/new'] button[type=submit]")
            page.wait_for_url("**/manage")
            page.fill("textarea[name=roster]", "\n".join(f"Giocatore {i:02d}" for i in range(8)))
            page.click("form[action$='/manage/roster'] button[type=submit]")
            page.click(".event-head a[href$='/desk']")
            steps = []
            for _ in range(30):  # the desk's primary action, until the event is closed
                page.wait_for_selector("#next")
                primary = page.locator("#next .button.primary")
                href = primary.get_attribute("href") or ""
                if href.endswith("#results"):
                    break
                steps.append(primary.inner_text().strip())
                primary.click()
                if href:  # the step's page, loaded, before looking at what it shows
                    page.wait_for_url(f"**{href}")
                    page.wait_for_load_state()
                if "/manage" in page.url and "#start" in page.url:
                    page.click("form[action$='/manage/start'] button[type=submit]")
                elif "#round" in page.url and page.locator("li.entry:not(.done)").count():
                    _enter_round(page, keyboard=size == "desktop" and len(steps) % 2 == 0)
                if not page.url.endswith("/desk"):
                    page.click(".event-head a[href$='/desk']")
            else:
                pytest.fail(f"the event never closed: {steps}")
            page.screenshot(path=str(SHOTS / f"torneo-browser-desk-{size}.png"), full_page=True)
            expect(page.locator(".kicker .badge")).to_have_class("badge status-finished")
            # 8 players: 3 Swiss rounds, then the Top 4 (semifinals, final), then the closing.
            assert steps[:4] == [
                "Inizia il torneo",
                "Abbina il turno 1",
                "Abbina il turno 2",
                "Abbina il turno 3",
            ], steps
            assert "Inizia la Top 4" in steps, steps  # its size, not "Top X" (issue 30 item 8)
            assert steps[-1] == "Chiudi il torneo", steps
        finally:
            browser.close()


def test_a_player_reports_in_three_taps_and_the_opponent_confirms_in_one(
    chromium: Path,
    server: str,
    web_store: Store,
) -> None:
    event_id, tables = running(web_store)
    table, code_a, code_b = tables[0]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            phone = browser.new_page(viewport=PHONE)
            phone.goto(f"{server}/events/{event_id}")
            taps = 0
            phone.click(f"a[href='/events/{event_id}/report']")
            taps += 1
            phone.fill("input[name=table]", str(table))
            phone.fill("input[name=code]", code_a)
            phone.click(".self-report form button[type=submit]")
            taps += 1
            phone.locator(".result-pick .likely button[value='2-1']").click()
            taps += 1
            expect(phone.locator(".alert.ok")).to_be_visible()
            assert taps == 3
            phone.screenshot(path=str(SHOTS / "torneo-browser-report-phone.png"), full_page=True)
            other = browser.new_page(viewport=PHONE)
            other.goto(f"{server}/events/{event_id}/report?table={table}&code={code_b}")
            confirm = other.locator(".confirm-one button")
            expect(confirm).to_have_text("Conferma 1-2")
            confirm.click()
            expect(other.locator(".alert.ok")).to_contain_text("Confermato")
        finally:
            browser.close()
