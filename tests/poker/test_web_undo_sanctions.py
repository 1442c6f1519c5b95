"""Sanctions, the chop and rulings in the floor's log over HTTP (PKR-PEN-1, PKR-PROC-1): the
director's page names them in Italian and English, a ruling has no "Undo"; the undo route (no
new route: ``POST .../log/{entry}/undo``) answers by the entry's kind, for every visitor: the
appointed floor undoes a sanction but not the chop (the organizer's), a judge off the staff and
the staff of another club are refused and nothing changes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.poker.test_web_undo import API, _ok
from tests.poker.test_web_undo import _running as running_tournament
from tests.support.web import PASSWORD, api_login, is_problem, make_client, page_login
from torneo.platform import accounts, clubs
from torneo.platform.store.uow import Actor, Store


def _running(client: TestClient, players: int) -> tuple[int, list[int]]:
    """A running tournament (test_web_undo's) and its seated players."""
    tid, state = running_tournament(client, players)
    seated = [s["player_id"] for t in state["tables"] for s in t["seats"] if s["player_id"]]
    return tid, seated


def _warn(client: TestClient, tid: int, pid: int) -> int:
    body = {"player_id": pid, "kind": "warning", "infraction": "Linguaggio"}
    entry: int = _ok(client.post(f"{API}/tournaments/{tid}/sanctions", json=body), 201)["sanction"][
        "entry"
    ]
    return entry


def _log(client: TestClient, tid: int) -> list[dict[str, Any]]:
    r = client.get(f"{API}/tournaments/{tid}/log")
    assert r.status_code == 200, r.text
    rows: list[dict[str, Any]] = r.json()
    return rows


def _version(client: TestClient, tid: int) -> int:
    version: int = _ok(client.get(f"{API}/tournaments/{tid}"))["version"]
    return version


def test_the_log_names_sanctions_chop_and_rulings_in_both_languages(
    anon: TestClient, clock: FakeClock
) -> None:
    """Every new kind on the director's page, in Italian and in English; "Undo" on each entry
    but the ruling; the CLI's JSON is the API's answer, so the API's log is checked too."""
    token = page_login(anon, "org")
    anon.headers["X-CSRF-Token"] = token
    tid, ids = _running(anon, players=3)
    _warn(anon, tid, ids[0])
    missed = {"player_id": ids[0], "kind": "missed_hands", "orbits": 1, "infraction": "Carte"}
    _ok(anon.post(f"{API}/tournaments/{tid}/sanctions", json=missed), 201)
    ruling = {"procedure": "misdeal", "case": "first_cards_exposed", "table": 1}
    _ok(anon.post(f"{API}/tournaments/{tid}/rulings", json=ruling))
    dq = {"player_id": ids[0], "kind": "disqualification", "infraction": "Furto", "stack": 5000}
    _ok(anon.post(f"{API}/tournaments/{tid}/sanctions", json=dq), 201)
    _ok(anon.post(f"{API}/tournaments/{tid}/chop", json={"method": "equal"}))
    assert [e["kind"] for e in _log(anon, tid)] == [
        "chop",
        "disqualification",
        "ruling",
        "missed_hands",
        "warning",
    ]
    page = anon.get(f"/poker/{tid}/director").text
    section = page[page.index('id="log"') :]
    for italian in ("Accordo", "accordo in parti uguali", "Squalifica", "5.000 fiches ritirate"):
        assert italian in section, italian
    for italian in ("Decisione del floor", "Mani saltate", "Ammonizione", "Furto"):
        assert italian in section, italian
    # the chop ended it: only its entry may be undone now, the ruling never
    assert section.count("director/log_undo") == 1
    assert re.search(r'name="entry" value="5"', section)
    english = anon.get(f"/poker/{tid}/director?lang=en").text
    english = english[english.index('id="log"') :]
    for word in ("Chop", "equal deal", "Disqualification", "Floor ruling", "Missed hands"):
        assert word in english, word
    assert "Warning" in english


@pytest.fixture
def stranger(web_store: Store) -> Iterator[TestClient]:
    """The floor (and organizer) of another club, logged in."""
    other = clubs.create_club(web_store, Actor.system(), "Altro circolo")
    accounts.create_user(
        web_store, Actor.system(), username="mario", password=PASSWORD, role="floor", club=other
    )
    clubs.add_member(web_store, Actor.system(), other, "mario", "organizer")
    with make_client(web_store) as client:
        api_login(client, "mario")
        yield client


def test_who_may_undo_a_sanction_and_the_chop(
    org: TestClient, web_store: Store, stranger: TestClient, clock: FakeClock
) -> None:
    """The undo route by kind: anonymous 401; another club's staff and a judge off the staff
    403; the appointed floor may undo a warning (as they give it) but not the chop (403, the
    organizer's); the organizer undoes the chop. A refusal leaves the version as it was."""
    tid, ids = _running(org, players=3)
    warning = _warn(org, tid, ids[0])
    with make_client(web_store) as judge, make_client(web_store) as anonymous:
        api_login(judge, "judge")
        url = f"{API}/tournaments/{tid}/log/{warning}/undo"
        version = _version(org, tid)
        assert anonymous.post(url).status_code in (401, 403)
        assert stranger.post(url).status_code == 403
        assert judge.post(url).status_code == 403  # not appointed yet
        assert _version(org, tid) == version
        _ok(org.post(f"{API}/tournaments/{tid}/staff", json={"username": "judge"}), 201)
        body = _ok(judge.post(url))
        assert body["undo"]["kind"] == "warning"
        _ok(org.post(f"{API}/tournaments/{tid}/chop", json={"method": "equal"}))
        number = _log(org, tid)[0]["number"]
        chop_url = f"{API}/tournaments/{tid}/log/{number}/undo"
        version = _version(org, tid)
        assert judge.post(chop_url).status_code == 403
        assert stranger.post(chop_url).status_code == 403
        assert _version(org, tid) == version
        is_problem(org.post(f"{API}/tournaments/{tid}/log/{warning}/undo"), 409, "log_entry")
        body = _ok(org.post(chop_url))
        assert (body["undo"]["kind"], body["undo"]["reopened"], body["status"]) == (
            "chop",
            True,
            "running",
        )
