"""Rating ladders: the list, a ladder's page, define a ladder (from the season's manage page), recompute."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import NotFound, TorneoError
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageWriter
from torneo.platform.web.forms import form_int
from torneo.platform.web.prg import refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import add_templates, render, say
from torneo.seasons.ladders import commands as ladders
from torneo.seasons.ladders import views as views_ladders
from torneo.seasons.pages_common import (
    Text,
    cached_season_page,
    text_helpers,
)

add_templates("torneo.seasons.ladders", "seasons")  # its own templates/, as "seasons/<name>"

router = APIRouter(include_in_schema=False)


# --- ladders ---------------------------------------------------------------------------------


def _find_ladder(request: Request, ladder_id: int) -> views_ladders.LadderCard:
    found = next(
        (lad for lad in views_ladders.list_ladders(store_of(request)) if lad.id == ladder_id), None
    )
    if found is None:
        raise NotFound(
            "ladder",
            N_("no ladder %(id)s"),
            N_("the id of an existing ladder"),
            params={"id": ladder_id},
        )
    return found


@router.get("/ladders", response_class=HTMLResponse)
def ladder_list(request: Request) -> Response:
    error = take_refusal(request).error  # a ladder form posted without its season
    ladders = views_ladders.list_ladders(store_of(request))
    context = {"ladders": ladders, "error": error, **text_helpers()}
    return render(request, "seasons/ladders.html", context)


@router.get("/ladders/{ladder_id}", response_class=HTMLResponse)
def ladder_page(request: Request, ladder_id: int) -> Response:
    card = _find_ladder(request, ladder_id)
    error = take_refusal(request).error  # a refused recompute (Post/Redirect/Get)
    view = views_ladders.ladder_view(store_of(request), card.name)
    context = {"view": view, "error": error, **text_helpers()}
    return render(request, "seasons/ladder.html", context)


@router.post("/ladders/new", response_class=HTMLResponse)
def create_ladder(
    request: Request,
    actor: PageWriter,
    name: Text = "",
    preset: Text = "",
    source: Text = "",
    ladder: Text = "",
    season_id: Text = "",
    start: Text = "",
    end: Text = "",
) -> Response:
    store = store_of(request)
    sid = None
    try:
        sid = form_int("season_id", season_id, required=False)
        season_name = cached_season_page(request, sid).name if sid is not None else None
        ladders.create_ladder(
            store,
            actor,
            name=name,
            preset=preset,
            source=source,
            ladder=ladder or None,
            season=season_name,
            start=start or None,
            end=end or None,
        )
        ladders.recompute_ladder(store, actor, name)
    except TorneoError as err:
        # Post/Redirect/Get (issue 26 item 3): back to the season's manage page, its form
        form = {"ladder_name": name, "source": source, "ladder": ladder, "ladder_preset": preset}
        form |= {"ladder_start": start, "ladder_end": end}
        url = f"/seasons/{sid}/manage#ladders" if sid is not None else "/ladders"
        return refuse_to(request, err, url, form)
    card = next(
        lad for lad in views_ladders.list_ladders(store) if lad.name == " ".join(name.split())
    )
    flash(request, "ok", say(request, N_("The ladder is computed.")))
    return RedirectResponse(f"/ladders/{card.id}", status_code=303)


@router.post("/ladders/{ladder_id}/recompute", response_class=HTMLResponse)
def recompute_ladder(request: Request, ladder_id: int, actor: PageWriter) -> Response:
    card = _find_ladder(request, ladder_id)
    try:
        ladders.recompute_ladder(store_of(request), actor, card.name)
    except TorneoError as err:
        return refuse_to(request, err, f"/ladders/{ladder_id}")
    flash(request, "ok", say(request, N_("The ladder is computed.")))
    return RedirectResponse(f"/ladders/{ladder_id}", status_code=303)
