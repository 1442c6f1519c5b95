"""Pages of the poker tournament director (issue 8): the club's list, the players' page and the TV.

- ``/poker`` the club's tournaments and its week (PKR-SCHED-1), with "create" for organizers;
- ``/poker/{id}/tv`` the clock for the club's TV: big numbers, readable across the room; it
  counts down every second in the browser and re-reads the stored state every 5 seconds (htmx
  polling of ``?fragment=live``: no server-sent events endpoint exists yet), so a restarted
  server or a second TV never drifts;
- ``/poker/{id}`` the players' page: find your table and seat, the clock, the payouts;
- ``/poker/{id}/director`` the director's phone (:mod:`.pages_director`);
- ``/poker/tools`` the stateless floor tools (:mod:`.pages_tools`).

:data:`router` is the one the app includes: it carries the routes of both sub-pages, the tools
first so ``/poker/tools`` is never read as a tournament id.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from importlib import resources
from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageWriter
from torneo.platform.web.downloads import DialectParam, csv_download, xlsx_download
from torneo.platform.web.prg import refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import add_templates, render, say
from torneo.poker import commands as poker
from torneo.poker.exports import results_sheet
from torneo.poker.floor import pages as pages_director
from torneo.poker.floor import pages_rulings
from torneo.poker.league import pages as pages_league
from torneo.poker.league.views import list_leagues
from torneo.poker.pages_labels import helpers
from torneo.poker.schedules import pages as pages_schedules
from torneo.poker.schedules import views_week as poker_week
from torneo.poker.tools import pages as pages_tools
from torneo.poker.views import tournament_view

add_templates("torneo.poker", "poker")  # this discipline's templates/ (platform/web/templating.py)

router = APIRouter(include_in_schema=False)


@router.get("/poker/assets/poker.js")
def script() -> Response:
    """The poker pages' script (cached; versioned by the URL): no inline script (the CSP)."""
    body = (resources.files("torneo.poker") / "templates" / "poker.js").read_text("utf-8")
    headers = {"Cache-Control": "public, max-age=3600"}
    return Response(body, media_type="text/javascript", headers=headers)


router.include_router(pages_tools.router)
router.include_router(pages_schedules.router)  # before /poker/{tid}: the club's week
router.include_router(pages_league.router)  # before /poker/{tid}: the season's pages
router.include_router(pages_rulings.router)  # the floor's procedures
router.include_router(pages_director.router)

Text = Annotated[str, Form(max_length=1000)]


# --- the list and creating a tournament -------------------------------------------------------


def _list(request: Request, form: Mapping[str, Any], error: TorneoError | None) -> Response:
    context = {
        "tournaments": poker_week.list_tournaments(store_of(request)),
        "templates": poker_week.templates(poker.DEFAULT_PRESET, date.today()),
        "leagues": list_leagues(store_of(request)),
        "form": dict(form),
        "error": error,
        **helpers(),
    }
    return render(request, "poker/list.html", context)


@router.get("/poker", response_class=HTMLResponse)
def poker_list(request: Request) -> Response:
    refused = take_refusal(request)  # Post/Redirect/Get (issue 26 item 3)
    return _list(request, refused.form, refused.error)


@router.post("/poker/new", response_class=HTMLResponse)
def poker_create(
    request: Request,
    actor: PageWriter,
    template: Text = "",
    held_on: Text = "",
    name: Text = "",
    balance_threshold: Text = "",
    seed: Text = "",
) -> Response:
    form = {
        "template": template,
        "held_on": held_on,
        "name": name,
        "balance_threshold": balance_threshold,
        "seed": seed,
    }
    try:
        tid = poker.create_tournament(
            store_of(request),
            actor,
            template=template,
            held_on=held_on,
            name=name or None,
            balance_threshold=poker.parse_int("balance_threshold", balance_threshold)
            if balance_threshold.strip()
            else None,
            seed=poker.parse_int("seed", seed) if seed.strip() else None,
        )
    except TorneoError as err:
        return refuse_to(request, err, "/poker", form)
    flash(request, "ok", say(request, N_("Tournament created: register the players.")))
    return RedirectResponse(f"/poker/{tid}/director", status_code=303)


# --- public pages -----------------------------------------------------------------------------


@router.get("/poker/{tid}", response_class=HTMLResponse)
def poker_players(
    request: Request,
    tid: int,
    name: Annotated[str, Query(max_length=120)] = "",
    fragment: Annotated[str | None, Query(max_length=10)] = None,
) -> Response:
    view = tournament_view(store_of(request), tid)
    key = " ".join(name.split()).casefold()
    found = [p for p in view.players if key and key in p.name.casefold()] if key else []
    context = {"view": view, "name": name, "found": found, **helpers()}
    if fragment == "live":
        return render(request, "poker/_players_live.html", context)
    return render(request, "poker/players.html", context)


@router.get("/poker/{tid}/results.csv")
def poker_results_csv(request: Request, tid: int, dialect: DialectParam = "rfc") -> Response:
    sheet = results_sheet(tournament_view(store_of(request), tid))
    return csv_download(request, sheet, f"poker-{tid}-results.csv", dialect)


@router.get("/poker/{tid}/results.xlsx")
def poker_results_xlsx(request: Request, tid: int) -> Response:
    sheet = results_sheet(tournament_view(store_of(request), tid))
    return xlsx_download(request, sheet, f"poker-{tid}-results.xlsx")


@router.get("/poker/{tid}/tv", response_class=HTMLResponse)
def poker_tv(
    request: Request, tid: int, fragment: Annotated[str | None, Query(max_length=10)] = None
) -> Response:
    view = tournament_view(store_of(request), tid)
    context = {"view": view, **helpers()}
    if fragment == "live":
        return render(request, "poker/_tv_live.html", context)
    return render(request, "poker/tv.html", context)
