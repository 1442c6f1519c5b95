"""docs/guida/carte.md: a card evening from the home page, by clicks (issue 30 item 10).

Eight players of the living card game: the event is created, the players registered, the
desk leads through three Swiss rounds, the Top 4 (semifinals at tables 1 and 2, issue 30) and
the closing. The clicks stay within the card evening's budget (issue 30: at most 50).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.guide import Walk

pytestmark = pytest.mark.browser

CLICK_BUDGET = 50  # issue 30: a card evening in at most 50 clicks
PLAYERS = (
    "Anna Bianchi\nBruno Conti\nCarla Dini\nDario Esposito\n"
    "Elena Fabbri\nFranco Galli\nGina Marchi\nIvo Neri"
)


def _results(walk: Walk, page: Page) -> None:
    """Every open table of the round with its likely result, one tap a table."""
    while page.locator("li.entry:not(.done) .likely-results").count():
        open_before = page.locator("li.entry:not(.done)").count()
        walk.click("2-0", within=page.locator("li.entry:not(.done)").first)
        expect(page.locator("li.entry:not(.done)")).to_have_count(open_before - 1)


def test_guida_carte_a_card_evening(organizer_page: Page, tmp_path: Path) -> None:
    page = organizer_page
    page.on("dialog", lambda d: d.accept())  # "Chiudere il torneo?"
    walk = Walk(page, "carte", tmp_path)
    walk.link("Nuovo torneo")
    page.fill("input[name=name]", "Invasion del giovedì")
    page.select_option("select[name=preset]", "invasion-it-2012")
    page.fill("input[name=held_on]", "2026-12-10")
    walk.shot("1-nuovo")
    walk.click("Crea il torneo")
    page.wait_for_url("**/manage")

    page.fill("textarea[name=roster]", PLAYERS)
    walk.shot("2-giocatori", target=page.locator("#players"))
    walk.click("Iscrivili tutti")
    expect(page.locator("#players")).to_contain_text("Ivo Neri")

    walk.link("Postazione")
    walk.shot("3-postazione", target=page.locator("#next"))
    walk.link("Inizia il torneo", within=page.locator("#next"))
    walk.click("Inizia il torneo", within=page.locator("#start"))

    for n in (1, 2, 3):
        walk.link("Postazione")
        walk.click(f"Abbina il turno {n}", within=page.locator("#next"))
        expect(page.locator("#round")).to_contain_text("2-0")
        if n == 1:
            walk.shot("4-turno", target=page.locator("#round"))
        _results(walk, page)

    walk.link("Postazione")
    walk.click("Inizia la Top 4", within=page.locator("#next"))
    tables = page.locator("#round li.entry .table-no").all_inner_texts()
    assert [t.strip() for t in tables] == ["1", "2"]  # the semifinals at tables 1 and 2
    walk.shot("5-top", target=page.locator("#round"))
    _results(walk, page)
    walk.link("Postazione")
    walk.click("Abbina il turno successivo della Top", within=page.locator("#next"))
    _results(walk, page)

    walk.link("Postazione")
    walk.click("Chiudi il torneo", within=page.locator("#next"))
    walk.link("Postazione")
    walk.link("Vedi la classifica finale e i punti torneo", within=page.locator("#next"))
    expect(page.locator("#results")).to_be_visible()
    walk.shot("6-classifica", target=page.locator("#results"))
    assert len(walk.labels) <= CLICK_BUDGET, walk.labels
    walk.check_guide()
