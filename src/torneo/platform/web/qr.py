"""QR codes for printed sheets (issue 15): SVG drawn by segno, no image library needed.

The SVG is built from the text alone (a URL of this server), so it is safe to put in a page
as markup; it scales with CSS (``.qr svg`` in ``static/print.css``).
"""

from __future__ import annotations

import segno
from markupsafe import Markup


def qr_svg(text: str) -> Markup:
    """An inline SVG of ``text`` as a QR code (error correction M: a crumpled slip still scans)."""
    code = segno.make(text, error="m", micro=False)
    svg = code.svg_inline(border=2, dark="#000", light="#fff", omitsize=True)
    return Markup(svg)
