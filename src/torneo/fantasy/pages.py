"""Fantasy league pages: the leagues, a new league, a league's standings (live), a matchday's
ranking and a team's score explained. The administrator's control room is
:mod:`.pages_manage`, a team's page (roster, market, lineup) :mod:`.pages_team`; ``router``
holds them all.

Each form posts to one route that calls one service, Post/Redirect/Get
(:mod:`torneo.platform.web.prg`): success redirects (303) with a flash message, a refusal
redirects (303) to the form's page, which shows the error (its field named, in the page's
language) and what was typed; nothing changes. The standings listen to ``fantasy:<id>`` (live notices of every
import, lineup and transfer), with a slow poll as a fallback.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.fantasy import commands as fantasy
from torneo.fantasy import pages_manage, pages_players, pages_team, views
from torneo.fantasy.chart import weekly_chart
from torneo.fantasy.pages_render import page
from torneo.fantasy.state import preset_rules
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.prg import refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import say

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=1000)]
LIVE_SECONDS = 120


@router.get("/fantasy", response_class=HTMLResponse)
def leagues(request: Request) -> Response:
    return page(request, "fantasy/list.html", {"leagues": views.list_leagues(store_of(request))})


@router.get("/fantasy/new", response_class=HTMLResponse)
def new_league(request: Request, actor: PageActor) -> Response:
    refused = take_refusal(request)
    context = {
        "form": refused.form,
        "error": refused.error,
        "rules": preset_rules(fantasy.DEFAULT_PRESET),
    }
    return page(request, "fantasy/new.html", context)


@router.post("/fantasy/new", response_class=HTMLResponse)
def create_league(
    request: Request,
    actor: PageWriter,
    name: Text = "",
    season: Text = "",
    roster_due: Text = "",
    budget: Text = "",
    deadline_minutes: Text = "",
) -> Response:
    form = {
        "name": name,
        "season": season,
        "roster_due": roster_due,
        "budget": budget,
        "deadline_minutes": deadline_minutes,
    }
    try:
        lid = fantasy.create_league(
            store_of(request),
            actor,
            name=name,
            season=season,
            roster_due=roster_due or None,
            budget=budget or None,
            deadline_minutes=deadline_minutes or None,
        )
    except TorneoError as err:
        return refuse_to(request, err, "/fantasy/new", form)
    flash(request, "ok", say(request, N_("League created: import the fixtures and the prices.")))
    return RedirectResponse(f"/fantasy/{lid}/manage", status_code=303)


@router.get("/fantasy/{lid}", response_class=HTMLResponse)
def league_page(
    request: Request, lid: int, fragment: Annotated[str | None, Query(max_length=10)] = None
) -> Response:
    view = views.league_page(store_of(request), lid)
    context = {"page": view, "chart": weekly_chart(view), "refresh": LIVE_SECONDS}
    if fragment == "live":
        return page(request, "fantasy/_standings.html", context)
    return page(request, "fantasy/league.html", context)


@router.get("/fantasy/{lid}/matchdays/{day}", response_class=HTMLResponse)
def matchday_page(request: Request, lid: int, day: int) -> Response:
    view = views.matchday_page(store_of(request), lid, day)
    return page(request, "fantasy/matchday.html", {"m": view})


@router.get("/fantasy/{lid}/teams/{tid}/matchdays/{day}", response_class=HTMLResponse)
def score_page(request: Request, lid: int, tid: int, day: int) -> Response:
    view = views.score_view(store_of(request), lid, tid, day)
    return page(request, "fantasy/score.html", {"s": view})


router.include_router(pages_manage.router)
router.include_router(pages_team.router)
router.include_router(pages_players.router)
