"""Issue 30 item 1 in a real browser: a new organizer runs a draft evening of the online card
game from the home page by clicking only (the address of the home page is the one thing typed,
names and the roster are typed into forms), the draft included, within a budget of clicks.

The organizer creates a ``berserk-online`` event with a one-booster draft, registers four
players, starts it; the desk then shows the draft as the next step; on a fresh database the
draft's set-up loads the demo set in one click, then the draft starts. Four players, each on a
phone, reach their draft from the event's page and pick their seven cards; the desk then leads
the organizer through the rounds to the closing. Every click of the organizer is counted.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect, sync_playwright
from sqlalchemy import select

from tests.cards.test_pages_browser import ARGS, DESKTOP, PHONE, SHOTS
from tests.cards.test_pages_browser import chromium as chromium
from tests.cards.test_pages_browser import server as server
from tests.cards.test_pages_browser_desk import _enter_round
from tests.support.draft import player_accounts
from tests.support.web import PASSWORD
from torneo.cards.tables import Event
from torneo.platform.store.uow import Store

pytestmark = pytest.mark.browser

CLICK_BUDGET = 50  # issue 30: a card evening in at most 50 clicks
PLAYERS = ("Anna Rossi", "Bruno Verdi", "Carla Neri", "Dario Bianchi")


class Clicks:
    """The organizer's clicks, counted (a choice in a drop-down is a click too)."""

    def __init__(self) -> None:
        self.n = 0

    def click(self, target: Locator) -> None:
        target.click()
        self.n += 1

    def choose(self, target: Locator, value: str) -> None:
        target.select_option(value)
        self.n += 1


def _player_reaches_the_draft(page: Page, server: str, username: str, event_id: int) -> None:
    page.goto(f"{server}/")
    page.click(".topnav a[href^='/login']")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/login'] button[type=submit]")
    page.click(f".event-cards a[href='/events/{event_id}']")
    page.click(f".event-head a[href='/events/{event_id}/draft']")
    expect(page.locator("[data-role=status]")).to_contain_text("non è ancora iniziato")


def test_a_draft_evening_from_the_home_page_by_clicks_within_the_budget(
    chromium: Path,
    server: str,
    web_store: Store,
) -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            page = browser.new_page(viewport=DESKTOP)
            page.on("dialog", lambda d: d.accept())  # "Close the event?"
            c = Clicks()
            page.goto(f"{server}/")  # the only typed address
            c.click(page.locator(".topnav a[href^='/login']"))
            page.fill("input[name=username]", "org")
            page.fill("input[name=password]", PASSWORD)
            c.click(page.locator("form[action='/login'] button[type=submit]"))
            c.click(page.locator(".topnav a[href='/events/new']"))
            page.fill("input[name=name]", "Draft del giovedì")
            expect(page.locator("select[name=format]:visible")).to_have_count(0)  # Invasion's
            c.choose(page.locator("select[name=preset]"), "berserk-online")
            c.choose(page.locator("select[name=format]:visible"), "draft_one_booster")
            page.fill("input[name=held_on]", "2026-12-03")
            c.click(page.locator("form[action='/events/new'] button[type=submit]"))
            page.wait_for_url("**/manage")
            page.fill("textarea[name=roster]", "\n".join(PLAYERS))
            c.click(page.locator("form[action$='/manage/roster'] button[type=submit]"))
            expect(page.locator(".grid.players tbody tr")).to_have_count(len(PLAYERS))
            c.click(page.locator(".event-head a[href$='/desk']"))
            c.click(page.locator("#next .button.primary"))  # "Inizia il torneo"
            start = page.locator("form[action$='/manage/start']")
            expect(start.locator("input[name=choice_rule]")).to_have_count(0)  # item 6
            expect(start.locator("input[name=deck_checks]")).to_have_count(0)
            c.click(start.locator("button[type=submit]"))
            c.click(page.locator(".event-head a[href$='/desk']"))
            primary = page.locator("#next .button.primary")
            expect(primary).to_have_text("Vai al draft")
            c.click(primary)
            c.click(page.locator("form[action='/card-sets/demo'] button[type=submit]"))
            page.fill("input[name=pick_seconds]", "45")
            c.click(page.locator("form[action$='/draft/setup'] button[type=submit]"))
            with web_store.read() as s:
                event_id = s.scalars(select(Event.id).order_by(Event.id.desc())).first()
            assert event_id is not None
            phones = []
            for _, username in player_accounts(web_store, event_id, "drafter"):
                phone = browser.new_context(viewport=PHONE).new_page()
                _player_reaches_the_draft(phone, server, username, event_id)
                phones.append(phone)
            c.click(page.locator("form[action$='/draft/start'] button[type=submit]"))
            for pick in range(1, 8):
                for phone in phones:
                    expect(phone.locator("[data-role=position]")).to_contain_text(
                        f"scelta {pick}", timeout=20_000
                    )
                    phone.locator("button.draft-card").first.click()
                    phone.locator("[data-role=confirm]").click()
                    expect(phone.locator("[data-role=count]")).to_have_text(
                        str(pick), timeout=20_000
                    )
            for phone in phones:
                expect(phone.locator("[data-role=status]")).to_contain_text("Il draft è finito")
            phones[0].screenshot(path=str(SHOTS / "torneo-browser-draft-evening-phone.png"))
            c.click(page.locator(".event-head a[href$='/desk']"))
            steps = []
            for _ in range(20):  # the desk's primary action, until the event is closed
                page.wait_for_selector("#next")
                primary = page.locator("#next .button.primary")
                if (primary.get_attribute("href") or "").endswith("#results"):
                    break
                steps.append(primary.inner_text().strip())
                c.click(primary)
                if "#round" in page.url and page.locator("li.entry:not(.done)").count():
                    before = page.locator("li.entry:not(.done) .likely-results").count()
                    _enter_round(page, keyboard=False)
                    c.n += before  # one tap a table
                if not page.url.endswith("/desk"):
                    c.click(page.locator(".event-head a[href$='/desk']"))
            else:
                pytest.fail(f"the event never closed: {steps}")
            assert steps[0] == "Abbina il turno 1", steps  # the draft is behind
            assert steps[-1] == "Chiudi il torneo", steps
            page.screenshot(path=str(SHOTS / "torneo-browser-draft-evening-desk.png"))
            clicks = f"{c.n} clicks: {steps}"
            (SHOTS / "torneo-browser-draft-evening-clicks.txt").write_text(clicks, "utf-8")
            assert c.n <= CLICK_BUDGET, clicks
        finally:
            browser.close()
