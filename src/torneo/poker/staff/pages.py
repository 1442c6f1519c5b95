"""The page where the organizer appoints the floor staff of a poker tournament (issue 12)."""

from __future__ import annotations

from torneo.platform.web.staff_routes import staff_pages
from torneo.poker.staff.commands import STAFF

router = staff_pages("/poker", STAFF, back="/poker/{tid}/director")
