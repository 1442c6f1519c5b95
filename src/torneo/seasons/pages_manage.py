"""The organizer's season forms: create a season (optionally from a CSV), import a CSV (every wrong
row listed, nothing imported), add a finished event, recompute (issue 5 item 6).

Each form posts to one route that calls one service: success redirects (303) with a flash
message, a refusal redirects (303) to the form's page, which shows the error, the wrong rows and
the values typed (Post/Redirect/Get, issue 26 item 3: ``platform.web.prg``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, File, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.cards import views as queries
from torneo.core.errors import TorneoError
from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import form_int, form_int_required
from torneo.platform.web.prg import Refused, act_then_get, refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import render, say, say_count
from torneo.seasons import commands as seasons
from torneo.seasons import commands_events, commands_qualification
from torneo.seasons.ladders import views as views_ladders
from torneo.seasons.pages_common import (
    LADDER_SOURCES,
    MAX_UPLOAD_BYTES,
    LongText,
    Text,
    cached_season_page,
    issue_details,
    refused_issues,
    season_presets,
    text_helpers,
)
from torneo.seasons.rules.cut import CutHow
from torneo.seasons.rules.settings import REGIONAL_CUT

router = APIRouter(include_in_schema=False)


# --- organizer: a new season (declared before /seasons/{id}: "new" is not an id) ----------


def _issues(refused: Refused) -> dict[str, Any]:
    """The wrong rows of a refused import (as many as were kept) and how many there were."""
    issues = refused_issues(refused)
    return {"issues": issues, "issue_count": len(issues) + refused.more}


@router.get("/seasons/new", response_class=HTMLResponse)
def new_season(request: Request, actor: PageActor) -> Response:
    refused = take_refusal(request)
    dates = seasons.default_season_dates("invasion-it-2012")
    form = refused.form or {
        "preset": "invasion-it-2012",
        "start": dates[0].isoformat() if dates else "",
        "end": dates[1].isoformat() if dates else "",
        "cut_size": str(REGIONAL_CUT),
    }
    context = {
        "presets": season_presets(),
        "form": form,
        "error": refused.error,
        **_issues(refused),
        "default_cut": REGIONAL_CUT,
        **text_helpers(),
    }
    return render(request, "seasons/new.html", context)


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
            count = summary.tournaments
            message = say_count(
                request,
                lambda: i18n.ngettext(
                    "Season created with %(num)s tournament and %(r)s results.",
                    "Season created with %(num)s tournaments and %(r)s results.",
                    count,
                ),
                num=count,
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
        return refuse_to(request, err, "/seasons/new", form, details=issue_details(err))
    flash(request, "ok", message)
    return RedirectResponse(f"/seasons/{season_id}/manage", status_code=303)


# --- organizer: import, add an event, recompute ---------------------------------------------


def manage_page(
    request: Request,
    season_id: int,
    *,
    refused: Refused | None = None,
) -> Response:
    refused = refused or Refused()
    store = store_of(request)
    page = cached_season_page(request, season_id)
    finished = [e for e in queries.list_events(store, status="finished") if e.preset == page.preset]
    in_season = {t.event_id for t in page.tournaments if t.event_id is not None}
    context = {
        "page": page,
        "finished": finished,
        "in_season": in_season,
        "error": refused.error,
        **_issues(refused),
        "form": refused.form,
        "ladders": [lad for lad in views_ladders.list_ladders(store) if lad.season == page.name],
        "ladder_sources": LADDER_SOURCES,
        **text_helpers(),
    }
    return render(request, "seasons/manage.html", context)


@router.get("/seasons/{season_id}/manage", response_class=HTMLResponse)
def manage(request: Request, season_id: int, actor: PageActor) -> Response:
    return manage_page(request, season_id, refused=take_refusal(request))


def _refused(
    request: Request, season_id: int, err: TorneoError, form: Mapping[str, Any] | None = None
) -> Response:
    url = f"/seasons/{season_id}/manage"
    return refuse_to(request, err, url, form, details=issue_details(err))


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
        return _refused(request, season_id, err, {"csv_text": csv_text})
    flash(
        request,
        "ok",
        " ".join(
            [
                say_count(
                    request,
                    lambda: i18n.ngettext(
                        "Imported %(num)s tournament and %(r)s results.",
                        "Imported %(num)s tournaments and %(r)s results.",
                        summary.tournaments,
                    ),
                    num=summary.tournaments,
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
        return _refused(request, season_id, err, {"event_id": event_id, "store_name": store_name})
    flash(request, "ok", say(request, N_("The event is in the season.")))
    return RedirectResponse(f"/seasons/{season_id}/manage", status_code=303)


@router.post("/seasons/{season_id}/manage/recompute", response_class=HTMLResponse)
def recompute(request: Request, season_id: int, actor: PageWriter) -> Response:
    try:
        seasons.recompute_season(store_of(request), actor, season_id)
    except TorneoError as err:
        return _refused(request, season_id, err)
    flash(request, "ok", say(request, N_("The season is recomputed.")))
    return RedirectResponse(f"/seasons/{season_id}/manage", status_code=303)


@router.post("/seasons/{season_id}/manage/cut", response_class=HTMLResponse)
async def decide_cut(request: Request, season_id: int, actor: PageWriter) -> Response:
    """INV-RANK-3: the organizer names the tied players who qualify, or draws a lot."""
    form = await request.form()
    how = str(form.get("how", ""))
    qualified = [str(v) for v in form.getlist("qualified")]
    note = str(form.get("note", ""))

    def action() -> tuple[str, str]:
        ids = [form_int_required("qualified", v, accepted=N_("a tied player")) for v in qualified]
        decision = commands_qualification.decide_cut(
            store_of(request),
            actor,
            season_id,
            qualified=None if how == "lot" else ids,
            lot=how == "lot",
            note=note,
        )
        if decision.how is CutHow.LOT:
            return say(request, N_("The lot is drawn (seed %(seed)s)."), seed=decision.seed), "#cut"
        return say(request, N_("The decision at the cut is recorded.")), "#cut"

    return act_then_get(
        request,
        action,
        success_url=f"/seasons/{season_id}/manage",
        form={"how": how, "note": note},
    )


@router.post("/seasons/{season_id}/manage/placement-bonus", response_class=HTMLResponse)
def set_placement_bonus(
    request: Request, season_id: int, actor: PageWriter, placement_bonus: Text = ""
) -> Response:
    """INV-RANK-3: the National Final bonus of the best placements, e.g. "1.5 1 0.5"."""

    def action() -> tuple[str, str]:
        commands_qualification.set_placement_bonus(
            store_of(request),
            actor,
            season_id,
            placement_bonus.replace(";", " ").split(),
        )
        return say(request, N_("The placement bonus is saved.")), "#cut"

    return act_then_get(
        request,
        action,
        success_url=f"/seasons/{season_id}/manage",
        form={"placement_bonus": placement_bonus},
    )


def _unchecked(request: Request, summary: seasons.ImportSummary) -> list[str]:
    """The import's note on tournaments without an announcement (INV-LEGAL-1/3/4/5 unchecked)."""
    note = seasons.unchecked_note(summary)
    if note is None:
        return []
    return [say(request, note.id, **note.params)]
