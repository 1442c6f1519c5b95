"""The league administrator's control room: fixtures, price lists, teams, a matchday's vote
file (provisional or official), its extra facts, penalties (FAN-DATA-1, FAN-POST-1, FAN-PEN-1).

Files come as uploads (XLSX or CSV) or pasted text; each form calls one service, Post/
Redirect/Get (:mod:`torneo.platform.web.prg`): a refusal goes back to this page with the error
and what was typed (a file must be chosen again: a browser never lets a page fill it in). Each
form says which it is (``form``), so the values typed go back to their own form only.

Two administrators may work at once (issue 26 item 1): the votes, facts and delete forms send
the stamp of every matchday's data as the page showed it (``seen``) and only a change of the
matchday they act on refuses them (:mod:`.state_seen`); the other forms add things (a team, a
penalty) or replace a whole list (fixtures, prices) and conflict with nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, Response

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.fantasy import commands as fantasy
from torneo.fantasy import commands_votes as votes
from torneo.fantasy import views
from torneo.fantasy.pages_render import page
from torneo.fantasy.state_seen import seen_for
from torneo.platform import i18n
from torneo.platform.guards import precheck
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import checked, form_int_required
from torneo.platform.web.prg import act_then_get, refuse_to, take_refusal
from torneo.platform.web.session import store_of

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=1000)]
LongText = Annotated[str, Form(max_length=2_000_000)]
Upload = Annotated[UploadFile | None, File()]
MAX_UPLOAD = 5_000_000


@router.get("/fantasy/{lid}/manage", response_class=HTMLResponse)
def manage(request: Request, lid: int, actor: PageActor) -> Response:
    refused = take_refusal(request)
    view = views.league_page(store_of(request), lid)
    context = {
        "page": view,
        "error": refused.error,
        "form": refused.form,
        "dropped": refused.dropped,
    }
    return page(request, "fantasy/manage.html", context)


def _url(lid: int, anchor: str = "") -> str:
    return f"/fantasy/{lid}/manage{anchor}"


async def _bytes(file: UploadFile | None, pasted: str) -> bytes:
    if file is not None and file.filename:
        data = await file.read(MAX_UPLOAD + 1)
        if len(data) > MAX_UPLOAD:
            raise TorneoError("file", N_("the file is too big"), N_("at most 5 MB"))
        if data:
            return data
    return pasted.encode("utf-8")


def _act(
    request: Request,
    lid: int,
    action: Callable[[], str],
    form: Mapping[str, str],
) -> Response:
    """One form's service call; refused, back to its card with what was typed."""
    return act_then_get(
        request,
        action,
        success_url=_url(lid),
        refused_url=_url(lid, f"#{form.get('form', '')}"),
        form=form,
    )


def _said(text: str, **values: object) -> str:
    return i18n.gettext(text) % values if values else i18n.gettext(text)


async def _read(
    request: Request, lid: int, file: UploadFile | None, text: str, form: Mapping[str, str]
) -> bytes | Response:
    """The uploaded (or pasted) file, or the refusal of a file too big."""
    try:
        return await _bytes(file, text)
    except TorneoError as err:
        return refuse_to(request, err, _url(lid, f"#{form['form']}"), form)


@router.post("/fantasy/{lid}/manage/fixtures", response_class=HTMLResponse)
async def fixtures(
    request: Request, lid: int, actor: PageWriter, file: Upload = None, text: LongText = ""
) -> Response:
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"
    form = {"form": "setup", "text": text}
    data = await _read(request, lid, file, text, form)
    if isinstance(data, Response):
        return data
    read = data

    def act() -> str:
        n = fantasy.import_fixtures(store_of(request), actor, lid, read)
        return i18n.ngettext("%(num)s match imported.", "%(num)s matches imported.", n) % {"num": n}

    return _act(request, lid, act, form)


@router.post("/fantasy/{lid}/manage/prices", response_class=HTMLResponse)
async def prices(
    request: Request,
    lid: int,
    actor: PageWriter,
    file: Upload = None,
    text: LongText = "",
    matchday: Text = "1",
) -> Response:
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"
    form = {"form": "prices", "prices_text": text, "from_matchday": matchday}
    data = await _read(request, lid, file, text, form)
    if isinstance(data, Response):
        return data
    read = data

    def act() -> str:
        day = form_int_required("matchday", matchday)
        c = fantasy.import_prices(store_of(request), actor, lid, read, matchday=day)
        return i18n.ngettext(
            "Prices imported: %(num)s player, %(new)s new, %(left)s left the league.",
            "Prices imported: %(num)s players, %(new)s new, %(left)s left the league.",
            c["priced"],
        ) % {**c, "num": c["priced"]}

    return _act(request, lid, act, form)


@router.post("/fantasy/{lid}/manage/teams", response_class=HTMLResponse)
def add_team(
    request: Request, lid: int, actor: PageWriter, name: Text = "", manager: Text = ""
) -> Response:
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"

    def act() -> str:
        fantasy.add_team(store_of(request), actor, lid, name=name, manager=manager)
        return _said(N_("Team added."))

    return _act(request, lid, act, {"form": "teams", "name": name, "manager": manager})


@router.post("/fantasy/{lid}/manage/votes", response_class=HTMLResponse)
async def import_votes(
    request: Request,
    lid: int,
    actor: PageWriter,
    file: Upload = None,
    text: LongText = "",
    matchday: Text = "",
    official: Text = "",
    extras: LongText = "",
    seen: Text = "",
) -> Response:
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"
    form = {"form": "votes", "matchday": matchday, "official": official, "extras": extras}
    data = await _read(request, lid, file, text, form)
    if isinstance(data, Response):
        return data
    read = data
    name = file.filename or "" if file is not None else ""

    def act() -> str:
        day = form_int_required("matchday", matchday)
        c = votes.import_votes(
            store_of(request),
            actor,
            lid,
            day,
            read,
            official=checked(official),
            extras=extras.encode("utf-8") if extras.strip() else None,
            source=name,
            seen=seen_for(seen, day),
        )
        return i18n.ngettext(
            "Votes imported: %(matched)s players, %(review)s to review, %(num)s team scored.",
            "Votes imported: %(matched)s players, %(review)s to review, %(num)s teams scored.",
            c["teams"],
        ) % {**c, "num": c["teams"]}

    return _act(request, lid, act, form)


@router.post("/fantasy/{lid}/manage/extras", response_class=HTMLResponse)
def extras(
    request: Request,
    lid: int,
    actor: PageWriter,
    matchday: Text = "",
    text: LongText = "",
    seen: Text = "",
) -> Response:
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"

    def act() -> str:
        day = form_int_required("matchday", matchday)
        teams = votes.set_extras(store_of(request), actor, lid, day, text, seen=seen_for(seen, day))
        return i18n.ngettext(
            "Saved: %(num)s team scored again.", "Saved: %(num)s teams scored again.", teams
        ) % {"num": teams}

    return _act(request, lid, act, {"form": "extras", "matchday": matchday, "facts": text})


@router.post("/fantasy/{lid}/manage/votes/delete", response_class=HTMLResponse)
def delete_votes(
    request: Request, lid: int, actor: PageWriter, matchday: Text = "", seen: Text = ""
) -> Response:
    """Issue 28 item 11: a wrong import deleted (audited; its scores go with it)."""
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"

    def act() -> str:
        day = form_int_required("matchday", matchday)
        votes.delete_matchday(store_of(request), actor, lid, day, seen=seen_for(seen, day))
        return _said(N_("Matchday %(n)s's votes deleted."), n=day)

    return _act(request, lid, act, {"form": "delete-votes", "matchday": matchday})


@router.post("/fantasy/{lid}/manage/penalty", response_class=HTMLResponse)
def penalty(
    request: Request,
    lid: int,
    actor: PageWriter,
    team: Text = "",
    matchday: Text = "",
    what: Text = "wrong_transfer",
    points: Text = "",
    note: Text = "",
) -> Response:
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"
    form = {
        "form": "penalty",
        "team": team,
        "matchday": matchday,
        "what": what,
        "points": points,
        "note": note,
    }

    def act() -> str:
        votes.add_penalty(
            store_of(request),
            actor,
            lid,
            form_int_required("team", team),
            form_int_required("matchday", matchday),
            what=what,
            points=points or None,
            note=note,
        )
        return _said(N_("Penalty recorded."))

    return _act(request, lid, act, form)
