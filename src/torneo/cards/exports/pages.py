"""Event downloads and the organizer's "why this pair" view (issue 3 items 5–6).

- ``/events/{id}/pairings.csv`` (``?round=N``, default every round) and
  ``/events/{id}/standings.csv``: public, like the pairings and standings on the event page;
  ``?dialect=excel-it`` for Italian Excel, and the same as ``.xlsx`` (issue 15 item 6).
- ``/events/{id}/manage/why``: the organizer's pairings view, each pair with the reason the
  Swiss engine stored when it made it (same score group, floated down from N points, rematch
  avoided with X), in the page's language, players by name. The reason is a message
  (``engines/swiss/explain.py``) stored as its id and parameters (``core/message_json.py``):
  it is translated through the catalog, never by matching its English words.
- ``/events/{id}/manage/why/{round}/{table}``: one pair's reason, a fragment the control room
  loads when the organizer opens "why this pair" on a table.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from torneo.cards import views as queries
from torneo.cards.exports import views as exports
from torneo.core.message_json import load_message
from torneo.core.messages import Message
from torneo.platform import i18n
from torneo.platform.web.auth import PageActor
from torneo.platform.web.downloads import DialectParam, csv_download, xlsx_download
from torneo.platform.web.session import store_of
from torneo.platform.web.templating import add_templates, render, render_fragment

add_templates("torneo.cards", None)  # this discipline's templates/ (platform/web/templating.py)

router = APIRouter(include_in_schema=False)


def pair_reason(explanation: Message | str) -> str:
    """A pair's reason in the page's language: a message, or the message stored in a match row
    (a reason stored as plain English text is shown as it was written)."""
    reason = explanation if isinstance(explanation, Message) else load_message(explanation)
    return i18n.translate(reason)


RoundParam = Annotated[int | None, Query(ge=1, le=10_000)]


@router.get("/events/{event_id}/pairings.csv")
def pairings_csv(
    request: Request, event_id: int, round: RoundParam = None, dialect: DialectParam = "rfc"
) -> Response:
    sheet = exports.pairings_sheet(store_of(request), event_id, round)
    suffix = f"-round-{round}" if round else ""
    return csv_download(request, sheet, f"event-{event_id}-pairings{suffix}.csv", dialect)


@router.get("/events/{event_id}/pairings.xlsx")
def pairings_xlsx(request: Request, event_id: int, round: RoundParam = None) -> Response:
    sheet = exports.pairings_sheet(store_of(request), event_id, round)
    suffix = f"-round-{round}" if round else ""
    return xlsx_download(request, sheet, f"event-{event_id}-pairings{suffix}.xlsx")


@router.get("/events/{event_id}/standings.csv")
def standings_csv(request: Request, event_id: int, dialect: DialectParam = "rfc") -> Response:
    sheet = exports.standings_sheet(store_of(request), event_id)
    return csv_download(request, sheet, f"event-{event_id}-standings.csv", dialect)


@router.get("/events/{event_id}/standings.xlsx")
def standings_xlsx(request: Request, event_id: int) -> Response:
    sheet = exports.standings_sheet(store_of(request), event_id)
    return xlsx_download(request, sheet, f"event-{event_id}-standings.xlsx")


@router.get("/events/{event_id}/manage/why", response_class=HTMLResponse)
def why_page(
    request: Request,
    event_id: int,
    actor: PageActor,
    round: Annotated[int | None, Query(ge=1, le=10_000)] = None,
) -> Response:
    store = store_of(request)
    summary = queries.event_summary(store, event_id)
    view = exports.explained_round(store, event_id, round)
    context = {"summary": summary, "view": view, "pair_reason": pair_reason}
    return render(request, "seasons/why.html", context)


@router.get("/events/{event_id}/manage/why/{round_no}/{table}", response_class=HTMLResponse)
def why_fragment(
    request: Request, event_id: int, round_no: int, table: int, actor: PageActor
) -> Response:
    view = exports.explained_round(store_of(request), event_id, round_no)
    pair = next((p for p in view.pairs if p.table == table), None)
    context = {"pair": pair, "pair_reason": pair_reason}
    return HTMLResponse(render_fragment(request, "seasons/_why_one.html", context))
