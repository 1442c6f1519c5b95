"""What the poker API's routes share: the tournament id in the path, and the answer of a read or
a write: the tournament's whole state (:class:`~torneo.poker.schemas.TournamentOut`) with its
version in ``X-Tournament-Version``, plus what the write made."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse

from torneo.platform.web.problems import problem_responses
from torneo.platform.web.session import store_of
from torneo.poker.schemas import AnnouncementOut
from torneo.poker.views import tournament_view
from torneo.poker.views_rows import MoveRow

Tid = Annotated[int, Path(ge=1, le=2**31 - 1)]

# The error answers of every write (problem+json); a 409 is also a refusal by the rules (PKR-*).
PROBLEMS = problem_responses(
    not_found="No such tournament or player",
    conflict="Conflict: stale version, wrong phase, or refused by the rules (PKR-*)",
)


def json_response(
    value: Any, status: int = 200, headers: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(jsonable_encoder(value), status_code=status, headers=headers)


def announcement(m: MoveRow) -> AnnouncementOut:
    text = (
        f"{m.name}: Table {m.from_table} seat {m.from_seat} → Table {m.to_table} seat {m.to_seat}"
    )
    return AnnouncementOut(seq=m.seq, text=text, undone=m.undone)


def state_response(request: Request, tid: int, status: int = 200, **extra: Any) -> JSONResponse:
    """The tournament's state after a read or a write, with ``extra`` (what the write made)."""
    view = tournament_view(store_of(request), tid)
    body = jsonable_encoder(view)
    body["announcements"] = jsonable_encoder([announcement(m) for m in view.announcements[:20]])
    body.update(jsonable_encoder(extra))
    return JSONResponse(
        body, status_code=status, headers={"X-Tournament-Version": str(view.version)}
    )
