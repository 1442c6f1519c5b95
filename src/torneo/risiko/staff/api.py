"""The referees of a risiko tournament under ``/api/v1/risiko/tournaments/{tid}/staff`` (issue 12)."""

from __future__ import annotations

from torneo.platform.web.staff_routes import staff_api
from torneo.risiko.staff.commands import STAFF

router = staff_api("/api/v1/risiko/tournaments", "risiko", STAFF)
