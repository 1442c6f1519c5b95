"""The season calendar page: Majors and their quiet days, every tournament, the days a store may
still book, and the announcement form (every sanctioning breach listed, INV-LEGAL-1..7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageWriter
from torneo.platform.web.forms import checked, form_int
from torneo.platform.web.prg import refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import add_templates, render, say
from torneo.seasons import views as season_views
from torneo.seasons.calendar import commands as season_calendar
from torneo.seasons.pages_common import (
    WEEK_DAYS,
    Text,
    text_helpers,
)

add_templates("torneo.seasons.calendar", "seasons")  # its own templates/, as "seasons/<name>"

router = APIRouter(include_in_schema=False)


# --- calendar --------------------------------------------------------------------------------
#
# Post/Redirect/Get (issue 26 item 3): "Check" is a read, answered by the GET page with the typed
# announcement in its query (reload-safe, and the language switch works on it); a refused
# announcement redirects to the GET page with the refusal and what was typed, and the page lists
# the breaches again from what was typed (INV-LEGAL-1..7).

FIELDS = ("name", "store", "held_on", "is_major", "judge", "public_place", "prizes_for_top")


def _announcement(form: Mapping[str, Any]) -> season_calendar.AnnouncementInput:
    return season_calendar.AnnouncementInput(
        name=str(form.get("name", "")),
        store=str(form.get("store", "")),
        held_on=str(form.get("held_on", "")),
        is_major=checked(str(form.get("is_major", ""))),
        judge=str(form.get("judge", "")),
        public_place=checked(str(form.get("public_place", ""))),
        prizes_for_top=form_int("prizes_for_top", str(form.get("prizes_for_top", "")), default=0)
        or 0,
    )


def _calendar(
    request: Request,
    season_id: int,
    *,
    store_name: str | None,
    form: Mapping[str, Any] | None = None,
    error: TorneoError | None = None,
    check: bool = False,
) -> Response:
    form = dict(form or {})
    breaches: tuple[season_views.BreachLine, ...] | None = None
    if check:  # the typed announcement checked again: a read, nothing saved
        try:
            data = _announcement(form)
            breaches = season_calendar.check_announcement(store_of(request), season_id, data)
        except TorneoError as err:
            error = err
        else:
            error = None if breaches else error  # the breaches say it, one by one
    view = season_calendar.calendar_view(store_of(request), season_id, store_name=store_name)
    context = {
        "cal": view,
        "week_days": WEEK_DAYS,
        "form": form,
        "error": error,
        "breaches": breaches,
        **text_helpers(),
    }
    return render(request, "seasons/calendar.html", context)


@router.get("/seasons/{season_id}/calendar", response_class=HTMLResponse)
def calendar_page(
    request: Request,
    season_id: int,
    store: Annotated[str | None, Query(max_length=200)] = None,
    check: Annotated[str, Query(max_length=1)] = "",
) -> Response:
    refused = take_refusal(request)
    if refused.error is not None:
        recheck = refused.form.get("checked") == "1"  # a sanctioning refusal: its breaches
        return _calendar(
            request,
            season_id,
            store_name=store,
            form=refused.form,
            error=refused.error,
            check=recheck,
        )
    if check:
        typed = {k: request.query_params.get(k, "")[:200] for k in FIELDS}
        return _calendar(request, season_id, store_name=store, form=typed, check=True)
    return _calendar(request, season_id, store_name=store, form={"store": store or ""})


def _calendar_url(season_id: int, shop: str | None, query: Mapping[str, str] | None = None) -> str:
    params = {"store": shop} if shop else {}
    params |= dict(query or {})
    return f"/seasons/{season_id}/calendar" + (f"?{urlencode(params)}" if params else "")


@router.post("/seasons/{season_id}/calendar/announce", response_class=HTMLResponse)
def announce(
    request: Request,
    season_id: int,
    actor: PageWriter,
    name: Text = "",
    store: Text = "",
    held_on: Text = "",
    is_major: Text = "",
    judge: Text = "",
    public_place: Text = "",
    prizes_for_top: Text = "",
    action: Text = "check",
) -> Response:
    form = {
        "name": name,
        "store": store,
        "held_on": held_on,
        "is_major": "1" if checked(is_major) else "",
        "judge": judge,
        "public_place": "1" if checked(public_place) else "",
        "prizes_for_top": prizes_for_top,
    }
    shop = store.strip() or None
    if action != "announce":  # a read: refused input on the page, else its answer by GET
        try:
            season_calendar.check_announcement(store_of(request), season_id, _announcement(form))
        except TorneoError as err:
            return refuse_to(request, err, _calendar_url(season_id, shop) + "#announce", form)
        lang = {"lang": request.query_params["lang"]} if "lang" in request.query_params else {}
        url = _calendar_url(season_id, None, {**form, "check": "1", **lang})
        return RedirectResponse(url + "#announce", status_code=303)
    try:
        data = _announcement(form)
        season_calendar.announce_tournament(store_of(request), actor, season_id, data)
    except season_calendar.SanctioningError as err:
        url = _calendar_url(season_id, shop) + "#announce"
        return refuse_to(request, err, url, {**form, "checked": "1"})
    except TorneoError as err:
        return refuse_to(request, err, _calendar_url(season_id, shop) + "#announce", form)
    flash(request, "ok", say(request, N_("Announced: %(name)s."), name=" ".join(name.split())))
    return RedirectResponse(_calendar_url(season_id, shop), status_code=303)


@router.post(
    "/seasons/{season_id}/calendar/{announcement_id}/withdraw", response_class=HTMLResponse
)
def withdraw(
    request: Request,
    season_id: int,
    announcement_id: int,
    actor: PageWriter,
    reason: Text = "",
) -> Response:
    try:
        season_calendar.withdraw_announcement(
            store_of(request), actor, season_id, announcement_id, reason=reason
        )
    except TorneoError as err:
        return refuse_to(request, err, f"/seasons/{season_id}/calendar", {"reason": reason})
    flash(request, "ok", say(request, N_("The tournament is off the calendar.")))
    return RedirectResponse(f"/seasons/{season_id}/calendar", status_code=303)
