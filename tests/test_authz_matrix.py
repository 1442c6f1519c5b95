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
judge on that event's roster (INV-JUDGE-1); the poker floor and the RisiKo! console accept any
judge account of the club (they have no per-event roster yet). Organizer and judge pages answer any logged-in account with the page (their
forms are refused by the services); the writes are what the matrix guards.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tests.conftest import FakeClock, _store
from tests.support.authz_world import ROLES, World, body_for, build_world, clients, fill, routes
from tests.support.web import form_token
from torneo.cards.tables import Event
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store

PUBLIC = ("200",) * 5
ACCOUNT_PAGE = ("303", "200", "200", "200", "200")
ORG_API = ("401", "403", "403", "403", "ok")
ORG_PAGE = ("303", "403", "403", "403", "ok")
STAFF_API = ("401", "403", "ok", "ok", "ok")  # organizer or any judge account
STAFF_PAGE = ("303", "403", "ok", "ok", "ok")
ROSTER_API = ("401", "403", "403", "ok", "403")  # a judge on this event's roster
ROSTER_PAGE = ("303", "403", "403", "ok", "403")
REPORTS_API = ("401", "403", "403", "ok", "ok")  # the self-report queue: roster judge, organizer
REPORTS_PAGE = ("303", "403", "403", "ok", "ok")
SELF_REPORT_PAGE = ("ok",) * 5  # the code is the credential (test_self_report_web)
TOOL = ("ok",) * 5  # stateless calculators
SESSION = ("session",) * 5  # logging in and out: tests/web/test_auth.py, test_security.py
STREAM = ("stream",) * 5  # Server-Sent Events: tests/web/test_live.py
MOUNT = ("mount",) * 5  # static files


def public(status: int) -> tuple[str, ...]:
    """Public, and the same answer for everyone (e.g. 404 before the Top X starts)."""
    return (str(status),) * 5


MATRIX: dict[tuple[str, str], tuple[str, ...]] = {
    ("GET", "/live/{topic}"): STREAM,
    ("MOUNT", "/static"): MOUNT,
    ("GET", "/"): PUBLIC,
    ("GET", "/api/v1/docs"): PUBLIC,
    ("GET", "/api/v1/events"): PUBLIC,
    ("GET", "/api/v1/events/{event_id}"): PUBLIC,
    ("GET", "/api/v1/events/{event_id}/bracket"): public(404),
    ("GET", "/api/v1/events/{event_id}/judging/clock"): PUBLIC,
    ("GET", "/api/v1/events/{event_id}/judging/decklists/{player_id}"): (
        "403",
        "200",
        "403",
        "200",
        "403",
    ),
    ("GET", "/api/v1/events/{event_id}/judging/players/{player_id}/record"): PUBLIC,
    ("GET", "/api/v1/events/{event_id}/judging/roster"): PUBLIC,
    ("GET", "/api/v1/events/{event_id}/judging/rulings"): ("401", "403", "403", "200", "403"),
    ("GET", "/api/v1/events/{event_id}/pairings"): PUBLIC,
    ("GET", "/api/v1/events/{event_id}/players"): PUBLIC,
    ("GET", "/api/v1/events/{event_id}/results"): public(404),
    ("GET", "/api/v1/events/{event_id}/rounds/{round_no}"): PUBLIC,
    ("GET", "/api/v1/events/{event_id}/rounds/{round_no}/explanations"): PUBLIC,
    ("GET", "/api/v1/events/{event_id}/self-reports"): ("401", "403", "403", "200", "200"),
    ("GET", "/api/v1/events/{event_id}/slips"): ("401", "403", "403", "200", "200"),
    ("GET", "/api/v1/events/{event_id}/standings"): PUBLIC,
    ("GET", "/api/v1/ladders"): PUBLIC,
    ("GET", "/api/v1/ladders/{ladder_id}"): public(404),
    ("GET", "/api/v1/openapi.json"): PUBLIC,
    ("GET", "/api/v1/poker/templates"): PUBLIC,
    ("GET", "/api/v1/poker/tournaments"): PUBLIC,
    ("GET", "/api/v1/poker/tournaments/{tid}"): PUBLIC,
    ("GET", "/api/v1/poker/tournaments/{tid}/clock"): PUBLIC,
    ("GET", "/api/v1/presets"): PUBLIC,
    ("GET", "/api/v1/risiko/seasons/{season}"): public(404),
    ("GET", "/api/v1/risiko/tournaments"): PUBLIC,
    ("GET", "/api/v1/risiko/tournaments/{tid}"): PUBLIC,
    ("GET", "/api/v1/risiko/tournaments/{tid}/rounds/{round_no}/swap"): public(422),
    ("GET", "/api/v1/risiko/tournaments/{tid}/rounds/{round_no}/tables/{table}/console"): public(
        404
    ),
    ("GET", "/api/v1/risiko/tournaments/{tid}/standings"): PUBLIC,
    ("GET", "/api/v1/seasons"): PUBLIC,
    ("GET", "/api/v1/seasons/{season_id}"): PUBLIC,
    ("GET", "/api/v1/seasons/{season_id}/calendar"): PUBLIC,
    ("GET", "/api/v1/seasons/{season_id}/players/{player_id}"): public(404),
    ("GET", "/api/v1/seasons/{season_id}/standings"): PUBLIC,
    ("GET", "/api/v1/session"): ("401", "200", "200", "200", "200"),
    ("GET", "/docs/oauth2-redirect"): PUBLIC,
    ("GET", "/events/new"): ACCOUNT_PAGE,
    ("GET", "/events/{event_id}"): PUBLIC,
    ("GET", "/events/{event_id}/clock"): PUBLIC,
    ("GET", "/events/{event_id}/judge"): ("303", "403", "403", "200", "403"),
    ("GET", "/events/{event_id}/judging"): ACCOUNT_PAGE,
    ("GET", "/events/{event_id}/manage"): ACCOUNT_PAGE,
    ("GET", "/events/{event_id}/manage/why"): ACCOUNT_PAGE,
    ("GET", "/events/{event_id}/manage/why/{round_no}/{table}"): ACCOUNT_PAGE,
    ("GET", "/events/{event_id}/pairings.csv"): PUBLIC,
    ("GET", "/events/{event_id}/players/{player_id}"): PUBLIC,
    ("GET", "/events/{event_id}/report"): PUBLIC,
    ("GET", "/events/{event_id}/reports"): ("303", "403", "403", "200", "200"),
    ("GET", "/events/{event_id}/slips"): ("303", "403", "403", "200", "200"),
    ("GET", "/events/{event_id}/standings.csv"): PUBLIC,
    ("GET", "/judging/assets/{name}"): PUBLIC,
    ("GET", "/poker/assets/poker.js"): PUBLIC,
    ("GET", "/ladders/{ladder_id}"): public(404),
    ("GET", "/login"): PUBLIC,
    ("GET", "/poker"): PUBLIC,
    ("GET", "/poker/tools"): PUBLIC,
    ("GET", "/poker/{tid}"): PUBLIC,
    ("GET", "/poker/{tid}/director"): ACCOUNT_PAGE,
    ("GET", "/poker/{tid}/tv"): PUBLIC,
    ("GET", "/problems/{code}"): PUBLIC,
    ("GET", "/risiko"): PUBLIC,
    ("GET", "/risiko/new"): ACCOUNT_PAGE,
    ("GET", "/risiko/seasons/{season}"): public(404),
    ("GET", "/risiko/{tid}"): PUBLIC,
    ("GET", "/risiko/{tid}/manage"): ACCOUNT_PAGE,
    ("GET", "/risiko/{tid}/regulation"): PUBLIC,
    ("GET", "/risiko/{tid}/rounds/{round_no}/tables/{table}/console"): (
        "303",
        "404",
        "404",
        "404",
        "404",
    ),
    ("GET", "/risiko/{tid}/rounds/{round_no}/tables/{table}/result"): (
        "303",
        "404",
        "404",
        "404",
        "404",
    ),
    ("GET", "/seasons"): PUBLIC,
    ("GET", "/seasons/new"): ACCOUNT_PAGE,
    ("GET", "/seasons/{season_id}"): PUBLIC,
    ("GET", "/seasons/{season_id}/calendar"): PUBLIC,
    ("GET", "/seasons/{season_id}/manage"): ACCOUNT_PAGE,
    ("GET", "/seasons/{season_id}/players/{player_id}"): public(404),
    ("GET", "/seasons/{season_id}/results.csv"): PUBLIC,
    ("GET", "/seasons/{season_id}/season.json"): PUBLIC,
    ("GET", "/seasons/{season_id}/standings.csv"): PUBLIC,
    ("GET", "/seasons/{season_id}/tournaments.csv"): PUBLIC,
    ("GET", "/seasons/{season_id}/tournaments/{tournament_id}"): public(404),
    ("POST", "/api/v1/events"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/close"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/judging/award-win"): ROSTER_API,
    ("POST", "/api/v1/events/{event_id}/judging/clock-time"): ROSTER_API,
    ("POST", "/api/v1/events/{event_id}/judging/clock/tables/{table}"): ROSTER_API,
    ("POST", "/api/v1/events/{event_id}/judging/clock/{action}"): ROSTER_API,
    ("PUT", "/api/v1/events/{event_id}/judging/config"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/judging/deck-checks"): ROSTER_API,
    (
        "POST",
        "/api/v1/events/{event_id}/judging/deck-checks/{round_no}/players/{player_id}",
    ): ROSTER_API,
    ("POST", "/api/v1/events/{event_id}/judging/decklists-published"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/judging/decklists/{player_id}"): (
        "401",
        "no",
        "403",
        "ok",
        "no",
    ),
    ("POST", "/api/v1/events/{event_id}/judging/head"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/judging/intentional-draw"): ROSTER_API,
    ("POST", "/api/v1/events/{event_id}/judging/judges"): ORG_API,
    ("DELETE", "/api/v1/events/{event_id}/judging/judges/{user_id}"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/judging/late-intentional-draw"): ROSTER_API,
    ("POST", "/api/v1/events/{event_id}/judging/penalties"): ROSTER_API,
    ("POST", "/api/v1/events/{event_id}/judging/pools/{player_id}"): (
        "401",
        "403",
        "403",
        "ok",
        "no",
    ),
    ("POST", "/api/v1/events/{event_id}/judging/replay"): ROSTER_API,
    ("POST", "/api/v1/events/{event_id}/judging/rulings/{seq}/overrule"): ROSTER_API,
    ("POST", "/api/v1/events/{event_id}/players"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/players/{player_id}/drop"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/roster"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/rounds"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/rounds/{round_no}/tables/{table}/result"): REPORTS_API,
    ("POST", "/api/v1/events/{event_id}/self-reports"): (
        "401",
        "ok",
        "403",
        "403",
        "403",
    ),  # or a slip code: test_self_report_web
    ("POST", "/api/v1/events/{event_id}/self-reports/{round_no}/{table}/resolve"): REPORTS_API,
    ("POST", "/api/v1/events/{event_id}/start"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/top"): ORG_API,
    ("POST", "/api/v1/events/{event_id}/void"): ORG_API,
    ("POST", "/api/v1/ladders"): ORG_API,
    ("POST", "/api/v1/ladders/{ladder_id}/recompute"): ("401", "no", "no", "no", "ok"),
    ("POST", "/api/v1/poker/tools/betting"): TOOL,
    ("POST", "/api/v1/poker/tools/chip-race"): TOOL,
    ("POST", "/api/v1/poker/tools/colour-up"): TOOL,
    ("POST", "/api/v1/poker/tools/side-pots"): TOOL,
    ("POST", "/api/v1/poker/tournaments"): ORG_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/add-ons"): ORG_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/bookings"): ORG_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/bust-outs"): STAFF_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/chip-counts"): STAFF_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/chop"): ORG_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/clock/{action}"): STAFF_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/entries"): ORG_API,
    ("PUT", "/api/v1/poker/tournaments/{tid}/floor"): ORG_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/hands"): STAFF_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/moves"): STAFF_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/moves/undo"): STAFF_API,
    ("PUT", "/api/v1/poker/tournaments/{tid}/options"): ORG_API,
    ("PUT", "/api/v1/poker/tournaments/{tid}/payouts"): ORG_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/re-entries"): ORG_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/rebuys"): ORG_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/roster"): ORG_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/sanctions"): STAFF_API,
    ("POST", "/api/v1/poker/tournaments/{tid}/seat-draw"): STAFF_API,
    ("PUT", "/api/v1/poker/tournaments/{tid}/structure"): ORG_API,
    ("POST", "/api/v1/risiko/tournaments"): ORG_API,
    ("PATCH", "/api/v1/risiko/tournaments/{tid}"): ORG_API,
    ("POST", "/api/v1/risiko/tournaments/{tid}/close"): ORG_API,
    ("POST", "/api/v1/risiko/tournaments/{tid}/players"): ORG_API,
    ("POST", "/api/v1/risiko/tournaments/{tid}/players/{player_id}/withdraw"): ORG_API,
    ("PUT", "/api/v1/risiko/tournaments/{tid}/regulation"): ORG_API,
    ("POST", "/api/v1/risiko/tournaments/{tid}/roster"): ORG_API,
    ("POST", "/api/v1/risiko/tournaments/{tid}/rounds"): ORG_API,
    ("DELETE", "/api/v1/risiko/tournaments/{tid}/rounds/{round_no}"): ORG_API,
    ("POST", "/api/v1/risiko/tournaments/{tid}/rounds/{round_no}/swap"): ORG_API,
    (
        "POST",
        "/api/v1/risiko/tournaments/{tid}/rounds/{round_no}/tables/{table}/console",
    ): STAFF_API,
    (
        "POST",
        "/api/v1/risiko/tournaments/{tid}/rounds/{round_no}/tables/{table}/console/undo",
    ): STAFF_API,
    ("PUT", "/api/v1/risiko/tournaments/{tid}/rounds/{round_no}/tables/{table}/result"): STAFF_API,
    ("POST", "/api/v1/seasons"): ORG_API,
    ("POST", "/api/v1/seasons/{season_id}/announcements"): ORG_API,
    ("POST", "/api/v1/seasons/{season_id}/announcements/check"): TOOL,
    ("POST", "/api/v1/seasons/{season_id}/events"): ORG_API,
    ("POST", "/api/v1/seasons/{season_id}/import"): ORG_API,
    ("DELETE", "/api/v1/session"): SESSION,
    ("POST", "/api/v1/session"): SESSION,
    ("POST", "/events/new"): ORG_PAGE,
    ("POST", "/events/{event_id}/judge/award"): ROSTER_PAGE,
    ("POST", "/events/{event_id}/judge/clock"): ROSTER_PAGE,
    ("POST", "/events/{event_id}/judge/deck-check"): ROSTER_PAGE,
    ("POST", "/events/{event_id}/judge/deck-draw"): ROSTER_PAGE,
    ("POST", "/events/{event_id}/judge/draw"): ROSTER_PAGE,
    ("POST", "/events/{event_id}/judge/overrule"): ROSTER_PAGE,
    ("POST", "/events/{event_id}/judge/penalty"): ROSTER_PAGE,
    ("POST", "/events/{event_id}/judge/replay"): ROSTER_PAGE,
    ("POST", "/events/{event_id}/judging/config"): ORG_PAGE,
    ("POST", "/events/{event_id}/judging/deck"): ("303", "no", "no", "ok", "no"),
    ("POST", "/events/{event_id}/judging/head"): ("303", "no", "no", "no", "ok"),
    ("POST", "/events/{event_id}/judging/judges"): ORG_PAGE,
    ("POST", "/events/{event_id}/judging/publish"): ORG_PAGE,
    ("POST", "/events/{event_id}/judging/remove"): ("303", "no", "no", "no", "ok"),
    ("POST", "/events/{event_id}/manage/close"): ORG_PAGE,
    ("POST", "/events/{event_id}/manage/drop"): ("303", "no", "no", "ok", "ok"),
    ("POST", "/events/{event_id}/manage/pair"): ORG_PAGE,
    ("POST", "/events/{event_id}/manage/players"): ORG_PAGE,
    ("POST", "/events/{event_id}/manage/result"): ("303", "no", "no", "ok", "ok"),
    ("POST", "/events/{event_id}/manage/roster"): ORG_PAGE,
    ("POST", "/events/{event_id}/manage/start"): ORG_PAGE,
    ("POST", "/events/{event_id}/manage/top"): ORG_PAGE,
    ("POST", "/events/{event_id}/manage/void"): ORG_PAGE,
    ("POST", "/events/{event_id}/players/{player_id}/deck"): ("303", "no", "403", "ok", "ok"),
    ("POST", "/events/{event_id}/report"): SELF_REPORT_PAGE,
    ("POST", "/events/{event_id}/reports/resolve"): REPORTS_PAGE,
    ("POST", "/ladders/new"): ORG_PAGE,
    ("POST", "/ladders/{ladder_id}/recompute"): ("303", "no", "no", "no", "ok"),
    ("POST", "/login"): SESSION,
    ("POST", "/logout"): SESSION,
    ("POST", "/poker/new"): ORG_PAGE,
    ("POST", "/poker/{tid}/director/{action}"): STAFF_PAGE,
    ("POST", "/risiko/new"): ORG_PAGE,
    ("POST", "/risiko/{tid}/manage/close"): ORG_PAGE,
    ("POST", "/risiko/{tid}/manage/draw"): ORG_PAGE,
    ("POST", "/risiko/{tid}/manage/players"): ORG_PAGE,
    ("POST", "/risiko/{tid}/manage/regulation"): ORG_PAGE,
    ("POST", "/risiko/{tid}/manage/roster"): ORG_PAGE,
    ("POST", "/risiko/{tid}/manage/settings"): ORG_PAGE,
    ("POST", "/risiko/{tid}/manage/swap"): ("303", "no", "no", "no", "ok"),
    ("POST", "/risiko/{tid}/manage/undo-draw"): ("303", "no", "no", "no", "ok"),
    ("POST", "/risiko/{tid}/manage/withdraw"): ("303", "no", "no", "no", "ok"),
    ("POST", "/risiko/{tid}/rounds/{round_no}/tables/{table}/console"): (
        "303",
        "no",
        "no",
        "ok",
        "ok",
    ),
    ("POST", "/risiko/{tid}/rounds/{round_no}/tables/{table}/console/undo"): (
        "303",
        "no",
        "no",
        "ok",
        "ok",
    ),
    ("POST", "/risiko/{tid}/rounds/{round_no}/tables/{table}/result"): (
        "303",
        "no",
        "no",
        "ok",
        "ok",
    ),
    ("POST", "/seasons/new"): ORG_PAGE,
    ("POST", "/seasons/{season_id}/calendar/announce"): ("303", "no", "no", "no", "ok"),
    ("POST", "/seasons/{season_id}/calendar/{announcement_id}/withdraw"): ORG_PAGE,
    ("POST", "/seasons/{season_id}/manage/event"): ("303", "no", "no", "no", "ok"),
    ("POST", "/seasons/{season_id}/manage/import"): ("303", "no", "no", "no", "ok"),
    ("POST", "/seasons/{season_id}/manage/recompute"): ORG_PAGE,
}

SKIPPED = {"session", "stream", "mount"}
REFUSED = {403, 404, 409, 422}


@pytest.fixture(scope="module")
def world_and_clients(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Store, World, dict[str, TestClient]]]:
    folder: Path = tmp_path_factory.mktemp("authz")
    store = _store(f"sqlite:///{folder / 'authz.db'}", FakeClock())
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
        return None if status in REFUSED else f"not refused: {status}"
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
        for role, expected in zip(ROLES, cells, strict=True):
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
