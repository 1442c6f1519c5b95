"""What a request carries: the app's store and settings, the logged-in actor, flash messages.

The session is Starlette's signed cookie (itsdangerous): it holds only the user id, the CSRF
token and pending flash messages, so every worker reads the same session and none keeps state.
The actor is looked up in the database on each request: a removed account or a changed role
takes effect at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.platform.accounts import get_actor
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings

USER_KEY = "uid"
FLASH_KEY = "flash"
MAX_FLASHES = 5


def store_of(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def settings_of(request: Request) -> WebSettings:
    settings: WebSettings = request.app.state.settings
    return settings


def current_actor(request: Request) -> Actor | None:
    if hasattr(request.state, "actor"):
        cached: Actor | None = request.state.actor
        return cached
    actor = None
    uid = request.session.get(USER_KEY)
    if isinstance(uid, int):
        actor = get_actor(store_of(request), uid)
        if actor is None:  # the account is gone: forget it
            request.session.pop(USER_KEY, None)
    request.state.actor = actor
    return actor


def log_in(request: Request, actor: Actor) -> None:
    request.session[USER_KEY] = actor.user_id
    request.state.actor = actor


def log_out(request: Request) -> None:
    request.session.clear()
    request.state.actor = None


def flash(request: Request, kind: str, text: str, **extra: Any) -> None:
    """Remember a message for the next page (kept in the signed session cookie)."""
    pending = list(request.session.get(FLASH_KEY) or [])
    pending.append({"kind": kind, "text": text, **extra})
    request.session[FLASH_KEY] = pending[-MAX_FLASHES:]


def pop_flashes(request: Request) -> list[dict[str, Any]]:
    if FLASH_KEY not in request.session:
        return []
    pending = request.session.pop(FLASH_KEY) or []
    return list(pending)


def act_and_redirect(
    request: Request,
    action: Callable[[], str],
    *,
    success_url: str,
    on_error: Callable[[TorneoError], Response],
) -> Response:
    """Post/redirect/get for a page form: run one service call; on success flash its message and
    redirect (303) to ``success_url``; on a refusal show the page again with the error (the
    service changed nothing)."""
    try:
        message = action()
    except TorneoError as err:
        return on_error(err)
    flash(request, "ok", message)
    return RedirectResponse(success_url, status_code=303)
