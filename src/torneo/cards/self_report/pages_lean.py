"""The players' report from their phones, on a lean route (issue 32 item 4).

At a round's end a thousand phones post their results within a second or two: the report is the
hottest request Torneo serves. Through FastAPI, its route's matching layers, dependency solving
and form machinery cost 50-60 µs of a worker's CPU per report before the first line of Torneo's
own code (``bench/load/stack.py``). :func:`report_lean` answers that one request, the htmx
report of the slip the session opened its match with, straight from the app's route index
(:meth:`torneo.platform.web.route_index.RouteIndex.add_lean`), inside every middleware (errors,
request id and access line, metrics, body limit, security headers, session), with the very code
of the route: :func:`~torneo.cards.self_report.pages._report_at_once` (the CSRF check, the slip's
proof, the batch, where the decision and its audit rows are written, the section's answer).

Every other request to ``POST /events/{id}/report`` (a plain form, a code that opens its match,
a logged-in player's report, an odd event id, a field too long, a body not url-encoded) is
declined here and answered by FastAPI's route as before, which still holds the whole behaviour
(``report_submit``): what is lean is only which code reads the four fields.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response

from torneo.cards.self_report.pages import REPORT_FIELD_LENGTH, REPORT_FIELDS, _report_at_once
from torneo.platform.web.forms import text_values
from torneo.platform.web.route_index import route_index_of

PATH = "/events/{event_id}/report"
# An event id as FastAPI's int parameter reads it, in the one spelling where int() agrees with
# it: anything else (a sign, spaces, leading zeros, 19 digits and more) goes to FastAPI.
EVENT_ID = re.compile(r"[1-9][0-9]{0,17}")
FORM = "application/x-www-form-urlencoded"


async def report_lean(request: Request, params: dict[str, str]) -> Response | None:
    """The htmx report of a proven slip, as ``report_submit`` answers it; None for any other
    request (the module doc), before anything is checked or written."""
    raw = params["event_id"]
    if (
        EVENT_ID.fullmatch(raw) is None
        or request.headers.get("HX-Request") != "true"
        or not request.headers.get("content-type", "").startswith(FORM)
    ):
        return None
    body = (await request.body()).decode("utf-8", "replace")
    form, errors = text_values(
        dict(parse_qsl(body, keep_blank_values=True)), REPORT_FIELDS, REPORT_FIELD_LENGTH
    )
    if errors:  # FastAPI's route gives the 422 (forms.text_fields)
        return None
    return await _report_at_once(request, int(raw), form)


def install(app: FastAPI) -> None:
    """Put :func:`report_lean` in front of the report's FastAPI route (after the route index)."""
    route_index_of(app).add_lean("POST", PATH, report_lean)
