"""Issue 15: every print view renders to an A4 PDF in Chromium with nothing cut: no element
wider than the printable width (186 mm), rows, slips, cards and wall lines kept whole
(``break-inside: avoid``), and the slips exactly 2 or 4 to a page."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.cards.test_pages_browser import ARGS, SHOTS
from tests.cards.test_pages_browser import chromium as chromium
from tests.cards.test_pages_browser import server as server
from tests.support.events import report_round
from tests.support.poker import tuesday
from tests.support.risiko import tournament
from torneo.cards import commands as events
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands_seats as poker_seats
from torneo.risiko import commands as risiko

pytestmark = pytest.mark.browser
ORG = Actor("org", frozenset({(1, "organizer")}))
PRINTABLE_PX = 703  # 210 mm - 2 x 12 mm margins, at 96 px an inch
LONG = "Bartolomeo-Massimiliano-Giovanbattista Castiglioni di Roccaforte"

OVERFLOW = """() => {
  const limit = document.documentElement.clientWidth + 1;
  const bad = [];
  for (const el of document.querySelectorAll('.sheet *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > limit) bad.push(el.tagName + '.' + el.className + ' ' + Math.round(r.right));
  }
  for (const el of document.querySelectorAll('.card-cut')) {
    if (el.scrollHeight > el.clientHeight + 1) bad.push('card content taller than its card ' + el.scrollHeight + '>' + el.clientHeight + ' ' + Array.from(el.children).map(c => c.className + ':' + Math.round(c.getBoundingClientRect().height)).join(','));
  }
  return bad;
}"""
# Issue 30 item 7: a figure of a printed table (a percentage) on one line.
SPLIT_FIGURES = """() => Array.from(document.querySelectorAll('table.print td.num')).filter(td => {
  const range = document.createRange(); range.selectNodeContents(td);
  return new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top))).size > 1;
}).map(td => td.textContent.trim())"""
# Issue 30 item 7: the bracket's lines join each pair of matches to the match of the next round,
# which sits level with the pair's middle; no name is cut.
BRACKET = """() => {
  const bad = [];
  const rounds = Array.from(document.querySelectorAll('.print-bracket.with-lines .round'));
  rounds.forEach((round, i) => {
    const pairs = Array.from(round.querySelectorAll('li.pair'));
    if (i + 1 < rounds.length) {
      const next = Array.from(rounds[i + 1].querySelectorAll('.match'));
      pairs.forEach((pair, k) => {
        const p = pair.getBoundingClientRect(), m = next[k].getBoundingClientRect();
        if (Math.abs((p.top + p.bottom) / 2 - (m.top + m.bottom) / 2) > 1) bad.push('round ' + i + ' pair ' + k + ' not level');
        if (pair.classList.contains('joined') && getComputedStyle(pair, '::after').borderRightStyle !== 'solid') bad.push('round ' + i + ' pair ' + k + ' without its line');
      });
    }
  });
  for (const el of document.querySelectorAll('.print-bracket .slot')) {
    if (el.scrollWidth > el.clientWidth + 1) bad.push('clipped ' + el.textContent);
  }
  return bad;
}"""
WHOLE = """() => Array.from(document.querySelectorAll('table.print tr, .card-cut, .wall-line'))
  .filter(el => getComputedStyle(el).breakInside !== 'avoid').length"""


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def _world(store: Store) -> dict[str, int]:
    names = [LONG] + [f"Giocatore {i:02d}" for i in range(1, 8)]
    a = events.create_event(
        store, ORG, name="Campionato " + LONG, preset="invasion-it-2012", held_on="2012-03-10"
    )
    events.register_roster(store, ORG, a, "\n".join(names))
    events.start_event(store, ORG, a)
    events.pair_next_round(store, ORG, a)
    b = events.create_event(
        store, ORG, name="Con Top 4", preset="invasion-it-2012", held_on="2012-03-11", seed=5
    )
    events.register_roster(store, ORG, b, "\n".join(names))
    events.start_event(store, ORG, b)
    rng = random.Random(7)
    for _ in range(3):
        events.pair_next_round(store, ORG, b)
        report_round(store, ORG, b, rng, results=["2-0", "2-1", "0-2"])
    events.start_top(store, ORG, b)
    rid = tournament(store, ORG, 13)
    risiko.draw_round(store, ORG, rid)
    pid = tuesday(store, ORG, 30)
    poker_seats.draw_seats_now(store, ORG, pid)
    return {"a": a, "b": b, "risiko": rid, "poker": pid}


def test_every_print_view_renders_to_a4_with_nothing_cut(
    chromium: Path,
    server: str,
    web_store: Store,
) -> None:
    w = _world(web_store)
    sheets = {
        "pairings": (f"/events/{w['a']}/print/pairings", None),
        "by-name-2": (f"/events/{w['a']}/print/by-name?columns=2", None),
        "by-name-3": (f"/events/{w['a']}/print/by-name?columns=3", None),
        "slips-4": (f"/events/{w['a']}/print/slips?per_page=4", 1),  # 4 matches: a slip each
        "slips-2": (f"/events/{w['a']}/print/slips?per_page=2", 2),
        "standings": (f"/events/{w['b']}/print/standings", None),
        "bracket": (f"/events/{w['b']}/print/bracket", None),
        "risiko-tables": (f"/risiko/{w['risiko']}/print/tables", None),
        "risiko-standings": (f"/risiko/{w['risiko']}/print/standings", None),
        "poker-seats": (f"/poker/{w['poker']}/print/seats", 4),  # 30 seat cards, 8 a page
        "poker-payouts": (f"/poker/{w['poker']}/print/payouts", None),
    }
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": PRINTABLE_PX, "height": 1000})
            page.goto(f"{server}/login")
            page.fill("input[name=username]", "org")
            page.fill("input[name=password]", "correct horse battery")
            page.click("form[action='/login'] button[type=submit]")
            for name, (url, expected_pages) in sheets.items():
                response = page.goto(server + url)
                assert response is not None, name
                assert response.status == 200, name
                page.emulate_media(media="print")
                assert page.locator(".print-toolbar").is_hidden(), name
                assert page.evaluate(OVERFLOW) == [], name
                assert page.evaluate(WHOLE) == 0, name
                assert page.evaluate(SPLIT_FIGURES) == [], name
                if name == "bracket":
                    assert page.locator(".print-bracket.with-lines .match").count() == 3, name
                    assert page.evaluate(BRACKET) == [], name
                pdf = page.pdf(format="A4", prefer_css_page_size=True, print_background=True)
                assert pdf.startswith(b"%PDF"), name
                (SHOTS / f"torneo-print-{name}.pdf").write_bytes(pdf)
                if expected_pages is not None:
                    assert _pages(pdf) == expected_pages, name
                else:
                    assert _pages(pdf) >= 1, name
                page.emulate_media(media="screen")
        finally:
            browser.close()
