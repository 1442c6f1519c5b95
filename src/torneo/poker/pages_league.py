"""Pages of the club's season (issue 17), all reached from the poker home ``/poker``:

- ``/poker/calendar`` the club's week: the schedule entries, the next four weeks day by day with
  "open" on the day (one click), the form for a new entry, the preset's week imported at once,
  and the iCalendar feed ``/poker/calendar.ics`` players subscribe to;
- ``/poker/leagues/{id}`` a league: the leaderboard ("Classifica Campione", "Classifica Mister
  All'in") with each player's status, the leaders' chart, the jackpot's ledger with its running
  total, and the qualifier and the final once created (organizers create them here);
- ``/poker/leagues/{id}/players/{player}`` one player's points explained;
- ``/poker/{id}/rulings`` the floor's procedures on the director's phone (art. 12.8, 14, 15, 18).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import render, say
from torneo.poker import commands_final as finals
from torneo.poker import commands_league as leagues
from torneo.poker import commands_rulings as rulings
from torneo.poker import commands_schedules as schedules
from torneo.poker import views as poker_views
from torneo.poker import views_league, views_schedules
from torneo.poker.pages_labels import helpers
from torneo.poker.rules.rulings import CASES, Procedure
from torneo.poker.views_league import decimal_text

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form(max_length=1000)]


CASE_LABELS = {
    "first_cards_exposed": N_("the first or second hole card exposed"),
    "other_card_exposed": N_("another hole card exposed by the dealer"),
    "several_cards_exposed": N_("more than one card exposed"),
    "one_extra_card": N_("one extra card to the first player"),
    "several_extra_cards": N_("more than one extra card"),
    "flop_too_many_cards": N_("a flop with too many cards"),
    "burn_error": N_("no burn card, or two, before the flop"),
    "turn_too_early": N_("the turn dealt too early"),
    "fold_facing_bet": N_("folded, or announced a fold, facing a bet"),
    "mucked_out_of_reach": N_("cards thrown out of the player's area"),
    "exposed_before_acting": N_("cards exposed or moved off the table before acting"),
    "beyond_limit": N_("a bet or raise beyond the limit"),
    "passed_to_player": N_("cards passed to another player"),
    "away_from_seat": N_("away from the seat when the cards were dealt"),
    "unprotected_swept": N_("unprotected cards collected by the dealer"),
    "different_back": N_("a card with a different back"),
    "duplicate_card": N_("two identical cards"),
    "card_face_up_in_deck": N_("a card face up in the deck"),
    "missing_cards": N_("cards missing from the deck"),
    "deck_irregular": N_("the deck made irregular"),
    "chips_hidden": N_("high-value chips kept out of view"),
    "last_round": N_("showdown order"),
}


def _helpers() -> dict[str, Any]:
    return {
        **helpers(),
        "points": decimal_text,
        "ruling_case": lambda k: i18n.gettext(CASE_LABELS[k]) if k in CASE_LABELS else k,
    }


# --- the calendar and the schedules -----------------------------------------------------------


def _calendar(request: Request, error: TorneoError | None = None, form: Any = None) -> Response:
    store = store_of(request)
    today = store.clock().date()
    context = {
        "today": today,
        "schedules": views_schedules.list_schedules(store, today),
        "days": views_schedules.calendar(store, today, 28),
        "leagues": views_league.list_leagues(store),
        "error": error,
        "form": dict(form or {}),
        **_helpers(),
    }
    return render(request, "poker/calendar.html", context, status=error.status if error else 200)


@router.get("/poker/calendar", response_class=HTMLResponse)
def calendar_page(request: Request) -> Response:
    return _calendar(request)


@router.get("/poker/calendar.ics")
def calendar_feed(request: Request) -> Response:
    body = views_schedules.ical_feed(store_of(request), request.url.hostname or "torneo")
    return Response(body, media_type="text/calendar; charset=utf-8")


@router.post("/poker/schedules/new", response_class=HTMLResponse)
def schedule_new(
    request: Request,
    actor: PageWriter,
    name: Text = "",
    weekday: Text = "",
    week_of_month: Text = "",
    start: Text = "21:00",
    buy_in: Text = "",
    starting_stack: Text = "",
    level_minutes: Text = "",
    re_entries: Text = "0",
    add_on_price: Text = "",
    add_on_chips: Text = "",
    jackpot_levy: Text = "",
) -> Response:
    form = dict(locals())
    for key in ("request", "actor"):
        form.pop(key)
    try:
        schedules.create_schedule(store_of(request), actor, **form)
    except TorneoError as err:
        return _calendar(request, err, form)
    flash(request, "ok", say(request, N_("Schedule entry added.")))
    return RedirectResponse("/poker/calendar", status_code=303)


@router.post("/poker/schedules/{schedule_id}/open", response_class=HTMLResponse)
def schedule_open(
    request: Request, schedule_id: int, actor: PageWriter, held_on: Text = ""
) -> Response:
    try:
        tid = schedules.open_scheduled(store_of(request), actor, schedule_id, held_on=held_on)
    except TorneoError as err:
        return _calendar(request, err)
    flash(request, "ok", say(request, N_("Tournament created: register the players.")))
    return RedirectResponse(f"/poker/{tid}/director", status_code=303)


@router.post("/poker/week/import", response_class=HTMLResponse)
def week_import(
    request: Request, actor: PageWriter, starts_on: Text = "", ends_on: Text = ""
) -> Response:
    try:
        leagues.import_week(store_of(request), actor, starts_on=starts_on, ends_on=ends_on)
    except TorneoError as err:
        return _calendar(request, err, {"starts_on": starts_on, "ends_on": ends_on})
    flash(request, "ok", say(request, N_("The club's week and its leagues are in.")))
    return RedirectResponse("/poker/calendar", status_code=303)


@router.post("/poker/schedules/{schedule_id}/active", response_class=HTMLResponse)
def schedule_active(
    request: Request, schedule_id: int, actor: PageWriter, active: Text = ""
) -> Response:
    """Retire an entry (it leaves the calendar, its tournaments stay) or bring it back."""
    try:
        schedules.update_schedule(
            store_of(request), actor, schedule_id, active=active.strip() == "1"
        )
    except TorneoError as err:
        return _calendar(request, err)
    flash(request, "ok", say(request, N_("Schedule entry updated.")))
    return RedirectResponse("/poker/calendar", status_code=303)


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
        return _calendar(request, err, form)
    flash(request, "ok", say(request, N_("League created.")))
    return RedirectResponse(f"/poker/leagues/{lid}", status_code=303)


# --- a league ---------------------------------------------------------------------------------


def _league(request: Request, league_id: int, error: TorneoError | None = None) -> Response:
    store = store_of(request)
    view = views_league.league_view(store, league_id)
    context = {
        "view": view,
        "chart": views_league.leaders_chart(store, league_id),
        "error": error,
        "today": store.clock().date(),
        **_helpers(),
    }
    return render(request, "poker/league.html", context, status=error.status if error else 200)


@router.get("/poker/leagues/{league_id}", response_class=HTMLResponse)
def league_page(request: Request, league_id: int) -> Response:
    return _league(request, league_id)


@router.get("/poker/leagues/{league_id}/players/{player_id}", response_class=HTMLResponse)
def league_player(request: Request, league_id: int, player_id: int) -> Response:
    view = views_league.explain(store_of(request), league_id, player_id)
    return render(request, "poker/league_player.html", {"view": view, **_helpers()})


def _road(request: Request, league_id: int, make: Any, actor: Any, held_on: str) -> Response:
    try:
        tid = make(store_of(request), actor, league_id, held_on=held_on or date.today())
    except TorneoError as err:
        return _league(request, league_id, err)
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


# --- the floor's procedures ---------------------------------------------------------------------


def _rulings(request: Request, tid: int, **extra: Any) -> Response:
    view = poker_views.tournament_view(store_of(request), tid)
    context = {
        "view": view,
        "cases": {p.value: CASES[p] for p in Procedure},
        "rulings": views_league.rulings_of(store_of(request), tid),
        "ruling": None,
        "error": None,
        "form": {},
        **extra,
        **_helpers(),
    }
    status = extra["error"].status if extra.get("error") else 200
    return render(request, "poker/rulings.html", context, status=status)


@router.get("/poker/{tid}/rulings", response_class=HTMLResponse)
def rulings_page(request: Request, tid: int, actor: PageActor) -> Response:
    return _rulings(request, tid)


@router.post("/poker/{tid}/rulings", response_class=HTMLResponse)
async def rulings_post(request: Request, tid: int, actor: PageWriter) -> Response:
    form = {k: str(v) for k, v in (await request.form()).items() if k != "csrf_token"}
    procedure = form.pop("procedure", "")
    case = form.pop("case", "") or "last_round"
    table = form.pop("table", "")
    note = form.pop("note", "")
    try:
        ruling = rulings.record_ruling(
            store_of(request),
            actor,
            tid,
            procedure=procedure,
            case=case,
            answers=form,
            table=table,
            note=note,
        )
    except TorneoError as err:
        return _rulings(request, tid, error=err, form={"procedure": procedure, "case": case})
    return _rulings(request, tid, ruling=ruling)
