"""Print views of a card event (issue 15): A4 sheets with their own stylesheet.

- ``/events/{id}/print/pairings?round=`` the pairings by table (the judges' sheet);
- ``/events/{id}/print/by-name?round=&columns=`` the wall sheet: every player alphabetically in
  large type, split in 2 or 3 columns, with their table;
- ``/events/{id}/print/slips?per_page=2|4`` the current round's result slips, one per match
  (issue 30 item 7, EventLink's way: half the paper of one per player), with labelled result
  boxes and each player's code and QR code of the self-report link on their own tear-off stub
  (staff only: the codes are private, and a code shared by both players would let one confirm
  for the other, see :mod:`torneo.cards.self_report.commands`);
- ``/events/{id}/print/standings`` and ``/events/{id}/print/bracket``.

Every sheet extends ``print_base.html`` and ``static/print.css`` (``@page`` A4, ``@media
print``): on screen a toolbar with "Print" and the other layouts, on paper the sheet alone.
Decision: pairings, the wall sheet, standings and the bracket are public, like the event page;
the slips are for the organizer and the event's judges, as on ``/events/{id}/slips``.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from torneo.cards import views as queries
from torneo.cards.self_report import views as srv
from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.platform.web.auth import PageActor
from torneo.platform.web.qr import qr_svg
from torneo.platform.web.session import settings_of, store_of
from torneo.platform.web.templating import add_templates, render

add_templates("torneo.cards", None)  # this discipline's templates/ (platform/web/templating.py)
add_templates("torneo.cards.exports", "print")  # the print sheets, as "print/<name>"

router = APIRouter(include_in_schema=False)

RoundNo = Annotated[int | None, Query(ge=1, le=10_000)]
SLIPS_PER_PAGE = (2, 4)
WALL_COLUMNS = (2, 3)


def _round_page(request: Request, event_id: int, round_no: int | None, template: str) -> Response:
    page = queries.event_page(store_of(request), event_id, round_no=round_no)
    return render(request, template, {"page": page})


@router.get("/events/{event_id}/print/pairings", response_class=HTMLResponse)
def print_pairings(request: Request, event_id: int, round: RoundNo = None) -> Response:
    return _round_page(request, event_id, round, "print/pairings.html")


@router.get("/events/{event_id}/print/by-name", response_class=HTMLResponse)
def print_by_name(
    request: Request,
    event_id: int,
    round: RoundNo = None,
    columns: Annotated[int, Query(ge=2, le=3)] = 2,
) -> Response:
    page = queries.event_page(store_of(request), event_id, round_no=round)
    context = {"page": page, "columns": columns, "choices": WALL_COLUMNS}
    return render(request, "print/by_name.html", context)


@router.get("/events/{event_id}/print/standings", response_class=HTMLResponse)
def print_standings(request: Request, event_id: int) -> Response:
    return _round_page(request, event_id, None, "print/standings.html")


@router.get("/events/{event_id}/print/bracket", response_class=HTMLResponse)
def print_bracket(request: Request, event_id: int) -> Response:
    page = queries.event_page(store_of(request), event_id)
    if page.bracket is None:
        raise NotFound(
            "bracket",
            N_("event %(id)s has no Top X yet"),
            N_("an event whose Top X has started"),
            params={"id": event_id},
        )
    return render(request, "print/bracket.html", {"page": page})


@router.get("/events/{event_id}/print/slips", response_class=HTMLResponse)
def print_slips(
    request: Request,
    event_id: int,
    actor: PageActor,
    per_page: Annotated[int, Query(ge=2, le=4)] = 4,
) -> Response:
    store = store_of(request)
    if per_page not in SLIPS_PER_PAGE:
        per_page = 4
    slips = srv.slips(store, actor, event_id, secret=settings_of(request).secret_key)
    summary = srv.heading(store, event_id)
    report_url = f"{str(request.base_url).rstrip('/')}/events/{event_id}/report"
    cards = [_match_card(side, report_url) for side in _by_match(slips)]
    pages = [cards[i : i + per_page] for i in range(0, len(cards), per_page)]
    context = {
        "summary": summary,
        "pages": pages,
        "per_page": per_page,
        "choices": SLIPS_PER_PAGE,
        "report_url": report_url,
    }
    return render(request, "print/slips.html", context)


def _by_match(slips: list[srv.Slip]) -> list[list[srv.Slip]]:
    """The slips of one table together (the read model lists a match's two players in a row)."""
    matches: dict[int, list[srv.Slip]] = {}
    for slip in slips:
        matches.setdefault(slip.table, []).append(slip)
    return list(matches.values())


def _match_card(sides: list[srv.Slip], report_url: str) -> dict[str, Any]:
    """One slip of a match: its table and players, and each player's stub with their code."""
    stubs = []
    for slip in sides:
        link = None
        if slip.code:
            link = f"{report_url}?{urlencode({'table': slip.table, 'code': slip.code})}"
        stubs.append({"slip": slip, "link": link, "qr": qr_svg(link) if link else None})
    first = sides[0]
    return {"first": first, "sides": stubs, "is_bye": first.opponent is None}
