"""Reading a desk page in HTTP tests (issue 15)."""

from __future__ import annotations

import re


def primary_action(html: str) -> str:
    """The text of the desk's primary action (a link or a button) in its "next" section."""
    section = html.split('id="next"', 1)[1].split("</section>", 1)[0]
    found = re.search(r'class="button primary"[^>]*>([^<]+)<', section)
    assert found, section
    return found.group(1).strip()
