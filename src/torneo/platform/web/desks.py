"""``/desks``: the page of every tournament an account works on (issue 15).

An organizer finds the desks of their club's tournaments here, a judge, referee or floor
member those of the tournaments they are appointed to. The platform knows no discipline: each
discipline's desk module registers a source (:func:`register_desks`) that lists the actor's
tournaments with the links of their desks; this page puts the lists together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.auth import PageActor
from torneo.platform.web.session import store_of
from torneo.platform.web.templating import render


@dataclass(frozen=True, slots=True)
class DeskEntry:
    """One tournament on the page: its discipline (a message id), name, status, round, and the
    desks it has for this actor as (label message id, URL)."""

    discipline: str
    name: str
    status: str
    round_no: int
    links: tuple[tuple[str, str], ...]


DeskSource = Callable[[Store, Actor], list[DeskEntry]]
_SOURCES: list[DeskSource] = []


def register_desks(source: DeskSource) -> None:
    """Add a discipline's list of desks (called once, when its pages are imported)."""
    if source not in _SOURCES:
        _SOURCES.append(source)


router = APIRouter(include_in_schema=False)


@router.get("/desks", response_class=HTMLResponse)
def my_desks(request: Request, actor: PageActor) -> Response:
    store = store_of(request)
    entries = [entry for source in _SOURCES for entry in source(store, actor)]
    running = [e for e in entries if e.status not in ("finished", "void")]
    done = [e for e in entries if e.status in ("finished", "void")]
    return render(request, "desks.html", {"running": running, "done": done})
