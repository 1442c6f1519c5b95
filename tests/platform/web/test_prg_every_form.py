"""Post/Redirect/Get on EVERY page form (issue 26 item 3, issue 30 item 2): each page POST route
of the app, refused, answers 303 to a GET page that shows the refusal and what was typed.

The routes come from the app itself (every POST outside ``/api/``): a new form that is in none
of the lists below fails :func:`test_every_page_form_is_listed`. Each form of :data:`FORMS` is
sent once, by an actor allowed to send it, with a value that the service refuses and, when the
form has something to type, a value typed (:data:`TYPED` or one of its own); then the test
follows the redirect as a browser would and finds the refusal (an ``role="alert"`` box that is
gone on the next visit: it is shown once) and the value typed, and nothing changed in the
database (one world, SQLite, no browser).

Not in :data:`FORMS`, each with its reason: :data:`NOT_REFUSABLE` (a form nothing can refuse)
and :data:`ELSEWHERE` (the fantasy pages, whose forms tests/fantasy refuses one by one). The htmx answers of
the result row and of the keyboard entry (``HX-Request``) are fragments swapped into the page
the browser is on: no navigation, nothing to reload; the same routes posted as plain forms are
tested here.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tests.conftest import FakeClock
from tests.support.authz_world import ORG, World, build_world, clients, fill, routes
from tests.support.databases import migrated_sqlite_store
from tests.support.risiko import REGULATION
from tests.support.web import PASSWORD, form_token
from torneo.judging import commands_clock as judging_clock
from torneo.judging import commands_deck_checks as judging_checks
from torneo.platform import accounts, invitations
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands as risiko
from torneo.risiko import commands_settings as risiko_settings

pytestmark = pytest.mark.xdist_group("prg_every_form")

TYPED = "Zeta Typed 42"  # a value typed into a form, looked for on the page the refusal shows on
REFUSALS = {401, 403, 404, 409, 422}


@dataclass(frozen=True)
class Refused:
    """One refused form: who sends it, what, and what the GET page must show again (``typed``;
    None when the form has nothing typed that may be kept: ``why`` says why)."""

    role: str
    data: dict[str, str]
    typed: str | None = TYPED
    why: str = ""
    params: dict[str, str] = field(default_factory=dict)  # path parameters of this case


NOTHING_TYPED = "a button: nothing typed"
NO_TABLE = "the form of a chosen player's table: there is no table 987"
BERSERK = "a Berserk judge's form: not on an Invasion event's desk"
SECRET = "what is typed is a secret, never kept (platform/web/prg.py)"

FORMS: dict[str, Refused] = {
    # --- accounts and clubs
    "/login": Refused("fresh", {"username": TYPED, "password": "wrong password 123"}),
    "/account/claim": Refused("organizer", {"code": "ZZZZZZ"}, None, SECRET),
    "/players/{player_id}/claim-code": Refused(
        "organizer", {}, None, NOTHING_TYPED, {"player_id": "987654"}
    ),
    "/clubs/{club_id}/members": Refused("owner", {"username": TYPED, "role": "judge"}),
    "/clubs/{club_id}/members/remove": Refused(
        "owner", {"username": "nobody-here", "role": "judge"}, None, "hidden fields of a row"
    ),
    "/clubs/{club_id}/invitations": Refused(
        "owner", {"role": "emperor"}, None, "a choice among the roles: an unknown one is not shown"
    ),
    "/join/{token}": Refused("fresh", {"username": "org", "name": TYPED, "password": PASSWORD}),
    # --- card events
    "/events/new": Refused("organizer", {"name": TYPED, "preset": "no-such-preset"}),
    "/events/{event_id}/manage/players": Refused(
        "organizer", {"name": TYPED, "rating": "not a number"}
    ),
    "/events/{event_id}/manage/roster": Refused("organizer", {"roster": f"{TYPED}, Club, abc"}),
    "/events/{event_id}/manage/start": Refused("organizer", {}, None, NOTHING_TYPED),
    "/events/{event_id}/manage/pods": Refused(
        "organizer", {"mode": "manual", "pods": TYPED}, None, "no pods at an Invasion event"
    ),
    "/events/{event_id}/manage/pair": Refused("organizer", {}, None, NOTHING_TYPED),
    "/events/{event_id}/manage/top": Refused("organizer", {}, None, NOTHING_TYPED),
    "/events/{event_id}/manage/close": Refused("organizer", {}, None, NOTHING_TYPED),
    "/events/{event_id}/manage/void": Refused("organizer", {"reason": ""}, None, "empty reason"),
    "/events/{event_id}/manage/drop": Refused(
        "organizer", {"player_id": "987654", "reason": TYPED}, None, "the row of no player"
    ),
    "/events/{event_id}/manage/result": Refused(
        "organizer", {"round_no": "1", "table": "1", "result": "9-9"}, "9-9"
    ),
    "/events/{event_id}/manage/entry": Refused("organizer", {"entry": "1 7-7 zeta"}, "1 7-7 zeta"),
    "/events/{event_id}/report": Refused("fresh", {"table": "1", "code": "ZZZZZZ"}, "ZZZZZZ"),
    "/events/{event_id}/reports/resolve": Refused(
        "judge", {"round_no": "1", "table": "1", "result": "9-9", "reason": TYPED}
    ),
    "/events/{event_id}/draft/setup": Refused(
        "organizer", {"set_code": "NOSET", "pick_seconds": "9x9"}, "9x9"
    ),
    "/events/{event_id}/draft/start": Refused("organizer", {}, None, NOTHING_TYPED),
    "/events/{event_id}/draft/sealed": Refused("organizer", {}, None, NOTHING_TYPED),
    "/card-sets": Refused("organizer", {"kind": "csv", "name": TYPED}),
    # --- judging
    "/events/{event_id}/judging/judges": Refused("organizer", {"username": TYPED}),
    "/events/{event_id}/judging/head": Refused(
        "organizer", {"user_id": "987654"}, None, "a choice of the roster"
    ),
    "/events/{event_id}/judging/remove": Refused(
        "organizer", {"user_id": "987654"}, None, "a button of a row"
    ),
    "/events/{event_id}/judging/config": Refused(
        "organizer", {"restricted": TYPED, "deadline": "not a day"}
    ),
    "/events/{event_id}/judging/deck": Refused(
        "judge", {"player_id": "987654", "text": TYPED}, None, "the deck of no player"
    ),
    "/events/{event_id}/players/{player_id}/deck": Refused("judge", {"text": f"3 {TYPED}"}),
    "/events/{event_id}/judge/penalty": Refused(
        "judge", {"player_id": "{player_id}", "infraction": "nothing", "reason": TYPED}
    ),
    "/events/{event_id}/judge/overrule": Refused(
        "judge", {"seq": "987654", "reason": TYPED}, None, "the row of no ruling"
    ),
    "/events/{event_id}/judge/draw": Refused(
        "judge", {"round_no": "1", "table": "987", "late": "1", "reason": TYPED}, None, NO_TABLE
    ),
    "/events/{event_id}/judge/award": Refused(
        "judge", {"round_no": "1", "pick": "987654", "reason": TYPED}, None, BERSERK
    ),
    "/events/{event_id}/judge/replay": Refused(
        "judge", {"player_id": "987654", "reason": TYPED}, None, BERSERK
    ),
    "/events/{event_id}/judge/deck-draw": Refused("judge", {}, None, NOTHING_TYPED),
    "/events/{event_id}/judge/deck-check": Refused(
        "judge", {"player_id": "987654", "text": TYPED}, None, "the deck of no player"
    ),
    "/events/{event_id}/judge/clock": Refused(
        "judge", {"action": "round_time", "minutes": "zz", "reason": TYPED}
    ),
    # --- seasons
    "/seasons/new": Refused("organizer", {"name": TYPED, "preset": "no-such-preset"}),
    "/seasons/{season_id}/manage/import": Refused("organizer", {"csv_text": f"{TYPED}\n1,2"}),
    "/seasons/{season_id}/manage/event": Refused(
        "organizer", {"event_id": "987654", "store_name": TYPED}, None, "no finished event: no form"
    ),
    "/seasons/{season_id}/manage/cut": Refused(
        "organizer",
        {"how": "decide", "qualified": "987654", "note": TYPED},
        None,
        "the form is shown only beside a tie at the cut (INV-RANK-3)",
    ),
    "/seasons/{season_id}/manage/placement-bonus": Refused(
        "organizer", {"placement_bonus": "uno due"}, "uno due"
    ),
    "/seasons/{season_id}/calendar/announce": Refused(
        "organizer",
        {"name": TYPED, "store": "Negozio", "held_on": "not a day", "action": "announce"},
    ),
    "/seasons/{season_id}/calendar/{announcement_id}/withdraw": Refused(
        "organizer", {}, None, NOTHING_TYPED, {"announcement_id": "987654"}
    ),
    "/ladders/new": Refused(
        "organizer", {"name": TYPED, "source": "stars", "season_id": "1", "preset": "x"}
    ),
    # --- poker
    "/poker/new": Refused("organizer", {"template": "no-such", "name": TYPED}),
    "/poker/schedules/new": Refused("organizer", {"name": TYPED, "buy_in": "lots"}),
    "/poker/schedules/{schedule_id}/open": Refused(
        "organizer", {"held_on": "not a day"}, None, "a hidden day of a button"
    ),
    "/poker/schedules/{schedule_id}/active": Refused(
        "organizer", {"active": "0"}, None, NOTHING_TYPED, {"schedule_id": "987654"}
    ),
    "/poker/week/import": Refused(
        "organizer", {"starts_on": "zeta-day", "ends_on": ""}, "zeta-day"
    ),
    "/poker/leagues/new": Refused("organizer", {"name": TYPED, "planned_tournaments": "many"}),
    "/poker/leagues/{league_id}/qualifier": Refused(
        "organizer", {"held_on": "2025-02-31"}, "2025-02-31"
    ),
    "/poker/leagues/{league_id}/final": Refused(
        "organizer", {"held_on": "2025-02-31"}, "2025-02-31"
    ),
    "/poker/{tid}/director/{action}": Refused("judge", {}, None, NOTHING_TYPED),
    "/poker/{tid}/rulings": Refused(
        "judge", {"procedure": "misdeal", "case": "nothing", "note": TYPED}
    ),
    "/poker/{tid}/staff": Refused("organizer", {"username": TYPED}),
    "/poker/{tid}/staff/remove": Refused(
        "organizer", {"username": "nobody-here"}, None, "a button of a row"
    ),
    # --- RisiKo!
    "/risiko/new": Refused("organizer", {"name": TYPED, "held_on": "not a day"}),
    "/risiko/{tid}/manage/settings": Refused(
        "organizer", {"name": TYPED, "game_minutes": "zz", "version": "987654"}
    ),
    "/risiko/{tid}/manage/regulation": Refused(
        "organizer", {"formula": TYPED, "publish": "1", "version": "987654"}
    ),
    "/risiko/{tid}/manage/players": Refused("organizer", {"name": "", "club": TYPED}),
    "/risiko/{tid}/manage/roster": Refused("organizer", {"roster": f"{TYPED}\n{TYPED}"}),
    "/risiko/{tid}/manage/withdraw": Refused(
        "organizer", {"player_id": "987654", "reason": TYPED}, None, "the row of no player"
    ),
    "/risiko/{tid}/manage/draw": Refused("organizer", {"method": "zeta"}, None, "a choice"),
    "/risiko/{tid}/manage/undo-draw": Refused("organizer", {"round_no": "9"}, None, NOTHING_TYPED),
    "/risiko/{tid}/manage/swap": Refused(
        "organizer",
        {"round_no": "1", "a": "987654", "b": "987653", "confirm": "1"},
        None,
        "a choice of players",
    ),
    "/risiko/{tid}/manage/close": Refused("organizer", {}, None, NOTHING_TYPED),
    "/risiko/{tid}/manage/title-roll": Refused("organizer", {}, None, NOTHING_TYPED),
    "/risiko/{tid}/manage/structure": Refused(
        "organizer",
        {"semifinal_tables": "zz", "reason": TYPED},
        None,
        "shown only beside a structure warning after a complete round",
    ),
    "/risiko/{tid}/rounds/{round_no}/tables/{table}/result": Refused(
        "judge", {"winner": "987654"}, None, "a choice of the table's players"
    ),
    "/risiko/{tid}/rounds/{round_no}/tables/{table}/console": Refused(
        "judge", {"kind": "nothing"}, None, "buttons with hidden fields"
    ),
    "/risiko/{tid}/rounds/{round_no}/tables/{table}/console/undo": Refused(
        "judge", {}, None, NOTHING_TYPED
    ),
    "/risiko/{tid}/staff": Refused("organizer", {"username": TYPED}),
    "/risiko/{tid}/staff/remove": Refused(
        "organizer", {"username": "nobody-here"}, None, "a button of a row"
    ),
}

NOT_REFUSABLE = {
    "/events/{event_id}/judging/publish": "a switch: the organizer may always show or hide the "
    "deck lists, nothing typed",
    "/card-sets/demo": "loads the shipped demo set once, nothing typed: loaded already, it "
    "answers as loaded (only the policy refuses it, 403)",
    "/logout": "ends the session; only the CSRF check can refuse it (403, the error page)",
    "/ladders/{ladder_id}/recompute": "recomputes from the stored results: nothing typed, "
    "nothing to refuse (an unknown ladder is a 404 of the address itself)",
    "/seasons/{season_id}/manage/recompute": "recomputes from the stored results: nothing "
    "typed, nothing to refuse (an unknown season is a 404 of the address itself)",
}

# The fantasy pages' forms have their own refusal tests, every one of them (tests/fantasy:
# test_every_manage_form_refused_keeps_what_was_typed and its neighbours).
ELSEWHERE = {
    "/fantasy/new",
    "/fantasy/{lid}/manage/extras",
    "/fantasy/{lid}/manage/fixtures",
    "/fantasy/{lid}/manage/penalty",
    "/fantasy/{lid}/manage/prices",
    "/fantasy/{lid}/manage/teams",
    "/fantasy/{lid}/manage/votes",
    "/fantasy/{lid}/manage/votes/delete",
    "/fantasy/{lid}/teams/{tid}/lineup",
    "/fantasy/{lid}/teams/{tid}/roster",
    "/fantasy/{lid}/teams/{tid}/transfer",
}


@pytest.fixture(scope="module")
def world_and_clients(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Store, World, dict[str, TestClient]]]:
    folder: Path = tmp_path_factory.mktemp("prg")
    store = migrated_sqlite_store(folder / "prg.db", FakeClock())
    world = build_world(store)
    accounts.create_user(
        store, Actor.system(), username="owner", password=PASSWORD, role="owner", club=1
    )
    owner = Actor("owner", frozenset({(1, "owner")}))
    world.params["token"] = invitations.invite(store, owner, 1, "judge")
    # A table drawn for the deck check and a RisiKo! round drawn: a second draw is refused, and
    # the round's table pages exist.
    judge = Actor("judge", frozenset({(1, "judge")}), world.judge_user)
    judging_checks.draw_table(store, judge, world.event)
    judging_clock.start_clock(store, judge, world.event)  # the clock tab's forms
    risiko_settings.save_regulation(store, ORG, world.risiko, REGULATION, publish=True)
    risiko.draw_round(store, ORG, world.risiko)
    cs = clients(store)
    for role in ("owner", "fresh"):
        client = TestClient(cs["anonymous"].app, follow_redirects=False)
        if role == "owner":
            r = client.post("/api/v1/session", json={"username": "owner", "password": PASSWORD})
            client.headers["X-CSRF-Token"] = r.json()["csrf_token"]
        else:  # a visitor with a session: the token of a public form
            client.headers["X-CSRF-Token"] = form_token(client.get("/login").text)
        cs[role] = client
    yield store, world, cs
    store.engine.dispose()


def _page_posts(client: TestClient) -> set[str]:
    app: Any = client.app
    return {p for m, p in routes(app) if m == "POST" and not p.startswith("/api/")}


def test_every_page_form_is_listed(world_and_clients: Any) -> None:
    _, _, cs = world_and_clients
    served = _page_posts(cs["anonymous"])
    listed = set(FORMS) | set(NOT_REFUSABLE) | ELSEWHERE
    assert sorted(served - listed) == [], "page forms not tested for Post/Redirect/Get"
    assert sorted(listed - served) == [], "listed forms that no longer exist"
    assert all(f.typed or f.why for f in FORMS.values()), "say why nothing typed is kept"


ALERT = re.compile(r'role="alert"')


def _audit(store: Store) -> int:
    with store.read() as s:
        return s.scalar(select(func.count(AuditEntry.id))) or 0


def _check(client: TestClient, url: str, data: dict[str, str], case: Refused) -> str | None:
    r = client.post(url, data=data, follow_redirects=False)
    refused = r.headers.get("x-torneo-refused", "")
    if r.status_code != 303 or not refused.isdigit() or int(refused) not in REFUSALS:
        return f"{r.status_code} (refused: {refused or '-'}), expected 303 with a refusal"
    target = r.headers["location"]
    page = client.get(target)
    if page.status_code != 200:
        return f"GET {target}: {page.status_code}"
    shown = len(ALERT.findall(page.text))
    again = len(ALERT.findall(client.get(target).text))
    if shown <= again:
        return f"GET {target}: no refusal shown (alerts {shown}, then {again})"
    if case.typed is not None and html.escape(case.typed) not in page.text:
        return f"GET {target}: the value typed ({case.typed!r}) is not on the page"
    return None


def test_every_refused_page_form_ends_on_a_get_page_with_the_refusal_and_what_was_typed(
    world_and_clients: Any,
) -> None:
    store, world, cs = world_and_clients
    before = _audit(store)
    wrong = []
    for path, case in FORMS.items():
        url = fill(path, replace(world, params={**world.params, **case.params}))
        data = {k: fill(v, world) for k, v in case.data.items()}
        problem = _check(cs[case.role], url, data, case)
        if problem:
            wrong.append(f"{path}: {problem}")
    assert not wrong, "\n".join(wrong)
    assert _audit(store) == before  # nothing refused changed anything
