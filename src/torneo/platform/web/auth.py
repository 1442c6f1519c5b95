"""Logging in and out (pages and API), and the dependencies that say who may act.

- Public pages and GET API routes need nobody.
- Organizer pages need a logged-in account (else a redirect to /login); the services decide the
  role (organizer, or judge for results and disqualifications) and refuse with 403.
- Every state-changing page form and API call made with the session cookie must carry the
  session's CSRF token (:mod:`torneo.platform.web.csrf`); logging in via the API is the exception, since
  it needs a JSON body that no cross-site form can send.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import RedirectResponse, Response

from torneo.core.errors import TorneoError, Unauthorized
from torneo.core.messages import N_
from torneo.platform.accounts import authenticate
from torneo.platform.store.uow import Actor
from torneo.platform.web import csrf
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
    return render(request, "login.html", {"next": safe_next(next), "error": None})


@pages.post("/login")
def login_submit(
    request: Request,
    username: Annotated[str, Form(max_length=80)] = "",
    password: Annotated[str, Form(max_length=1024)] = "",
    next: Annotated[str, Form(max_length=2000)] = "/",
    csrf_token: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    target = safe_next(next)
    try:
        csrf.check(request, csrf_token)
        actor = authenticate(store_of(request), username, password)
    except TorneoError as err:
        context = {"next": target, "error": err, "username": username}
        return render(request, "login.html", context, status=err.status)
    log_in(request, actor)
    csrf.rotate(request)
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


@api.post("/session", response_model=SessionOut, summary="Log in (sets the session cookie)")
def api_login(request: Request, body: LoginIn) -> SessionOut:
    actor = authenticate(store_of(request), body.username, body.password)
    log_in(request, actor)
    csrf.rotate(request)
    return _session_out(request, actor)


@api.get("/session", response_model=SessionOut, summary="Who is logged in, and the CSRF token")
def api_whoami(request: Request, actor: Annotated[Actor, Depends(api_actor)]) -> SessionOut:
    return _session_out(request, actor)


@api.delete("/session", status_code=204, summary="Log out")
def api_logout(request: Request, actor: ApiActor) -> Response:
    log_out(request)
    return Response(status_code=204)
