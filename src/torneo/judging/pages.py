"""Judging pages: the judge's phone page, the organizer's judging setup, the big-screen clock
and each player's own record, one module each; this one puts their routes together.

- ``/events/{id}/judge`` — the judge's phone page (``pages_desk``);
- ``/events/{id}/judging`` — the organizer's setup and the deck lists (``pages_setup``);
- ``/events/{id}/clock`` and ``/events/{id}/players/{pid}`` — public (``pages_public``).

Every sentence a page shows is a message id rendered in the page's language: refusals through
``|reason``/``|accepted``, flash messages through ``templating.say``.
"""

from __future__ import annotations

from fastapi import APIRouter

from torneo.judging import pages_desk, pages_public, pages_setup
from torneo.platform.web.templating import add_templates

add_templates("torneo.judging", "judging")  # this discipline's templates/ (web/templating.py)

router = APIRouter(include_in_schema=False)
router.include_router(pages_public.router)
router.include_router(pages_desk.router)
router.include_router(pages_setup.router)
