"""A manager gives the lineup on a phone, in a real browser (Debian's Chromium driven by
Playwright), and the standings page of someone watching updates by itself when the
administrator imports the matchday's provisional votes (live notices). Screenshots go to
/tmp/torneo-fantasy-*.png for people to look at."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cards.test_pages_browser import ARGS, PHONE, chromium
from tests.conftest import FakeClock
from tests.fantasy.conftest import ADMIN, build_league
from tests.support.held_streams import held_streams
from tests.support.servers import running
from tests.support.web import PASSWORD, SECRET
from torneo.app import create_app
from torneo.fantasy import commands_votes as votes
from torneo.fantasy import views_team
from torneo.fantasy.rules import samples
from torneo.platform.store.uow import Store
from torneo.platform.web.settings import WebSettings

__all__ = ["chromium"]  # the fixture, shared with the card events' browser tests
pytestmark = pytest.mark.browser


@pytest.fixture
def server(web_store: Store) -> Iterator[str]:
    app = create_app(web_store, settings=WebSettings(secret_key=SECRET, env="test"))
    with running(app) as url:
        yield url


def test_fan_lineup_1_a_manager_gives_the_lineup_on_a_phone(
    chromium: Path, server: str, web_store: Store, clock: FakeClock
) -> None:
    from playwright.sync_api import expect, sync_playwright

    league = build_league(web_store, teams=3, seed=11)
    tid = league.teams[0]
    page_view = views_team.team_page(web_store, league.id, tid)
    starters, bench = samples.pick_lineup(
        [(p.id, p.role) for p in page_view.roster], random.Random(11), "4-4-2"
    )
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            phone = browser.new_context(viewport=PHONE).new_page()
            phone.goto(f"{server}/login")
            phone.fill("input[name=username]", "mister0")
            phone.fill("input[name=password]", PASSWORD)
            phone.click("form[action='/login'] button[type=submit]")
            phone.wait_for_url(f"{server}/")
            phone.goto(f"{server}/fantasy/{league.id}")
            phone.click("text=La mia squadra: Squadra 0")
            phone.wait_for_url(f"**/fantasy/{league.id}/teams/{tid}")
            expect(phone.locator(".fl-deadline").first).to_contain_text("Da consegnare entro")
            phone.click("#set-lineup")
            phone.wait_for_url(f"**/fantasy/{league.id}/teams/{tid}/lineup")
            # the pitch is laid out by role (keeper, defenders, midfielders, forwards)
            roles = {p.id: p.role for p in page_view.roster}
            ordered = sorted(starters, key=lambda pid: "PDCA".index(roles[pid]))
            for i, pid in enumerate(ordered):
                phone.locator("select[name=s]").nth(i).select_option(str(pid))
            for i, pid in enumerate(bench):
                phone.locator("select[name=b]").nth(i).select_option(str(pid))
            width = phone.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"the page is {width}px wide on a phone"
            phone.screenshot(path="/tmp/torneo-fantasy-lineup-phone.png", full_page=True)
            phone.click("text=Salva la formazione")
            expect(phone.locator(".alert.ok")).to_contain_text(
                "Formazione salvata per la giornata 1"
            )
            keeper = next(p.name for p in page_view.roster if p.id == ordered[0])
            expect(phone.locator("#lineup")).to_contain_text(keeper)
            assert views_team.team_page(web_store, league.id, tid).starters == tuple(ordered)

            # Someone watches the standings; the administrator imports a partial file while
            # the watcher's live stream is still opening (held here until the import is in):
            # the stream's first notice says what it missed, long before the slow poll.
            watcher = browser.new_context(viewport=PHONE).new_page()
            streams = held_streams(watcher)
            watcher.goto(f"{server}/fantasy/{league.id}")
            expect(watcher.locator("#stages")).to_have_count(0)
            clock.advance(days=6)
            rows = samples.vote_rows(league.season, 1, seed=11, clubs=league.season.clubs[:6])
            stream = streams.wait_for_one(watcher)
            votes.import_votes(web_store, ADMIN, league.id, 1, samples.rows_csv(rows))
            stream.continue_()
            expect(watcher.locator("#stages")).to_contain_text("Giornata 1", timeout=20_000)
            expect(watcher.locator("#stages")).to_contain_text("provvisorio")
            watcher.screenshot(path="/tmp/torneo-fantasy-standings-phone.png", full_page=True)
            phone.goto(f"{server}/fantasy/{league.id}/teams/{tid}/matchdays/1")
            expect(phone.locator("#breakdown")).to_contain_text("Panchina")
            phone.screenshot(path="/tmp/torneo-fantasy-score-phone.png", full_page=True)
        finally:
            browser.close()
