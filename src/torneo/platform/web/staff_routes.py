"""The staff of a tournament on the web: one API and one page for every discipline whose staff
carry no more than their appointment (RisiKo! referees, the poker floor; issue 12).

Each discipline mounts these with its own :class:`~torneo.platform.staff.TournamentStaff` and
path prefix, so the routes, the form and the refusals are the same everywhere.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from torneo.core.messages import N_
from torneo.platform.staff import StaffMember, TournamentStaff
from torneo.platform.web.auth import ApiActor, PageActor, PageWriter
from torneo.platform.web.prg import act_then_get, take_refusal
from torneo.platform.web.problems import problem_responses
from torneo.platform.web.session import store_of
from torneo.platform.web.templating import render, say

Tid = Annotated[int, Path(ge=1, le=2**31 - 1)]
_PROBLEMS = problem_responses(
    not_found="No such tournament or account", conflict="Not a member with that role"
)


class StaffIn(BaseModel):
    username: str = Field(min_length=1, max_length=80, examples=["arbitro"])


class StaffOut(BaseModel):
    user_id: int
    username: str
    name: str
    role: str

    @classmethod
    def of(cls, m: StaffMember) -> StaffOut:
        return cls(user_id=m.user_id, username=m.username, name=m.display_name, role=m.role)


def staff_api(prefix: str, tag: str, staff: TournamentStaff) -> APIRouter:
    """``GET/POST {prefix}/{tid}/staff`` and ``DELETE {prefix}/{tid}/staff/{username}``."""
    router = APIRouter(prefix=prefix, tags=[tag])

    @router.get("/{tid}/staff", response_model=list[StaffOut], summary="The tournament's staff")
    def list_staff(request: Request, tid: Tid) -> list[StaffOut]:
        return [StaffOut.of(m) for m in staff.members(store_of(request), tid)]

    @router.post(
        "/{tid}/staff",
        response_model=list[StaffOut],
        status_code=201,
        responses=_PROBLEMS,
        summary="Appoint a member of the club to the staff (the organizer)",
    )
    def appoint(request: Request, tid: Tid, body: StaffIn, actor: ApiActor) -> list[StaffOut]:
        store = store_of(request)
        staff.appoint(store, actor, tid, body.username)
        return [StaffOut.of(m) for m in staff.members(store, tid)]

    @router.delete(
        "/{tid}/staff/{username}",
        status_code=204,
        responses=_PROBLEMS,
        summary="Take someone off the staff (the organizer)",
    )
    def remove(request: Request, tid: Tid, username: str, actor: ApiActor) -> Response:
        staff.remove(store_of(request), actor, tid, username)
        return Response(status_code=204)

    return router


def staff_pages(prefix: str, staff: TournamentStaff, back: str) -> APIRouter:
    """``GET {prefix}/{tid}/staff`` with the appoint and remove forms; ``back`` is the path of
    the tournament's own page (``{tid}`` filled in)."""
    router = APIRouter(prefix=prefix, include_in_schema=False)

    def page(request: Request, tid: int) -> Response:
        refused = take_refusal(request)  # Post/Redirect/Get (issue 26 item 3)
        context = {
            "members": staff.members(store_of(request), tid),
            "role": staff.role,
            "action": f"{prefix}/{tid}/staff",
            "back": back.format(tid=tid),
            "error": refused.error,
            "form": refused.form,
        }
        return render(request, "staff.html", context)

    @router.get("/{tid}/staff")
    def staff_page(request: Request, tid: Tid, actor: PageActor) -> Response:
        return page(request, tid)

    @router.post("/{tid}/staff")
    def appoint(
        request: Request,
        tid: Tid,
        actor: PageWriter,
        username: Annotated[str, Form(max_length=80)] = "",
    ) -> Response:
        def act() -> str:
            staff.appoint(store_of(request), actor, tid, username)
            return say(request, N_("%(name)s appointed."), name=username.strip())

        url = f"{prefix}/{tid}/staff"
        return act_then_get(request, act, success_url=url, form={"username": username})

    @router.post("/{tid}/staff/remove")
    def remove(
        request: Request,
        tid: Tid,
        actor: PageWriter,
        username: Annotated[str, Form(max_length=80)] = "",
    ) -> Response:
        def act() -> str:
            staff.remove(store_of(request), actor, tid, username)
            return say(request, N_("%(name)s is no longer on the staff."), name=username.strip())

        url = f"{prefix}/{tid}/staff"
        return act_then_get(request, act, success_url=url, form={"removed": username})

    return router
