"""Hold a browser page's live streams before they reach the server, to open a race on purpose.

A test lets the page render, holds its ``/live/...`` request, commits a change, then lets the
stream go: the page must still hear of the change (torneo.platform.web.live, ``since``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route


class HeldStreams:
    """The live-stream requests a page made, not yet sent on."""

    def __init__(self) -> None:
        self.routes: list[Route] = []

    def wait_for_one(self, page: Page, timeout: float = 10) -> Route:
        """The page's next stream request (it carries when the page was read)."""
        deadline = time.monotonic() + timeout
        while not self.routes:
            if time.monotonic() > deadline:
                raise AssertionError("the page opened no live stream")
            page.wait_for_timeout(50)
        route = self.routes.pop(0)
        assert "since=" in route.request.url, route.request.url
        return route


def held_streams(page: Page) -> HeldStreams:
    """Start holding ``page``'s live streams (call before it loads)."""
    held = HeldStreams()

    def hold(route: Route) -> None:  # Playwright wants a Python function, not a bound builtin
        held.routes.append(route)

    page.route("**/live/**", hold)
    return held
