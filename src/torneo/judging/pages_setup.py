"""The organizer's judging setup, ``/events/{id}/judging``: roster, head judge, staffing advice
(INV-JUDGE-1), card catalog, restricted list, deadline, deck lists (submit for a player, publish),
and the deck list a player submits from their own page.

Each form posts to one route that calls one service; success redirects back (303) with a flash
message in the page's language, a refusal re-renders the page with the error, and nothing is
changed. The advice and the roster's problems are messages shown with ``|reason``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.judging import commands as judging
from torneo.judging import commands_decks as judging_decks
from torneo.judging import views as judging_views
from torneo.judging import views_roster
from torneo.judging.pages_desk import Text
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import form_int, form_int_required, upload_bytes
from torneo.platform.web.prg import act_then_get, refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import render, say

router = APIRouter(include_in_schema=False)

DeckText = Annotated[str, Form(max_length=1_000_000)]
CatalogText = Annotated[str, Form(max_length=2_000_000)]


def _setup(request: Request, event_id: int) -> Response:
    """The judging setup page (GET); after a refused form (Post/Redirect/Get, issue 26 item 3)
    with the refusal and what was typed."""
    store = store_of(request)
    refused = take_refusal(request)
    page = views_roster.roster_page(store, event_id)
    zone = judging_views.event_time_zone(store, event_id)
    context = {"page": page, "error": refused.error, "form": refused.form, "time_zone": zone}
    return render(request, "judging/setup.html", context)


def _setup_act(
    request: Request,
    event_id: int,
    action: Callable[[], str],
    form: Mapping[str, Any] | None = None,
    anchor: str = "",
) -> Response:
    url = f"/events/{event_id}/judging{anchor}"
    return act_then_get(request, action, success_url=url, form=form)


@router.get("/events/{event_id}/judging", response_class=HTMLResponse)
def setup(request: Request, event_id: int, actor: PageActor) -> Response:
    return _setup(request, event_id)


@router.post("/events/{event_id}/judging/judges", response_class=HTMLResponse)
def appoint(
    request: Request,
    event_id: int,
    actor: PageWriter,
    username: Text = "",
    head: Text = "",
    player_id: Text = "",
) -> Response:
    def action() -> str:
        judging.appoint_judge(
            store_of(request),
            actor,
            event_id,
            username=username,
            head=bool(head.strip()),
            player_id=form_int("player_id", player_id, required=False),
        )
        return say(request, N_("%(name)s is a judge of the event."), name=username.strip())

    return _setup_act(request, event_id, action, {"username": username}, "#roster")


@router.post("/events/{event_id}/judging/head", response_class=HTMLResponse)
def head_judge(request: Request, event_id: int, actor: PageWriter, user_id: Text = "") -> Response:
    def action() -> str:
        judging.appoint_head_judge(
            store_of(request), actor, event_id, form_int_required("user_id", user_id)
        )
        return say(request, N_("The head judge is named."))

    return _setup_act(request, event_id, action, anchor="#roster")


@router.post("/events/{event_id}/judging/remove", response_class=HTMLResponse)
def remove(request: Request, event_id: int, actor: PageWriter, user_id: Text = "") -> Response:
    def action() -> str:
        judging.remove_judge(
            store_of(request), actor, event_id, form_int_required("user_id", user_id)
        )
        return say(request, N_("The judge is off the roster."))

    return _setup_act(request, event_id, action, anchor="#roster")


@router.post("/events/{event_id}/judging/config", response_class=HTMLResponse)
def configure(
    request: Request,
    event_id: int,
    actor: PageWriter,
    cards: CatalogText = "",
    restricted: Annotated[str, Form(max_length=50_000)] = "",
    deck_format: Text = "",
    deadline: Text = "",
) -> Response:
    form = {"cards": cards, "restricted": restricted, "deadline": deadline}

    def action() -> str:
        judging.configure(
            store_of(request),
            actor,
            event_id,
            cards=cards if cards.strip() else None,  # empty keeps the catalog (the form says so)
            restricted=restricted,
            deck_format=deck_format,
            deadline=deadline,
        )
        return say(request, N_("Judging settings saved."))

    return _setup_act(request, event_id, action, form, "#settings")


@router.post("/events/{event_id}/judging/publish", response_class=HTMLResponse)
def publish(request: Request, event_id: int, actor: PageWriter, published: Text = "") -> Response:
    def action() -> str:
        on = bool(published.strip())
        judging_decks.publish_deck_lists(store_of(request), actor, event_id, published=on)
        if on:
            return say(request, N_("Deck lists are public."))
        return say(request, N_("Deck lists are private again."))

    return _setup_act(request, event_id, action, anchor="#decks")


# --- deck list submission (player page and setup page) ------------------------------------------


async def _submit_deck(
    request: Request,
    actor: Any,
    event_id: int,
    player_id: int,
    text: str,
    deck_format: str,
    back: str,
    file: UploadFile | None,
) -> Response:
    """A pasted or uploaded list; every problem is shown at once, nothing is kept from it."""
    try:
        # Issue 27 hole 2: who may submit is known before the file is read, and it is read
        # within the list's own limits.
        judging_decks.may_submit(store_of(request), actor, event_id, player_id)
        data = await upload_bytes(file, judging_decks.UPLOAD)
        pasted = judging_decks.decode_upload(data) if data else text
        summary = judging_decks.submit_deck_list(
            store_of(request),
            actor,
            event_id,
            player_id=player_id,
            text=pasted,
            format_key=deck_format or None,
        )
    except TorneoError as err:  # Post/Redirect/Get (issue 26 item 3), the list typed kept
        if back == "setup":
            return refuse_to(request, err, f"/events/{event_id}/judging#decks", {"deck_text": text})
        url = f"/events/{event_id}/players/{player_id}#deck"
        return refuse_to(request, err, url, {"text": text})
    flash(request, "ok", say(request, N_("Deck list registered: %(n)s cards."), n=summary.total))
    target = (
        f"/events/{event_id}/judging#decks"
        if back == "setup"
        else f"/events/{event_id}/players/{player_id}#deck"
    )
    return RedirectResponse(target, status_code=303)


@router.post("/events/{event_id}/players/{player_id}/deck", response_class=HTMLResponse)
async def submit_deck(
    request: Request,
    event_id: int,
    player_id: int,
    actor: PageWriter,
    text: DeckText = "",
    deck_format: Text = "",
    file: Annotated[UploadFile | None, File()] = None,
) -> Response:
    return await _submit_deck(request, actor, event_id, player_id, text, deck_format, "", file)


@router.post("/events/{event_id}/judging/deck", response_class=HTMLResponse)
async def submit_deck_for(
    request: Request,
    event_id: int,
    actor: PageWriter,
    player: Text = "",
    text: DeckText = "",
    deck_format: Text = "",
    file: Annotated[UploadFile | None, File()] = None,
) -> Response:
    """The organizer (or a judge) submits a player's list from the setup page."""
    try:
        player_id = form_int_required("player", player)
    except TorneoError as err:
        return refuse_to(request, err, f"/events/{event_id}/judging#decks", {"deck_text": text})
    return await _submit_deck(request, actor, event_id, player_id, text, deck_format, "setup", file)
