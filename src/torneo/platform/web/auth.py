"""Logging in and out (pages and API), and the dependencies that say who may act.

- Public pages and GET API routes need nobody.
- Organizer pages need a logged-in account (else a redirect to /login); the services decide the
  role (organizer, or judge for results and disqualifications) and refuse with 403.
- Every state-changing page form and API call made with the session cookie must carry the
  session's CSRF token (:mod:`torneo.platform.web.csrf`); logging in via the API is the exception, since
  it needs a JSON body that no cross-site form can send.
- Logging in reads the form (or the JSON body) once and refuses a field given twice (422); the
  attempt is reserved in the login rate limit before the password is checked
  (:class:`torneo.platform.web.ratelimit.LoginGuard`: 429 with ``Retry-After``), and the check
  waits its turn among this worker's password checks (:mod:`torneo.platform.passwords`: 503
  with ``Retry-After`` when too many wait).
"""

from __future__ import annotations

import json
from typing import Annotated, Any
from urllib.parse import urlencode

import anyio
from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import RedirectResponse, Response

from torneo.core.errors import TorneoError, Unauthorized
from torneo.core.messages import N_
from torneo.platform.accounts import authenticate
from torneo.platform.store.uow import Actor
from torneo.platform.web import csrf
from torneo.platform.web.forms import form_text, refuse_repeated
from torneo.platform.web.prg import refuse_to, take_refusal
from torneo.platform.web.ratelimit import (
    LoginGuard,
    TooManyAttempts,
    client_address,
    retry_after_header,
)
from torneo.platform.web.schemas import LoginIn, SessionOut
from torneo.platform.web.session import current_actor, flash, log_in, log_out, store_of
from torneo.platform.web.templating import render, say


class LoginRequired(Exception):
    """A page needs an account: the app answers with a redirect to the login page."""

    def __init__(self, next_path: str) -> None:
        super().__init__(next_path)
        self.next_path = next_path


def safe_next(path: str | None) -> str:
    """Only a local path: never redirect a login to another site."""
    if not path or not path.startswith("/") or path.startswith("//") or "\\" in path:
        return "/"
    return path


# --- dependencies ----------------------------------------------------------------------------


def api_actor(request: Request) -> Actor:
    actor = current_actor(request)
    if actor is None:
        raise Unauthorized(
            "session",
            N_("log in first"),
            N_("POST /api/v1/session with a user name and password"),
        )
    return actor


def api_writer(request: Request, actor: Annotated[Actor, Depends(api_actor)]) -> Actor:
    csrf.check(request)
    return actor


def page_actor(request: Request) -> Actor:
    actor = current_actor(request)
    if actor is None:
        raise LoginRequired(request.url.path)
    return actor


async def page_writer(request: Request, actor: Annotated[Actor, Depends(page_actor)]) -> Actor:
    form = await request.form()
    value = form.get(csrf.FORM_FIELD)
    csrf.check(request, value if isinstance(value, str) else None)
    return actor


ApiActor = Annotated[Actor, Depends(api_writer)]
PageActor = Annotated[Actor, Depends(page_actor)]
PageWriter = Annotated[Actor, Depends(page_writer)]


# --- pages -----------------------------------------------------------------------------------

pages = APIRouter(include_in_schema=False)


@pages.get("/login")
def login_page(request: Request, next: str = "/") -> Response:
    refused = take_refusal(request)  # a refused login: the user name kept, never the password
    username = refused.form.get("username", "")
    context = {"next": safe_next(next), "error": refused.error, "username": username}
    return render(request, "login.html", context)


def _guard(request: Request) -> LoginGuard:
    guard: LoginGuard = request.app.state.login_guard
    return guard


def _log_in(request: Request, username: str, password: str) -> Actor:
    """Reserve an attempt, check the password, start the session (in a worker thread)."""
    store = store_of(request)
    address = client_address(request.scope)
    actor = _guard(request).attempt(
        username, address, lambda: authenticate(store, username, password)
    )
    log_in(request, actor)
    csrf.rotate(request)
    return actor


LOGIN_FIELDS = {"username": 80, "password": 1024, "next": 2000, "csrf_token": 200}


@pages.post("/login")
async def login_submit(request: Request) -> Response:
    form = await request.form(max_files=0, max_fields=20)
    target, username = "/", ""
    try:
        refuse_repeated(name for name, _ in form.multi_items())
        fields = {name: form_text(form, name, size) for name, size in LOGIN_FIELDS.items()}
        target, username = safe_next(fields["next"] or "/"), fields["username"]
        csrf.check(request, fields["csrf_token"])
        actor = await anyio.to_thread.run_sync(_log_in, request, username, fields["password"])
    except TooManyAttempts as err:  # throttled: said at once, with when to come back
        shown = TorneoError(
            "credentials",
            N_("too many failed logins: try again in %(n)s seconds"),
            params={"n": err.retry_after},
        )
        context = {"next": target, "error": shown, "username": username}
        headers = retry_after_header(err)
        return render(request, "login.html", context, status=err.status, headers=headers)
    except TorneoError as err:  # Post/Redirect/Get (issue 26 item 3): reload sends nothing
        if err.status == 403:  # no CSRF token: not this form's refusal (the error page)
            raise
        url = "/login" + (f"?{urlencode({'next': target})}" if target != "/" else "")
        return refuse_to(request, err, url, {"username": username}, credentials=True)
    flash(request, "ok", say(request, N_("Welcome, %(name)s."), name=actor.name))
    return RedirectResponse(target, status_code=303)


@pages.post("/logout")
def logout(request: Request, csrf_token: Annotated[str, Form(max_length=200)] = "") -> Response:
    csrf.check(request, csrf_token)
    log_out(request)
    return RedirectResponse("/", status_code=303)


# --- API -------------------------------------------------------------------------------------

api = APIRouter(prefix="/api/v1", tags=["session"])


def _session_out(request: Request, actor: Actor) -> SessionOut:
    return SessionOut(
        username=actor.name, roles=sorted(actor.roles), csrf_token=csrf.csrf_token(request)
    )


def _refuse_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    refuse_repeated(name for name, _ in pairs)
    return dict(pairs)


@api.post("/session", response_model=SessionOut, summary="Log in (sets the session cookie)")
async def api_login(request: Request, body: LoginIn) -> SessionOut:
    """429 with ``Retry-After`` after too many failures; 503 when the server is busy checking."""
    json.loads(await request.body(), object_pairs_hook=_refuse_repeated_keys)  # read as FastAPI did
    actor = await anyio.to_thread.run_sync(_log_in, request, body.username, body.password)
    return _session_out(request, actor)


@api.get("/session", response_model=SessionOut, summary="Who is logged in, and the CSRF token")
def api_whoami(request: Request, actor: Annotated[Actor, Depends(api_actor)]) -> SessionOut:
    return _session_out(request, actor)


@api.delete("/session", status_code=204, summary="Log out")
def api_logout(request: Request, actor: ApiActor) -> Response:
    log_out(request)
    return Response(status_code=204)
