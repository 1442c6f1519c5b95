"""The page where the organizer appoints the referees of a risiko tournament (issue 12)."""

from __future__ import annotations

from torneo.platform.web.staff_routes import staff_pages
from torneo.risiko.staff.commands import STAFF

router = staff_pages("/risiko", STAFF, back="/risiko/{tid}/manage")
