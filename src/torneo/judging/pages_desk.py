"""The judge's phone page, ``/events/{id}/judge``: for judges on the event's roster (403
otherwise), phone first, four tabs: tables (pick a player, give a penalty in two taps, see the
escalation), deck check (draw the table, confirm or enter each deck, the INV-DECK-2/3 outcome
applied), clock, log.

Each form posts to one route that calls one service; success redirects back (303) with a flash
message in the page's language, a refusal re-renders the page with the error (its message id
translated, ``|reason``) and the status of the error, and nothing is changed.

Two-tap decision: the judge taps a player, then an infraction; when no note is typed, the
infraction's label is the reason on the ruling (the service always stores a reason).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.datastructures import FormData

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.judging import commands_clock as judging_clock
from torneo.judging import commands_deck_checks as judging_checks
from torneo.judging import commands_decks as judging_decks
from torneo.judging import commands_draws as judging_draws
from torneo.judging import commands_rulings as judging_rulings
from torneo.judging import views as judging_views
from torneo.judging.commands import Issued
from torneo.judging.pages_public import POLL_SECONDS
from torneo.platform.store.uow import Actor
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import form_int, form_int_required, upload_bytes
from torneo.platform.web.prg import refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import render, say

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=1000)]
TABS = ("tables", "deck", "clock", "log")


@dataclass(frozen=True, slots=True)
class Flash:
    """A message with its colour ("ok" green, "error" red) for the next page."""

    text: str
    kind: str = "ok"


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
    late = (
        judging_draws.can_declare_draw_now(store, event_id, desk.round_no)
        if desk.round_no
        else None
    )
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
        "time_zone": judging_views.event_time_zone(store, event_id),
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
    refused = take_refusal(request)  # Post/Redirect/Get: a refused form left it here
    return _desk(
        request,
        actor,
        event_id,
        tab=tab,
        player=player,
        round_no=round,
        error=refused.error,
        form=refused.form,
    )


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
        # Post/Redirect/Get (issue 26 item 3): the refusal is shown on the desk's GET page, so
        # reload and Back never send it again; a visitor who may not read the desk gets 403.
        judging_views.judge_desk(store_of(request), actor, event_id)
        url = _desk_url(event_id, tab=tab, player=player)
        return refuse_to(request, err, url, form)
    message = done if isinstance(done, Flash) else Flash(done)
    flash(request, message.kind, message.text)
    return RedirectResponse(_desk_url(event_id, tab=tab, player=player), status_code=303)


def _issued_message(request: Request, issued: list[Issued], name: str, warnings_before: int) -> str:
    kinds = [i.kind for i in issued]
    if "disqualification" in kinds:
        dq = next(i for i in issued if i.kind == "disqualification")
        if dq.escalated_from is not None:
            # INV-PEN-1: the warning just given is the one that reached the preset's count.
            return say(
                request,
                N_("%(name)s: warning number %(n)s — DISQUALIFIED (%(rule)s)."),
                name=name,
                n=warnings_before + kinds.count("warning"),
                rule=dq.rule,
            )
        return say(request, N_("%(name)s is DISQUALIFIED (%(rule)s)."), name=name, rule=dq.rule)
    words = ", ".join(say(request, _KIND_WORDS.get(k, k)) for k in kinds)
    return say(request, N_("%(name)s: %(penalties)s recorded."), name=name, penalties=words)


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
    pid = form_int("player_id", player_id, required=False)
    form = {"reason": reason}

    def action() -> str | Flash:
        if pid is None:
            raise TorneoError("player_id", N_("is empty"), N_("a player of the event"))
        desk = judging_views.judge_desk(store, actor, event_id)
        rule = next((i for i in desk.infractions if i.key == infraction), None)
        text = reason.strip() or (rule.label if rule is not None else "")
        issued = judging_rulings.issue(
            store,
            actor,
            event_id,
            player_id=pid,
            infraction=infraction,
            reason=text,
            penalties=[upgrade] if upgrade.strip() else None,
        )
        chip = desk.player(pid)
        message = _issued_message(
            request, issued, chip.name if chip else f"#{pid}", chip.warnings if chip else 0
        )
        if any(i.kind == "disqualification" for i in issued):
            return Flash(message, "error")  # a disqualification is shown in red
        return message

    return _act(request, actor, event_id, action, player=pid, form=form | {"upgrade": upgrade})


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
    pid = form_int("player_id", player_id, required=False)

    def action() -> str:
        number = form_int_required("seq", seq)
        judging_rulings.overrule_ruling(store_of(request), actor, event_id, number, reason=reason)
        return say(request, N_("Ruling %(n)s is overruled."), n=number)

    form = {"seq": seq, "reason": reason}
    return _act(request, actor, event_id, action, tab=tab, player=pid, form=form)


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
        rnd, tbl = form_int_required("round_no", round_no), form_int_required("table", table)
        if late.strip():
            text = reason.strip() or say(request, N_("Intentional draw declared late"))
            judging_draws.disqualify_late_draw(
                store, actor, event_id, round_no=rnd, table=tbl, reason=text
            )
            return say(request, N_("Table %(n)s: both players are disqualified (INV-ID-1)."), n=tbl)
        judging_draws.intentional_draw(store, actor, event_id, round_no=rnd, table=tbl)
        return say(request, N_("Table %(n)s: intentional draw recorded."), n=tbl)

    form = {"form": "draw", "table": table, "reason": reason}
    return _act(request, actor, event_id, action, form=form)


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
        judging_rulings.award_match(
            store_of(request),
            actor,
            event_id,
            round_no=form_int_required("round_no", round_no),
            table=form_int_required("table", table),
            winner_id=form_int_required("winner_id", winner),
            reason=reason,
        )
        return say(request, N_("The match is awarded (BER-JUDGE-1)."))

    return _act(request, actor, event_id, action, form={"form": "award", "reason": reason})


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
        judging_rulings.order_matches_replayed(
            store_of(request),
            actor,
            event_id,
            last=form_int_required("last", last),
            player_id=form_int("player_id", player_id, required=False),
            reason=reason,
        )
        return say(request, N_("The last matches are to be replayed (BER-JUDGE-1)."))

    form = {"form": "replay", "last": last, "reason": reason}
    return _act(request, actor, event_id, action, tab="log", form=form)


@router.post("/events/{event_id}/judge/deck-draw", response_class=HTMLResponse)
def deck_draw(request: Request, event_id: int, actor: PageWriter) -> Response:
    def action() -> str:
        panel = judging_checks.draw_table(store_of(request), actor, event_id)
        return say(request, N_("Deck check: table %(n)s is drawn."), n=panel.table)

    return _act(request, actor, event_id, action, tab="deck")


@router.post("/events/{event_id}/judge/deck-check", response_class=HTMLResponse)
async def deck_check(request: Request, event_id: int, actor: PageWriter) -> Response:
    form = await request.form()

    def value(name: str) -> str:
        raw = form.get(name)
        return raw if isinstance(raw, str) else ""

    try:  # issue 27 hole 2: a judge of this event, before the file is read (within limits)
        judging_checks.may_check(store_of(request), actor, event_id)
        data = await upload_bytes(form.get("file"), judging_decks.UPLOAD)
    except TorneoError as err:
        refused = err

        def action() -> str:
            raise refused

    else:

        def action() -> str:
            return _checked(request, actor, event_id, form, data)

    return _act(request, actor, event_id, action, tab="deck", form={"physical": value("physical")})


def _checked(request: Request, actor: Actor, event_id: int, form: FormData, data: bytes) -> str:
    """One deck check from the desk's form, the uploaded list already read (``deck_check``)."""

    def value(name: str) -> str:
        raw = form.get(name)
        return raw if isinstance(raw, str) else ""

    physical = judging_decks.decode_upload(data) if data else value("physical")
    outcome = judging_checks.check_deck(
        store_of(request),
        actor,
        event_id,
        round_no=form_int_required("round_no", value("round_no")),
        player_id=form_int_required("player_id", value("player_id")),
        physical=None if value("confirmed") else physical,
        note=value("note")[:1000],
        extra_minutes=form_int("extra_minutes", value("extra_minutes"), required=False) or 0,
    )
    if outcome["rulings"]:
        return say(request, N_("Deck checked: %(n)s ruling(s) applied."), n=len(outcome["rulings"]))
    return say(request, N_("Deck checked: legal, nothing to do."))


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
            return say(request, N_("The round has started: the clock is running."))
        if action == "pause":
            judging_clock.pause_clock(store, actor, event_id)
            return say(request, N_("The clock is paused."))
        if action == "resume":
            judging_clock.resume_clock(store, actor, event_id)
            return say(request, N_("The clock is running again."))
        if action == "round_time":
            judging_clock.add_round_time(
                store, actor, event_id, minutes=form_int_required("minutes", minutes), reason=reason
            )
            return say(request, N_("Time added to the round."))
        if action == "table_time":
            number = form_int_required("table", table)
            judging_clock.extend_table(
                store,
                actor,
                event_id,
                table=number,
                minutes=form_int_required("minutes", minutes),
                reason=reason,
            )
            return say(request, N_("Extra time for table %(n)s."), n=number)
        raise TorneoError(
            "action",
            N_("unknown clock action '%(action)s'"),
            N_("start, pause, resume"),
            params={"action": action},
        )

    form = {"action": action, "table": table, "minutes": minutes, "reason": reason}
    return _act(request, actor, event_id, run, tab=tab if tab in TABS else "clock", form=form)
