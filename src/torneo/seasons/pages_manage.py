"""The organizer's season forms: create a season (optionally from a CSV), import a CSV (every wrong
row listed, nothing imported), add a finished event, recompute (issue 5 item 6).

Each form posts to one route that calls one service: success redirects (303) with a flash
message, a refusal re-renders the page with the error and the values typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, File, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.cards import views as queries
from torneo.core.errors import TorneoError
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import form_int, form_int_required
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import render, say
from torneo.seasons import commands as seasons
from torneo.seasons import commands_events
from torneo.seasons.ladders import views as views_ladders
from torneo.seasons.pages_common import (
    LADDER_SOURCES,
    MAX_UPLOAD_BYTES,
    LongText,
    Text,
    cached_season_page,
    season_presets,
    text_helpers,
)
from torneo.seasons.rules.settings import REGIONAL_CUT

router = APIRouter(include_in_schema=False)


# --- organizer: a new season (declared before /seasons/{id}: "new" is not an id) ----------


def _new_form(
    request: Request,
    form: Mapping[str, Any],
    error: TorneoError | None = None,
    status: int = 200,
) -> Response:
    context = {
        "presets": season_presets(),
        "form": dict(form),
        "error": error,
        "issues": getattr(error, "issues", None),
        "default_cut": REGIONAL_CUT,
        **text_helpers(),
    }
    return render(request, "seasons/new.html", context, status=status)


@router.get("/seasons/new", response_class=HTMLResponse)
def new_season(request: Request, actor: PageActor) -> Response:
    dates = seasons.default_season_dates("invasion-it-2012")
    form = {
        "preset": "invasion-it-2012",
        "start": dates[0].isoformat() if dates else "",
        "end": dates[1].isoformat() if dates else "",
        "cut_size": str(REGIONAL_CUT),
    }
    return _new_form(request, form)


async def _csv_text(file: UploadFile | None, pasted: str) -> str:
    if file is not None and file.filename:
        raw = await file.read(MAX_UPLOAD_BYTES + 1)
        if len(raw) > MAX_UPLOAD_BYTES:
            raise TorneoError(
                "file",
                N_("%(file)s is over 20 MB"),
                N_("a smaller file, or the CLI import"),
                params={"file": file.filename},
            )
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise TorneoError(
                "file",
                N_("%(file)s is not UTF-8 text"),
                N_("a UTF-8 CSV"),
                params={"file": file.filename},
            ) from exc
    return pasted


@router.post("/seasons/new", response_class=HTMLResponse)
async def create_season(
    request: Request,
    actor: PageWriter,
    name: Text = "",
    preset: Text = "",
    start: Text = "",
    end: Text = "",
    cut_size: Text = "",
    csv_text: LongText = "",
    file: Annotated[UploadFile | None, File()] = None,
) -> Response:
    form = {
        "name": name,
        "preset": preset,
        "start": start,
        "end": end,
        "cut_size": cut_size,
        "csv_text": csv_text,
    }
    store = store_of(request)
    try:
        cut = form_int("cut_size", cut_size, default=REGIONAL_CUT)
        text = await _csv_text(file, csv_text)
        if text.strip():
            summary = seasons.import_season_csv(
                store,
                actor,
                name,
                preset,
                text,
                start=start or None,
                end=end or None,
                cut_size=cut if cut is not None else REGIONAL_CUT,
            )
            season_id = summary.season_id
            message = say(
                request,
                N_("Season created with %(t)s tournaments and %(r)s results."),
                t=summary.tournaments,
                r=summary.results,
            )
        else:
            season_id = seasons.create_season(
                store,
                actor,
                name=name,
                preset=preset,
                start=start or None,
                end=end or None,
                cut_size=cut if cut is not None else REGIONAL_CUT,
            )
            message = say(request, N_("Season created."))
    except TorneoError as err:
        return _new_form(request, form, err, err.status)
    flash(request, "ok", message)
    return RedirectResponse(f"/seasons/{season_id}/manage", status_code=303)


# --- organizer: import, add an event, recompute ---------------------------------------------


def manage_page(
    request: Request,
    season_id: int,
    *,
    error: TorneoError | None = None,
    form: Mapping[str, Any] | None = None,
    status: int = 200,
) -> Response:
    store = store_of(request)
    page = cached_season_page(request, season_id)
    finished = [e for e in queries.list_events(store, status="finished") if e.preset == page.preset]
    in_season = {t.event_id for t in page.tournaments if t.event_id is not None}
    context = {
        "page": page,
        "finished": finished,
        "in_season": in_season,
        "error": error,
        "issues": getattr(error, "issues", None),
        "form": dict(form or {}),
        "ladders": [lad for lad in views_ladders.list_ladders(store) if lad.season == page.name],
        "ladder_sources": LADDER_SOURCES,
        **text_helpers(),
    }
    return render(request, "seasons/manage.html", context, status=status)


@router.get("/seasons/{season_id}/manage", response_class=HTMLResponse)
def manage(request: Request, season_id: int, actor: PageActor) -> Response:
    return manage_page(request, season_id)


@router.post("/seasons/{season_id}/manage/import", response_class=HTMLResponse)
async def import_csv(
    request: Request,
    season_id: int,
    actor: PageWriter,
    csv_text: LongText = "",
    file: Annotated[UploadFile | None, File()] = None,
) -> Response:
    page = cached_season_page(request, season_id)
    try:
        text = await _csv_text(file, csv_text)
        if not text.strip():
            raise TorneoError("file", N_("is empty"), N_("a CSV file or pasted rows"))
        summary = seasons.import_season_csv(store_of(request), actor, season_id, page.preset, text)
    except TorneoError as err:
        return manage_page(
            request, season_id, error=err, form={"csv_text": csv_text}, status=err.status
        )
    flash(
        request,
        "ok",
        " ".join(
            [
                say(
                    request,
                    N_("Imported %(t)s tournaments and %(r)s results."),
                    t=summary.tournaments,
                    r=summary.results,
                ),
                *_unchecked(request, summary),
            ]
        ),
    )
    return RedirectResponse(f"/seasons/{season_id}/manage", status_code=303)


@router.post("/seasons/{season_id}/manage/event", response_class=HTMLResponse)
def add_event(
    request: Request,
    season_id: int,
    actor: PageWriter,
    event_id: Text = "",
    store_name: Text = "",
) -> Response:
    try:
        eid = form_int_required("event_id", event_id, accepted=N_("a finished event"))
        commands_events.add_finished_event_to_season(
            store_of(request),
            actor,
            season_id,  # by id: season names are per club (issue 27)
            eid,
            store_name=store_name.strip() or None,
        )
    except TorneoError as err:
        form = {"event_id": event_id, "store_name": store_name}
        return manage_page(request, season_id, error=err, form=form, status=err.status)
    flash(request, "ok", say(request, N_("The event is in the season.")))
    return RedirectResponse(f"/seasons/{season_id}/manage", status_code=303)


@router.post("/seasons/{season_id}/manage/recompute", response_class=HTMLResponse)
def recompute(request: Request, season_id: int, actor: PageWriter) -> Response:
    try:
        seasons.recompute_season(store_of(request), actor, season_id)
    except TorneoError as err:
        return manage_page(request, season_id, error=err, status=err.status)
    flash(request, "ok", say(request, N_("The season is recomputed.")))
    return RedirectResponse(f"/seasons/{season_id}/manage", status_code=303)


def _unchecked(request: Request, summary: seasons.ImportSummary) -> list[str]:
    """The import's note on tournaments without an announcement (INV-LEGAL-1/3/4/5 unchecked)."""
    note = seasons.unchecked_note(summary)
    if note is None:
        return []
    return [say(request, note.id, **note.params)]
