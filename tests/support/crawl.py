"""A crawler of the site for tests: every page reachable by links from the home page.

It follows the links (``<a href>``) a visitor can click, on this site only, skipping downloads,
the language switch and logging out; each page's visible words (text, ``title``,
``aria-label``, ``placeholder``) are kept for the language checks of issue 15 item 5.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlsplit

from fastapi.testclient import TestClient

SKIPPED_ENDINGS = (".csv", ".xlsx", ".json", ".ics", ".pdf", ".svg", ".js", ".css", ".txt")
SKIPPED_PREFIXES = ("/static/", "/api/", "/logout", "/live/")
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder")


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.words: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in ("script", "style", "template"):
            self._hidden += 1
        # rel="nofollow": a link that changes a page's own state (a fantasy roster's picks,
        # one address per pick), not another page
        follow = "download" not in values and "nofollow" not in (values.get("rel") or "")
        if tag == "a" and values.get("href") and follow:
            self.links.append(values["href"] or "")
        for name in SHOWN_ATTRIBUTES:
            if values.get(name):
                self.words.append(values[name] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.words.append(data)


@dataclass(frozen=True, slots=True)
class Visited:
    path: str
    status: int
    text: str  # visible words, whitespace collapsed
    html: str


def _local(href: str, base: str) -> str | None:
    url, _ = urldefrag(urljoin(base, href))
    parts = urlsplit(url)
    if parts.scheme not in ("", "http") or parts.netloc not in ("", "testserver"):
        return None
    path = parts.path or "/"
    if path.endswith(SKIPPED_ENDINGS) or path.startswith(SKIPPED_PREFIXES):
        return None
    query = "&".join(q for q in parts.query.split("&") if q and not q.startswith("lang="))
    if "lang=" in parts.query and not query:
        return None  # the language switch: the same page in the other language
    return path + (f"?{query}" if query else "")


def crawl(client: TestClient, start: Iterable[str] = ("/",), limit: int = 400) -> list[Visited]:
    """Breadth first from ``start``; each path once (query strings count), at most ``limit``."""
    queue = deque(start)
    seen = set(queue)
    visited: list[Visited] = []
    while queue and len(visited) < limit:
        path = queue.popleft()
        answer = client.get(path, follow_redirects=True)
        kind = answer.headers.get("content-type", "")
        if "text/html" not in kind:
            continue
        page = _Page()
        page.feed(answer.text)
        text = re.sub(r"\s+", " ", " ".join(page.words)).strip()
        visited.append(Visited(path, answer.status_code, text, answer.text))
        for href in page.links:
            found = _local(href, path)
            if found and found not in seen and not re.search(r"[?&]round=\d{2,}", found):
                seen.add(found)
                queue.append(found)
    return visited
