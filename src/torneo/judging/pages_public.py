"""Public judging pages: the big-screen clock and each player's own record (plus the judging
pages' stylesheet and clock script).

- ``/events/{id}/clock`` — for the club TV: the round's clock in big type.
- ``/events/{id}/players/{pid}`` — the player's own rulings, their table and its clock; their
  deck list for whoever may see it, and the form to submit it for the player.

Clocks re-read themselves from the server on every live notice of the event
(``torneo.platform.web.live``: a start, a pause, extra time) with a slow poll as the fallback,
and count down in between in the browser from the server's figures, so a screen never drifts by
more than one refresh.
"""

from __future__ import annotations

from importlib import resources
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from torneo.core.errors import TorneoError
from torneo.judging import commands_clock as judging_clock
from torneo.judging import commands_decks as judging_decks
from torneo.judging import views as judging_views
from torneo.platform.web.prg import take_refusal
from torneo.platform.web.session import current_actor, store_of
from torneo.platform.web.templating import render

router = APIRouter(include_in_schema=False)

POLL_SECONDS = 10  # the fallback: live notices (Server-Sent Events) refresh the clocks first
ASSETS = {"judging.css": "text/css", "clock.js": "text/javascript"}


@router.get("/judging/assets/{name}")
def asset(name: str) -> Response:
    """The judging pages' own stylesheet and clock script (cached; versioned by the URL)."""
    if name not in ASSETS:
        return Response(status_code=404)
    body = (resources.files("torneo.judging") / "templates" / name).read_text("utf-8")
    return Response(
        body, media_type=ASSETS[name], headers={"Cache-Control": "public, max-age=3600"}
    )


def record_page(
    request: Request,
    event_id: int,
    player_id: int,
    *,
    error: TorneoError | None = None,
    text: str = "",
    status: int = 200,
) -> Response:
    store = store_of(request)
    record = judging_views.player_record(store, event_id, player_id)
    viewer = current_actor(request)
    deck = None
    deck_hidden = False
    try:
        deck = judging_decks.deck_list(store, viewer, event_id, player_id)
    except TorneoError:
        deck_hidden = True
    context = {
        "record": record,
        "clock": record.clock,
        "deck": deck,
        "deck_hidden": deck_hidden,
        "may_submit": viewer is not None,
        "error": error,
        "text": text,
        "poll": POLL_SECONDS,
        "time_zone": judging_views.event_time_zone(store, event_id),
    }
    return render(request, "judging/player.html", context, status=status)


@router.get("/events/{event_id}/players/{player_id}", response_class=HTMLResponse)
def player_page(request: Request, event_id: int, player_id: int) -> Response:
    refused = take_refusal(request)  # a refused deck list (Post/Redirect/Get), its text kept
    text = refused.form.get("text", "")
    return record_page(request, event_id, player_id, error=refused.error, text=text)


@router.get("/events/{event_id}/clock", response_class=HTMLResponse)
def big_clock(
    request: Request,
    event_id: int,
    fragment: Annotated[str | None, Query(max_length=10)] = None,
    table: Annotated[int | None, Query(ge=1)] = None,
    size: Annotated[str | None, Query(max_length=10)] = None,
) -> Response:
    """Public clock: the big screen, or (``fragment``) the part the other pages poll."""
    panel = judging_clock.clock_panel(store_of(request), event_id)
    context = {"clock": panel, "poll": POLL_SECONDS, "table": table, "size": size or "big"}
    if fragment:
        return render(request, "judging/clock_fragment.html", context)
    return render(request, "judging/clock.html", context)
