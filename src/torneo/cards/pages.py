"""Organizer pages: create an event, register, start, pair, enter results, drop, Top X, close.

Each form posts to one route that calls one service. Success redirects back (303, so a reload
does not post twice) with a flash message; a refusal redirects (303) to the form's GET page, which
shows the error in the page's language and the values typed (Post/Redirect/Get, issue 26 item 3:
``platform.web.prg``), and nothing is changed (the service guarantees it). Results are entered inline with htmx, one table at a time: the answer is
the table's row plus the round's progress panel (an out-of-band swap), and the event's new
version in ``X-Event-Version`` so the other forms on the page stay current.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.pods import commands as pods_cmd
from torneo.cards.views_rounds import likely_by_stage as likely
from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.platform import i18n
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import checked, form_int, form_int_required
from torneo.platform.web.prg import act_then_get, refuse_to, take_refusal
from torneo.platform.web.session import current_actor, flash, store_of
from torneo.platform.web.templating import add_templates, render, say, say_count
from torneo.presets import load_preset

add_templates("torneo.cards", None)  # this discipline's templates/ (platform/web/templating.py)

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=1000)]
LongText = Annotated[str, Form(max_length=500_000)]


def _manage_url(event_id: int, round_no: int | None = None, anchor: str = "") -> str:
    query = f"?round={round_no}" if round_no else ""
    return f"/events/{event_id}/manage{query}{anchor}"


def _manage(
    request: Request,
    event_id: int,
    *,
    error: TorneoError | None = None,
    form: Mapping[str, Any] | None = None,
    round_no: int | None = None,
) -> Response:
    page = queries.event_page(store_of(request), event_id, round_no=round_no)
    context = {
        "page": page,
        "error": error,
        "form": dict(form or {}),
        "likely": likely(page.best_of),
    }
    return render(request, "organizer/manage.html", context)


def _act(
    request: Request,
    event_id: int,
    form: Mapping[str, Any],
    action: Callable[[], str],
    *,
    anchor: str = "",
) -> Response:
    """Run one service call; accepted or refused, the browser goes back to the manage page."""
    return act_then_get(
        request, action, success_url=_manage_url(event_id, anchor=anchor), form=form
    )


# --- create ----------------------------------------------------------------------------------


def _new_form(request: Request, form: Mapping[str, Any], error: TorneoError | None) -> Response:
    presets = queries.list_presets()
    chosen = str(form.get("preset") or "")
    if chosen not in {p.id for p in presets}:
        chosen = "invasion-it-2012"
    actor = current_actor(request)
    context = {
        "presets": presets,
        "chosen": chosen,
        "form": dict(form),
        "error": error,
        # Issue 30 item 8: an account that runs no club is told so before filling the form.
        "may_create": actor is None or actor.admin or bool(actor.clubs_run()),
    }
    return render(request, "organizer/new_event.html", context)


@router.get("/events/new", response_class=HTMLResponse)
def new_event(
    request: Request,
    actor: PageActor,
    preset: Annotated[str, Query(max_length=80)] = "invasion-it-2012",
) -> Response:
    refused = take_refusal(request)  # Post/Redirect/Get (issue 26 item 3): what was typed
    return _new_form(request, refused.form or {"preset": preset}, refused.error)


@router.post("/events/new", response_class=HTMLResponse)
def create_event(
    request: Request,
    actor: PageWriter,
    name: Text = "",
    preset: Text = "",
    held_on: Text = "",
    location: Text = "",
    is_major: Text = "",
    seed: Text = "",
    time_zone: Text = "",
    format: Text = "",
    announced_on: Text = "",
) -> Response:
    form = {
        "announced_on": announced_on,
        "format": format,
        "name": name,
        "preset": preset,
        "held_on": held_on,
        "location": location,
        "is_major": checked(is_major),
        "seed": seed,
        "time_zone": time_zone,
    }
    try:
        event_id = events.create_event(
            store_of(request),
            actor,
            name=name,
            preset=preset,
            held_on=held_on,
            location=location or None,
            is_major=checked(is_major),
            seed=form_int("seed", seed, required=False),
            time_zone=time_zone or None,
            format=format or None,
            announced_on=announced_on or None,
        )
    except TorneoError as err:
        return refuse_to(request, err, "/events/new", form)
    flash(request, "ok", say(request, N_("Event created: now register the players.")))
    return RedirectResponse(_manage_url(event_id), status_code=303)


# --- the event's control room ----------------------------------------------------------------


@router.get("/events/{event_id}/manage", response_class=HTMLResponse)
def manage(
    request: Request,
    event_id: int,
    actor: PageActor,
    round: Annotated[int | None, Query(ge=1, le=10_000)] = None,
) -> Response:
    refused = take_refusal(request)
    return _manage(request, event_id, error=refused.error, form=refused.form, round_no=round)


@router.post("/events/{event_id}/manage/players", response_class=HTMLResponse)
def register_player(
    request: Request,
    event_id: int,
    actor: PageWriter,
    name: Text = "",
    club: Text = "",
    rating: Text = "",
    player: Text = "",
) -> Response:
    # Issue 12: a known name comes back with the match; the organizer then chooses "the same
    # person" (player=<id>) or "a new player" (player=new) and sends the form again.
    form = {"name": name, "club": club, "rating": rating, "player": player}

    def action() -> str:
        from torneo.core.inputs import parse_rating

        events.register_player(
            store_of(request),
            actor,
            event_id,
            name=name,
            club=club or None,
            rating=parse_rating("rating", rating),
            player=player or None,
        )
        return say(request, N_("%(name)s is registered."), name=" ".join(name.split()))

    return _act(request, event_id, form, action, anchor="#players")


@router.post("/events/{event_id}/manage/roster", response_class=HTMLResponse)
def register_roster(
    request: Request, event_id: int, actor: PageWriter, roster: LongText = ""
) -> Response:
    def action() -> str:
        ids = events.register_roster(store_of(request), actor, event_id, roster)
        n = len(ids)
        return say_count(
            request,
            lambda: i18n.ngettext("%(num)s player registered.", "%(num)s players registered.", n),
            num=n,
        )

    return _act(request, event_id, {"roster": roster}, action, anchor="#players")


@router.post("/events/{event_id}/manage/start", response_class=HTMLResponse)
def start_event(
    request: Request,
    event_id: int,
    actor: PageWriter,
    one_round_fewer: Text = "",
    choice_rule: Text = "",
    deck_checks: Text = "",
    deck_checks_shown: Text = "",
    version: Text = "",
) -> Response:
    def action() -> str:
        store = store_of(request)
        rounds, top = events.start_event(
            store,
            actor,
            event_id,
            one_round_fewer=checked(one_round_fewer),
            choice_rule=checked(choice_rule),
            deck_checks=checked(deck_checks) if deck_checks_shown else None,
            version=form_int("version", version, required=False),
        )
        if top:
            text = say_count(
                request,
                lambda: i18n.ngettext(
                    "The event has started: %(num)s Swiss round, then a Top %(top)s.",
                    "The event has started: %(num)s Swiss rounds, then a Top %(top)s.",
                    rounds,
                ),
                num=rounds,
                top=top,
            )
        else:
            text = say_count(
                request,
                lambda: i18n.ngettext(
                    "The event has started: %(num)s Swiss round.",
                    "The event has started: %(num)s Swiss rounds.",
                    rounds,
                ),
                num=rounds,
            )
        warning = queries.event_summary(store, event_id).season_warning  # INV-LEGAL-2
        if warning is not None:
            text += " " + say(request, warning.id, **warning.params)
        return text

    return _act(request, event_id, {}, action)


@router.post("/events/{event_id}/manage/pods", response_class=HTMLResponse)
def seat_pods(
    request: Request,
    event_id: int,
    actor: PageWriter,
    mode: Text = "auto",
    pods: LongText = "",
    version: Text = "",
) -> Response:
    """BER-POD-2: seat the pods automatically (snake by rating) or as the judge typed them."""

    def action() -> str:
        seated = pods_cmd.seat_pods(
            store_of(request),
            actor,
            event_id,
            pods=pods_cmd.pods_from_text(pods) if mode == "manual" else None,
            version=form_int("version", version, required=False),
        )
        return say(request, N_("The players are seated in %(n)s pods."), n=len(seated))

    return _act(request, event_id, {"pods": pods}, action, anchor="#pods")


@router.post("/events/{event_id}/manage/pair", response_class=HTMLResponse)
def pair_next_round(
    request: Request, event_id: int, actor: PageWriter, version: Text = ""
) -> Response:
    def action() -> str:
        number = events.pair_next_round(
            store_of(request), actor, event_id, version=form_int("version", version, required=False)
        )
        return say(request, N_("Round %(n)s is paired."), n=number)

    return _act(request, event_id, {}, action, anchor="#round")


@router.post("/events/{event_id}/manage/top", response_class=HTMLResponse)
def start_top(request: Request, event_id: int, actor: PageWriter, version: Text = "") -> Response:
    def action() -> str:
        events.start_top(
            store_of(request), actor, event_id, version=form_int("version", version, required=False)
        )
        return say(request, N_("The Top X has started."))

    return _act(request, event_id, {}, action, anchor="#round")


@router.post("/events/{event_id}/manage/close", response_class=HTMLResponse)
def close_event(request: Request, event_id: int, actor: PageWriter, version: Text = "") -> Response:
    def action() -> str:
        events.close_event(
            store_of(request), actor, event_id, version=form_int("version", version, required=False)
        )
        return say(request, N_("The event is closed: final standings and points are public."))

    return _act(request, event_id, {}, action)


@router.post("/events/{event_id}/manage/void", response_class=HTMLResponse)
def void_event(
    request: Request, event_id: int, actor: PageWriter, reason: Text = "", version: Text = ""
) -> Response:
    def action() -> str:
        events.void_event(
            store_of(request),
            actor,
            event_id,
            reason=reason,
            version=form_int("version", version, required=False),
        )
        return say(request, N_("The event is void."))

    return _act(request, event_id, {"void_reason": reason}, action)


@router.post("/events/{event_id}/manage/drop", response_class=HTMLResponse)
def drop_player(
    request: Request,
    event_id: int,
    actor: PageWriter,
    player_id: Text = "",
    reason: Text = "",
    disqualify: Text = "",
) -> Response:
    def action() -> str:
        pid = form_int_required(
            "player_id", player_id, accepted=N_("the id of a registered player")
        )
        events.drop_player(
            store_of(request),
            actor,
            event_id,
            pid,
            reason=reason.strip() or None,
            disqualify=checked(disqualify),
        )
        if checked(disqualify):
            return say(request, N_("The player is disqualified."))
        return say(request, N_("The player has dropped."))

    form = {"player_id": player_id, "drop_reason": reason, "disqualify": checked(disqualify)}
    return _act(request, event_id, form, action, anchor="#players")


@router.post("/events/{event_id}/manage/result", response_class=HTMLResponse)
def report_result(
    request: Request,
    event_id: int,
    actor: PageWriter,
    round_no: Text = "",
    table: Text = "",
    result: Text = "",
    correction: Text = "",
    reason: Text = "",
) -> Response:
    """One table's result; htmx gets the row back, a plain form post the whole page."""
    is_htmx = request.headers.get("HX-Request") == "true"
    store = store_of(request)
    error: TorneoError | None = None
    rnd: int | None = None
    tbl: int | None = None
    try:
        rnd = form_int("round_no", round_no, required=False)
        tbl = form_int("table", table, required=False)
        if rnd is None or tbl is None:
            raise TorneoError(
                "table" if rnd is not None else "round_no",
                N_("is empty"),
                N_("a table of the round"),
            )
        events.report_result(
            store,
            actor,
            event_id,
            rnd,
            tbl,
            result,
            correction=checked(correction),
            reason=reason.strip() or None,
        )
    except TorneoError as err:
        error = err
    if not is_htmx:
        if error is not None:
            typed = {"table": table, "result": result, "reason": reason}
            return refuse_to(request, error, _manage_url(event_id, rnd, "#round"), typed)
        flash(request, "ok", say(request, N_("Result saved.")))
        return RedirectResponse(_manage_url(event_id, rnd, "#round"), status_code=303)
    panel = queries.round_panel(store, event_id, rnd)
    line = None
    if panel.round is not None and tbl is not None:
        line = next((x for x in panel.round.lines if x.table == tbl), None)
    context = {
        "panel": panel,
        "line": line,
        "error": error,
        "typed": result,
        "event_id": event_id,
        "likely": likely(load_preset(panel.summary.preset).match.best_of),
    }
    return render(
        request,
        "organizer/result_answer.html",
        context,
        status=error.status if error is not None else 200,
        headers={"X-Event-Version": str(panel.summary.version)},
    )
