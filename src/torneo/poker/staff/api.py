"""The floor staff of a poker tournament under ``/api/v1/poker/tournaments/{tid}/staff`` (issue 12)."""

from __future__ import annotations

from torneo.platform.web.staff_routes import staff_api
from torneo.poker.staff.commands import STAFF

router = staff_api("/api/v1/poker/tournaments", "poker", STAFF)
