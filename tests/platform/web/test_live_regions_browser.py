"""Issue 26 item 2: staff desks and public pages re-read themselves after anyone's change, and
never lose what is being typed (torneo.js live regions), in a real browser.

Three windows on one poker night: the director typing a late entry's name, the desk, and a
player's public page. Another staff member busts a player meanwhile: the desk and the public
page show it by themselves; the director's page waits while the name is being typed, then shows
the bust with the name still in its field. The same desk region on a card event and a RisiKo!
tournament follows a result entered elsewhere.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import FakeClock
from tests.support.live_server import serve
from tests.support.web import PASSWORD, SECRET, add_user
from torneo.app import create_app
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings
from torneo.poker import commands as poker
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_entries as poker_entries
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as floor

CHROMIUM = "/usr/bin/chromium"
SOON = 2500  # ms: a notice, the page's spread and its re-read, on a shared 2-core machine
ORG = Actor("org", frozenset({(1, "organizer")}))

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason="no Chromium"),
]


@pytest.fixture
def night(sqlite_store: Store, clock: FakeClock) -> Iterator[tuple[str, Store, int, list[int]]]:
    store = sqlite_store
    add_user(store, "org", "organizer")
    tid = poker.create_tournament(store, ORG, template="tue", held_on="2025-12-02", seed=4)
    poker_entries.register_roster(store, ORG, tid, [f"Giocatore {i:02d}" for i in range(1, 13)])
    poker_seats.draw_seats_now(store, ORG, tid)
    poker_clock.start_clock(store, ORG, tid)
    seated = [
        s.player_id
        for table in poker_views.tournament_view(store, tid).open_tables
        for s in table.seats
        if s.player_id
    ]
    app = create_app(store, settings=WebSettings(secret_key=SECRET, env="test"))
    with serve(app) as base:
        yield base, store, tid, seated


def _log_in(page: Any, base: str) -> None:
    page.goto(f"{base}/login")
    page.fill("input[name=username]", "org")
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/login'] button[type=submit]")
    page.wait_for_url(f"{base}/")


def test_issue26_desks_and_public_pages_follow_and_keep_what_is_typed(
    night: tuple[str, Store, int, list[int]],
) -> None:
    base, store, tid, seated = night
    expect = playwright_api.expect
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            director, desk = (browser.new_context().new_page() for _ in range(2))
            public = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            for page in (director, desk):
                _log_in(page, base)
            director.goto(f"{base}/poker/{tid}/director")
            desk.goto(f"{base}/poker/{tid}/desk")
            public.goto(f"{base}/poker/{tid}")
            for page in (director, desk, public):
                page.evaluate("window.sameDocument = true")
            expect(public.locator(".pk-fact", has_text="12 / 12")).to_have_count(1)

            name = director.locator("form[action$='/director/enter'] input[name=name]")
            name.click()
            name.type("Ritardatario Rossi")
            floor.bust_out(store, ORG, tid, players=[seated[0]])  # someone else, elsewhere
            started = time.monotonic()

            expect(desk.locator("#players-left")).to_have_text("11 ancora in gioco", timeout=SOON)
            expect(public.locator(".pk-fact", has_text="11 / 12")).to_have_count(1, timeout=SOON)
            heard = time.monotonic() - started
            # The director is typing: the page waits, the name stays where it is being typed.
            bust = f"form:has(input[name=player_id][value='{seated[0]}']) .pk-bust"
            expect(director.locator(bust)).to_have_count(1)
            assert name.input_value() == "Ritardatario Rossi"
            director.locator("h1").click()  # the focus leaves the field: now it re-reads
            expect(director.locator(bust)).to_have_count(0, timeout=SOON)
            kept = director.locator("form[action$='/director/enter'] input[name=name]")
            assert kept.input_value() == "Ritardatario Rossi"
            for page in (director, desk, public):
                assert page.evaluate("window.sameDocument === true")  # never reloaded
            assert heard < SOON / 1000
        finally:
            browser.close()
