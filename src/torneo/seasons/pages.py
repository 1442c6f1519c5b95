"""Season pages (issue 5): the seasons, a season's table with its cut line, each player's history
with a chart of points, the tournaments with their void reasons, the calendar with the days a
store may still book, the rating ladders; and the organizer's forms: create a season, import a
CSV (every wrong row listed, nothing imported), add a finished event, announce a tournament (every
sanctioning breach listed), define and recompute a ladder.

Public pages need nobody; organizer forms need an account and the CSRF token, and the services
check the role. Each form posts to one route that calls one service: success redirects (303)
with a flash message, a refusal re-renders the page with the error and the values typed.

The season page's read model is cached under the season's fingerprint
(:func:`~torneo.seasons.views.season_token`): a season of 60,000 results is ranked once
per change, not once per visitor.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from torneo.platform.web.downloads import DialectParam, csv_download, xlsx_download
from torneo.platform.web.session import store_of
from torneo.platform.web.templating import render
from torneo.seasons import exports, pages_manage, views_player, views_tournament
from torneo.seasons import views as season_views
from torneo.seasons.calendar import pages as pages_calendar
from torneo.seasons.ladders import pages as pages_ladders
from torneo.seasons.ladders import views as views_ladders
from torneo.seasons.pages_common import (
    SHOWN_ROWS,
    SHOWN_TOURNAMENTS,
    cached_season_page,
    charts,
    text_helpers,
)

router = APIRouter(include_in_schema=False)
router.include_router(pages_manage.router)  # first: /seasons/new is not a season id
router.include_router(pages_calendar.router)
router.include_router(pages_ladders.router)


# --- public pages ----------------------------------------------------------------------------


@router.get("/seasons", response_class=HTMLResponse)
def season_list(request: Request) -> Response:
    store = store_of(request)
    context = {
        "seasons": season_views.list_season_cards(store),
        "ladders": views_ladders.list_ladders(store),
        **text_helpers(),
    }
    return render(request, "seasons/list.html", context)


@router.get("/seasons/{season_id}", response_class=HTMLResponse)
def season_page(
    request: Request,
    season_id: int,
    all: Annotated[bool, Query()] = False,
) -> Response:
    page = cached_season_page(request, season_id)
    shown = len(page.rows) if all else max(SHOWN_ROWS, page.cut_size + 20)
    ratings = views_ladders.season_ratings(store_of(request), season_id)
    latest = page.tournaments[::-1]
    shown_tournaments = len(latest) if all else SHOWN_TOURNAMENTS
    context = {
        "page": page,
        "rows": page.rows[:shown],
        "hidden": max(len(page.rows) - shown, 0),
        "tournaments": latest[:shown_tournaments],
        "hidden_tournaments": max(len(latest) - shown_tournaments, 0),
        "charts": charts(page.chart, wide=560, today=store_of(request).clock().date()),
        "ratings": ratings,
        "rating_ladder": next(iter(ratings.values())).ladder if ratings else None,
        **text_helpers(),
    }
    return render(request, "seasons/season.html", context)


@router.get("/seasons/{season_id}/players/{player_id}", response_class=HTMLResponse)
def player_page(request: Request, season_id: int, player_id: int) -> Response:
    rows = cached_season_page(request, season_id).rows  # the table is ranked once per change
    page = views_player.player_page(store_of(request), season_id, player_id, rows=rows)
    ratings = views_ladders.season_ratings(store_of(request), season_id)
    context = {
        "page": page,
        "charts": charts(page.chart, wide=960),
        "rating": ratings.get(player_id),
        **text_helpers(),
    }
    return render(request, "seasons/player.html", context)


@router.get("/seasons/{season_id}/tournaments/{tournament_id}", response_class=HTMLResponse)
def tournament_page(request: Request, season_id: int, tournament_id: int) -> Response:
    page = views_tournament.tournament_page(store_of(request), season_id, tournament_id)
    return render(request, "seasons/tournament.html", {"page": page, **text_helpers()})


def _download(text: str, filename: str, media: str) -> Response:
    return Response(
        text,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.get("/seasons/{season_id}/standings.csv")
def season_csv(request: Request, season_id: int, dialect: DialectParam = "rfc") -> Response:
    sheet = exports.table_sheet(cached_season_page(request, season_id).rows)
    return csv_download(request, sheet, f"season-{season_id}-standings.csv", dialect)


@router.get("/seasons/{season_id}/standings.xlsx")
def season_xlsx(request: Request, season_id: int) -> Response:
    sheet = exports.table_sheet(cached_season_page(request, season_id).rows)
    return xlsx_download(request, sheet, f"season-{season_id}-standings.xlsx")


@router.get("/seasons/{season_id}/season.json")
def season_json(request: Request, season_id: int) -> Response:
    text = exports.json_text(exports.page_json(cached_season_page(request, season_id)))
    return _download(text, f"season-{season_id}.json", "application/json")


@router.get("/seasons/{season_id}/tournaments.csv")
def tournaments_csv(request: Request, season_id: int, dialect: DialectParam = "rfc") -> Response:
    sheet = exports.tournaments_sheet(cached_season_page(request, season_id))
    return csv_download(request, sheet, f"season-{season_id}-tournaments.csv", dialect)


@router.get("/seasons/{season_id}/tournaments.xlsx")
def tournaments_xlsx(request: Request, season_id: int) -> Response:
    sheet = exports.tournaments_sheet(cached_season_page(request, season_id))
    return xlsx_download(request, sheet, f"season-{season_id}-tournaments.xlsx")


@router.get("/seasons/{season_id}/results.csv")
def results_csv(request: Request, season_id: int) -> Response:
    text = exports.season_results_csv(store_of(request), season_id)
    return _download(text, f"season-{season_id}-results.csv", "text/csv; charset=utf-8")
