"""Pages of clubs and accounts (issue 12): the club's members, invitation links, joining, and a
player claiming their record. Thin: parse, call the platform's use cases, render. A refused
form redirects (303) to its GET page with the refusal and what was typed (Post/Redirect/Get,
issue 26 item 3: ``platform.web.prg``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated
from urllib.parse import quote, urlsplit

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import RedirectResponse, Response

from torneo.core.errors import Forbidden, TorneoError
from torneo.core.messages import N_, Term
from torneo.core.policy import CLUB_ROLES, Actor
from torneo.platform import clubs, invitations
from torneo.platform.web import csrf
from torneo.platform.web.auth import PageActor, PageWriter, safe_next
from torneo.platform.web.prg import act_then_get, refuse_to, take_refusal
from torneo.platform.web.ratelimit import ClaimGuard, client_address, retry_after_header
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import render, say

router = APIRouter(include_in_schema=False)
ClubId = Annotated[int, Path(ge=1, le=2**31 - 1)]
Text = Annotated[str, Form(max_length=200)]


def _club_page(request: Request, club_id: int, actor: Actor) -> Response:
    refused = take_refusal(request)
    view = clubs.club_view(store_of(request), club_id)
    context = {
        "club": view,
        "roles": CLUB_ROLES,
        "error": refused.error,
        "form": refused.form,
        "actor": actor,
    }
    return render(request, "club.html", context)


@router.get("/clubs/{club_id}")
def club_page(request: Request, club_id: ClubId, actor: PageActor) -> Response:
    """The members of a club: seen by its members and the admin, changed by its owner."""
    if not (actor.admin or actor.roles_in(club_id)):
        raise Forbidden(
            "actor",
            N_("%(who)s is not a member of club %(club)s"),
            N_("a member of the club"),
            params={"who": actor.name, "club": club_id},
        )
    return _club_page(request, club_id, actor)


def _members_form(
    request: Request, club_id: int, act: Callable[[], str], form: dict[str, str]
) -> Response:
    return act_then_get(request, act, success_url=f"/clubs/{club_id}", form=form)


@router.post("/clubs/{club_id}/members")
def add_member(
    request: Request, club_id: ClubId, actor: PageWriter, username: Text = "", role: Text = ""
) -> Response:
    def act() -> str:
        clubs.add_member(store_of(request), actor, club_id, username, role)
        # Issue 27 hole 6: the message names the role too (it answered 500 without it).
        return say(
            request,
            N_("%(name)s is a member with the role %(role)s."),
            name=username,
            role=Term(role),
        )

    return _members_form(request, club_id, act, {"username": username, "role": role})


@router.post("/clubs/{club_id}/members/remove")
def remove_member(
    request: Request, club_id: ClubId, actor: PageWriter, username: Text = "", role: Text = ""
) -> Response:
    def act() -> str:
        clubs.remove_member(store_of(request), actor, club_id, username, role)
        return say(request, N_("%(name)s no longer has that role."), name=username)

    return _members_form(request, club_id, act, {"removed": username, "removed_role": role})


@router.post("/clubs/{club_id}/invitations")
def invite(request: Request, club_id: ClubId, actor: PageWriter, role: Text = "") -> Response:
    try:
        token = invitations.invite(store_of(request), actor, club_id, role)
    except TorneoError as err:
        return refuse_to(request, err, f"/clubs/{club_id}", {"invite_role": role})
    link = str(request.url_for("join_page", token=token))
    flash(
        request,
        "ok",
        say(request, N_("Send this link: it works once, for %(days)s days."), days=7),
        link=link,
    )
    return RedirectResponse(f"/clubs/{club_id}", status_code=303)


@router.get("/join/{token}", name="join_page")
def join_page(request: Request, token: str) -> Response:
    refused = take_refusal(request)  # a refused join: the names typed (never the password)
    try:
        club, role = invitations.invitation_of(store_of(request), token)
    except TorneoError as err:
        return render(request, "join.html", {"error": err, "club": None}, status=err.status)
    context = {"club": club, "role": role, "error": refused.error, "form": refused.form}
    return render(request, "join.html", context)


@router.post("/join/{token}")
def join_submit(
    request: Request,
    token: str,
    username: Annotated[str, Form(max_length=80)] = "",
    password: Annotated[str, Form(max_length=1024)] = "",
    name: Text = "",
    csrf_token: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    store = store_of(request)
    form = {"username": username, "name": name}
    csrf.check(request, csrf_token)
    try:
        club, _role = invitations.invitation_of(store, token)
        invitations.accept(
            store, token, username=username, password=password, display_name=name or None
        )
    except TorneoError as err:
        return refuse_to(request, err, f"/join/{quote(token, safe='')}", form)
    flash(request, "ok", say(request, N_("Welcome to %(club)s: log in."), club=club))
    return RedirectResponse("/login", status_code=303)


@router.get("/account/claim")
def claim_page(request: Request, actor: PageActor) -> Response:
    # The code typed is never kept (a one-time secret: platform.web.prg); the refusal is.
    return render(request, "claim.html", {"error": take_refusal(request).error})


@router.post("/account/claim")
def claim_submit(request: Request, actor: PageWriter, code: Text = "") -> Response:
    """Issue 27 hole 4: a wrong code is reserved before the code is looked up (per account and
    per address, :class:`ClaimGuard`); past the limit 429 with ``Retry-After``, unchecked."""
    guard: ClaimGuard = request.app.state.claim_guard
    address = client_address(request.scope)

    def act() -> str:
        guard.attempt(
            str(actor.user_id),
            address,
            lambda: invitations.claim(store_of(request), actor, code, address=address),
        )
        return say(request, N_("Your player record is linked to your account."))

    try:
        message = act()
    except TorneoError as err:
        if err.status == 429:  # throttled: said at once, with when to come back
            headers = retry_after_header(err)
            return render(request, "claim.html", {"error": err}, status=429, headers=headers)
        return refuse_to(request, err, "/account/claim")
    flash(request, "ok", message)
    return RedirectResponse("/", status_code=303)


@router.post("/players/{player_id}/claim-code")
def claim_code(request: Request, player_id: ClubId, actor: PageWriter) -> Response:
    """An organizer hands a player the code that links the player's account to the record;
    a refusal goes back there too (Post/Redirect/Get), said at the top of the page."""
    back = safe_next(urlsplit(request.headers.get("referer") or "/").path)
    try:
        code = invitations.claim_code(store_of(request), actor, player_id)
    except TorneoError as err:
        return refuse_to(request, err, back)
    flash(request, "ok", say(request, N_("The player's code: %(code)s"), code=code))
    return RedirectResponse(back, status_code=303)
