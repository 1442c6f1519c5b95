"""The main pages pass axe-core with no serious or critical violation (issue 15), phone and desktop.

axe-core (bundled by ``axe-playwright-python``) runs in Debian's Chromium on the demo's pages:
the home page, an event's public and organizer pages, the season, the ladders, RisiKo! and poker.
Contrast, names of buttons and links, labels of inputs, landmarks: what a screen reader or a
low-contrast phone in a club room would stumble on.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, sync_playwright

from tests.conftest import FakeClock
from tests.support.databases import migrated_sqlite_store
from tests.support.live_server import serve
from tests.support.web import SECRET
from torneo import demo
from torneo.app import create_app
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings
from torneo.poker import commands as poker
from torneo.poker import commands_entries as poker_entries
from torneo.risiko import commands as risiko

CHROMIUM = Path("/usr/bin/chromium")
SERIOUS = {"serious", "critical"}

# The module's fixture is built once: its tests run on one xdist worker (make test: --dist loadgroup).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("axe")]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, int]]]:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing (apt-get install chromium, or make chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests must run under CI=true: {reason}")
        pytest.skip(reason)
    store: Store = migrated_sqlite_store(tmp_path_factory.mktemp("axe") / "axe.db", FakeClock())
    summary = demo.load_demo(store)
    assert summary is not None
    owner = Actor("organizer", memberships=frozenset({(1, "owner")}))
    tid = poker.create_tournament(store, owner, template="tue", held_on="2025-12-02", seed=3)
    poker_entries.register_roster(store, owner, tid, [f"Giocatore {i}" for i in range(12)])
    rid = risiko.create_tournament(store, owner, name="Torneo RisiKo", held_on="2016-05-01")
    ids = {"event": summary.running_event_id, "finished": summary.finished_event_id}
    ids |= {"poker": tid, "risiko": rid}
    app = create_app(store, settings=WebSettings(secret_key=SECRET, env="test"))
    with serve(app) as base:
        yield base, ids
    store.engine.dispose()


def _pages(ids: dict[str, int]) -> list[str]:
    return [
        "/",
        f"/events/{ids['event']}",
        f"/events/{ids['finished']}",
        f"/events/{ids['event']}/manage",
        "/seasons",
        "/seasons/1",
        "/ladders",
        "/risiko",
        f"/risiko/{ids['risiko']}",
        "/poker",
        f"/poker/{ids['poker']}",
        f"/poker/{ids['poker']}/director",
    ]


def _log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/login")
    page.fill("input[name=username]", demo.DEMO_USERNAMES[0])
    page.fill("input[name=password]", demo.DEMO_PASSWORD)
    page.click("form[action='/login'] button[type=submit]")
    page.wait_for_url(f"{base}/")


def _serious(page: Page) -> list[str]:
    found = []
    for violation in Axe().run(page).response["violations"]:
        if violation["impact"] in SERIOUS:
            where = [n["target"] for n in violation["nodes"][:3]]
            if os.environ.get("AXE_DETAIL"):
                where += [n.get("failureSummary", "")[-160:] for n in violation["nodes"][:3]]
            found.append(f"{violation['id']} ({violation['impact']}): {where}")
    return found


@pytest.mark.parametrize(
    "viewport",
    [{"width": 390, "height": 844}, {"width": 1366, "height": 900}],
    ids=["phone", "desktop"],
)
def test_main_pages_have_no_serious_accessibility_violation(
    site: tuple[str, dict[str, int]], viewport: dict[str, int]
) -> None:
    base, ids = site
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
            _log_in(page, base)
            problems = {}
            for path in _pages(ids):
                page.goto(f"{base}{path}")
                found = _serious(page)
                if found:
                    problems[path] = found
            if os.environ.get("AXE_DETAIL"):
                Path(os.environ["AXE_DETAIL"]).write_text(
                    "\n".join(f"{k}: {x}" for k, v in problems.items() for x in v)
                )
            assert problems == {}
        finally:
            browser.close()
