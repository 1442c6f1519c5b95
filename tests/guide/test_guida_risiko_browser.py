"""docs/guida/risiko.md: a first RisiKo! evening from the home page, by clicks (issue 30 item 10)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.guide import Walk

pytestmark = pytest.mark.browser

PLAYERS = "Anna Bianchi\nBruno Conti\nCarla Dini\nDario Esposito\nElena Fabbri\nFranco Galli\nGina Marchi\nIvo Neri"


def test_guida_risiko_a_first_evening(organizer_page: Page, tmp_path: Path) -> None:
    page = organizer_page
    walk = Walk(page, "risiko", tmp_path)
    walk.link("Tornei di RisiKo!")
    walk.link("Nuovo torneo di RisiKo!")
    page.fill("input[name=name]", "RisiKo! del venerdì")
    page.fill("input[name=held_on]", "2026-12-11")
    walk.shot("1-nuovo")
    walk.click("Crea il torneo")
    expect(page.locator("h1")).to_contain_text("RisiKo! del venerdì")

    page.fill("textarea[name=roster]", PLAYERS)
    walk.shot("2-giocatori", target=page.locator("#players"))
    walk.click("Iscrivili tutti")
    expect(page.locator("#players")).to_contain_text("Ivo Neri")

    page.fill("textarea[name=referees]", "Arbitro del torneo: Marco Rossi")
    page.fill("textarea[name=not_allowed]", "Alleanze dichiarate; telefoni al tavolo")
    walk.shot("3-regolamento", target=page.locator("#regulation"))
    walk.click("Pubblica")
    expect(page.locator("#regulation")).to_contain_text("pubblicato")

    walk.click("Sorteggia il turno 1")
    expect(page.locator("#round")).to_contain_text("Inserisci il risultato")
    walk.shot("4-tavoli", target=page.locator("#round"))

    walk.link("Inserisci il risultato", within=page.locator("#round"))
    points = page.locator("input[name$='-points']")
    for i in range(points.count()):
        points.nth(i).fill(str(40 - 7 * i))
    walk.shot("5-risultato")
    walk.click("Salva il risultato")
    expect(page.locator("#standings")).to_contain_text("90")  # 40 + 50 to the sole winner
    walk.shot("6-classifica", target=page.locator("#standings"))
    walk.check_guide()
