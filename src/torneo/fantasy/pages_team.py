"""A team's page: its roster and credits, the market (FAN-MKT-1), the lineup of the matchday
being prepared with its deadline (FAN-LINEUP-1), its scores. The lineup being prepared is
shown only to the team's manager and the league's administrator; the rest is the league's.

Every form is Post/Redirect/Get (:mod:`torneo.platform.web.prg`): accepted, a flash message on
the team's page; refused, back to the page the form was on with the error and everything
picked or typed (the roster's picks and the lineup's choices travel in the address of the
picker and of the pitch, :mod:`.pages_players`; a transfer's two players in the kept form).
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.messages import N_
from torneo.fantasy import commands_lineups as lineups
from torneo.fantasy import commands_market as market
from torneo.fantasy import views_team
from torneo.fantasy.pages_players import lineup_url
from torneo.fantasy.pages_render import page
from torneo.fantasy.rules.picks import moved
from torneo.platform import i18n
from torneo.platform.web.auth import PageWriter
from torneo.platform.web.forms import form_int
from torneo.platform.web.prg import act_then_get, take_refusal
from torneo.platform.web.session import current_actor, store_of

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=5000)]
MAX_FIELDS = 60  # more than a lineup's places: the rest of a form is ignored


@router.get("/fantasy/{lid}/teams/{tid}", response_class=HTMLResponse)
def team_page(request: Request, lid: int, tid: int) -> Response:
    refused = take_refusal(request)
    view = views_team.team_page(store_of(request), lid, tid)
    actor = current_actor(request)
    mine = actor is not None and (actor.user_id == view.manager_id or actor.runs(view.club_id))
    context = {"t": view, "mine": mine, "error": refused.error, "form": refused.form}
    return page(request, "fantasy/team.html", context)


def _team_url(lid: int, tid: int) -> str:
    return f"/fantasy/{lid}/teams/{tid}"


@router.post("/fantasy/{lid}/teams/{tid}/roster", response_class=HTMLResponse)
async def roster(request: Request, lid: int, tid: int, actor: PageWriter) -> Response:
    """FAN-ROSTER-1: the picks saved whole; a refusal goes back to the picker, picks kept."""
    form = await request.form()
    codes = [str(c).strip()[:40] for c in form.getlist("p")[:MAX_FIELDS] if str(c).strip()]
    picks = urlencode([("picking", "1"), *(("p", c) for c in codes)])

    def act() -> str:
        left = market.set_roster(store_of(request), actor, lid, tid, codes)
        return i18n.ngettext(
            "Roster saved: %(num)s credit left.", "Roster saved: %(num)s credits left.", left
        ) % {"num": left}

    return act_then_get(
        request,
        act,
        success_url=_team_url(lid, tid),
        refused_url=f"{_team_url(lid, tid)}/roster?{picks}",
    )


@router.post("/fantasy/{lid}/teams/{tid}/transfer", response_class=HTMLResponse)
def transfer(
    request: Request, lid: int, tid: int, actor: PageWriter, sell: Text = "", buy: Text = ""
) -> Response:
    def act() -> str:
        done = market.transfer(store_of(request), actor, lid, tid, sell=sell, buy=buy)
        text = i18n.ngettext(
            "Transfer done: %(num)s credit left.",
            "Transfer done: %(num)s credits left.",
            done.credits,
        ) % {"num": done.credits}
        if done.in_lineup is not None:  # issue 28 item 9: the manager is warned at once
            text += " " + i18n.gettext(
                N_(
                    "The lineup of matchday %(matchday)s still names the player sold: he will "
                    "count as missing and the bench enters; give the lineup again."
                )
            ) % {"matchday": done.in_lineup}
        return text

    return act_then_get(
        request,
        act,
        success_url=_team_url(lid, tid),
        refused_url=f"{_team_url(lid, tid)}#market",
        form={"sell": sell, "buy": buy},
    )


def _places(values: list[str]) -> list[int | None]:
    return [int(v) if v.isdigit() and len(v) < 12 else None for v in values[:MAX_FIELDS]]


@router.post("/fantasy/{lid}/teams/{tid}/lineup", response_class=HTMLResponse)
async def lineup(request: Request, lid: int, tid: int, actor: PageWriter) -> Response:
    """FAN-LINEUP-1 from the pitch. The button pressed says what to do: ``to`` another
    formation, ``up``/``down`` a bench place (FAN-SUB-1's order; without JavaScript), or
    ``save``. Only a save writes; the others answer with the pitch at its new address."""
    form = await request.form()
    field = {k: str(v)[:20] for k, v in form.items() if isinstance(v, str)}
    starters = _places([str(v) for v in form.getlist("s")])
    bench = _places([str(v) for v in form.getlist("b")])
    formation = field.get("f", "")
    if field.get("to"):
        url = lineup_url(lid, tid, field["to"], starters, bench, fill=True)
        return RedirectResponse(url, status_code=303)
    for step, key in ((-1, "up"), (1, "down")):
        if field.get(key, "").isdigit():
            bench = list(moved(bench, int(field[key]), step))
            return RedirectResponse(lineup_url(lid, tid, formation, starters, bench), 303)
    here = lineup_url(lid, tid, formation, starters, bench)

    def act() -> str:
        # a missing matchday is refused by the service after the policy (a stranger hears "you
        # may not" first); 0 is no matchday of any league
        matchday = form_int("matchday", field.get("matchday"), required=False) or 0
        lineups.submit_lineup(
            store_of(request),
            actor,
            lid,
            tid,
            matchday,
            starters=[p for p in starters if p is not None],
            bench=[p for p in bench if p is not None],
        )
        return i18n.gettext(N_("Lineup saved for matchday %(n)s.")) % {"n": matchday}

    return act_then_get(request, act, success_url=_team_url(lid, tid), refused_url=here)
