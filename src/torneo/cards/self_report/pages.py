"""Pages of self-reporting (issue 4): the player's phone, the judges' queue, the pairing slips.

- ``/events/{id}/report`` the player's page: a logged-in player sees their match at once;
  anyone else types the table and the code of their pairing slip (``?table=&code=`` prefill it,
  for a link or a QR code on the slip), then taps the result *as they see it* ("I won 2-1").
  The page says what happened: waiting for the opponent, confirmed, or sent to the judges.
- ``/events/{id}/reports`` the judges' queue (organizers, judges of the event): disputed
  matches first, each with both reports and a form to decide.
- ``/events/{id}/slips`` the current round's slips to print, one per player with their code.

Every form carries the session's CSRF token, the code-based ones too (a visitor gets a session
cookie for it): uniform, and harmless. Wrong codes are rate-limited per event, table and address
(:data:`CODE_FAILURES` in :data:`CODE_WINDOW` seconds, then 429), and per event and address over
all tables (:data:`ADDRESS_FAILURES`), so codes cannot be guessed.

**Why per table (decision).** A club's players often share one address: the venue's Wi-Fi goes
out through one router. Counted per address only, ten typos anywhere in the hall locked every
phone of the event out for five minutes. Counted per table, a typo costs only that table's two
players; guessing stays hopeless (ten tries per table in five minutes against 32^6 codes each),
and the wider cap per address stops one address from sweeping every table. Once a slip has
opened its match, the session remembers it (:func:`remember_slip`): that phone's next requests
with the same slip skip the limit (:func:`slip_attempt`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from torneo.cards.draft.views import event_pools
from torneo.cards.self_report import commands as sr
from torneo.cards.self_report import views as srv
from torneo.cards.self_report.pages_batches import (
    report_by_account,
    report_by_slip,
    report_by_slip_async,
)
from torneo.cards.self_report.pages_choices import (  # noqa: F401 - the page module's names
    confirm_choice,
    result_buttons,
    result_choices,
    split_choices,
)
from torneo.cards.self_report.pages_slips import (  # noqa: F401 - the page module's names
    ADDRESS_FAILURES,
    CODE_FAILURES,
    CODE_WINDOW,
    SLIP_KEY,
    _slip_digest,
    code_attempt,
    code_keys,
    remember_slip,
    slip_attempt,
)
from torneo.cards.self_report.views import Reported
from torneo.cards.views_rounds import allowed_results
from torneo.core.errors import Forbidden, TorneoError
from torneo.core.messages import N_
from torneo.platform.web import csrf
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import form_int_required, text_fields
from torneo.platform.web.prg import refuse_to, take_refusal
from torneo.platform.web.ratelimit import TooManyAttempts
from torneo.platform.web.session import current_actor, flash, settings_of, store_of
from torneo.platform.web.templating import add_templates, render, render_fragment, say

add_templates("torneo.cards", None)  # this discipline's templates/ (platform/web/templating.py)
add_templates("torneo.cards.self_report", "self_report")  # its own, as "self_report/<name>"

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=200)]
# The report's fields, read without FastAPI's per-parameter work (issue 32 item 4: forms.py).
REPORT_FIELDS = ("table", "code", "result", "csrf_token")
REPORT_FIELD_LENGTH = 200
ReportForm = Annotated[
    dict[str, str], Depends(text_fields(*REPORT_FIELDS, max_length=REPORT_FIELD_LENGTH))
]


_TABLE_NUMBER = N_("a table number")


def _page(
    request: Request,
    event_id: int,
    *,
    seat: srv.Seat | None = None,
    error: TorneoError | None = None,
    form: dict[str, Any] | None = None,
    status: int = 200,
) -> Response:
    context = {
        **_match_context(seat, error, form),
        "summary": srv.heading(store_of(request), event_id),
        "pools": event_pools(store_of(request), event_id),  # issue 30: the draft's link
        "answer": None,
    }
    return render(request, "self_report/report.html", context, status=status, headers=_retry(error))


def _match_context(
    seat: srv.Seat | None, error: TorneoError | None, form: dict[str, Any] | None
) -> dict[str, Any]:
    """What the match section shows of a seat: the page's and the htmx answer's."""
    confirm = confirm_choice(seat) if seat is not None else None
    return {
        "seat": seat,
        "error": error,
        "form": form or {},
        "confirm": confirm,
        "result_buttons": result_buttons,  # report_buttons.html, kept per format (issue 32)
    }


def _retry(error: TorneoError | None) -> dict[str, str]:
    return {"Retry-After": str(error.retry_after)} if isinstance(error, TooManyAttempts) else {}


def _section(
    request: Request,
    heading: srv.Heading,
    *,
    seat: srv.Seat | None = None,
    error: TorneoError | None = None,
    form: dict[str, Any] | None = None,
    answer: tuple[str, str] | None = None,
    status: int = 200,
) -> Response:
    """The match section alone, for a report sent with htmx (issue 32 item 4): what the report
    did on top, then the match as it left it. Built from what the report returned (its seat
    and heading), so an accepted report reads nothing more; no layout, no flash, no redirect."""
    context = {
        **_match_context(seat, error, form),
        "summary": heading,
        "pools": None,  # the draft's link is for an event without a round: a report has one
        "answer": answer,
        "csrf_token": lambda: csrf.csrf_token(request),
    }
    html = render_fragment(request, "self_report/report_match.html", context)
    return HTMLResponse(html, status_code=status, headers=_retry(error))


def _player_seat(request: Request, event_id: int) -> srv.Seat | None:
    actor = current_actor(request)
    if actor is None or "player" not in actor.roles:
        return None
    try:
        return srv.my_seat(store_of(request), actor, event_id)
    except TorneoError:
        return None


@router.get("/events/{event_id}/report", response_class=HTMLResponse)
def report_page(request: Request, event_id: int, table: str = "", code: str = "") -> Response:
    """With the table and the code (the QR code of a slip), the match opens at once: the
    player taps the result, the opponent taps "Confirm" (issue 15). A wrong code counts in the
    rate limit like a typed one and shows the form with the refusal. A refused report comes
    back here (Post/Redirect/Get, issue 26 item 3) with its refusal and what was typed."""
    refused = take_refusal(request)
    form = {
        "table": table[:10] or refused.form.get("table", ""),
        "code": code[:20] or refused.form.get("slip_code", ""),
    }
    csrf.csrf_token(request)  # the form needs the session's token, even for a visitor
    if table.strip() and code.strip():
        store, secret = store_of(request), settings_of(request).secret_key
        try:
            with slip_attempt(request, event_id, form["table"], form["code"]):
                number = form_int_required("table", form["table"], accepted=_TABLE_NUMBER)
                seat = srv.seat_by_code(store, event_id, number, form["code"], secret=secret)
        except TorneoError as err:
            return _page(request, event_id, error=err, form=form, status=err.status)
        remember_slip(request, event_id, form["table"], form["code"])
        return _page(request, event_id, seat=seat, form=form, error=refused.error)
    mine = _player_seat(request, event_id)
    return _page(request, event_id, seat=mine, form=form, error=refused.error)


# What a report did, said on the page it redirects to (the same words as before, issue 4).
ANSWERS = {
    "waiting": (
        "ok",
        N_("Saved. Your opponent confirms it from their phone; then the result is official."),
    ),
    "confirmed": ("ok", N_("Confirmed by both players: the result is recorded.")),
    "disputed": (
        "error",
        N_(
            "Your opponent reported a different result: a judge will decide. Please go to the judges' desk."
        ),
    ),
    "unchanged": ("ok", N_("Nothing changed: this result was already saved.")),
}


def _report_url(event_id: int, table: str = "", code: str = "") -> str:
    """The player's page; with a slip that proved its code, that slip's match (as its QR code)."""
    query = urlencode({"table": table.strip(), "code": code.strip()}) if code.strip() else ""
    return f"/events/{event_id}/report" + (f"?{query}" if query else "")


@router.post("/events/{event_id}/report", response_class=HTMLResponse)
async def report_submit(request: Request, event_id: int, form: ReportForm) -> Response:
    """Post/Redirect/Get (issue 26 item 3): the code that opens a match, the report accepted
    and the report refused all end on the GET page (reload and Back never report again). A
    wrong code is refused there too (counted once); only "too many wrong codes" (429) answers
    at once, with when to come back.

    Sent with htmx (the page's result buttons: ``HX-Request``), the answer is the match
    section itself, with what the report did on top (issue 32 item 4): one request per report
    instead of a redirect and a whole page, and nothing read again to show it. A refusal comes
    back the same way, with its status (htmx swaps 4xx answers: base.html); nothing is kept in
    the session for a page to take back.

    Issue 32 item 4: the report of a phone that opened its match (the htmx form of the match
    section) waits for its batch on the event loop (:func:`_report_at_once`); everything else
    runs in the worker's thread pool, where the services may block on the database and Redis,
    never on the event loop (which serves the live streams). That report usually comes by
    the lean route (``pages_lean``), which runs :func:`_report_at_once` without FastAPI."""
    done = await _report_at_once(request, event_id, form)
    if done is not None:
        return done
    return await run_in_threadpool(_report_submit, request, event_id, form)


async def _report_at_once(request: Request, event_id: int, form: dict[str, str]) -> Response | None:
    """The htmx report of the slip this session opened its match with, answered as
    :func:`_report_submit` answers it, without a thread of the pool for the wait; None for
    any other request. Such a report meets no rate limit (:func:`slip_attempt`), so what may
    block is only the batch (run in the group commit's thread) and a refusal's page (in the
    pool)."""
    table, code, result = form["table"], form["code"], form["result"]
    if (
        request.headers.get("HX-Request") != "true"
        or not code.strip()
        or not result.strip()
        or request.session.get(SLIP_KEY) != _slip_digest(request, event_id, table, code)
    ):
        return None
    csrf.check(request, form["csrf_token"])
    typed = _Typed(table, code, result)
    try:
        number = form_int_required("table", table, accepted=_TABLE_NUMBER)
        try:
            done = await report_by_slip_async(request, event_id, number, code, result)
        except Forbidden:
            raise
        except TorneoError:  # the code is right: the match is shown beside the refusal
            typed.proven = code
            raise
    except TorneoError as err:
        return await run_in_threadpool(_refused, request, event_id, err, typed)
    kind, text = ANSWERS[done.answer]
    heading = done.heading
    if heading is None:
        heading = await run_in_threadpool(srv.heading, store_of(request), event_id)
    answer = (kind, say(request, text))
    return _section(request, heading, seat=done.seat, form=_slip(table, code), answer=answer)


def _report_submit(request: Request, event_id: int, form: dict[str, str]) -> Response:
    table, code, result = form["table"], form["code"], form["result"]
    csrf.check(request, form["csrf_token"])
    htmx = request.headers.get("HX-Request") == "true"
    typed = _Typed(table, code, result)
    try:
        done = _send(request, event_id, typed, htmx)
    except TooManyAttempts as err:
        if htmx:
            heading = srv.heading(store_of(request), event_id)
            return _section(request, heading, error=err, form={"table": table}, status=err.status)
        return _page(request, event_id, error=err, form={"table": table}, status=err.status)
    except TorneoError as err:
        if htmx:
            return _refused(request, event_id, err, typed)
        kept = {"table": table, "result": result}
        if not typed.proven:  # a wrong code is kept to be corrected (the right one is in the URL)
            kept["slip_code"] = code
        url = _report_url(event_id, table, typed.proven)
        return refuse_to(request, err, url, kept, credentials=True)
    if isinstance(done, Response):  # the code opened the match: nothing was reported
        return done
    kind, text = ANSWERS[done.answer]
    if htmx:
        heading = done.heading or srv.heading(store_of(request), event_id)
        answer = (kind, say(request, text))
        form = _slip(table, typed.proven)
        return _section(request, heading, seat=done.seat, form=form, answer=answer)
    flash(request, kind, say(request, text))
    return RedirectResponse(_report_url(event_id, table, typed.proven), status_code=303)


@dataclass
class _Typed:
    """What the report form sent, and the code once it has opened its match (``proven``): then
    the page may show the match beside a refusal."""

    table: str
    code: str
    result: str
    proven: str = ""


def _send(request: Request, event_id: int, typed: _Typed, htmx: bool) -> Reported | Response:
    """The report by slip code or by the player's account: its answer (a refusal is raised).
    A code without a result only opens the match: the answer is then the response itself."""
    if not typed.code.strip():
        actor = current_actor(request)
        if actor is None or "player" not in actor.roles:
            raise TorneoError(
                "code",
                N_("is empty"),
                N_("the code printed on your pairing slip, with your table"),
            )
        return report_by_account(request, event_id, actor, typed.result)
    table, code = typed.table, typed.code
    with slip_attempt(request, event_id, table, code):
        number = form_int_required("table", table, accepted=_TABLE_NUMBER)
        if not typed.result.strip():  # the code opens the player's match
            secret = settings_of(request).secret_key
            seat = srv.seat_by_code(store_of(request), event_id, number, code, secret=secret)
            remember_slip(request, event_id, table, code)
            if htmx:
                heading = srv.heading(store_of(request), event_id)
                return _section(request, heading, seat=seat, form=_slip(table, code))
            return RedirectResponse(_report_url(event_id, table, code), status_code=303)
        try:
            done = report_by_slip(request, event_id, number, code, typed.result)
        except Forbidden:
            raise  # a wrong code: counted by code_attempt
        except TorneoError:  # the code is right: the match is shown beside the refusal
            typed.proven = code
            remember_slip(request, event_id, table, code)
            raise
    remember_slip(request, event_id, table, code)
    typed.proven = code
    return done


def _slip(table: str, code: str) -> dict[str, Any]:
    """The section form's slip (its hidden fields): the table and the code that proved it."""
    return {"table": table.strip()[:10], "code": code.strip()[:20]}


def _refused(request: Request, event_id: int, err: TorneoError, typed: _Typed) -> Response:
    """A refused report sent with htmx: the section with the refusal and its status, showing
    the match when the code was right (or the player's own, logged in), else the code form
    with what was typed. The same refusals travel as with Post/Redirect/Get (``refuse_to``
    with ``credentials``): any other is raised for the app's error page."""
    if err.status not in (401, 403, 404, 409, 422):
        raise err
    store = store_of(request)
    seat: srv.Seat | None = None
    try:
        if typed.proven:
            number = form_int_required("table", typed.table, accepted=_TABLE_NUMBER)
            secret = settings_of(request).secret_key
            seat = srv.seat_by_code(store, event_id, number, typed.proven, secret=secret)
        elif not typed.code.strip():
            seat = _player_seat(request, event_id)
    except TorneoError:
        seat = None
    form = _slip(typed.table, typed.proven or typed.code)
    heading = srv.heading(store, event_id)
    return _section(request, heading, seat=seat, error=err, form=form, status=err.status)


# --- the judges ------------------------------------------------------------------------------


def _queue(request: Request, event_id: int) -> Response:
    """The judges' queue (GET); after a refused decision (Post/Redirect/Get, issue 26 item 3)
    with the refusal and what was typed."""
    actor = current_actor(request)
    assert actor is not None
    store = store_of(request)
    refused = take_refusal(request)
    lines = srv.judge_queue(store, actor, event_id)
    summary = srv.heading(store, event_id)
    context = {
        "summary": summary,
        "lines": lines,
        "error": refused.error,
        "form": refused.form,
        "results": allowed_results(summary.best_of),  # side A's view; Top X: no draws
    }
    return render(request, "self_report/queue.html", context)


@router.get("/events/{event_id}/reports", response_class=HTMLResponse)
def judge_queue(request: Request, event_id: int, actor: PageActor) -> Response:
    return _queue(request, event_id)


@router.post("/events/{event_id}/reports/resolve", response_class=HTMLResponse)
def resolve(
    request: Request,
    event_id: int,
    actor: PageWriter,
    round_no: Text = "",
    table: Text = "",
    result: Text = "",
    reason: Annotated[str, Form(max_length=1000)] = "",
) -> Response:
    try:
        view = sr.resolve(
            store_of(request),
            actor,
            event_id,
            form_int_required("round_no", round_no, accepted=_TABLE_NUMBER),
            form_int_required("table", table, accepted=_TABLE_NUMBER),
            result,
            reason=reason,
        )
    except TorneoError as err:
        if isinstance(err, Forbidden) and err.field in {"actor", "judge"}:
            raise
        srv.judge_queue(store_of(request), actor, event_id)  # 403 first for a non-judge
        typed = {"round_no": round_no, "table": table, "result": result, "reason": reason}
        return refuse_to(request, err, f"/events/{event_id}/reports", typed)
    # Post/Redirect/Get (issue 26 item 3): the decision is recorded; reload and Back never
    # send it again, and the queue is read at its own address.
    decided = N_("Decided: table %(t)s is %(result)s.")
    flash(request, "ok", say(request, decided, t=view.table, result=view.recorded))
    return RedirectResponse(f"/events/{event_id}/reports", status_code=303)


@router.get("/events/{event_id}/slips", response_class=HTMLResponse)
def print_slips(request: Request, event_id: int, actor: PageActor) -> Response:
    store = store_of(request)
    slips = srv.slips(store, actor, event_id, secret=settings_of(request).secret_key)
    summary = srv.heading(store, event_id)
    base = str(request.base_url).rstrip("/")
    context = {"summary": summary, "slips": slips, "report_url": f"{base}/events/{event_id}/report"}
    return render(request, "self_report/slips.html", context)
