"""What a request carries: the app's store and settings, the logged-in actor, flash messages.

The session is Starlette's signed cookie (itsdangerous): it holds only the user id and its
session generation, the CSRF token and pending flash messages, so every worker reads the same
session and none keeps state. The actor is looked up in the database on each request: a removed
or disabled account, a changed role or an ended session (:mod:`torneo.platform.sessions`:
logging out, a new password) takes effect at once, on every worker.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request

from torneo.platform import sessions
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings

USER_KEY = "uid"
GENERATION_KEY = "gen"
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
    generation = request.session.get(GENERATION_KEY)
    if isinstance(uid, int):
        # A cookie without a generation (made before sessions could end) is logged out too.
        if isinstance(generation, int):
            key = sessions.SessionKey(uid, generation)
            actor = sessions.session_actor(store_of(request), key)
        if actor is None:  # ended, disabled or gone: forget it
            request.session.pop(USER_KEY, None)
            request.session.pop(GENERATION_KEY, None)
    request.state.actor = actor
    return actor


def log_in(request: Request, actor: Actor) -> None:
    if actor.user_id is None:
        raise ValueError("only an account can log in")
    key = sessions.session_key(store_of(request), actor.user_id)
    request.session[USER_KEY] = key.user_id
    request.session[GENERATION_KEY] = key.generation
    request.state.actor = actor


def log_out(request: Request) -> None:
    """End this account's sessions everywhere (the cookie, and any copy of it), then forget it."""
    actor = current_actor(request)
    if actor is not None:
        sessions.log_out(store_of(request), actor)
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
