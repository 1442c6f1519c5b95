"""The league's footballers and what a manager picks from them (issue 30 item 2): the list with
search and filters, the roster picked by clicks with the credits and roles left (FAN-ROSTER-1),
the lineup set on the pitch by formation with the bench in order (FAN-LINEUP-1, FAN-SUB-1).

What is picked and not yet saved lives in the page's address (``p`` the codes picked; ``f``,
``s``, ``b`` the formation, starters and bench), so every click is a plain GET: it works without
JavaScript, htmx only swaps the part that changed, Back and reload show the same picks, and a
refused save is sent back (Post/Redirect/Get) to the same address with everything still picked.
The saves are the team page's forms (:mod:`.pages_team`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from torneo.core.errors import TorneoError
from torneo.fantasy import views_players
from torneo.fantasy.pages_render import page
from torneo.fantasy.rules.players import ROLES
from torneo.fantasy.views_players import MAX_PICKS, PlayerFilter
from torneo.platform.web.auth import PageActor
from torneo.platform.web.forms import form_int
from torneo.platform.web.prg import take_refusal
from torneo.platform.web.session import store_of

router = APIRouter(include_in_schema=False)

Short = Annotated[str, Query(max_length=80)]
Low = Annotated[str, Query(max_length=80, alias="min")]
High = Annotated[str, Query(max_length=80, alias="max")]


@dataclass(frozen=True, slots=True)
class Search:
    """The list's filters as typed, and the picks, turned back into addresses."""

    base: str
    text: str = ""
    role: str = ""
    club: str = ""
    low: str = ""
    high: str = ""
    picks: tuple[str, ...] | None = None  # None: not picking

    def url(self, picks: Sequence[str] | None = None) -> str:
        chosen = self.picks if picks is None else tuple(picks)
        pairs: list[tuple[str, str]] = [
            (k, v)
            for k, v in (
                ("q", self.text),
                ("role", self.role),
                ("club", self.club),
                ("min", self.low),
                ("max", self.high),
            )
            if v
        ]
        if chosen is not None:
            pairs += [("picking", "1"), *(("p", c) for c in chosen)]
        return f"{self.base}?{urlencode(pairs)}" if pairs else self.base

    def everyone(self) -> str:
        """The list without its filters, the picks kept."""
        return Search(self.base, picks=self.picks).url()

    def add(self, code: str) -> str:
        return self.url([*(self.picks or ()), code])

    def remove(self, code: str) -> str:
        return self.url([c for c in self.picks or () if c != code])


def _filter(
    text: str, role: str, club: str, low: str, high: str
) -> tuple[PlayerFilter, TorneoError | None]:
    """The filter; a price that is not a whole number is named and left out."""
    error = None
    bounds: list[int | None] = []
    for name, value in (("min_price", low), ("max_price", high)):
        try:
            bounds.append(form_int(name, value, required=False))
        except TorneoError as err:
            error = error or err
            bounds.append(None)
    wanted = PlayerFilter(
        text=text.strip(),
        role=role if role in ROLES else "",
        club=club,
        low=bounds[0],
        high=bounds[1],
    )
    return wanted, error


@router.get("/fantasy/{lid}/players", response_class=HTMLResponse)
def players(
    request: Request,
    lid: int,
    q: Short = "",
    role: Short = "",
    club: Short = "",
    low: Low = "",
    high: High = "",
) -> Response:
    wanted, error = _filter(q, role, club, low, high)
    view = views_players.players_page(store_of(request), lid, wanted)
    search = Search(f"/fantasy/{lid}/players", q, wanted.role, club, low, high)
    return page(request, "fantasy/players.html", {"v": view, "search": search, "error": error})


def _codes(request: Request) -> list[str] | None:
    if request.query_params.get("picking") != "1":
        return None
    return [c.strip()[:40] for c in request.query_params.getlist("p")[:MAX_PICKS] if c.strip()]


@router.get("/fantasy/{lid}/teams/{tid}/roster", response_class=HTMLResponse)
def roster_picker(
    request: Request,
    lid: int,
    tid: int,
    actor: PageActor,
    q: Short = "",
    role: Short = "",
    club: Short = "",
    low: Low = "",
    high: High = "",
) -> Response:
    refused = take_refusal(request)
    wanted, error = _filter(q, role, club, low, high)
    view = views_players.roster_picker(store_of(request), actor, lid, tid, wanted, _codes(request))
    search = Search(
        f"/fantasy/{lid}/teams/{tid}/roster", q, wanted.role, club, low, high, view.codes
    )
    context = {"v": view.players, "r": view, "search": search, "error": refused.error or error}
    return page(request, "fantasy/roster.html", context)


def _ids(values: Sequence[str]) -> list[int | None]:
    return [int(v) if v.isdigit() and len(v) < 12 else None for v in values[:40]]


def lineup_url(
    lid: int,
    tid: int,
    formation: str,
    starters: Sequence[int | None],
    bench: Sequence[int | None],
    *,
    fill: bool = False,
) -> str:
    """The lineup page with these choices (empty places kept as empty)."""
    pairs = [("f", formation), ("set", "1")]
    pairs += [("s", "" if p is None else str(p)) for p in starters]
    pairs += [("b", "" if p is None else str(p)) for p in bench]
    if fill:
        pairs.append(("fill", "1"))
    return f"/fantasy/{lid}/teams/{tid}/lineup?{urlencode(pairs)}"


@router.get("/fantasy/{lid}/teams/{tid}/lineup", response_class=HTMLResponse)
def lineup_page(request: Request, lid: int, tid: int, actor: PageActor, f: Short = "") -> Response:
    refused = take_refusal(request)
    chosen = request.query_params.get("set") == "1"
    view = views_players.lineup_page(
        store_of(request),
        actor,
        lid,
        tid,
        formation=f or None,
        starters=_ids(request.query_params.getlist("s")) if chosen else None,
        bench=_ids(request.query_params.getlist("b")) if chosen else None,
        fill=request.query_params.get("fill") == "1",
    )
    return page(request, "fantasy/lineup.html", {"l": view, "error": refused.error})
