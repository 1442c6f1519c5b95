"""docs/guida/poker.md: a first poker night from the home page, by clicks (issue 30 item 10)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.guide import Walk

pytestmark = pytest.mark.browser

PLAYERS = "Anna\nBruno\nCarla\nDario\nElena\nFranco\nGina\nIvo\nLuca\nMarta\nNino\nOlga"


def test_guida_poker_a_first_night(organizer_page: Page, tmp_path: Path) -> None:
    page = organizer_page
    walk = Walk(page, "poker", tmp_path)
    walk.link("Tornei di poker")
    page.fill("input[name=held_on]", "2026-12-08")
    walk.shot("1-nuovo")
    walk.click("Crea")
    expect(page.locator("#entries")).to_be_visible()

    page.locator("summary", has_text="Incolla l'elenco").click()
    page.fill("textarea[name=names]", PLAYERS)
    walk.shot("2-iscrizioni", target=page.locator("#entries"))
    walk.click("Iscrivili tutti")
    expect(page.locator("#entries .progress-text")).to_contain_text("12")

    walk.click("🎲 Sorteggia i posti")
    walk.click("▶ Avvia l'orologio")
    walk.shot("3-orologio")
    expect(page.locator("#tables .pk-bust")).to_have_count(12)

    page.once("dialog", lambda dialog: dialog.accept())
    walk.click("Fuori", within=page.locator("#tables .pk-seat:has(.pk-bust)").first)
    expect(page.locator("#tables .pk-bust")).to_have_count(11)
    walk.shot("4-tavoli", target=page.locator("#tables"))

    page.set_viewport_size({"width": 1280, "height": 720})  # the room's television
    walk.link("Schermo TV")
    expect(page.locator("body")).to_contain_text("11")
    walk.shot("5-tv")
    walk.check_guide()
