"""Season pages (issue 5): the seasons, a season's table with its cut line, each player's history
with a chart of points, the tournaments with their void reasons, the calendar with the days a
store may still book, the rating ladders; and the organizer's forms: create a season, import a
CSV (every wrong row listed, nothing imported), add a finished event, announce a tournament (every
sanctioning breach listed), define and recompute a ladder.

Public pages need nobody; organizer forms need an account and the CSRF token, and the services
check the role. Each form posts to one route that calls one service: success redirects (303)
with a flash message, a refusal re-renders the page with the error and the values typed.

The season page's read model is cached under the season's fingerprint
(:func:`~torneo.seasons.views.season_token`): a season of 60,000 results is ranked once
per change, not once per visitor.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, File, Form, Query, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.cards import exports
from torneo.cards import views as queries
from torneo.cards.cache import ReadCache
from torneo.core.errors import NotFound, TorneoError
from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import add_templates, page_language, render
from torneo.presets import load_preset, preset_ids
from torneo.seasons import commands as seasons
from torneo.seasons import commands_calendar as season_calendar
from torneo.seasons import commands_ladders as ladders
from torneo.seasons import text as season_text
from torneo.seasons import views as season_views
from torneo.seasons.chart import Chart, step_chart
from torneo.seasons.rules.import_csv import COLUMNS
from torneo.seasons.rules.settings import REGIONAL_CUT

add_templates(
    "torneo.seasons", "seasons"
)  # this discipline's templates/ (platform/web/templating.py)

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=1000)]
LongText = Annotated[str, Form(max_length=500_000)]
MAX_UPLOAD_BYTES = 20 * 1024 * 1024
WEEK_DAYS = tuple(date(2024, 1, d) for d in range(1, 8))  # a Monday-first week, for day names
SHOWN_ROWS = 200
SHOWN_TOURNAMENTS = 40  # the latest first  # the season table shows this many rows (or the cut and 20 more) until "all"

LADDER_SOURCES = {
    "matches": N_("Card events, match by match (Glicko-2)"),
    "tables": N_("RisiKo! tables (openskill)"),
    "placings": N_("A season's tournament placings (openskill)"),
}
LADDER_NAMES = {"professional": N_("Professional"), "amateur": N_("Amateur")}


def _say(request: Request, message: str, **values: Any) -> str:
    with i18n.language(page_language(request)):
        return i18n.gettext(message) % values if values else i18n.gettext(message)


def _text_helpers() -> dict[str, Any]:
    return {
        "breach_sentence": season_text.breach_sentence,
        "import_reason": season_text.import_reason,
        "ladder_source": _ladder_source,
        "ladder_name": _ladder_name,
        "pair_reason": season_text.pair_reason,
        "breakdown_text": season_text.breakdown_text,
        "csv_header": ",".join(COLUMNS),
    }


def _ladder_source(source: str) -> str:
    return i18n.gettext(LADDER_SOURCES[source]) if source in LADDER_SOURCES else source


def _ladder_name(ladder: str | None) -> str:
    return i18n.gettext(LADDER_NAMES[ladder]) if ladder in LADDER_NAMES else ""


def _season_presets() -> list[tuple[str, str]]:
    out = []
    for pid in preset_ids():
        try:
            rs = load_preset(pid)
        except TorneoError:
            continue
        if rs.season is not None:
            out.append((pid, rs.name))
    return out


def cached_season_page(request: Request, season_id: int) -> season_views.SeasonPage:
    """The season page's read model, rebuilt only when the season's fingerprint changed."""
    store = store_of(request)
    token = season_views.season_token(store, season_id)
    if token is None:
        raise NotFound("season", f"no season {season_id}", "the id of an existing season")
    cache: ReadCache = request.app.state.read_cache
    return cache.get_or_build(
        ("season-page", token), lambda: season_views.season_page(store, season_id)
    )


def _charts(
    chart: season_views.SeasonChart, *, wide: int, today: date | None = None
) -> tuple[Chart, Chart]:
    """The chart for a phone (400 wide) and for a wide screen (``wide``): readable labels on both."""
    return (
        step_chart(chart, today=today, width=400, height=260),
        step_chart(chart, today=today, width=wide, height=300 if wide < 900 else 320),
    )


def _int(field: str, value: str, default: int | None = None) -> int | None:
    raw = value.strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise TorneoError(field, f"'{value}' is not a whole number", "a whole number") from exc


def _checked(value: str) -> bool:
    return value.strip().lower() in {"1", "on", "true", "yes", "si", "sì"}


# --- organizer: a new season (declared before /seasons/{id}: "new" is not an id) ----------


def _new_form(
    request: Request,
    form: Mapping[str, Any],
    error: TorneoError | None = None,
    status: int = 200,
) -> Response:
    context = {
        "presets": _season_presets(),
        "form": dict(form),
        "error": error,
        "issues": getattr(error, "issues", None),
        "default_cut": REGIONAL_CUT,
        **_text_helpers(),
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
                "file", f"{file.filename} is over 20 MB", "a smaller file, or the CLI import"
            )
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise TorneoError("file", f"{file.filename} is not UTF-8 text", "a UTF-8 CSV") from exc
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
        cut = _int("cut_size", cut_size, REGIONAL_CUT)
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
            message = _say(
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
            message = _say(request, N_("Season created."))
    except TorneoError as err:
        return _new_form(request, form, err, err.status)
    flash(request, "ok", message)
    return RedirectResponse(f"/seasons/{season_id}/manage", status_code=303)


# --- public pages ----------------------------------------------------------------------------


@router.get("/seasons", response_class=HTMLResponse)
def season_list(request: Request) -> Response:
    store = store_of(request)
    context = {
        "seasons": season_views.list_season_cards(store),
        "ladders": ladders.list_ladders(store),
        **_text_helpers(),
    }
    return render(request, "seasons/list.html", context)


@router.get("/seasons/{season_id}", response_class=HTMLResponse)
def season_page(
    request: Request,
    season_id: int,
    all: Annotated[bool, Query()] = False,
) -> Response:
    page = cached_season_page(request, season_id)
    shown = len(page.rows) if all else max(SHOWN_ROWS, page.cut_size + 20)
    ratings = ladders.season_ratings(store_of(request), season_id)
    latest = page.tournaments[::-1]
    shown_tournaments = len(latest) if all else SHOWN_TOURNAMENTS
    context = {
        "page": page,
        "rows": page.rows[:shown],
        "hidden": max(len(page.rows) - shown, 0),
        "tournaments": latest[:shown_tournaments],
        "hidden_tournaments": max(len(latest) - shown_tournaments, 0),
        "charts": _charts(page.chart, wide=560, today=store_of(request).clock().date()),
        "ratings": ratings,
        "rating_ladder": next(iter(ratings.values())).ladder if ratings else None,
        **_text_helpers(),
    }
    return render(request, "seasons/season.html", context)


@router.get("/seasons/{season_id}/players/{player_id}", response_class=HTMLResponse)
def player_page(request: Request, season_id: int, player_id: int) -> Response:
    rows = cached_season_page(request, season_id).rows  # the table is ranked once per change
    page = season_views.player_page(store_of(request), season_id, player_id, rows=rows)
    ratings = ladders.season_ratings(store_of(request), season_id)
    context = {
        "page": page,
        "charts": _charts(page.chart, wide=960),
        "rating": ratings.get(player_id),
        **_text_helpers(),
    }
    return render(request, "seasons/player.html", context)


@router.get("/seasons/{season_id}/tournaments/{tournament_id}", response_class=HTMLResponse)
def tournament_page(request: Request, season_id: int, tournament_id: int) -> Response:
    page = season_views.tournament_page(store_of(request), season_id, tournament_id)
    return render(request, "seasons/tournament.html", {"page": page, **_text_helpers()})


def _download(text: str, filename: str, media: str) -> Response:
    return Response(
        text,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.get("/seasons/{season_id}/standings.csv")
def season_csv(request: Request, season_id: int) -> Response:
    text = exports.table_csv(cached_season_page(request, season_id).rows)
    return _download(text, f"season-{season_id}-standings.csv", "text/csv; charset=utf-8")


@router.get("/seasons/{season_id}/season.json")
def season_json(request: Request, season_id: int) -> Response:
    text = exports.json_text(exports.page_json(cached_season_page(request, season_id)))
    return _download(text, f"season-{season_id}.json", "application/json")


@router.get("/seasons/{season_id}/tournaments.csv")
def tournaments_csv(request: Request, season_id: int) -> Response:
    text = exports.tournaments_csv(cached_season_page(request, season_id))
    return _download(text, f"season-{season_id}-tournaments.csv", "text/csv; charset=utf-8")


@router.get("/seasons/{season_id}/results.csv")
def results_csv(request: Request, season_id: int) -> Response:
    text = exports.season_results_csv(store_of(request), season_id)
    return _download(text, f"season-{season_id}-results.csv", "text/csv; charset=utf-8")


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
        **_text_helpers(),
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
        "is_major": _checked(is_major),
        "judge": judge,
        "public_place": _checked(public_place),
        "prizes_for_top": prizes_for_top,
    }
    shop = store.strip() or None
    try:
        data = season_calendar.AnnouncementInput(
            name=name,
            store=store,
            held_on=held_on,
            is_major=_checked(is_major),
            judge=judge,
            public_place=_checked(public_place),
            prizes_for_top=_int("prizes_for_top", prizes_for_top, 0) or 0,
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
    flash(request, "ok", _say(request, N_("Announced: %(name)s."), name=" ".join(name.split())))
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
    flash(request, "ok", _say(request, N_("The tournament is off the calendar.")))
    return RedirectResponse(f"/seasons/{season_id}/calendar", status_code=303)


# --- organizer: import, add an event, recompute ---------------------------------------------


def _manage(
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
        "ladders": [lad for lad in ladders.list_ladders(store) if lad.season == page.name],
        "ladder_sources": LADDER_SOURCES,
        **_text_helpers(),
    }
    return render(request, "seasons/manage.html", context, status=status)


@router.get("/seasons/{season_id}/manage", response_class=HTMLResponse)
def manage(request: Request, season_id: int, actor: PageActor) -> Response:
    return _manage(request, season_id)


def _season_name(request: Request, season_id: int) -> str:
    return cached_season_page(request, season_id).name


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
            raise TorneoError("file", "is empty", "a CSV file or pasted rows")
        summary = seasons.import_season_csv(store_of(request), actor, page.name, page.preset, text)
    except TorneoError as err:
        return _manage(
            request, season_id, error=err, form={"csv_text": csv_text}, status=err.status
        )
    flash(
        request,
        "ok",
        _say(
            request,
            N_("Imported %(t)s tournaments and %(r)s results."),
            t=summary.tournaments,
            r=summary.results,
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
        eid = _int("event_id", event_id)
        if eid is None:
            raise TorneoError("event_id", "is empty", "a finished event")
        seasons.add_finished_event_to_season(
            store_of(request),
            actor,
            _season_name(request, season_id),
            eid,
            store_name=store_name.strip() or None,
        )
    except TorneoError as err:
        form = {"event_id": event_id, "store_name": store_name}
        return _manage(request, season_id, error=err, form=form, status=err.status)
    flash(request, "ok", _say(request, N_("The event is in the season.")))
    return RedirectResponse(f"/seasons/{season_id}/manage", status_code=303)


@router.post("/seasons/{season_id}/manage/recompute", response_class=HTMLResponse)
def recompute(request: Request, season_id: int, actor: PageWriter) -> Response:
    try:
        seasons.recompute_season(store_of(request), actor, _season_name(request, season_id))
    except TorneoError as err:
        return _manage(request, season_id, error=err, status=err.status)
    flash(request, "ok", _say(request, N_("The season is recomputed.")))
    return RedirectResponse(f"/seasons/{season_id}/manage", status_code=303)


# --- ladders ---------------------------------------------------------------------------------


def _find_ladder(request: Request, ladder_id: int) -> ladders.LadderCard:
    found = next(
        (lad for lad in ladders.list_ladders(store_of(request)) if lad.id == ladder_id), None
    )
    if found is None:
        raise NotFound("ladder", f"no ladder {ladder_id}", "the id of an existing ladder")
    return found


@router.get("/ladders/{ladder_id}", response_class=HTMLResponse)
def ladder_page(request: Request, ladder_id: int) -> Response:
    card = _find_ladder(request, ladder_id)
    view = ladders.ladder_view(store_of(request), card.name)
    return render(request, "seasons/ladder.html", {"view": view, **_text_helpers()})


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
        sid = _int("season_id", season_id)
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
            return _manage(request, sid, error=err, form=form, status=err.status)
        return render(
            request, "error.html", {"error": err, "status": err.status}, status=err.status
        )
    card = next(lad for lad in ladders.list_ladders(store) if lad.name == " ".join(name.split()))
    flash(request, "ok", _say(request, N_("The ladder is computed.")))
    return RedirectResponse(f"/ladders/{card.id}", status_code=303)


@router.post("/ladders/{ladder_id}/recompute", response_class=HTMLResponse)
def recompute_ladder(request: Request, ladder_id: int, actor: PageWriter) -> Response:
    card = _find_ladder(request, ladder_id)
    ladders.recompute_ladder(store_of(request), actor, card.name)
    flash(request, "ok", _say(request, N_("The ladder is computed.")))
    return RedirectResponse(f"/ladders/{ladder_id}", status_code=303)
