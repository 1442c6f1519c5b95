"""Issue 30 item 8's smaller things that only a browser shows, kept from coming back: on a
phone the top bar is one short line that hides nothing of the home page ("124 of 844 px" and
"Leghe fantasy" under it), and on a desktop a disputed report's card does not draw its parts
over each other (the names, the two reports, the judge's form)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from tests.cards.self_report.test_pages import running
from tests.cards.test_pages_browser import ARGS, DESKTOP, PHONE
from tests.cards.test_pages_browser import chromium as chromium
from tests.cards.test_pages_browser import server as server
from tests.support.web import PASSWORD, SECRET
from torneo.cards.self_report import commands as sr
from torneo.platform.store.uow import Store

pytestmark = pytest.mark.browser

OVERLAPS = """root => {
  const parts = Array.from(root.children).filter(e => e.getClientRects().length);
  const out = [], width = root.getBoundingClientRect().width;
  for (const e of parts)  // a line squeezed into a narrow column spills its words over the next
    if (e.getBoundingClientRect().width < width / 2 || e.scrollWidth > e.clientWidth + 1)
      out.push(e.tagName + ' squeezed');
  for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
    const a = parts[i].getBoundingClientRect(), b = parts[j].getBoundingClientRect();
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
      out.push(parts[i].tagName + ' over ' + parts[j].tagName);
  }
  return out;
}"""


def _login(page: Page, server: str) -> None:
    page.goto(f"{server}/login")
    page.fill("input[name=username]", "org")
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/login'] button[type=submit]")
    page.wait_for_url(f"{server}/")


def test_issue30_on_a_phone_the_top_bar_is_short_and_hides_no_link_of_the_home_page(
    chromium: Path, server: str
) -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            page = browser.new_page(viewport=PHONE)
            _login(page, server)
            box = page.locator(".topbar").bounding_box()
            assert box is not None
            assert box["height"] <= 64, box
            link = page.locator("main a", has_text="Leghe fantasy").first
            link.scroll_into_view_if_needed()
            on_top = link.evaluate(
                """el => { const r = el.getBoundingClientRect();
                   const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                   return el === hit || el.contains(hit); }"""
            )
            assert on_top, "the top bar covers 'Leghe fantasy'"
        finally:
            browser.close()


def test_issue30_a_disputed_reports_card_draws_nothing_over_anything_on_a_desktop(
    chromium: Path, server: str, web_store: Store
) -> None:
    event_id, tables = running(web_store)
    table, code_a, code_b = tables[0]
    sr.report_by_code(web_store, event_id, table, code_a, "2-0", secret=SECRET)
    sr.report_by_code(web_store, event_id, table, code_b, "2-0", secret=SECRET)  # both won
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            page = browser.new_page(viewport=DESKTOP)
            _login(page, server)
            page.goto(f"{server}/events/{event_id}/reports")
            card = page.locator("li.report-entry.has-error")
            expect(card).to_have_count(1)
            assert card.evaluate(OVERLAPS) == []
        finally:
            browser.close()
