"""The desk of a poker tournament and its print views (issue 15).

- ``/poker/{id}/desk`` the hub of the director and the floor: the clock's state, the next
  action as the primary button (:func:`torneo.poker.rules.desk.next_step`), links to the
  director's page (the floor's desk), the TV screen, the players' page, the floor tools, the
  staff and the print views;
- ``/poker/{id}/print/seats`` a seat card for every seated player (table and seat in large
  type, 8 a page), to hand out at the seat draw;
- ``/poker/{id}/print/payouts`` the payout sheet: the prize pool and each paid place, with the
  names once known.

Decision: both sheets are public (the players' page shows the seats and the payouts).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from torneo.core.messages import N_
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.auth import PageActor
from torneo.platform.web.desks import DeskEntry, register_desks
from torneo.platform.web.session import store_of
from torneo.platform.web.templating import render
from torneo.poker import views as poker_views
from torneo.poker.desk import views as views_desk
from torneo.poker.league import views as views_league
from torneo.poker.pages_labels import helpers

router = APIRouter(include_in_schema=False)


@router.get("/poker/{tid}/desk", response_class=HTMLResponse)
def desk(request: Request, tid: int, actor: PageActor) -> Response:
    view = views_desk.desk(store_of(request), actor, tid)
    leagues = views_league.leagues_fed_by(store_of(request), tid)  # issue 28 item 2
    return render(request, "poker/desk.html", {"desk": view, "leagues": leagues, **helpers()})


@router.get("/poker/{tid}/print/seats", response_class=HTMLResponse)
def print_seats(request: Request, tid: int) -> Response:
    view = poker_views.tournament_view(store_of(request), tid)
    # Each card carries its player's own starting stack (the stacks model, PKR-LEAGUE-3).
    stacks = {p.player_id: p.starting_stack for p in view.players}
    seats = [
        (t.number, s.seat, s.name, stacks.get(s.player_id))
        for t in view.open_tables
        for s in t.seats
        if s.player_id
    ]
    seats.sort(key=lambda x: (x[2] or "").casefold())
    pages = [seats[i : i + 8] for i in range(0, len(seats), 8)]
    return render(request, "poker/print_seats.html", {"view": view, "pages": pages, **helpers()})


@router.get("/poker/{tid}/print/payouts", response_class=HTMLResponse)
def print_payouts(request: Request, tid: int) -> Response:
    view = poker_views.tournament_view(store_of(request), tid)
    return render(request, "poker/print_payouts.html", {"view": view, **helpers()})


def _my_desks(store: Store, actor: Actor) -> list[DeskEntry]:
    out = []
    for t in views_desk.my_tournaments(store, actor):
        links = ((N_("Desk"), f"/poker/{t.id}/desk"), (N_("Director"), f"/poker/{t.id}/director"))
        out.append(DeskEntry(N_("Poker tournament"), t.name, t.status, 0, links))
    return out


register_desks(_my_desks)
