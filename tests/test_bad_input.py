"""Every bad input of issue 2 through the JSON API, on SQLite and PostgreSQL.

Each answer is a 4xx RFC 9457 problem naming the field, and nothing changes: the audit log and
the event's version are the same before and after (``fingerprint``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.support.events import fingerprint
from tests.support.web import (
    PRESET,
    add_user,
    api_login,
    create_event,
    is_problem,
    make_client,
    open_tables,
    report_all,
    version,
)
from torneo.platform.store.uow import Store


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    add_user(store, "org", "organizer")
    with make_client(store) as c:
        api_login(c, "org")
        yield c


def _running(client: TestClient, players: int = 10) -> int:
    event_id = create_event(client, players)
    assert client.post(f"/api/v1/events/{event_id}/start").status_code == 200
    assert client.post(f"/api/v1/events/{event_id}/rounds").status_code == 201
    return event_id


def test_unknown_preset_is_refused_naming_preset(client: TestClient, store: Store) -> None:
    before = fingerprint(store)
    r = client.post(
        "/api/v1/events",
        json={"name": "X", "preset": "invasion-it-2099", "held_on": "2012-03-10"},
    )
    body = is_problem(r, 404, "preset")
    assert "invasion-it-2099" in body["reason"]
    assert PRESET in body["accepted"]
    assert fingerprint(store) == before
    assert client.get("/api/v1/events").json() == []


def test_INV_SEASON_1_a_day_that_does_not_exist_is_refused(
    client: TestClient, store: Store
) -> None:
    """INV-SEASON-1: "2012-06-31" gives a clear error naming the field, nothing is created."""
    before = fingerprint(store)
    r = client.post("/api/v1/events", json={"name": "X", "preset": PRESET, "held_on": "2012-06-31"})
    body = is_problem(r, 422, "held_on")
    assert "2012-06-31 does not exist" in body["reason"]
    assert "YYYY-MM-DD" in body["accepted"]
    assert fingerprint(store) == before


def test_a_result_reported_twice_is_refused(client: TestClient, store: Store) -> None:
    event_id = _running(client)
    round_no, tables = open_tables(client, event_id)
    url = f"/api/v1/events/{event_id}/rounds/{round_no}/tables/{tables[0]}/result"
    assert client.post(url, json={"result": "2-1"}).status_code == 200
    before = fingerprint(store, event_id)
    body = is_problem(client.post(url, json={"result": "0-2"}), 422, "result")
    assert "already reported (2-1)" in body["reason"]
    assert fingerprint(store, event_id) == before
    line = client.get(f"/api/v1/events/{event_id}/pairings").json()["lines"][0]
    assert line["result"] == "2-1"


def test_a_result_for_a_match_not_in_the_current_round_is_refused(
    client: TestClient, store: Store
) -> None:
    event_id = _running(client)
    report_all(client, event_id, ["2-0", "1-2"])
    assert client.post(f"/api/v1/events/{event_id}/rounds").status_code == 201
    before = fingerprint(store, event_id)
    old = client.post(f"/api/v1/events/{event_id}/rounds/1/tables/1/result", json={"result": "0-2"})
    body = is_problem(old, 409, "round")
    assert "not the current round" in body["reason"]
    missing = client.post(
        f"/api/v1/events/{event_id}/rounds/2/tables/99/result", json={"result": "2-0"}
    )
    assert "no table 99" in is_problem(missing, 422, "table")["reason"]
    assert fingerprint(store, event_id) == before


@pytest.mark.parametrize("score", ["3-0", "2-2"])
def test_INV_STRUCT_3_an_impossible_best_of_three_score_is_refused(
    client: TestClient, store: Store, score: str
) -> None:
    """INV-STRUCT-3: best of three has no 3-0 and no 2-2; the accepted scores are listed."""
    event_id = _running(client)
    round_no, tables = open_tables(client, event_id)
    before = fingerprint(store, event_id)
    r = client.post(
        f"/api/v1/events/{event_id}/rounds/{round_no}/tables/{tables[0]}/result",
        json={"result": score},
    )
    body = is_problem(r, 422, "result")
    assert score in body["reason"]
    assert "2-1" in body["accepted"]
    assert fingerprint(store, event_id) == before


def test_registering_the_same_player_twice_is_refused(client: TestClient, store: Store) -> None:
    event_id = create_event(client)
    url = f"/api/v1/events/{event_id}/players"
    assert client.post(url, json={"name": "Mario Rossi"}).status_code == 201
    before = fingerprint(store, event_id)
    body = is_problem(client.post(url, json={"name": "  mario   ROSSI "}), 409, "player")
    assert "already registered" in body["reason"]
    paste = client.post(
        f"/api/v1/events/{event_id}/roster", json={"csv": "Luca Bianchi\nMario Rossi"}
    )
    assert "Mario Rossi" in is_problem(paste, 422, "roster")["reason"]
    assert fingerprint(store, event_id) == before
    names = [p["name"] for p in client.get(f"/api/v1/events/{event_id}/players").json()]
    assert names == ["Mario Rossi"]  # the paste registered no one, not even Luca


def test_pairing_while_the_round_has_unreported_matches_is_refused(
    client: TestClient, store: Store
) -> None:
    event_id = _running(client)
    before = fingerprint(store, event_id)
    body = is_problem(client.post(f"/api/v1/events/{event_id}/rounds"), 409, "round")
    assert "unreported" in body["reason"]
    assert fingerprint(store, event_id) == before
    assert client.get(f"/api/v1/events/{event_id}").json()["round_numbers"] == [1]


def test_a_stale_version_is_refused(client: TestClient, store: Store) -> None:
    event_id = create_event(client, 10)
    stale = version(client, event_id)
    assert client.post(f"/api/v1/events/{event_id}/start").status_code == 200
    before = fingerprint(store, event_id)
    assert before[1] != stale
    r = client.post(f"/api/v1/events/{event_id}/rounds", json={"version": stale})
    body = is_problem(r, 409, "version")
    assert f"yours {stale}" in body["reason"]
    assert fingerprint(store, event_id) == before
    assert client.get(f"/api/v1/events/{event_id}").json()["round_numbers"] == []


def test_a_request_the_schema_refuses_names_the_field(client: TestClient, store: Store) -> None:
    event_id = create_event(client)
    before = fingerprint(store, event_id)
    missing = client.post("/api/v1/events", json={"preset": PRESET, "held_on": "2012-03-10"})
    body = is_problem(missing, 422, "name")
    assert body["accepted"].startswith("a value")
    wrong = client.post(
        f"/api/v1/events/{event_id}/players", json={"name": "Ada", "rating": "strong"}
    )
    assert is_problem(wrong, 422, "rating")["errors"][0]["field"] == "rating"
    extra = client.post(f"/api/v1/events/{event_id}/players", json={"name": "Ada", "elo": 1})
    is_problem(extra, 422, "elo")
    assert fingerprint(store, event_id) == before
