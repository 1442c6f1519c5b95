"""The organizer's guide (docs/guida/) kept current by the browser tests that walk it.

Issue 30 item 10: each page of the guide is a first evening step by step with screenshots. A
browser test walks that evening from the home page by clicks, as the guide says, and takes the
screenshots on the way. With ``TORNEO_WRITE_GUIDE=1`` they are written into ``docs/guida/img``
(JPEG, phone width: small files that change only when the pages do); otherwise they go to the
test's temporary folder, and the test checks that the guide's page names exactly the pictures
the walk takes and every button and link it clicked, by its Italian label. So a renamed button
or a step added to the walk fails the test until the guide says it too.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "guida"
IMAGES = GUIDE / "img"
WRITE = os.environ.get("TORNEO_WRITE_GUIDE") == "1"
PICTURE = re.compile(r"!\[[^\]]*\]\(img/([^)]+)\)")


class Walk:
    """The clicks and pictures of one guide page, checked against its text at the end."""

    def __init__(self, page: Page, name: str, scratch: Path) -> None:
        self.page = page
        self.name = name
        self.folder = IMAGES if WRITE else scratch
        self.labels: list[str] = []
        self.pictures: list[str] = []

    def click(
        self,
        label: str,
        *,
        role: str = "button",
        within: Locator | None = None,
        exact: bool = True,
    ) -> None:
        """Click the button (or link, ``role="link"``) the guide names by ``label`` (a card
        whose link also holds its details: ``exact=False``, the label begins its name)."""
        where = within if within is not None else self.page
        target = where.get_by_role(role, name=label, exact=exact).first  # type: ignore[arg-type]
        href = target.get_attribute("href")
        if role == "link" and href and target.get_attribute("target") == "_blank":
            # A page that opens in its own tab (the TV): the guide's reader opens it there.
            origin = "/".join(self.page.url.split("/", 3)[:3])
            self.page.goto(href if "://" in href else origin + href)
        else:
            target.click()
        self.page.wait_for_load_state()
        self.labels.append(label)

    def link(self, label: str, *, within: Locator | None = None, exact: bool = True) -> None:
        self.click(label, role="link", within=within, exact=exact)

    def shot(self, step: str, *, target: Locator | None = None) -> None:
        """A picture of the page (or of ``target``) as ``<guide page>-<step>.jpg``."""
        name = f"{self.name}-{step}.jpg"
        path = self.folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if target is None:
            self.page.screenshot(path=str(path), type="jpeg", quality=70)
        else:
            # A live page may swap the section in as the picture is taken (a notice of the
            # change just made): take it again from the fresh element.
            for attempt in range(3):
                try:
                    target.screenshot(path=str(path), type="jpeg", quality=70)
                    break
                except PlaywrightError:
                    if attempt == 2:
                        raise
                    self.page.wait_for_timeout(300)
        self.pictures.append(name)

    def check_guide(self) -> None:
        """The guide's page names exactly this walk's pictures (in order) and every label."""
        text = (GUIDE / f"{self.name}.md").read_text("utf-8")
        named = PICTURE.findall(text)
        assert named == self.pictures, (
            f"docs/guida/{self.name}.md shows {named}, walk {self.pictures}"
        )
        for name in named:
            assert (IMAGES / name).is_file(), f"run with TORNEO_WRITE_GUIDE=1: {name} is missing"
        flat = " ".join(text.split())  # a label may wrap over two lines of the page
        missing = [label for label in self.labels if f"**{label}**" not in flat]
        assert not missing, f"docs/guida/{self.name}.md does not name the clicks {missing}"
