"""Pages of the club's week (PKR-SCHED-1), reached from the poker home ``/poker``:
``/poker/calendar`` the schedule entries, the next four weeks day by day with "open" on the day
(one click), the form for a new entry and for a league, the preset's week imported at once, and
the iCalendar feed ``/poker/calendar.ics`` players subscribe to.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageWriter
from torneo.platform.web.prg import refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import add_templates, render, say
from torneo.poker.league import commands as leagues
from torneo.poker.league import views as views_league
from torneo.poker.league.views import decimal_text
from torneo.poker.pages_labels import helpers
from torneo.poker.schedules import commands as schedules
from torneo.poker.schedules import views as views_schedules

add_templates("torneo.poker.schedules", "poker")  # its own templates/, as "poker/<name>"

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form(max_length=1000)]
CALENDAR = "/poker/calendar"


def _helpers() -> dict[str, Any]:
    return {**helpers(), "points": decimal_text}


# --- the calendar and the schedules -----------------------------------------------------------


def calendar_response(
    request: Request, error: TorneoError | None = None, form: Any = None
) -> Response:
    """The calendar page, with a refusal and what was typed when a form of it was refused
    (Post/Redirect/Get, issue 26 item 3: the forms' POSTs redirect here, :data:`CALENDAR`)."""
    store = store_of(request)
    today = store.clock().date()
    context = {
        "today": today,
        "schedules": views_schedules.list_schedules(store, today),
        "days": views_schedules.calendar(store, today, 28),
        "leagues": views_league.list_leagues(store),
        "error": error,
        "form": dict(form or {}),
        **_helpers(),
    }
    return render(request, "poker/calendar.html", context)


@router.get(CALENDAR, response_class=HTMLResponse)
def calendar_page(request: Request) -> Response:
    refused = take_refusal(request)
    return calendar_response(request, refused.error, refused.form)


@router.get("/poker/calendar.ics")
def calendar_feed(request: Request) -> Response:
    body = views_schedules.ical_feed(store_of(request), request.url.hostname or "torneo")
    return Response(body, media_type="text/calendar; charset=utf-8")


@router.post("/poker/schedules/new", response_class=HTMLResponse)
def schedule_new(
    request: Request,
    actor: PageWriter,
    name: Text = "",
    weekday: Text = "",
    week_of_month: Text = "",
    start: Text = "21:00",
    buy_in: Text = "",
    starting_stack: Text = "",
    level_minutes: Text = "",
    re_entries: Text = "0",
    add_on_price: Text = "",
    add_on_chips: Text = "",
    jackpot_levy: Text = "",
) -> Response:
    form = dict(locals())
    for key in ("request", "actor"):
        form.pop(key)
    try:
        schedules.create_schedule(store_of(request), actor, **form)
    except TorneoError as err:
        return refuse_to(request, err, CALENDAR, form)
    flash(request, "ok", say(request, N_("Schedule entry added.")))
    return RedirectResponse("/poker/calendar", status_code=303)


@router.post("/poker/schedules/{schedule_id}/open", response_class=HTMLResponse)
def schedule_open(
    request: Request, schedule_id: int, actor: PageWriter, held_on: Text = ""
) -> Response:
    try:
        tid = schedules.open_scheduled(store_of(request), actor, schedule_id, held_on=held_on)
    except TorneoError as err:
        return refuse_to(request, err, CALENDAR, {"held_on": held_on})
    flash(request, "ok", say(request, N_("Tournament created: register the players.")))
    return RedirectResponse(f"/poker/{tid}/director", status_code=303)


@router.post("/poker/week/import", response_class=HTMLResponse)
def week_import(
    request: Request, actor: PageWriter, starts_on: Text = "", ends_on: Text = ""
) -> Response:
    try:
        leagues.import_week(store_of(request), actor, starts_on=starts_on, ends_on=ends_on)
    except TorneoError as err:
        return refuse_to(request, err, CALENDAR, {"starts_on": starts_on, "ends_on": ends_on})
    flash(request, "ok", say(request, N_("The club's week and its leagues are in.")))
    return RedirectResponse("/poker/calendar", status_code=303)


@router.post("/poker/schedules/{schedule_id}/active", response_class=HTMLResponse)
def schedule_active(
    request: Request, schedule_id: int, actor: PageWriter, active: Text = ""
) -> Response:
    """Retire an entry (it leaves the calendar, its tournaments stay) or bring it back."""
    try:
        schedules.update_schedule(
            store_of(request), actor, schedule_id, active=active.strip() == "1"
        )
    except TorneoError as err:
        return refuse_to(request, err, CALENDAR, {"active": active})
    flash(request, "ok", say(request, N_("Schedule entry updated.")))
    return RedirectResponse("/poker/calendar", status_code=303)
