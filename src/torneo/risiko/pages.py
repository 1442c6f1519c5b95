"""RisiKo! pages: the tournaments, the public page and printable regulation, the season, and a new
tournament; the organizer's control room is :mod:`torneo.risiko.pages_manage`, a table's result
form and the referee console :mod:`torneo.risiko.pages_tables`. ``router`` holds them all.

Each form posts to one route that calls one service, and the browser always ends on a GET page
(Post/Redirect/Get, issue 26 item 3): success redirects back (303) with a flash message; a
refusal redirects (303) to the form's page, which shows the error (its field named, in the page's
language) and the values typed (``platform.web.prg``), and nothing is changed (the services
guarantee it). Live notices of the
tournament (``risiko:<id>``, :mod:`torneo.platform.web.live`) make the public page, the control
room's tables and the console re-read themselves. A slow poll stays as a fallback where a stream
is not available.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import checked, form_int
from torneo.platform.web.prg import refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import say
from torneo.risiko import commands as risiko
from torneo.risiko import pages_manage, pages_tables, views_season
from torneo.risiko import views as risiko_views
from torneo.risiko.pages_render import page
from torneo.risiko.state import preset_rules

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=1000)]
LIVE_SECONDS = 120  # the public page's fallback poll (live notices refresh it at once)
FORMULAS = ("bonus-50", "spartac", "master", "placement")  # RSK-PTS-2
POLICIES = ("fours_then_fives", "fours_then_threes")  # RSK-TBL-2


@router.get("/risiko", response_class=HTMLResponse)
def tournaments(request: Request) -> Response:
    store = store_of(request)
    context = {
        "tournaments": risiko_views.list_tournaments(store),
        "seasons": views_season.seasons(store),
    }
    return page(request, "risiko/list.html", context)


def _new_form(request: Request, form: Mapping[str, Any], error: TorneoError | None) -> Response:
    rules = preset_rules(risiko.DEFAULT_PRESET)
    context = {
        "form": dict(form),
        "error": error,
        "rules": risiko_views.rules_view(rules),
        "formulas": FORMULAS,
        "policies": POLICIES,
    }
    return page(request, "risiko/new.html", context)


@router.get("/risiko/new", response_class=HTMLResponse)
def new_tournament(request: Request, actor: PageActor) -> Response:
    refused = take_refusal(request)  # Post/Redirect/Get: a refused form comes back here
    defaults = {"formula": "bonus-50", "table_policy": "fours_then_fives", "kind": "club"}
    form: dict[str, Any] = {**defaults, **refused.form}
    if "open_variant" in refused.form:
        form["open_variant"] = refused.form["open_variant"] == "1"
    return _new_form(request, form, refused.error)


@router.post("/risiko/new", response_class=HTMLResponse)
def create_tournament(
    request: Request,
    actor: PageWriter,
    name: Text = "",
    held_on: Text = "",
    location: Text = "",
    season: Text = "",
    kind: Text = "club",
    formula: Text = "bonus-50",
    open_variant: Text = "",
    table_policy: Text = "fours_then_fives",
    seed: Text = "",
) -> Response:
    form = {
        "name": name,
        "held_on": held_on,
        "location": location,
        "season": season,
        "kind": kind,
        "formula": formula,
        "open_variant": checked(open_variant),
        "table_policy": table_policy,
        "seed": seed,
    }
    try:
        tid = risiko.create_tournament(
            store_of(request),
            actor,
            name=name,
            held_on=held_on,
            location=location or None,
            season=season or None,
            kind=kind,
            formula=formula,
            open_variant=checked(open_variant),
            table_policy=table_policy,
            seed=form_int("seed", seed, required=False),
        )
    except TorneoError as err:
        return refuse_to(request, err, "/risiko/new", form)
    flash(
        request,
        "ok",
        say(request, N_("Tournament created: write the regulation and register the players.")),
    )
    return RedirectResponse(f"/risiko/{tid}/manage", status_code=303)


@router.get("/risiko/seasons/{season}", response_class=HTMLResponse)
def season_page(request: Request, season: str) -> Response:
    view = views_season.season_view(store_of(request), season)
    return page(request, "risiko/season.html", {"season": view})


@router.get("/risiko/{tid}", response_class=HTMLResponse)
def public_page(
    request: Request,
    tid: int,
    round: Annotated[int | None, Query(ge=1, le=1000)] = None,
    fragment: Annotated[str | None, Query(max_length=10)] = None,
) -> Response:
    view = risiko_views.tournament_page(store_of(request), tid)
    context = {"page": view, "shown": view.round(round), "refresh": LIVE_SECONDS}
    if fragment == "live":
        return page(request, "risiko/_live.html", context)
    return page(request, "risiko/public.html", context)


@router.get("/risiko/{tid}/regulation", response_class=HTMLResponse)
def regulation_page(request: Request, tid: int) -> Response:
    view = risiko_views.tournament_page(store_of(request), tid)
    return page(request, "risiko/regulation.html", {"page": view})


router.include_router(pages_manage.router)
router.include_router(pages_tables.router)
