"""The desk of a RisiKo! tournament and its print views (issue 15).

- ``/risiko/{id}/desk`` the hub of the organizer and the referees: the round's tables with
  their result and console, the next action as the primary button
  (:func:`torneo.risiko.rules.desk.next_step`), links to the control room, the public page,
  the staff, the regulation and the print views;
- ``/risiko/{id}/print/tables?round=`` one sheet per table with the score grid the table fills
  in by hand (status at the end, elimination order, table points, signatures), two a page;
- ``/risiko/{id}/print/standings`` the ranking, and ``/risiko/{id}/standings.csv`` (``.xlsx``) the same
  ranking as a file (the final ranking first once it exists, issue 26 item 4).

Decision: the table sheets and the ranking are public (names and tables are on the public
page already); the desk is for the staff.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from torneo.core.messages import N_
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.auth import PageActor
from torneo.platform.web.desks import DeskEntry, register_desks
from torneo.platform.web.downloads import DialectParam, csv_download, xlsx_download
from torneo.platform.web.session import store_of
from torneo.risiko import views as risiko_views
from torneo.risiko import views_desk
from torneo.risiko.pages_render import page
from torneo.risiko.views_export import standings_sheet

router = APIRouter(include_in_schema=False)


@router.get("/risiko/{tid}/desk", response_class=HTMLResponse)
def desk(request: Request, tid: int, actor: PageActor) -> Response:
    view = views_desk.desk(store_of(request), actor, tid)
    return page(request, "risiko/desk.html", {"desk": view})


@router.get("/risiko/{tid}/print/tables", response_class=HTMLResponse)
def print_tables(
    request: Request, tid: int, round: Annotated[int | None, Query(ge=1, le=1000)] = None
) -> Response:
    view = risiko_views.tournament_page(store_of(request), tid)
    return page(request, "risiko/print_tables.html", {"page": view, "shown": view.round(round)})


@router.get("/risiko/{tid}/print/standings", response_class=HTMLResponse)
def print_standings(request: Request, tid: int) -> Response:
    view = risiko_views.tournament_page(store_of(request), tid)
    return page(request, "risiko/print_standings.html", {"page": view})


@router.get("/risiko/{tid}/standings.csv")
def standings_csv(request: Request, tid: int, dialect: DialectParam = "rfc") -> Response:
    """The standings as the screen, the print, the API and the CLI show them (issue 26 item 4)."""
    sheet = standings_sheet(risiko_views.tournament_page(store_of(request), tid))
    return csv_download(request, sheet, f"risiko-{tid}-standings.csv", dialect)


@router.get("/risiko/{tid}/standings.xlsx")
def standings_xlsx(request: Request, tid: int) -> Response:
    sheet = standings_sheet(risiko_views.tournament_page(store_of(request), tid))
    return xlsx_download(request, sheet, f"risiko-{tid}-standings.xlsx")


def _my_desks(store: Store, actor: Actor) -> list[DeskEntry]:
    out = []
    for t in views_desk.my_tournaments(store, actor):
        links = [(N_("Desk"), f"/risiko/{t.id}/desk")]
        if t.as_organizer:
            links.append((N_("Control room"), f"/risiko/{t.id}/manage"))
        out.append(DeskEntry(N_("RisiKo! tournament"), t.name, t.status, t.rounds, tuple(links)))
    return out


register_desks(_my_desks)
