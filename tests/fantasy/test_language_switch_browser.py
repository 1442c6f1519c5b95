"""Issue 30 item 4 in a real browser: the language switch keeps the page as it is.

It went to the bare path, so the roster's unsaved picks (in the address, pushed by htmx after
the page was drawn) and the lineup's unsaved choices (the places and the bench's order, only in
the page) were lost. Now the switch goes to the address shown, and what was chosen in the page
comes back in the other language.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.cards.test_pages_browser import ARGS, DESKTOP, chromium
from tests.conftest import FakeClock
from tests.fantasy.conftest import ADMIN, build_league, manager
from tests.support.servers import running
from tests.support.web import PASSWORD, SECRET
from torneo.app import create_app
from torneo.fantasy import commands as fantasy
from torneo.fantasy.rules import samples
from torneo.platform.store.uow import Store
from torneo.platform.web.settings import WebSettings

__all__ = ["chromium"]
pytestmark = pytest.mark.browser


@pytest.fixture
def server(web_store: Store) -> Iterator[str]:
    app = create_app(web_store, settings=WebSettings(secret_key=SECRET, env="test"))
    with running(app) as url:
        yield url


def _login(page: Page, server: str, username: str) -> None:
    page.goto(f"{server}/login")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/login'] button[type=submit]")
    page.wait_for_url(f"{server}/")


def test_issue30_the_language_switch_keeps_the_rosters_picks_and_the_lineups_choices(
    chromium: Path, server: str, web_store: Store, clock: FakeClock
) -> None:
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=20_000)
    league = build_league(web_store, teams=2, seed=5)
    manager(web_store, "novizio")
    tid = fantasy.add_team(web_store, ADMIN, league.id, name="Nuova", manager="novizio")
    codes = samples.pick_roster(list(league.season.players), random.Random(5))[:3]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            page = browser.new_context(viewport=DESKTOP).new_page()
            _login(page, server, "novizio")
            page.goto(f"{server}/fantasy/{league.id}/teams/{tid}/roster")
            for code in codes:
                # a locator, not wait_for_function: the CSP refuses its polling (test_manager_browser)
                expect(page.locator(".htmx-request")).to_have_count(0)
                page.click(f'tr[data-code="{code}"] .fl-pick a')
                expect(page.locator(f'tr[data-code="{code}"]')).to_have_class("fl-picked")
            page.click("a.lang[hreflang=en]")
            page.wait_for_url(re.compile(r".*lang=en.*"))
            expect(page.locator("h1")).to_have_text("Choose the roster")
            expect(page.locator("#picks input[name=p]")).to_have_count(3)
            kept = page.locator("#picks input[name=p]").evaluate_all("els => els.map(e => e.value)")
            assert sorted(kept) == sorted(codes)

            other = browser.new_context(viewport=DESKTOP).new_page()
            _login(other, server, "mister0")
            other.goto(f"{server}/fantasy/{league.id}/teams/{league.teams[0]}/lineup")
            bench = other.locator("#bench select[name=b]")
            expect(bench).to_have_count(7)
            first = [bench.nth(i).input_value() for i in range(7)]
            other.click("#bench li:nth-child(3) button[data-move='-1']")  # in place, not sent
            starter = other.locator("select[name=s]").first
            choices = starter.locator("option").evaluate_all(
                "els => els.map(e => e.value).filter(v => v)"
            )
            before = starter.input_value()
            changed = next(v for v in choices if v != before)
            starter.select_option(changed)
            arranged = [bench.nth(i).input_value() for i in range(7)]
            assert arranged != first
            other.click("a.lang[hreflang=en]")
            other.wait_for_url(re.compile(r".*lang=en.*"))
            expect(other.locator("html")).to_have_attribute("lang", "en")
            expect(other.locator("select[name=s]").first).to_have_value(changed)
            assert [bench.nth(i).input_value() for i in range(7)] == arranged
        finally:
            browser.close()
