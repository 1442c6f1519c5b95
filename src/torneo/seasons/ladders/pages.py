"""Rating ladders: the list, a ladder's page, define a ladder (from the season's manage page), recompute."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import NotFound, TorneoError
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageWriter
from torneo.platform.web.forms import form_int
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import add_templates, render, say
from torneo.seasons.ladders import commands as ladders
from torneo.seasons.ladders import views as views_ladders
from torneo.seasons.pages_common import (
    Text,
    cached_season_page,
    text_helpers,
)
from torneo.seasons.pages_manage import manage_page

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
    ladders = views_ladders.list_ladders(store_of(request))
    return render(request, "seasons/ladders.html", {"ladders": ladders, **text_helpers()})


@router.get("/ladders/{ladder_id}", response_class=HTMLResponse)
def ladder_page(request: Request, ladder_id: int) -> Response:
    card = _find_ladder(request, ladder_id)
    view = views_ladders.ladder_view(store_of(request), card.name)
    return render(request, "seasons/ladder.html", {"view": view, **text_helpers()})


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
        form = {"ladder_name": name, "source": source, "ladder": ladder}
        if sid is not None:
            return manage_page(request, sid, error=err, form=form, status=err.status)
        return render(
            request, "error.html", {"error": err, "status": err.status}, status=err.status
        )
    card = next(
        lad for lad in views_ladders.list_ladders(store) if lad.name == " ".join(name.split())
    )
    flash(request, "ok", say(request, N_("The ladder is computed.")))
    return RedirectResponse(f"/ladders/{card.id}", status_code=303)


@router.post("/ladders/{ladder_id}/recompute", response_class=HTMLResponse)
def recompute_ladder(request: Request, ladder_id: int, actor: PageWriter) -> Response:
    card = _find_ladder(request, ladder_id)
    ladders.recompute_ladder(store_of(request), actor, card.name)
    flash(request, "ok", say(request, N_("The ladder is computed.")))
    return RedirectResponse(f"/ladders/{ladder_id}", status_code=303)
