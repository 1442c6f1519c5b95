"""A team's page: its roster and credits, the market (FAN-MKT-1), the lineup of the matchday
being prepared with its deadline (FAN-LINEUP-1), its scores. The lineup being prepared is
shown only to the team's manager and the league's administrator; the rest is the league's."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.fantasy import commands_lineups as lineups
from torneo.fantasy import commands_market as market
from torneo.fantasy import views_team
from torneo.fantasy.pages_render import page
from torneo.platform import i18n
from torneo.platform.web.auth import PageWriter
from torneo.platform.web.forms import form_int
from torneo.platform.web.session import act_and_redirect, current_actor, store_of

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=5000)]
SLOTS = 11


def _team(request: Request, lid: int, tid: int, error: TorneoError | None = None) -> Response:
    view = views_team.team_page(store_of(request), lid, tid)
    actor = current_actor(request)
    mine = actor is not None and (actor.user_id == view.manager_id or actor.runs(view.club_id))
    context = {"t": view, "mine": mine, "error": error, "slots": SLOTS}
    return page(request, "fantasy/team.html", context, status=error.status if error else 200)


@router.get("/fantasy/{lid}/teams/{tid}", response_class=HTMLResponse)
def team_page(request: Request, lid: int, tid: int) -> Response:
    return _team(request, lid, tid)


def _act(request: Request, lid: int, tid: int, action: object) -> Response:
    assert callable(action)
    return act_and_redirect(
        request,
        action,
        success_url=f"/fantasy/{lid}/teams/{tid}",
        on_error=lambda err: _team(request, lid, tid, err),
    )


@router.post("/fantasy/{lid}/teams/{tid}/roster", response_class=HTMLResponse)
def roster(request: Request, lid: int, tid: int, actor: PageWriter, codes: Text = "") -> Response:
    def act() -> str:
        left = market.set_roster(
            store_of(request), actor, lid, tid, codes.replace(",", " ").split()
        )
        return i18n.gettext(N_("Roster saved: %(n)s credits left.")) % {"n": left}

    return _act(request, lid, tid, act)


@router.post("/fantasy/{lid}/teams/{tid}/transfer", response_class=HTMLResponse)
def transfer(
    request: Request, lid: int, tid: int, actor: PageWriter, sell: Text = "", buy: Text = ""
) -> Response:
    def act() -> str:
        done = market.transfer(store_of(request), actor, lid, tid, sell=sell, buy=buy)
        text = i18n.gettext(N_("Transfer done: %(n)s credits left.")) % {"n": done.credits}
        if done.in_lineup is not None:  # issue 28 item 9: the manager is warned at once
            text += " " + i18n.gettext(
                N_(
                    "The lineup of matchday %(matchday)s still names the player sold: he will "
                    "count as missing and the bench enters; give the lineup again."
                )
            ) % {"matchday": done.in_lineup}
        return text

    return _act(request, lid, tid, act)


def _ids(request_form: dict[str, str], prefix: str, count: int) -> list[int]:
    out = []
    for i in range(count):
        value = form_int(f"{prefix}{i}", request_form.get(f"{prefix}{i}"), required=False)
        if value is not None:
            out.append(value)
    return out


@router.post("/fantasy/{lid}/teams/{tid}/lineup", response_class=HTMLResponse)
async def lineup(request: Request, lid: int, tid: int, actor: PageWriter) -> Response:
    form = await request.form()
    fields = {k: v for k, v in form.items() if isinstance(v, str) and len(v) <= 20}
    try:
        # a missing matchday is refused by the service after the policy (a stranger hears "you
        # may not" first); 0 is no matchday of any league
        matchday = form_int("matchday", fields.get("matchday"), required=False) or 0
        starters = _ids(fields, "s", SLOTS)
        bench = _ids(fields, "b", 20)
    except TorneoError as err:
        return _team(request, lid, tid, err)

    def act() -> str:
        lineups.submit_lineup(
            store_of(request), actor, lid, tid, matchday, starters=starters, bench=bench
        )
        return i18n.gettext(N_("Lineup saved for matchday %(n)s.")) % {"n": matchday}

    return _act(request, lid, tid, act)
