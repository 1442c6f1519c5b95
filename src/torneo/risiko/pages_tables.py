"""A RisiKo! table's pages: its result form (RSK-PTS-1, RSK-OUT-1/2) and the referee console on a
phone (RSK-ROLL-1..3, RSK-ARMY-1).

The console also answers htmx: its panel is swapped in place. It asks with the version the
phone shows (``?since=``) and the server answers 204 when that table did not change, so a second
phone at the table follows the first without disturbing forms someone is using.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import checked, form_int, form_int_required
from torneo.platform.web.prg import refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import say
from torneo.risiko import views_tables
from torneo.risiko.commands_results import enter_result
from torneo.risiko.console import commands as risiko_console
from torneo.risiko.pages_render import page

router = APIRouter(include_in_schema=False)

CONSOLE_SECONDS = 15  # the console's fallback poll (a second phone follows by live notices)


def _version(value: str | None) -> int | None:
    """The console version the phone saw (none: act on the console as it is now)."""
    return form_int("version", value, required=False)


def _table_url(tid: int, round_no: int, table: int) -> str:
    return f"/risiko/{tid}/rounds/{round_no}/tables/{table}"


@router.get("/risiko/{tid}/rounds/{round_no}/tables/{table}/result", response_class=HTMLResponse)
def result_form(
    request: Request, tid: int, round_no: int, table: int, actor: PageActor
) -> Response:
    """The table's result form; after a refusal (Post/Redirect/Get) with it and what was typed."""
    refused = take_refusal(request)
    view = views_tables.result_form(store_of(request), tid, round_no, table)
    context = {"v": view, "error": refused.error, "typed": refused.form}
    return page(request, "risiko/result.html", context)


@router.post("/risiko/{tid}/rounds/{round_no}/tables/{table}/result", response_class=HTMLResponse)
async def save_result(
    request: Request, tid: int, round_no: int, table: int, actor: PageWriter
) -> Response:
    raw = await request.form()
    typed = {k: str(v) for k, v in raw.items()}
    winners = [str(w) for w in raw.getlist("winner") if str(w).strip()]
    typed["winners"] = ",".join(winners)
    seats = []
    i = 1
    while f"seat-{i}-player" in raw:
        seats.append(
            {
                "player": typed.get(f"seat-{i}-player"),
                "table_points": typed.get(f"seat-{i}-points", ""),
                "status": typed.get(f"seat-{i}-status", "survived"),
                "eliminated": typed.get(f"seat-{i}-eliminated", ""),
            }
        )
        i += 1
    try:
        winner_ids = [form_int_required("winners", w) for w in winners]
        enter_result(
            store_of(request),
            actor,
            tid,
            round_no,
            table,
            seats,
            winner_ids,
            correction=checked(typed.get("correction")),
            override_console=checked(typed.get("override_console")),
            reason=typed.get("reason") or None,
            # issue 26 item 1: the tournament version the form was loaded at, checked against
            # this table only (another table's result does not make the form stale)
            version=form_int("version", typed.get("version"), required=False),
        )
    except TorneoError as err:
        url = _table_url(tid, round_no, table) + "/result"
        return refuse_to(request, err, url, {k: v for k, v in typed.items() if k != "version"})
    flash(request, "ok", say(request, N_("Result of table %(n)s saved."), n=table))
    return RedirectResponse(f"/risiko/{tid}/manage?round={round_no}#table-{table}", status_code=303)


# --- the referee console ----------------------------------------------------------------------


def _console(
    request: Request,
    tid: int,
    round_no: int,
    table: int,
    *,
    panel_only: bool = False,
    error: TorneoError | None = None,
    status: int = 200,
) -> Response:
    if not panel_only and error is None:  # Post/Redirect/Get: the refusal a form left here
        error = take_refusal(request).error
    view = views_tables.console_view(store_of(request), tid, round_no, table)
    context = {
        "v": view,
        "error": error,
        "poll": CONSOLE_SECONDS,
        "url": _table_url(tid, round_no, table),
    }
    template = "risiko/_console_panel.html" if panel_only else "risiko/console.html"
    return page(request, template, context, status=status)


@router.get("/risiko/{tid}/rounds/{round_no}/tables/{table}/console", response_class=HTMLResponse)
def console(
    request: Request,
    tid: int,
    round_no: int,
    table: int,
    actor: PageActor,
    fragment: Annotated[str | None, Query(max_length=10)] = None,
    since: Annotated[int | None, Query(ge=0)] = None,
) -> Response:
    if fragment == "panel":
        if since is not None:
            view = views_tables.console_view(store_of(request), tid, round_no, table)
            if view.version == since:
                return Response(status_code=204)  # nothing new: htmx keeps the panel
        return _console(request, tid, round_no, table, panel_only=True)
    return _console(request, tid, round_no, table)


async def _console_post(
    request: Request,
    tid: int,
    round_no: int,
    table: int,
    actor: Any,
    call: Callable[[Mapping[str, str], int | None], None],
) -> Response:
    raw = await request.form()
    form = {k: str(v) for k, v in raw.items()}
    is_htmx = request.headers.get("HX-Request") == "true"
    error: TorneoError | None = None
    try:
        call(form, _version(form.get("version")))
    except TorneoError as err:
        error = err
    if is_htmx:
        return _console(
            request,
            tid,
            round_no,
            table,
            panel_only=True,
            error=error,
            status=error.status if error else 200,
        )
    if error is not None:
        return refuse_to(request, error, _table_url(tid, round_no, table) + "/console")
    return RedirectResponse(_table_url(tid, round_no, table) + "/console", status_code=303)


@router.post("/risiko/{tid}/rounds/{round_no}/tables/{table}/console", response_class=HTMLResponse)
async def console_action(
    request: Request, tid: int, round_no: int, table: int, actor: PageWriter
) -> Response:
    def call(form: Mapping[str, str], version: int | None) -> None:
        risiko_console.act(store_of(request), actor, tid, round_no, table, form, version=version)

    return await _console_post(request, tid, round_no, table, actor, call)


@router.post(
    "/risiko/{tid}/rounds/{round_no}/tables/{table}/console/undo", response_class=HTMLResponse
)
async def console_undo(
    request: Request, tid: int, round_no: int, table: int, actor: PageWriter
) -> Response:
    def call(form: Mapping[str, str], version: int | None) -> None:
        risiko_console.undo(store_of(request), actor, tid, round_no, table, version=version)

    return await _console_post(request, tid, round_no, table, actor, call)
