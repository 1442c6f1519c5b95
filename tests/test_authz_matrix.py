"""The authorization matrix: EVERY route of the app, for five kinds of visitor.

Each (method, path) that ``app.routes`` yields must be classified here, with the status each
role gets: anonymous, a player account (linked to a player of event A), a judge appointed to
event B only ("other_judge"), a judge appointed to event A, and an organizer. A new route that
is not in :data:`MATRIX` fails the test, so nobody adds a door without saying who may use it.

Cells: an exact status ("200", "303" = redirect to the login page, "401", "403", "404"), or
- ``"ok"``: allowed: anything but 401/403/a redirect to login, and never a server error;
- ``"no"``: refused without a word about rights because the input is checked first (404, 409,
  422, or 403): never a success, never a server error.
Every refused write must leave the database as it was (audit rows and versions unchanged).

Known policy of the platform, recorded here as it is: a card event's results, the judging acts
(penalties, deck checks, the judges' clock) and the self-report queue take the organizer or a
judge on that event's roster (INV-JUDGE-1); the poker floor and the RisiKo! console take the
organizer or a member appointed to that tournament's staff (issue 12). Organizer and judge pages
answer any logged-in account with the page (their forms are refused by the services); the writes
are what the matrix guards. The owner and the staff of *another club* are refused every write on
this club's things (:func:`test_another_club_is_refused_every_write`): only creating a new thing
in their own club is open to them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tests.conftest import FakeClock
from tests.support.authz_cells import MATRIX
from tests.support.authz_world import (
    OTHER_CLUB,
    ROLES,
    World,
    body_for,
    build_world,
    clients,
    fill,
    routes,
)
from tests.support.databases import migrated_sqlite_store
from tests.support.web import form_token
from torneo.cards.tables import Event
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store
from torneo.platform.web.route_index import Lean, route_index_of

# The module's fixture is built once: its tests run on one xdist worker (make test: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("authz")

SKIPPED = {"session", "stream", "mount", "socket"}
REFUSED = {403, 404, 409, 422}


@pytest.fixture(scope="module")
def world_and_clients(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Store, World, dict[str, TestClient]]]:
    folder: Path = tmp_path_factory.mktemp("authz")
    store = migrated_sqlite_store(folder / "authz.db", FakeClock())
    world = build_world(store)
    cs = clients(store)
    # The anonymous visitor gets a session (and its CSRF token) from a public form, so that
    # what answers is the authorization, not the CSRF check.
    cs["anonymous"].headers["X-CSRF-Token"] = form_token(
        cs["anonymous"].get(f"/events/{world.event}/report").text
    )
    yield store, world, cs
    store.engine.dispose()


def _state(store: Store) -> tuple[int, tuple[int, ...]]:
    with store.read() as s:
        audit = s.scalar(select(func.count(AuditEntry.id))) or 0
        versions = tuple(s.scalars(select(Event.version).order_by(Event.id)).all())
    return audit, versions


def _check(expected: str, response: Any) -> str | None:
    status = response.status_code
    to_login = status == 303 and response.headers.get("location", "").startswith("/login")
    if status >= 500:
        return f"server error {status}"
    if expected == "ok":
        return None if status not in (401, 403) and not to_login else f"refused {status}"
    if expected == "no":
        # Post/Redirect/Get (issue 26 item 3): a page form's refusal is a 303 to its GET page
        # that says it was refused (platform/web/prg.py), never a success
        prg = status == 303 and response.headers.get("x-torneo-refused", "").isdigit()
        return None if status in REFUSED or prg else f"not refused: {status}"
    if expected == "303":
        return None if to_login else f"{status}, not a redirect to the login page"
    return None if str(status) == expected else f"{status}, expected {expected}"


def _request(client: TestClient, method: str, url: str, body: Any) -> Any:
    if url.startswith("/api/"):
        if body is None:
            return client.request(method, url)
        return client.request(method, url, json=body)
    return client.request(method, url, data={} if method != "GET" else None)


def test_every_route_is_classified(world_and_clients: Any) -> None:
    _, _, cs = world_and_clients
    served = set(routes(cs["anonymous"].app))
    unclassified = sorted(served - set(MATRIX), key=lambda r: (r[1], r[0]))
    stale = sorted(set(MATRIX) - served, key=lambda r: (r[1], r[0]))
    assert not unclassified, f"routes without an authorization policy: {unclassified}"
    assert not stale, f"classified routes that no longer exist: {stale}"


def test_reads_answer_each_role_as_classified(world_and_clients: Any) -> None:
    _, world, cs = world_and_clients
    wrong = []
    for (method, path), cells in MATRIX.items():
        if method != "GET" or cells[0] in SKIPPED:
            continue
        url = fill(path, world)
        for role, expected in zip(ROLES, cells, strict=True):  # the other club: see below
            problem = _check(expected, cs[role].get(url))
            if problem:
                wrong.append(f"{role:12} GET {path}: {problem}")
    assert not wrong, "\n".join(wrong)


def test_writes_without_rights_are_refused_and_change_nothing(world_and_clients: Any) -> None:
    store, world, cs = world_and_clients
    spec = cs["anonymous"].get("/api/v1/openapi.json").json()
    before = _state(store)
    wrong = []
    for (method, path), cells in MATRIX.items():
        if method == "GET" or cells[0] in SKIPPED:
            continue
        url = fill(path, world)
        body = body_for(spec, method, path)
        for role, expected in zip(ROLES, cells, strict=True):
            if expected == "ok":
                continue
            problem = _check(expected, _request(cs[role], method, url, body))
            if problem:
                wrong.append(f"{role:12} {method} {path}: {problem}")
    assert not wrong, "\n".join(wrong)
    assert _state(store) == before


# Writes open to the organizer of any club: a new thing in the organizer's own club.
CREATE_ROUTES = frozenset(
    {
        ("POST", "/api/v1/card-sets"),
        ("POST", "/api/v1/events"),
        ("POST", "/api/v1/fantasy/leagues"),
        ("POST", "/fantasy/new"),
        ("POST", "/api/v1/ladders"),
        ("POST", "/api/v1/poker/tournaments"),
        ("POST", "/api/v1/poker/schedules"),
        ("POST", "/api/v1/poker/week"),
        ("POST", "/api/v1/poker/leagues"),
        ("POST", "/poker/schedules/new"),
        ("POST", "/poker/leagues/new"),
        ("POST", "/poker/week/import"),
        ("POST", "/api/v1/risiko/tournaments"),
        ("POST", "/api/v1/seasons"),
        ("POST", "/card-sets"),
        ("POST", "/card-sets/demo"),
        ("POST", "/events/new"),
        ("POST", "/ladders/new"),
        ("POST", "/poker/new"),
        ("POST", "/risiko/new"),
        ("POST", "/seasons/new"),
    }
)
OPEN_TO_ALL = {"ok", "200"}  # tools and the self-report page: the same for everyone


def test_another_club_is_refused_every_write(world_and_clients: Any) -> None:
    """Issue 12: the owner and the staff of another club get a refusal (403, or 404/409/422
    when the input is checked first) on every write route of this club's things, and nothing
    changes; a route nobody classified fails test_every_route_is_classified first."""
    store, world, cs = world_and_clients
    spec = cs["anonymous"].get("/api/v1/openapi.json").json()
    before = _state(store)
    wrong = []
    for (method, path), cells in MATRIX.items():
        if method == "GET" or cells[0] in SKIPPED or (method, path) in CREATE_ROUTES:
            continue
        if set(cells) <= OPEN_TO_ALL or path.endswith("/self-reports"):
            continue  # stateless tools, the self-report by slip code (its own tests)
        url = fill(path, world)
        body = body_for(spec, method, path)
        for role in OTHER_CLUB:
            problem = _check("no", _request(cs[role], method, url, body))
            if problem:
                wrong.append(f"{role:12} {method} {path}: {problem}")
    assert not wrong, "\n".join(wrong)
    assert _state(store) == before


def test_an_organizer_creates_only_in_a_club_they_run(world_and_clients: Any) -> None:
    """The other club's owner creates in their own club; a staff member of it may not (403)."""
    store, _, cs = world_and_clients
    client = cs["other_owner"]
    r = client.post(
        "/api/v1/events",
        json={"name": "Serata", "preset": "invasion-it-2012", "held_on": "2012-04-01"},
    )
    assert r.status_code == 201, r.text
    with store.read() as session:
        event = session.get(Event, r.json()["summary"]["id"])
        assert event is not None
        assert event.club_id != 1
    staff = cs["other_staff"].post(
        "/api/v1/events",
        json={"name": "Serata", "preset": "invasion-it-2012", "held_on": "2012-04-01"},
    )
    assert staff.status_code == 403, staff.text


def test_writes_with_rights_get_past_the_door(world_and_clients: Any) -> None:
    """Judges first, the organizer last (its writes change the world the others act in)."""
    _, world, cs = world_and_clients
    spec = cs["anonymous"].get("/api/v1/openapi.json").json()
    wrong = []
    for role in ("anonymous", "player", "other_judge", "judge", "organizer"):
        column = ROLES.index(role)
        for (method, path), cells in MATRIX.items():
            if method == "GET" or cells[0] in SKIPPED or cells[column] != "ok":
                continue
            url = fill(path, world)
            problem = _check("ok", _request(cs[role], method, url, body_for(spec, method, path)))
            if problem:
                wrong.append(f"{role:12} {method} {path}: {problem}")
    assert not wrong, "\n".join(wrong)


def test_the_phones_report_on_its_lean_route_answers_every_role_alike(
    world_and_clients: Any,
) -> None:
    """Issue 32 item 4: ``POST /events/{id}/report`` sent with htmx by a phone that opened its
    match is answered by the lean route (``cards/self_report/pages_lean.py``), not by FastAPI's
    route that the matrix above drives. The slip's code is the credential there: every role, the
    other club's owner and staff too, gets the route's own answer (table 1 is disputed: the
    repeat of a report writes nothing), never a server error, and nothing changes."""
    store, world, cs = world_and_clients
    url = f"/events/{world.event}/report"
    index = route_index_of(cs["anonymous"].app)
    (lean,) = index.lean["events"]
    answered: list[str] = []

    async def counting(request: Any, params: dict[str, str]) -> Any:
        response = await lean.handler(request, params)
        answered.append("lean" if response is not None else "route")
        return response

    before = _state(store)
    index.lean["events"] = [Lean(lean.method, lean.regex, counting, lean.route)]
    try:
        answers = {}
        for role in (*ROLES, *OTHER_CLUB):
            client = cs[role]
            page = client.get(url, params={"table": 1, "code": world.codes[0]})
            assert page.status_code == 200, role
            # The CSRF token travels in the clients' X-CSRF-Token header (the module's fixture).
            form = {"table": "1", "code": world.codes[0], "result": "2-0"}
            r = client.post(url, data=form, headers={"HX-Request": "true"})
            answers[role] = (r.status_code, "report-match" in r.text, 'role="alert"' in r.text)
    finally:
        index.lean["events"] = [lean]
    assert answered == ["lean"] * len(answers)
    # The match is disputed: 409 in the section, with the refusal, for everyone alike.
    assert set(answers.values()) == {(409, True, True)}, answers
    assert _state(store) == before
