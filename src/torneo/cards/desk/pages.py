"""The desk of a card event (issue 15) and the organizer's keyboard entry of results.

- ``/events/{id}/desk`` the hub of the event's staff: the round's state, the next action as the
  primary button (:func:`torneo.cards.rules.desk.next_step`), and links to everything of the
  event (result entry, slips, print views, the public page, the clock for the TV, the judges'
  desk, the reports queue, the judges' roster, exports, settings). The organizers of the club
  see it all; a judge of the roster sees the staff's part (their desk, the queue, the slips).
- ``POST /events/{id}/manage/entry`` one typed line, "12 2-1" then Enter
  (:func:`torneo.cards.rules.entry.parse_entry`): the result goes through the same service as
  the buttons of the row; htmx gets the form back, empty and focused for the next line, with
  the row and the round's progress swapped out of band.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.desk import views as views_desk
from torneo.cards.rules.entry import parse_entry
from torneo.cards.views_rounds import likely_by_stage
from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.desks import DeskEntry, register_desks
from torneo.platform.web.forms import form_int
from torneo.platform.web.prg import refuse_to
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import add_templates, render, say
from torneo.presets import load_preset

add_templates("torneo.cards", None)  # this discipline's templates/ (platform/web/templating.py)
add_templates("torneo.cards.desk", "organizer")  # the desk, as "organizer/desk.html"

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=200)]


@router.get("/events/{event_id}/desk", response_class=HTMLResponse)
def desk(request: Request, event_id: int, actor: PageActor) -> Response:
    view = views_desk.desk(store_of(request), actor, event_id)
    return render(request, "organizer/desk.html", {"desk": view})


@router.post("/events/{event_id}/manage/entry", response_class=HTMLResponse)
def keyboard_entry(
    request: Request,
    event_id: int,
    actor: PageWriter,
    entry: Text = "",
    round_no: Text = "",
) -> Response:
    is_htmx = request.headers.get("HX-Request") == "true"
    store = store_of(request)
    error: TorneoError | None = None
    table: int | None = None
    result = ""
    summary = queries.event_summary(store, event_id)
    best_of = load_preset(summary.preset).match.best_of
    rnd = summary.current_round
    try:
        rnd = form_int("round_no", round_no, required=False) or rnd
        table, result = parse_entry(entry, best_of=best_of)
        events.report_result(store, actor, event_id, rnd, table, result)
    except TorneoError as err:
        error = err
    saved = say(request, N_("Table %(t)s: %(result)s saved."), t=table, result=result)
    if not is_htmx:
        if error is not None:  # Post/Redirect/Get (issue 26 item 3): the line typed kept
            url = f"/events/{event_id}/manage?round={rnd}#round"
            return refuse_to(request, error, url, {"entry": entry})
        flash(request, "ok", saved)
        return RedirectResponse(f"/events/{event_id}/manage?round={rnd}#round", status_code=303)
    panel = queries.round_panel(store, event_id, rnd)
    line = None
    if error is None and panel.round is not None and table is not None:
        line = next((x for x in panel.round.lines if x.table == table), None)
    context = {
        "panel": panel,
        "line": line,
        "error": error,
        "typed": entry if error is not None else "",
        "saved": saved if error is None else None,
        "event_id": event_id,
        "round_no": rnd,
        "likely": likely_by_stage(best_of),
    }
    return render(
        request,
        "organizer/entry_answer.html",
        context,
        status=error.status if error is not None else 200,
        headers={"X-Event-Version": str(panel.summary.version)},
    )


def _my_desks(store: Store, actor: Actor) -> list[DeskEntry]:
    out = []
    for e in views_desk.my_events(store, actor):
        links = [(N_("Desk"), f"/events/{e.id}/desk")]
        if not e.as_organizer:
            links.append((N_("Judges' desk"), f"/events/{e.id}/judge"))
        out.append(DeskEntry(N_("Card event"), e.name, e.status, e.current_round, tuple(links)))
    return out


register_desks(_my_desks)
