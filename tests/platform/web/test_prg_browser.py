"""Post/Redirect/Get in a real browser (issue 26 item 3; Debian's Chromium driven by Playwright).

An organizer's refused form (a new card event with a seed that is not a number) ends on the
form's GET page: the refusal is shown beside what was typed; a reload sends nothing (the
refusal was shown once), Back goes to the page before without asking to send the form again,
and the language switch on the refused page answers that page in English (it was a 405 when the
refusal was rendered at the POST address).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, select

from tests.cards.test_pages_browser import ARGS, chromium, server
from tests.support.web import PASSWORD
from torneo.cards.tables import Event
from torneo.platform.store.uow import Store

pytestmark = pytest.mark.browser
__all__ = ["chromium", "server"]  # the fixtures


def _events(store: Store) -> int:
    with store.read() as s:
        return s.scalar(select(func.count(Event.id))) or 0


def test_issue26_a_refused_form_ends_on_its_get_page_reload_back_and_language_switch(
    chromium: Path,
    server: str,
    web_store: Store,
) -> None:
    from playwright.sync_api import Dialog, Request, expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            page = browser.new_context().new_page()
            posts: list[str] = []
            dialogs: list[str] = []

            def sent(request: Request) -> None:
                if request.method == "POST":
                    posts.append(request.url)

            def asked(dialog: Dialog) -> None:  # "send the form again?" would be one
                dialogs.append(dialog.message)
                dialog.dismiss()

            page.on("request", sent)
            page.on("dialog", asked)
            page.goto(f"{server}/login")
            page.fill("input[name=username]", "org")
            page.fill("input[name=password]", PASSWORD)
            page.click("form[action='/login'] button[type=submit]")
            page.wait_for_url(f"{server}/")
            page.goto(f"{server}/events/new")
            page.fill("input[name=name]", "Torneo di prova PRG")
            page.fill("input[name=held_on]", "2026-03-10")
            page.click("details.advanced summary")
            page.fill("input[name=seed]", "sette")
            posts.clear()
            page.click("form[action='/events/new'] button[type=submit]")
            page.wait_for_load_state()
            # Refused: the GET page at the form's address, the refusal beside what was typed.
            assert posts == [f"{server}/events/new"]
            expect(page.locator(".alert.error[role=alert]")).to_contain_text("Non eseguito.")
            expect(page.locator(".alert.error[role=alert]")).to_contain_text("seed")
            expect(page.locator("input[name=name]")).to_have_value("Torneo di prova PRG")
            expect(page.locator("input[name=seed]")).to_have_value("sette")  # its box open
            assert _events(web_store) == 0

            # The language switch on the refused page: the same page, in English (a GET).
            page.click("a.lang[hreflang=en]")
            page.wait_for_url(f"{server}/events/new?lang=en")
            expect(page.locator("h1")).to_contain_text("New event")
            assert len(posts) == 1

            # Reload sends nothing: no POST, no resubmit question, the refusal shown once.
            page.reload()
            expect(page.locator("h1")).to_contain_text("New event")
            assert len(posts) == 1
            assert dialogs == []

            # Back, twice: the refused page, then the form as first opened; never a POST.
            page.go_back()
            page.wait_for_url(f"{server}/events/new")
            page.go_back()
            page.wait_for_url(f"{server}/events/new")
            expect(page.locator("input[name=name]")).to_be_visible()
            assert len(posts) == 1
            assert dialogs == []
            assert _events(web_store) == 0
        finally:
            browser.close()
