"""The poker pages in a real browser (Playwright driving Debian's Chromium, headless): the TV
counts down by itself between refreshes, and the director busts a player from the phone with
the per-seat button (the confirmation accepted), the move announced on the page."""

from __future__ import annotations

import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import FakeClock
from tests.support.web import LIVE_WAIT_MS, PASSWORD, SECRET, add_user
from torneo.app import create_app
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings
from torneo.poker import commands as poker
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_entries as poker_entries
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as poker_floor

CHROMIUM = "/usr/bin/chromium"

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason="no Chromium")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def server(sqlite_store: Store) -> Iterator[tuple[str, Store]]:
    import uvicorn

    add_user(sqlite_store, "org", "organizer")
    app = create_app(sqlite_store, settings=WebSettings(secret_key=SECRET, env="test"))
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(100):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", sqlite_store
    srv.should_exit = True
    thread.join(timeout=5)


def test_PKR_BAL_1_tv_counts_down_and_the_director_busts_from_the_phone(
    server: tuple[str, Store], clock: FakeClock
) -> None:
    """PKR-BTN-1 clock on the TV; PKR-BAL-1: a bust-out from the phone rebalances, announced."""
    base, store = server
    org = Actor("org", frozenset({(1, "organizer"), (1, "judge")}))
    tid = poker.create_tournament(store, org, template="tue", held_on="2025-12-02", seed=4)
    poker_entries.register_roster(store, org, tid, [f"Giocatore {i:02d}" for i in range(1, 21)])
    poker_seats.draw_seats_now(store, org, tid)
    poker_clock.start_clock(store, org, tid)
    first = [
        s.player_id for s in poker_views.tournament_view(store, tid).tables[0].seats if s.player_id
    ]
    poker_floor.bust_out(store, org, tid, players=[first[0]])  # 9 v 10: no move yet

    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            refused: list[str] = []  # what the Content-Security-Policy blocked, if anything

            def watch(message: Any) -> None:
                if "Content Security Policy" in message.text:
                    refused.append(message.text)

            tv = browser.new_page(viewport={"width": 1920, "height": 1080})
            tv.on("console", watch)
            answer = tv.goto(f"{base}/poker/{tid}/tv")
            # The server's page says 15:00 (the fake clock stands still); read it from the
            # answer, not the DOM, where poker.js may already have ticked on a slow host.
            assert answer is not None
            assert re.search(r'class="tv-time[^"]*"[^>]*>15:00<', answer.text())
            # The countdown runs from /poker/assets/poker.js under the page's CSP (no inline
            # script, no eval: Playwright's expect polls from its own isolated world).
            playwright_api.expect(tv.locator(".tv-time")).not_to_have_text(
                "15:00", timeout=LIVE_WAIT_MS
            )
            # Issue 15 item 8: "break in" ticks too, from the same moment as the level's clock.
            break_in = tv.locator("[data-countdown-from]")
            first_break = break_in.inner_text()
            playwright_api.expect(break_in).not_to_have_text(first_break, timeout=LIVE_WAIT_MS)

            phone = browser.new_page(viewport={"width": 390, "height": 844})
            phone.on("console", watch)
            phone.goto(f"{base}/login?next=/poker/{tid}/director")
            phone.fill("input[name=username]", "org")
            phone.fill("input[name=password]", PASSWORD)
            phone.click("form[action='/login'] button[type=submit]")
            phone.wait_for_url(f"**/poker/{tid}/director")
            phone.on("dialog", lambda dialog: dialog.accept())
            phone.locator("#table-1 .pk-bust").first.click()
            phone.wait_for_url(f"**/poker/{tid}/director#moves")
            assert phone.locator(".alert.ok").count() == 1
            move = phone.locator(".pk-move").first.inner_text()
            assert "→ Tavolo 1" in move
            # Issue 15 item 8: the bust was a mistake; "Annulla" on its log entry (confirmed)
            # puts it all back, the entry is struck, and the TV follows live.
            phone.locator("#log .pk-log-entry").first.locator("button").click()
            phone.wait_for_url(f"**/poker/{tid}/director#log")
            assert phone.locator(".alert.ok").count() == 1
            playwright_api.expect(phone.locator("#log .pk-log-entry.undone")).to_have_count(1)
            back = phone.locator(".pk-move").first.inner_text()
            assert "Tavolo 1" in back.split("→")[0]
            where = back.split("·", 1)[1].split("(")[0].strip()  # "Tavolo 1 posto 1 → …"
            playwright_api.expect(tv.locator(".tv-moves")).to_contain_text(
                where, timeout=LIVE_WAIT_MS
            )
            assert refused == []
        finally:
            browser.close()
