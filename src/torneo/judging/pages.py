"""Judging pages: the judge's phone page, the organizer's judging setup, the big-screen clock
and each player's own record.

- ``/events/{id}/judge`` — for judges on the event's roster (403 otherwise), phone first, four
  tabs: tables (pick a player, give a penalty in two taps, see the escalation), deck check (draw
  the table, confirm or enter each deck, the INV-DECK-2/3 outcome applied), clock, log.
- ``/events/{id}/judging`` — the organizer: roster, head judge, staffing advice (INV-JUDGE-1),
  card catalog, restricted list, deadline, deck lists (submit for a player, publish).
- ``/events/{id}/clock`` — public, for the club TV: the round's clock in big type.
- ``/events/{id}/players/{pid}`` — public: the player's own rulings, their table and its clock;
  their deck list for whoever may see it, and the form to submit it for the player.

Each form posts to one route that calls one service; success redirects back (303) with a flash
message, a refusal re-renders the page with the error and the status of the error, and nothing
is changed (the services guarantee it). Clocks re-read themselves from the server on every live
notice of the event (``torneo.platform.web.live``: a start, a pause, extra time) with a slow poll as the
fallback, and count down in between in the browser from the server's figures, so a screen never
drifts by more than one refresh.

Two-tap decision: the judge taps a player, then an infraction; when no note is typed, the
infraction's label is the reason on the ruling (the service always stores a reason).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, File, Form, Query, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.judging import commands as judging
from torneo.judging import commands_clock as judging_clock
from torneo.judging import commands_decks as judging_decks
from torneo.judging import views as judging_views
from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.session import act_and_redirect, current_actor, flash, store_of
from torneo.platform.web.templating import add_templates, page_language, render

add_templates(
    "torneo.judging", "judging"
)  # this discipline's templates/ (platform/web/templating.py)

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=1000)]
DeckText = Annotated[str, Form(max_length=1_000_000)]
CatalogText = Annotated[str, Form(max_length=2_000_000)]
POLL_SECONDS = 10  # the fallback: live notices (Server-Sent Events) refresh the clocks first
TABS = ("tables", "deck", "clock", "log")
ASSETS = {"judging.css": "text/css", "clock.js": "text/javascript"}


def _say(request: Request, message: str, **values: Any) -> str:
    with i18n.language(page_language(request)):
        return i18n.gettext(message) % values if values else i18n.gettext(message)


def _int(field: str, value: str, *, required: bool = True) -> int | None:
    raw = value.strip()
    if not raw:
        if required:
            raise TorneoError(field, "is empty", "a whole number")
        return None
    try:
        return int(raw)
    except ValueError as exc:
        raise TorneoError(field, f"'{value}' is not a whole number", "a whole number") from exc


def _need(field: str, value: str) -> int:
    number = _int(field, value)
    assert number is not None
    return number


@router.get("/judging/assets/{name}")
def asset(name: str) -> Response:
    """The judging pages' own stylesheet and clock script (cached; versioned by the URL)."""
    if name not in ASSETS:
        return Response(status_code=404)
    body = (resources.files("torneo.judging") / "templates" / name).read_text("utf-8")
    return Response(
        body, media_type=ASSETS[name], headers={"Cache-Control": "public, max-age=3600"}
    )


@dataclass(frozen=True, slots=True)
class Flash:
    """A message with its colour ("ok" green, "error" red) for the next page."""

    text: str
    kind: str = "ok"


# --- the judge's phone page ----------------------------------------------------------------


def _desk_url(event_id: int, **params: Any) -> str:
    query = {k: v for k, v in params.items() if v not in (None, "", "tables")}
    return f"/events/{event_id}/judge" + (f"?{urlencode(query)}" if query else "")


def _desk(
    request: Request,
    actor: Any,
    event_id: int,
    *,
    tab: str = "tables",
    player: int | None = None,
    round_no: int | None = None,
    error: TorneoError | None = None,
    form: Mapping[str, Any] | None = None,
    status: int = 200,
) -> Response:
    store = store_of(request)
    desk = judging_views.judge_desk(store, actor, event_id, round_no=round_no)
    chosen = desk.player(player) if player is not None else None
    late = judging.can_declare_draw_now(store, event_id, desk.round_no) if desk.round_no else None
    context = {
        "desk": desk,
        "tab": tab if tab in TABS else "tables",
        "chosen": chosen,
        "chosen_table": desk.table_of(chosen.id) if chosen else None,
        "chosen_rulings": desk.rulings_of(chosen.id) if chosen else (),
        "late_draw": late,
        "error": error,
        "form": dict(form or {}),
        "poll": POLL_SECONDS,
        "clock": desk.clock,
    }
    return render(request, "judging/desk.html", context, status=status)


@router.get("/events/{event_id}/judge", response_class=HTMLResponse)
def judge_page(
    request: Request,
    event_id: int,
    actor: PageActor,
    tab: Annotated[str, Query(max_length=10)] = "tables",
    player: Annotated[int | None, Query(ge=1)] = None,
    round: Annotated[int | None, Query(ge=1, le=10_000)] = None,
) -> Response:
    return _desk(request, actor, event_id, tab=tab, player=player, round_no=round)


def _act(
    request: Request,
    actor: Any,
    event_id: int,
    action: Callable[[], str | Flash],
    *,
    tab: str = "tables",
    player: int | None = None,
    form: Mapping[str, Any] | None = None,
) -> Response:
    try:
        done = action()
    except TorneoError as err:
        return _desk(
            request,
            actor,
            event_id,
            tab=tab,
            player=player,
            error=err,
            form=form,
            status=err.status,
        )
    message = done if isinstance(done, Flash) else Flash(done)
    flash(request, message.kind, message.text)
    return RedirectResponse(_desk_url(event_id, tab=tab, player=player), status_code=303)


def _issued_message(request: Request, issued: list[judging.Issued], name: str) -> str:
    kinds = [i.kind for i in issued]
    if "disqualification" in kinds:
        dq = next(i for i in issued if i.kind == "disqualification")
        if dq.escalated_from is not None:
            return _say(
                request,
                N_("%(name)s: warning number %(n)s — DISQUALIFIED (%(rule)s)."),
                name=name,
                n=_warning_count(request, issued),
                rule=dq.rule,
            )
        return _say(request, N_("%(name)s is DISQUALIFIED (%(rule)s)."), name=name, rule=dq.rule)
    words = ", ".join(_say(request, _KIND_WORDS.get(k, k)) for k in kinds)
    return _say(request, N_("%(name)s: %(penalties)s recorded."), name=name, penalties=words)


def _warning_count(request: Request, issued: list[judging.Issued]) -> str:
    # The escalation's reason starts with the count: "3 warnings in the event: ..." (INV-PEN-1).
    reason = next((i.reason for i in issued if i.escalated_from is not None), "")
    return reason.split(" ", 1)[0] if reason else "?"


_KIND_WORDS = {
    "warning": N_("warning"),
    "game_loss": N_("game loss"),
    "match_loss": N_("match loss"),
    "disqualification": N_("disqualification"),
    "award_win": N_("awarded win"),
    "replay": N_("replay"),
    "overrule": N_("overrule"),
}


@router.post("/events/{event_id}/judge/penalty", response_class=HTMLResponse)
def give_penalty(
    request: Request,
    event_id: int,
    actor: PageWriter,
    player_id: Text = "",
    infraction: Text = "",
    reason: Text = "",
    upgrade: Text = "",
) -> Response:
    """Tap two: the infraction (its label is the reason unless a note was typed)."""
    store = store_of(request)
    pid = _int("player_id", player_id, required=False)
    form = {"reason": reason}

    def action() -> str | Flash:
        if pid is None:
            raise TorneoError("player_id", "is empty", "a player of the event")
        desk = judging_views.judge_desk(store, actor, event_id)
        rule = next((i for i in desk.infractions if i.key == infraction), None)
        text = reason.strip() or (rule.label if rule is not None else "")
        issued = judging.issue(
            store,
            actor,
            event_id,
            player_id=pid,
            infraction=infraction,
            reason=text,
            penalties=[upgrade] if upgrade.strip() else None,
        )
        chip = desk.player(pid)
        message = _issued_message(request, issued, chip.name if chip else f"#{pid}")
        if any(i.kind == "disqualification" for i in issued):
            return Flash(message, "error")  # a disqualification is shown in red
        return message

    return _act(request, actor, event_id, action, player=pid, form=form)


@router.post("/events/{event_id}/judge/overrule", response_class=HTMLResponse)
def overrule(
    request: Request,
    event_id: int,
    actor: PageWriter,
    seq: Text = "",
    reason: Text = "",
    player_id: Text = "",
    tab: Text = "log",
) -> Response:
    pid = _int("player_id", player_id, required=False)

    def action() -> str:
        number = _need("seq", seq)
        judging.overrule_ruling(store_of(request), actor, event_id, number, reason=reason)
        return _say(request, N_("Ruling %(n)s is overruled."), n=number)

    return _act(request, actor, event_id, action, tab=tab, player=pid)


@router.post("/events/{event_id}/judge/draw", response_class=HTMLResponse)
def intentional_draw(
    request: Request,
    event_id: int,
    actor: PageWriter,
    round_no: Text = "",
    table: Text = "",
    late: Text = "",
    reason: Text = "",
) -> Response:
    """INV-ID-1: the draw declared at the start, or (late) both players disqualified."""
    store = store_of(request)

    def action() -> str:
        rnd, tbl = _need("round_no", round_no), _need("table", table)
        if late.strip():
            text = reason.strip() or _say(request, N_("Intentional draw declared late"))
            judging.disqualify_late_draw(
                store, actor, event_id, round_no=rnd, table=tbl, reason=text
            )
            return _say(
                request, N_("Table %(n)s: both players are disqualified (INV-ID-1)."), n=tbl
            )
        judging.intentional_draw(store, actor, event_id, round_no=rnd, table=tbl)
        return _say(request, N_("Table %(n)s: intentional draw recorded."), n=tbl)

    return _act(request, actor, event_id, action)


@router.post("/events/{event_id}/judge/award", response_class=HTMLResponse)
def award(
    request: Request,
    event_id: int,
    actor: PageWriter,
    round_no: Text = "",
    pick: Text = "",
    reason: Text = "",
) -> Response:
    """BER-JUDGE-1: ``pick`` is "table:winner" from the one select of the form."""

    def action() -> str:
        table, _, winner = pick.partition(":")
        judging.award_match(
            store_of(request),
            actor,
            event_id,
            round_no=_need("round_no", round_no),
            table=_need("table", table),
            winner_id=_need("winner_id", winner),
            reason=reason,
        )
        return _say(request, N_("The match is awarded (BER-JUDGE-1)."))

    return _act(request, actor, event_id, action, form={"reason": reason})


@router.post("/events/{event_id}/judge/replay", response_class=HTMLResponse)
def replay(
    request: Request,
    event_id: int,
    actor: PageWriter,
    last: Text = "",
    player_id: Text = "",
    reason: Text = "",
) -> Response:
    def action() -> str:
        judging.order_matches_replayed(
            store_of(request),
            actor,
            event_id,
            last=_need("last", last),
            player_id=_int("player_id", player_id, required=False),
            reason=reason,
        )
        return _say(request, N_("The last matches are to be replayed (BER-JUDGE-1)."))

    return _act(request, actor, event_id, action, tab="log", form={"reason": reason})


@router.post("/events/{event_id}/judge/deck-draw", response_class=HTMLResponse)
def deck_draw(request: Request, event_id: int, actor: PageWriter) -> Response:
    def action() -> str:
        panel = judging_decks.draw_table(store_of(request), actor, event_id)
        return _say(request, N_("Deck check: table %(n)s is drawn."), n=panel.table)

    return _act(request, actor, event_id, action, tab="deck")


@router.post("/events/{event_id}/judge/deck-check", response_class=HTMLResponse)
async def deck_check(request: Request, event_id: int, actor: PageWriter) -> Response:
    form = await request.form()

    def value(name: str) -> str:
        raw = form.get(name)
        return raw if isinstance(raw, str) else ""

    upload = form.get("file")
    data = await upload.read() if upload is not None and not isinstance(upload, str) else b""

    def action() -> str:
        physical = judging_decks.decode_upload(data) if data else value("physical")
        outcome = judging_decks.check_deck(
            store_of(request),
            actor,
            event_id,
            round_no=_need("round_no", value("round_no")),
            player_id=_need("player_id", value("player_id")),
            physical=None if value("confirmed") else physical,
            note=value("note")[:1000],
            extra_minutes=_int("extra_minutes", value("extra_minutes"), required=False) or 0,
        )
        if outcome["rulings"]:
            return _say(
                request,
                N_("Deck checked: %(n)s ruling(s) applied."),
                n=len(outcome["rulings"]),
            )
        return _say(request, N_("Deck checked: legal, nothing to do."))

    return _act(request, actor, event_id, action, tab="deck", form={"physical": value("physical")})


@router.post("/events/{event_id}/judge/clock", response_class=HTMLResponse)
def clock_action(
    request: Request,
    event_id: int,
    actor: PageWriter,
    action: Text = "",
    minutes: Text = "",
    table: Text = "",
    reason: Text = "",
    tab: Text = "clock",
) -> Response:
    store = store_of(request)

    def run() -> str:
        if action == "start":
            judging_clock.start_clock(store, actor, event_id)
            return _say(request, N_("The round has started: the clock is running."))
        if action == "pause":
            judging_clock.pause_clock(store, actor, event_id)
            return _say(request, N_("The clock is paused."))
        if action == "resume":
            judging_clock.resume_clock(store, actor, event_id)
            return _say(request, N_("The clock is running again."))
        if action == "round_time":
            judging_clock.add_round_time(
                store, actor, event_id, minutes=_need("minutes", minutes), reason=reason
            )
            return _say(request, N_("Time added to the round."))
        if action == "table_time":
            number = _need("table", table)
            judging_clock.extend_table(
                store,
                actor,
                event_id,
                table=number,
                minutes=_need("minutes", minutes),
                reason=reason,
            )
            return _say(request, N_("Extra time for table %(n)s."), n=number)
        raise TorneoError("action", f"unknown clock action '{action}'", "start, pause, resume")

    return _act(request, actor, event_id, run, tab=tab if tab in TABS else "clock")


# --- the organizer's setup page ----------------------------------------------------------------


def _setup(
    request: Request,
    event_id: int,
    *,
    error: TorneoError | None = None,
    form: Mapping[str, Any] | None = None,
    status: int = 200,
) -> Response:
    page = judging_views.roster_page(store_of(request), event_id)
    context = {"page": page, "error": error, "form": dict(form or {})}
    return render(request, "judging/setup.html", context, status=status)


def _setup_act(
    request: Request,
    event_id: int,
    action: Callable[[], str],
    form: Mapping[str, Any] | None = None,
    anchor: str = "",
) -> Response:
    return act_and_redirect(
        request,
        action,
        success_url=f"/events/{event_id}/judging{anchor}",
        on_error=lambda err: _setup(request, event_id, error=err, form=form, status=err.status),
    )


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
            player_id=_int("player_id", player_id, required=False),
        )
        return _say(request, N_("%(name)s is a judge of the event."), name=username.strip())

    return _setup_act(request, event_id, action, {"username": username}, "#roster")


@router.post("/events/{event_id}/judging/head", response_class=HTMLResponse)
def head_judge(request: Request, event_id: int, actor: PageWriter, user_id: Text = "") -> Response:
    def action() -> str:
        judging.appoint_head_judge(store_of(request), actor, event_id, _need("user_id", user_id))
        return _say(request, N_("The head judge is named."))

    return _setup_act(request, event_id, action, anchor="#roster")


@router.post("/events/{event_id}/judging/remove", response_class=HTMLResponse)
def remove(request: Request, event_id: int, actor: PageWriter, user_id: Text = "") -> Response:
    def action() -> str:
        judging.remove_judge(store_of(request), actor, event_id, _need("user_id", user_id))
        return _say(request, N_("The judge is off the roster."))

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
        return _say(request, N_("Judging settings saved."))

    return _setup_act(request, event_id, action, form, "#settings")


@router.post("/events/{event_id}/judging/publish", response_class=HTMLResponse)
def publish(request: Request, event_id: int, actor: PageWriter, published: Text = "") -> Response:
    def action() -> str:
        on = bool(published.strip())
        judging_decks.publish_deck_lists(store_of(request), actor, event_id, published=on)
        if on:
            return _say(request, N_("Deck lists are public."))
        return _say(request, N_("Deck lists are private again."))

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
    data = await file.read(judging_decks.MAX_UPLOAD + 1) if file is not None else b""
    try:
        pasted = judging_decks.decode_upload(data) if data else text
        summary = judging_decks.submit_deck_list(
            store_of(request),
            actor,
            event_id,
            player_id=player_id,
            text=pasted,
            format_key=deck_format or None,
        )
    except TorneoError as err:
        if back == "setup":
            return _setup(request, event_id, error=err, form={"deck_text": text}, status=err.status)
        return _record(request, event_id, player_id, error=err, text=text, status=err.status)
    flash(request, "ok", _say(request, N_("Deck list registered: %(n)s cards."), n=summary.total))
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
        player_id = _need("player", player)
    except TorneoError as err:
        return _setup(request, event_id, error=err, status=err.status)
    return await _submit_deck(request, actor, event_id, player_id, text, deck_format, "setup", file)


# --- public pages --------------------------------------------------------------------------------


def _record(
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
    }
    return render(request, "judging/player.html", context, status=status)


@router.get("/events/{event_id}/players/{player_id}", response_class=HTMLResponse)
def player_page(request: Request, event_id: int, player_id: int) -> Response:
    return _record(request, event_id, player_id)


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
