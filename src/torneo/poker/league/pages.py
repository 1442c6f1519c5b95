"""Pages of the club's jackpot leagues (issue 17), reached from the poker home ``/poker``:

- ``/poker/leagues/new`` a league from the calendar's form (:mod:`torneo.poker.schedules.pages`);
- ``/poker/leagues/{id}`` a league: the leaderboard ("Classifica Campione", "Classifica Mister
  All'in") with each player's status, the leaders' chart, the jackpot's ledger with its running
  total, and the qualifier and the final once created (organizers create them here);
- ``/poker/leagues/{id}/players/{player}`` one player's points explained.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageWriter
from torneo.platform.web.prg import refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import add_templates, render, say
from torneo.poker.final import commands as finals
from torneo.poker.league import commands as leagues
from torneo.poker.league import views as views_league
from torneo.poker.league.views import decimal_text
from torneo.poker.pages_labels import helpers
from torneo.poker.schedules.pages import CALENDAR

add_templates("torneo.poker.league", "poker")  # its own templates/, as "poker/<name>"

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form(max_length=1000)]


def _helpers() -> dict[str, Any]:
    return {**helpers(), "points": decimal_text}


@router.post("/poker/leagues/new", response_class=HTMLResponse)
async def league_new(request: Request, actor: PageWriter) -> Response:
    """PKR-LEAGUE-1..4: a league from the calendar page's form."""
    data = await request.form()
    form = {k: str(v) for k, v in data.items() if k not in ("csrf_token", "schedules")}
    chosen = [str(v) for v in data.getlist("schedules")]
    rank_from, rank_to = form.get("qualifier_rank_from", ""), form.get("qualifier_rank_to", "")
    final = {
        "direct_seats": form.get("direct_seats") or 6,
        "qualifier_seats": form.get("qualifier_seats") or 0,
        "qualifier_min_played": form.get("qualifier_min_played", ""),
        "qualifier_ranks": (rank_from, rank_to) if rank_from.strip() and rank_to.strip() else None,
        "qualifier_buy_in": form.get("qualifier_buy_in", ""),
        "extra_chips": form.get("extra_chips") or 10_000,
        "final_level_minutes": form.get("final_level_minutes") or 30,
    }
    try:
        lid = leagues.create_league(
            store_of(request),
            actor,
            name=form.get("name", ""),
            schedules=chosen,
            starts_on=form.get("starts_on", ""),
            ends_on=form.get("ends_on", ""),
            planned_tournaments=form.get("planned_tournaments", ""),
            points_formula=form.get("points_formula", ""),
            points_decimals=form.get("points_decimals") or 2,
            best_results=form.get("best_results", ""),
            jackpot_per_entry=form.get("jackpot_per_entry", ""),
            jackpot_per_tournament=form.get("jackpot_per_tournament", ""),
            final=final,
        )
    except TorneoError as err:
        return refuse_to(request, err, CALENDAR, form)
    flash(request, "ok", say(request, N_("League created.")))
    return RedirectResponse(f"/poker/leagues/{lid}", status_code=303)


# --- a league ---------------------------------------------------------------------------------


def _league(
    request: Request, league_id: int, error: TorneoError | None = None, form: Any = None
) -> Response:
    store = store_of(request)
    view = views_league.league_view(store, league_id)
    context = {
        "view": view,
        "chart": views_league.leaders_chart(store, league_id),
        "error": error,
        "form": dict(form or {}),
        "today": store.clock().date(),
        **_helpers(),
    }
    return render(request, "poker/league.html", context)


@router.get("/poker/leagues/{league_id}", response_class=HTMLResponse)
def league_page(request: Request, league_id: int) -> Response:
    refused = take_refusal(request)  # Post/Redirect/Get (issue 26 item 3)
    return _league(request, league_id, refused.error, refused.form)


@router.get("/poker/leagues/{league_id}/players/{player_id}", response_class=HTMLResponse)
def league_player(request: Request, league_id: int, player_id: int) -> Response:
    view = views_league.explain(store_of(request), league_id, player_id)
    return render(request, "poker/league_player.html", {"view": view, **_helpers()})


def _road(request: Request, league_id: int, make: Any, actor: Any, held_on: str) -> Response:
    try:
        tid = make(store_of(request), actor, league_id, held_on=held_on or date.today())
    except TorneoError as err:
        url = f"/poker/leagues/{league_id}"
        return refuse_to(request, err, url, {"held_on": str(held_on)})
    flash(request, "ok", say(request, N_("Tournament created: register the players.")))
    return RedirectResponse(f"/poker/{tid}/director", status_code=303)


@router.post("/poker/leagues/{league_id}/qualifier", response_class=HTMLResponse)
def league_qualifier(
    request: Request, league_id: int, actor: PageWriter, held_on: Text = ""
) -> Response:
    return _road(request, league_id, finals.create_qualifier, actor, held_on)


@router.post("/poker/leagues/{league_id}/final", response_class=HTMLResponse)
def league_final(
    request: Request, league_id: int, actor: PageWriter, held_on: Text = ""
) -> Response:
    return _road(request, league_id, finals.create_final, actor, held_on)
