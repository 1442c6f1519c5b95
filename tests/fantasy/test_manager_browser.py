"""A new fantasy manager's evening in a real browser (issue 30 item 2): from the league page,
by clicks only, the roster picked from the list of players (the credits and the roles left
updating in place) and the lineup set on the pitch, within a budget of 40 clicks; a refused
roster and a refused lineup keep everything picked. Screenshots go to /tmp/torneo-fantasy-*."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cards.test_pages_browser import ARGS, DESKTOP, chromium
from tests.conftest import FakeClock
from tests.fantasy.conftest import ADMIN, build_league, manager
from tests.support.servers import running
from tests.support.web import PASSWORD, SECRET
from torneo.app import create_app
from torneo.fantasy import commands as fantasy
from torneo.fantasy import views_team
from torneo.fantasy.rules import samples
from torneo.platform.store.uow import Store
from torneo.platform.web.settings import WebSettings

__all__ = ["chromium"]
pytestmark = pytest.mark.browser

BUDGET = 40  # issue 30: a fantasy manager's roster and lineup, in clicks from the league page


@pytest.fixture
def server(web_store: Store) -> Iterator[str]:
    app = create_app(web_store, settings=WebSettings(secret_key=SECRET, env="test"))
    with running(app) as url:
        yield url


class Clicks:
    """The clicks a person makes (a button, a link, an option chosen, a drag)."""

    def __init__(self, page: Any) -> None:
        self.page, self.count = page, 0

    def click(self, selector: str) -> None:
        self.count += 1
        self.page.click(selector)

    def choose(self, selector: str, value: str) -> None:
        self.count += 1
        self.page.select_option(selector, value)

    def drag(self, source: str, target: str) -> None:
        self.count += 1
        self.page.drag_and_drop(source, target)


def serious(page: Any) -> list[str]:
    """axe's serious and critical findings on the page shown (as the main pages are checked)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}"
        for v in found
        if v["impact"] in {"serious", "critical"}
    ]


def settled(page: Any) -> None:
    """No htmx request or swap under way: a person's next click lands on the page shown.

    A locator, not ``wait_for_function``: while its predicate is false Playwright polls it by
    evaluating the string in the page, which the page's CSP (no ``unsafe-eval``) refuses; it
    failed so whenever a request was still under way on a loaded host (2026-12-06)."""
    from playwright.sync_api import expect

    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def test_fan_roster_1_and_fan_lineup_1_a_new_manager_by_clicks_within_budget(
    chromium: Path, server: str, web_store: Store, clock: FakeClock
) -> None:
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=20_000)  # two cores shared by many: a click's answer may lag
    league = build_league(web_store, teams=2, seed=5)
    who = manager(web_store, "novizio")
    tid = fantasy.add_team(web_store, ADMIN, league.id, name="Nuova", manager=who.name)
    codes = samples.pick_roster(list(league.season.players), random.Random(5))
    names = {p.code: p.name for p in league.season.players}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            page = browser.new_context(viewport=DESKTOP).new_page()
            page.goto(f"{server}/login")
            page.fill("input[name=username]", "novizio")
            page.fill("input[name=password]", PASSWORD)
            page.click("form[action='/login'] button[type=submit]")
            page.wait_for_url(f"{server}/")
            page.goto(f"{server}/fantasy/{league.id}")
            you = Clicks(page)
            you.click("text=La mia squadra: Nuova")
            you.click("#choose-roster")
            page.wait_for_url(re.compile(rf".*/teams/{tid}/roster.*"))
            page.evaluate("window.stillHere = true")  # a full page load would forget it
            for code in codes[:24]:
                settled(page)
                you.click(f'tr[data-code="{code}"] .fl-pick a')
                expect(page.locator(f'tr[data-code="{code}"]')).to_have_class("fl-picked")
            assert page.evaluate("window.stillHere === true"), "a pick reloaded the whole page"
            expect(page.locator("#tally")).to_contain_text("/")
            page.screenshot(path="/tmp/torneo-fantasy-roster-picking.png", full_page=False)
            assert serious(page) == []
            you.click("#save-roster")  # 24 of 25: refused, the picks stay
            expect(page.locator(".alert.error")).to_contain_text("FAN-ROSTER-1")
            expect(page.locator("#picks input[name=p]")).to_have_count(24)
            # the last one found by typing in the search box: the list follows as one types
            page.fill("input[name=q]", names[codes[24]])
            expect(page.locator(f'tr[data-code="{codes[24]}"]')).to_be_visible()
            expect(page.locator("tr[data-code]")).not_to_have_count(len(league.season.players))
            settled(page)
            you.click(f'tr[data-code="{codes[24]}"] .fl-pick a')
            expect(page.locator("#picks input[name=p]")).to_have_count(25)
            you.click("#save-roster")
            page.wait_for_url(f"{server}/fantasy/{league.id}/teams/{tid}")
            expect(page.locator(".alert.ok")).to_contain_text("Rosa salvata")
            roster_clicks = you.count

            you.click("#set-lineup")
            page.wait_for_url(re.compile(rf".*/teams/{tid}/lineup.*"))
            you.click("button[name=to][value='3-4-3']")
            expect(page.locator("button[name=to][value='3-4-3']")).to_have_attribute(
                "aria-pressed", "true"
            )
            expect(page.locator(".fl-line[data-role=A] select")).to_have_count(3)
            bench = page.locator("#bench select[name=b]")
            first = [bench.nth(i).input_value() for i in range(7)]
            you.click("#bench li:nth-child(3) button[data-move='-1']")  # arrows, in place
            you.drag("#bench li:nth-child(7) .fl-handle", "#bench li:nth-child(1)")
            arranged = [bench.nth(i).input_value() for i in range(7)]
            assert arranged != first
            assert sorted(arranged) == sorted(first)
            assert arranged[0] == first[6]  # the dragged one enters first
            you.choose("#bench li:nth-child(2) select", arranged[0])  # one player twice
            you.click("#save-lineup")
            expect(page.locator(".alert.error")).to_contain_text("FAN-LINEUP-1")
            kept = [bench.nth(i).input_value() for i in range(7)]
            assert kept == [arranged[0], arranged[0], *arranged[2:]]  # all chosen, still there
            expect(page.locator("input[name=f]")).to_have_value("3-4-3")
            page.screenshot(path="/tmp/torneo-fantasy-lineup-refused.png", full_page=True)
            assert serious(page) == []
            you.choose("#bench li:nth-child(2) select", arranged[1])
            you.click("#save-lineup")
            page.wait_for_url(f"{server}/fantasy/{league.id}/teams/{tid}")
            expect(page.locator(".alert.ok")).to_contain_text("Formazione salvata")
            assert you.count <= BUDGET, f"{you.count} clicks ({roster_clicks} for the roster)"
            team = views_team.team_page(web_store, league.id, tid)
            assert sorted(p.code for p in team.roster) == sorted(codes)
            assert team.bench == tuple(int(v) for v in arranged)
            assert len(team.starters) == 11
        finally:
            browser.close()
