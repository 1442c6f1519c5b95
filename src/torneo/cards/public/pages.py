"""Public, read-only pages: the event list and the event page (phone first, TV friendly).

The event page of a running event refreshes its sections by itself every 30 seconds (htmx
polling of ``?fragment=live``; any worker answers the same from the database).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup

from torneo.cards import views as queries
from torneo.cards.public.cache import ReadCache, cached_event_page
from torneo.cards.public.pages_rows import row_renderer
from torneo.platform.web.problems import PROBLEM_TYPES
from torneo.platform.web.session import settings_of, store_of
from torneo.platform.web.templating import (
    add_templates,
    environment,
    page_language,
    render,
    render_fragment,
)

add_templates("torneo.cards", None)  # this discipline's templates/ (platform/web/templating.py)

router = APIRouter(include_in_schema=False)

REFRESH_SECONDS = 30


@router.get("/", response_class=HTMLResponse)
@router.get("/events", response_class=HTMLResponse)  # the address people type (and the README)
def event_list(request: Request) -> Response:
    rows = queries.list_events(store_of(request))
    return render(request, "events.html", {"events": rows})


@router.get("/events/{event_id}", response_class=HTMLResponse)
def event_page(
    request: Request,
    event_id: int,
    round: Annotated[int | None, Query(ge=1, le=10_000)] = None,
    fragment: Annotated[str | None, Query(max_length=10)] = None,
) -> Response:
    page, token = cached_event_page(request, event_id, round)
    lang = page_language(request)
    env = environment(auto_reload=not settings_of(request).is_production)
    rows = row_renderer(request.app.state.row_cache, env, lang)
    context = {"page": page, "refresh": REFRESH_SECONDS, "chosen_round": round, "rows": rows}
    cache: ReadCache = request.app.state.read_cache
    key = ("live", event_id, round, token, lang)
    live = cache.get_or_build(
        key, lambda: render_fragment(request, "partials/event_live.html", context)
    )
    if fragment == "live":
        return HTMLResponse(live)
    return render(request, "event.html", {**context, "live_html": Markup(live)})


@router.get("/problems/{code}", response_class=HTMLResponse)
def problem_type(request: Request, code: str) -> Response:
    """The page a problem's ``type`` URI points to (RFC 9457)."""
    if code not in PROBLEM_TYPES:
        return render(request, "problem.html", {"code": code, "text": None}, status=404)
    return render(request, "problem.html", {"code": code, "text": PROBLEM_TYPES[code]})


@router.get("/favicon.ico")
def favicon() -> Response:
    """Browsers ask for /favicon.ico before reading the page's icon link: point them at it."""
    return RedirectResponse("/static/favicon.svg", status_code=301)
