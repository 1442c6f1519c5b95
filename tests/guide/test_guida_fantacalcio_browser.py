"""docs/guida/fantacalcio.md: a fantasy league, for the administrator and for a manager, by
clicks from the home page (issue 30 item 10).

The administrator creates the league, imports the fixtures and the prices (the files the
guide's reader chooses) and adds a team; the manager looks at the list of players, picks the
roster from it and sets the lineup on the pitch, within the manager's budget (issue 30: roster
and lineup in at most 40 clicks); once the lineups are due the administrator imports the
matchday's votes and the standings follow.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import FilePayload, Page, expect

from tests.conftest import FakeClock
from tests.fantasy.conftest import FIRST_KICKOFF, manager
from tests.guide.conftest import PHONE
from tests.support.guide import Walk
from tests.support.web import PASSWORD
from torneo.fantasy.rules import samples
from torneo.platform.store.uow import Store

pytestmark = pytest.mark.browser

BUDGET = 40  # issue 30: a fantasy manager's roster and lineup, in clicks from the team's page


def _file(name: str, data: bytes) -> FilePayload:
    return {"name": name, "mimeType": "text/csv", "buffer": data}


def _manager_page(organizer: Page, server: str) -> Page:
    page = organizer.context.browser.new_context(viewport=PHONE, locale="it-IT").new_page()  # type: ignore[union-attr]
    page.goto(f"{server}/login")
    page.fill("input[name=username]", "novizio")
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/login'] button[type=submit]")
    page.wait_for_url(f"{server}/")
    return page


def test_guida_fantacalcio_a_league(
    organizer_page: Page, server: str, web_store: Store, clock: FakeClock, tmp_path: Path
) -> None:
    expect.set_options(timeout=20_000)
    season = samples.season(seed=7, first=FIRST_KICKOFF)
    manager(web_store, "novizio")
    page = organizer_page
    walk = Walk(page, "fantacalcio", tmp_path)

    # The administrator: the league, its fixtures and prices, a team.
    walk.link("Leghe fantasy")
    walk.link("Nuova lega fantasy")
    page.fill("input[name=name]", "Fanta del circolo")
    page.fill("input[name=season]", "2026-27")
    walk.shot("1-nuova")
    walk.click("Crea la lega")
    page.wait_for_url("**/manage")  # the new league opens on its administration page
    fixtures = page.locator("form[action$='/manage/fixtures']")
    fixtures.locator("input[type=file]").set_input_files(
        _file("calendario.csv", samples.fixtures_csv(season).encode())
    )
    walk.click("Importa il calendario", within=fixtures)
    prices = page.locator("form[action$='/manage/prices']")
    prices.locator("input[type=file]").set_input_files(
        _file("quotazioni.csv", samples.prices_csv(season.players).encode())
    )
    walk.click("Importa le quotazioni", within=prices)
    teams = page.locator("form[action$='/manage/teams']")
    teams.locator("input[name=name]").fill("I Novizi")
    teams.locator("input[name=manager]").fill("novizio")
    walk.shot("2-squadre", target=teams)
    walk.click("Aggiungi la squadra", within=teams)
    expect(page.locator("body")).to_contain_text("I Novizi")
    league_url = page.url.split("/manage")[0]

    # The manager: the players, the roster from the list, the lineup on the pitch.
    admin, page = page, _manager_page(page, server)
    walk.page = page
    walk.link("Leghe fantasy")
    walk.link("Fanta del circolo", exact=False)  # the league's card, with its season and teams
    walk.link("I giocatori")
    expect(page.locator("tr[data-code]").first).to_be_visible()
    walk.shot("3-giocatori")
    walk.link("Fanta del circolo")
    walk.link("La mia squadra: I Novizi")
    clicks = len(walk.labels)
    walk.link("Scegli la rosa dalla lista")
    page.wait_for_url(re.compile(r".*/roster.*"))
    picks = 0
    for code in samples.pick_roster(list(season.players), random.Random(5)):
        # a locator, not wait_for_function: the CSP refuses its polling (test_manager_browser)
        expect(page.locator(".htmx-request, .htmx-swapping")).to_have_count(0)
        page.click(f'tr[data-code="{code}"] .fl-pick a')
        picks += 1
        expect(page.locator(f'tr[data-code="{code}"]')).to_have_class("fl-picked")
    walk.shot("4-rosa", target=page.locator("#picked"))
    walk.click("Salva la rosa")
    expect(page.locator(".alert.ok")).to_contain_text("Rosa salvata")
    walk.link("Schiera la formazione")
    walk.click("3-4-3")
    expect(page.locator(".fl-line[data-role=A] select")).to_have_count(3)
    walk.shot("5-formazione", target=page.locator("#lineup-form"))
    walk.click("Salva la formazione")
    expect(page.locator(".alert.ok")).to_contain_text("Formazione salvata")
    used = len(walk.labels) - clicks + picks
    assert used <= BUDGET, f"{used} clicks for the roster and the lineup"

    # The administrator again, once matchday 1 is played: its votes, then the standings.
    clock.advance(days=6)
    page = walk.page = admin
    page.goto(f"{league_url}/manage")  # the administrator's page, still open on the phone
    votes = page.locator("form[action$='/manage/votes']")
    votes.locator("input[name=matchday]").fill("1")
    rows = samples.vote_rows(season, 1, seed=3)
    votes.locator("input[type=file]").set_input_files(
        _file("giornata-1.csv", samples.rows_csv(rows))
    )
    walk.click("Importa i voti", within=votes)
    expect(page.locator(".alert.ok")).to_contain_text("Voti importati")
    walk.link("Fanta del circolo")
    expect(page.locator("body")).to_contain_text("I Novizi")
    walk.shot("6-classifica")
    walk.check_guide()
