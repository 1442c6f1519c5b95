"""Pages of a limited event: the player's draft on the phone, the judges' draft overview, the
deck builder from the pool, and the card sets.

- ``/events/{id}/draft``: the player's page: the pack as big buttons (tap a card, then
  "Pick"), the timer counting down from the server's deadline and clock, the picks so far. It
  talks over the WebSocket (``cards.draft.api_live``), or the stream and POST when that fails; a
  reload or a new phone gets the same pack and picks back.
- ``/events/{id}/draft/judge``: the organizer's set-up (set, format, seconds per pick, passing)
  and the judges' overview: every pod, who has picked, who is connected, who is out, the pick
  log of each player (CSV).
- ``/events/{id}/draft/deck``: the player's pool as cards to tap into a deck; the list goes to
  the judges' deck registration (``/events/{id}/players/{pid}/deck``), which checks its size per
  format, that it comes from the pool, and the deadline, after which it is locked.
- ``/card-sets``: the sets, and the import form (CSV or JSON).
"""

from __future__ import annotations

from collections import Counter
from importlib import resources
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.cards.draft import commands as draft
from torneo.cards.draft import views as views
from torneo.cards.rules.draft import PICK_SECONDS
from torneo.cards.rules.set_files import LIMITS as SET_FILE_LIMITS
from torneo.cards.sets import commands as sets
from torneo.cards.state import get_event
from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.judging import commands_decks as judging_decks
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import checked, form_int_required, upload_bytes
from torneo.platform.web.prg import act_then_get, refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import add_templates, render, say

add_templates("torneo.cards", None)
add_templates("torneo.cards.draft", "draft")  # its own templates/, as "draft/<name>"
router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form(max_length=200)]


@router.get("/draft/assets/draft.js")
def script() -> Response:
    """The draft page's script (no inline script: the CSP)."""
    body = (resources.files("torneo.cards.draft") / "templates" / "draft.js").read_text("utf-8")
    return Response(
        body, media_type="text/javascript", headers={"Cache-Control": "public, max-age=3600"}
    )


def _event_name(request: Request, event_id: int) -> str:
    with store_of(request).read() as session:
        return get_event(session, event_id).name


@router.get("/events/{event_id}/draft", response_class=HTMLResponse)
def player_page(request: Request, event_id: int, actor: PageActor) -> Response:
    mine = None
    if actor.player_id is not None:
        mine = views.player_draft(store_of(request), actor, event_id)
    context = {"event_id": event_id, "event_name": _event_name(request, event_id), "mine": mine}
    return render(request, "draft/player.html", context)


def _judge_page(
    request: Request,
    event_id: int,
    actor: Any,
    *,
    error: TorneoError | None = None,
    form: dict[str, str] | None = None,
) -> Response:
    store = store_of(request)
    view = views.overview(store, actor, event_id)
    with store.read() as session:
        event = get_event(session, event_id)
        club_id, preset, version = event.club_id, event.preset, event.version
    formats = sets.judging_rules(preset).deck_formats
    context = {
        "view": view,
        "error": error,
        "form": form or {},
        "sets": views.card_sets(store, club_id),
        "formats": [
            (k, f.label) for k, f in formats.items() if f.rule in ("BER-FMT-2", "BER-FMT-3")
        ],
        "version": version,
        "default_seconds": PICK_SECONDS,
        "format_labels": {k: f.label for k, f in formats.items()},
    }
    return render(request, "draft/judge.html", context)


@router.get("/events/{event_id}/draft/judge", response_class=HTMLResponse)
def judge_page(request: Request, event_id: int, actor: PageActor) -> Response:
    refused = take_refusal(request)  # Post/Redirect/Get (issue 26 item 3)
    return _judge_page(request, event_id, actor, error=refused.error, form=refused.form)


def _act(
    request: Request,
    event_id: int,
    actor: Any,
    run: Any,
    done: str,
    form: dict[str, Any] | None = None,
) -> Response:
    url = f"/events/{event_id}/draft/judge"
    try:
        run()
    except TorneoError as err:
        try:  # a visitor who may not read the judges' page gets the refusal itself
            views.overview(store_of(request), actor, event_id)
        except TorneoError:
            raise err from None
        return refuse_to(request, err, url, form)
    flash(request, "ok", done)
    return RedirectResponse(url, status_code=303)


@router.post("/events/{event_id}/draft/setup", response_class=HTMLResponse)
def setup(
    request: Request,
    event_id: int,
    actor: PageWriter,
    set_code: Text = "",
    deck_format: Text = "",
    pick_seconds: Text = "60",
    alternate: Text = "",
    deck_deadline: Text = "",
) -> Response:
    def run() -> None:
        seconds = form_int_required("pick_seconds", pick_seconds)
        sets.setup_event(
            store_of(request),
            actor,
            event_id,
            set_code=set_code,
            format_key=deck_format or None,
            pick_seconds=seconds,
            alternate=checked(alternate),
            deck_deadline=deck_deadline or None,
        )

    form = {
        "set_code": set_code,
        "deck_format": deck_format,
        "pick_seconds": pick_seconds,
        "alternate": checked(alternate),
        "deck_deadline": deck_deadline,
    }
    return _act(request, event_id, actor, run, say(request, N_("Draft set-up saved.")), form)


@router.post("/events/{event_id}/draft/start", response_class=HTMLResponse)
def start(request: Request, event_id: int, actor: PageWriter) -> Response:
    return _act(
        request,
        event_id,
        actor,
        lambda: draft.start_draft(store_of(request), actor, event_id),
        say(request, N_("The draft has started.")),
    )


@router.post("/events/{event_id}/draft/sealed", response_class=HTMLResponse)
def sealed(request: Request, event_id: int, actor: PageWriter) -> Response:
    return _act(
        request,
        event_id,
        actor,
        lambda: draft.open_sealed_pools(store_of(request), actor, event_id),
        say(request, N_("The sealed pools are open.")),
    )


@router.get("/events/{event_id}/draft/deck", response_class=HTMLResponse)
def deck_page(request: Request, event_id: int, actor: PageActor) -> Response:
    """The player's pool as cards to tap into a deck (module doc)."""
    pool: list[tuple[str, int]] = []
    deck = None
    if actor.player_id is not None:
        try:
            row = judging_decks.deck_list(
                store_of(request), actor, event_id, actor.player_id, kind="pool"
            )
            deck = judging_decks.deck_list(store_of(request), actor, event_id, actor.player_id)
        except TorneoError:
            row = None
        pool = list(row.cards) if row is not None else []
    context = {
        "event_id": event_id,
        "event_name": _event_name(request, event_id),
        "player_id": actor.player_id,
        "pool": pool,
        "pool_total": sum(n for _, n in pool),
        "deck": Counter(dict(deck.cards)) if deck is not None else Counter(),
    }
    return render(request, "draft/deck.html", context)


@router.get("/card-sets", response_class=HTMLResponse)
def sets_page(request: Request) -> Response:
    refused = take_refusal(request)  # Post/Redirect/Get (issue 26 item 3); the file is not kept
    context = {
        "sets": views.card_sets(store_of(request)),
        "error": refused.error,
        "form": refused.form,
        "booster_example": "common=4, uncommon=2, rare=1",  # a recipe, not words to translate
        "starter_example": "common=20, uncommon=7, rare=3",
    }
    return render(request, "draft/sets.html", context)


def _back_to(event_id: str) -> str:
    """The draft set-up the button was pressed on, else the sets' page (never another site)."""
    return f"/events/{int(event_id)}/draft/judge#setup" if event_id.isdigit() else "/card-sets"


@router.post("/card-sets/demo", response_class=HTMLResponse)
def load_demo(request: Request, actor: PageWriter, event_id: Text = "") -> Response:
    """Issue 30: a fresh install has no set to draft from; one click loads the generated demo
    set (``DEMO``, docs/card-sets.md) for the organizer's club."""

    def run() -> str:
        sets.load_demo_set(store_of(request), actor)
        return say(request, N_("Card set %(code)s imported."), code="DEMO")

    return act_then_get(request, run, success_url=_back_to(event_id))


@router.post("/card-sets", response_class=HTMLResponse)
async def import_page(
    request: Request,
    actor: PageWriter,
    kind: Text = "json",
    code: Text = "",
    name: Text = "",
    booster: Text = "",
    starter: Text = "",
    file: Annotated[UploadFile | None, File()] = None,
) -> Response:
    form = {"kind": kind, "set_code": code, "name": name, "booster": booster, "starter": starter}
    try:
        sets.may_import(actor)  # issue 27: the actor is allowed before the file is read
        data = await upload_bytes(file, SET_FILE_LIMITS)  # bounded: refused beyond 2 MB
        text = data.decode("utf-8-sig") if data else ""
        parsed = sets.parse_set(
            text, kind, code=code, name=name, booster=booster or None, starter=starter or None
        )
        sets.import_set(store_of(request), actor, parsed, source=kind)
    except UnicodeDecodeError:
        err = TorneoError("file", N_("is not UTF-8 text"), N_("a UTF-8 CSV or JSON file"))
        return refuse_to(request, err, "/card-sets", form)
    except TorneoError as err:
        return refuse_to(request, err, "/card-sets", form)
    flash(request, "ok", say(request, N_("Card set %(code)s imported."), code=parsed.code))
    return RedirectResponse("/card-sets", status_code=303)
