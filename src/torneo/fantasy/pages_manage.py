"""The league administrator's control room: fixtures, price lists, teams, a matchday's vote
file (provisional or official), its extra facts, penalties (FAN-DATA-1, FAN-POST-1, FAN-PEN-1).

Files come as uploads (XLSX or CSV) or pasted text; each form calls one service.
"""

from __future__ import annotations

from collections.abc import Callable
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
from torneo.platform import i18n
from torneo.platform.guards import precheck
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import checked, form_int_required
from torneo.platform.web.session import act_and_redirect, store_of

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=1000)]
LongText = Annotated[str, Form(max_length=2_000_000)]
Upload = Annotated[UploadFile | None, File()]
MAX_UPLOAD = 5_000_000


def _manage(request: Request, lid: int, error: TorneoError | None = None) -> Response:
    view = views.league_page(store_of(request), lid)
    status = error.status if error else 200
    return page(request, "fantasy/manage.html", {"page": view, "error": error}, status=status)


@router.get("/fantasy/{lid}/manage", response_class=HTMLResponse)
def manage(request: Request, lid: int, actor: PageActor) -> Response:
    return _manage(request, lid)


async def _bytes(file: UploadFile | None, pasted: str) -> bytes:
    if file is not None and file.filename:
        data = await file.read(MAX_UPLOAD + 1)
        if len(data) > MAX_UPLOAD:
            raise TorneoError("file", N_("the file is too big"), N_("at most 5 MB"))
        if data:
            return data
    return pasted.encode("utf-8")


async def _file_and_day(
    request: Request, lid: int, file: UploadFile | None, text: str, matchday: str
) -> tuple[bytes, int] | Response:
    """The uploaded (or pasted) file and the matchday of the form, or the page with the error."""
    try:
        return await _bytes(file, text), form_int_required("matchday", matchday)
    except TorneoError as err:
        return _manage(request, lid, err)


def _act(request: Request, lid: int, action: Callable[[], str]) -> Response:
    return act_and_redirect(
        request,
        action,
        success_url=f"/fantasy/{lid}/manage",
        on_error=lambda err: _manage(request, lid, err),
    )


def _said(text: str, **values: object) -> str:
    return i18n.gettext(text) % values if values else i18n.gettext(text)


@router.post("/fantasy/{lid}/manage/fixtures", response_class=HTMLResponse)
async def fixtures(
    request: Request, lid: int, actor: PageWriter, file: Upload = None, text: LongText = ""
) -> Response:
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"
    try:
        data = await _bytes(file, text)
    except TorneoError as err:
        return _manage(request, lid, err)

    def act() -> str:
        n = fantasy.import_fixtures(store_of(request), actor, lid, data)
        return _said(N_("%(n)s matches imported."), n=n)

    return _act(request, lid, act)


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
    read = await _file_and_day(request, lid, file, text, matchday)
    if isinstance(read, Response):
        return read
    data, day = read

    def act() -> str:
        c = fantasy.import_prices(store_of(request), actor, lid, data, matchday=day)
        return _said(
            N_("Prices imported: %(priced)s players, %(new)s new, %(left)s left the league."), **c
        )

    return _act(request, lid, act)


@router.post("/fantasy/{lid}/manage/teams", response_class=HTMLResponse)
def add_team(
    request: Request, lid: int, actor: PageWriter, name: Text = "", manager: Text = ""
) -> Response:
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"

    def act() -> str:
        fantasy.add_team(store_of(request), actor, lid, name=name, manager=manager)
        return _said(N_("Team added."))

    return _act(request, lid, act)


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
) -> Response:
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"
    read = await _file_and_day(request, lid, file, text, matchday)
    if isinstance(read, Response):
        return read
    data, day = read
    name = file.filename or "" if file is not None else ""

    def act() -> str:
        c = votes.import_votes(
            store_of(request),
            actor,
            lid,
            day,
            data,
            official=checked(official),
            extras=extras.encode("utf-8") if extras.strip() else None,
            source=name,
        )
        return _said(
            N_(
                "Votes imported: %(matched)s players, %(review)s to review, %(teams)s teams scored."
            ),
            **c,
        )

    return _act(request, lid, act)


@router.post("/fantasy/{lid}/manage/extras", response_class=HTMLResponse)
def extras(
    request: Request, lid: int, actor: PageWriter, matchday: Text = "", text: LongText = ""
) -> Response:
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"

    def act() -> str:
        day = form_int_required("matchday", matchday)
        teams = votes.set_extras(store_of(request), actor, lid, day, text)
        return _said(N_("Saved: %(teams)s teams scored again."), teams=teams)

    return _act(request, lid, act)


@router.post("/fantasy/{lid}/manage/votes/delete", response_class=HTMLResponse)
def delete_votes(request: Request, lid: int, actor: PageWriter, matchday: Text = "") -> Response:
    """Issue 28 item 11: a wrong import deleted (audited; its scores go with it)."""
    precheck(actor, Action.MANAGE)  # "you may not" before "your input is wrong"

    def act() -> str:
        day = form_int_required("matchday", matchday)
        votes.delete_matchday(store_of(request), actor, lid, day)
        return _said(N_("Matchday %(n)s's votes deleted."), n=day)

    return _act(request, lid, act)


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

    return _act(request, lid, act)
