"""The season calendar page: Majors and their quiet days, every tournament, the days a store may
still book, and the announcement form (every sanctioning breach listed, INV-LEGAL-1..7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageWriter
from torneo.platform.web.forms import checked, form_int
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


def _calendar(
    request: Request,
    season_id: int,
    *,
    store_name: str | None,
    form: Mapping[str, Any] | None = None,
    error: TorneoError | None = None,
    breaches: tuple[season_views.BreachLine, ...] | None = None,
    status: int = 200,
) -> Response:
    view = season_calendar.calendar_view(store_of(request), season_id, store_name=store_name)
    context = {
        "cal": view,
        "week_days": WEEK_DAYS,
        "form": dict(form or {}),
        "error": error,
        "breaches": breaches,
        **text_helpers(),
    }
    return render(request, "seasons/calendar.html", context, status=status)


@router.get("/seasons/{season_id}/calendar", response_class=HTMLResponse)
def calendar_page(
    request: Request,
    season_id: int,
    store: Annotated[str | None, Query(max_length=200)] = None,
) -> Response:
    return _calendar(request, season_id, store_name=store, form={"store": store or ""})


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
        "is_major": checked(is_major),
        "judge": judge,
        "public_place": checked(public_place),
        "prizes_for_top": prizes_for_top,
    }
    shop = store.strip() or None
    try:
        data = season_calendar.AnnouncementInput(
            name=name,
            store=store,
            held_on=held_on,
            is_major=checked(is_major),
            judge=judge,
            public_place=checked(public_place),
            prizes_for_top=form_int("prizes_for_top", prizes_for_top, default=0) or 0,
        )
        if action != "announce":
            breaches = season_calendar.check_announcement(store_of(request), season_id, data)
            return _calendar(request, season_id, store_name=shop, form=form, breaches=breaches)
        season_calendar.announce_tournament(store_of(request), actor, season_id, data)
    except season_calendar.SanctioningError as err:
        return _calendar(
            request, season_id, store_name=shop, form=form, breaches=err.breaches, status=422
        )
    except TorneoError as err:
        return _calendar(
            request, season_id, store_name=shop, form=form, error=err, status=err.status
        )
    flash(request, "ok", say(request, N_("Announced: %(name)s."), name=" ".join(name.split())))
    target = f"/seasons/{season_id}/calendar"
    if shop:
        target += "?store=" + quote(shop)
    return RedirectResponse(target, status_code=303)


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
        return _calendar(request, season_id, store_name=None, error=err, status=err.status)
    flash(request, "ok", say(request, N_("The tournament is off the calendar.")))
    return RedirectResponse(f"/seasons/{season_id}/calendar", status_code=303)
