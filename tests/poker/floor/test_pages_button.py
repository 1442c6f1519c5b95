"""Issue 28 item 5 over HTTP: the director's page records the button (PKR-BTN-1), one tap a
hand or the dealer button's seat, and the balancing moves follow it (PKR-BAL-2): the player
moved in as the next big blind is not moved again once the hand is dealt."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.support.web import make_client, page_login
from torneo.platform.store.uow import Store

API = "/api/v1/poker"


def _ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _state(org: TestClient, tid: int) -> dict[str, Any]:
    return _ok(org.get(f"{API}/tournaments/{tid}"))


def _table(state: dict[str, Any], number: int) -> dict[str, Any]:
    return next(t for t in state["tables"] if t["number"] == number)


def _at(state: dict[str, Any], number: int, role: str) -> tuple[int, int]:
    """(seat, player) holding ``role`` in the next hand at table ``number``."""
    return next(
        (s["seat"], s["player_id"]) for s in _table(state, number)["seats"] if s["role"] == role
    )


def _version(html: str) -> str:
    m = re.search(r'name="version" value="(\d+)"', html)
    assert m
    return m.group(1)


@pytest.fixture
def desk(web_store: Store) -> Iterator[tuple[TestClient, str]]:
    with make_client(web_store) as client:
        yield client, page_login(client, "org")


def _tap(desk: tuple[TestClient, str], tid: int, **fields: Any) -> str:
    client, token = desk
    url = f"/poker/{tid}/director"
    data = {"csrf_token": token, "version": _version(client.get(url).text), **fields}
    r = client.post(f"{url}/button", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    return str(r.headers["location"])


def _bust(org: TestClient, tid: int, table: int, n: int) -> list[dict[str, Any]]:
    """``n`` players of ``table`` out, each its next big blind (so that the seat left of the
    last big blind is free); the moves made."""
    moves: list[dict[str, Any]] = []
    for _ in range(n):
        state = _state(org, tid)
        _, pid = _at(state, table, "big_blind")
        before = len(state["moves"])
        after = _ok(org.post(f"{API}/tournaments/{tid}/bust-outs", json={"players": [pid]}), 201)
        moves += after["moves"][: len(after["moves"]) - before]
    return moves


def test_pkr_bal_2_the_director_page_records_the_button_and_the_moves_follow_it(
    org: TestClient, desk: tuple[TestClient, str], clock: FakeClock
) -> None:
    body = {"template": "tue", "held_on": "2025-12-02", "seed": 2025}
    tid = _ok(org.post(f"{API}/tournaments", json=body), 201)["id"]
    names = [f"Giocatore {i:02d}" for i in range(1, 17)]
    _ok(org.post(f"{API}/tournaments/{tid}/roster", json={"names": names}), 201)
    _ok(org.post(f"{API}/tournaments/{tid}/seat-draw"))
    state = _ok(org.post(f"{API}/tournaments/{tid}/clock/start"))
    one, two = (t["number"] for t in state["tables"])
    page = desk[0].get(f"/poker/{tid}/director?lang=en").text
    assert page.count(f'action="/poker/{tid}/director/button"') == 4  # two forms a table
    assert "Hand dealt" in page
    assert "Mano distribuita" in desk[0].get(f"/poker/{tid}/director?lang=it").text

    # One tap a hand: the next hand's big blind moves one player on.
    _, big = _at(state, one, "big_blind")
    assert _tap(desk, tid, table=one) == f"/poker/{tid}/director#table-{one}"
    assert f"Tavolo {one}: bottone registrato." in desk[0].get(f"/poker/{tid}/director").text
    state = _state(org, tid)
    assert _at(state, one, "small_blind")[1] == big
    # The dealer button's seat tapped: the blinds are the next two players on its left.
    seats = [s["seat"] for s in _table(state, one)["seats"] if s["player_id"]]
    _tap(desk, tid, table=one, button=seats[0])
    state = _state(org, tid)
    assert _table(state, one)["next_hand"]["positions"]["button"] == seats[1]

    # Two out at table one: the next big blind of table two moves in as its next big blind.
    (first,) = _bust(org, tid, one, 2)
    newcomer = first["player_id"]
    assert (first["from_table"], first["to_table"]) == (two, one)
    state = _state(org, tid)
    assert _at(state, one, "big_blind")[1] == newcomer
    # The hand is dealt (the newcomer posts the big blind) and recorded with one tap.
    _tap(desk, tid, table=one)
    state = _state(org, tid)
    due = _at(state, one, "big_blind")[1]
    assert due != newcomer
    # Two out at table two: table one gives a player back, the one due the big blind now.
    (back,) = _bust(org, tid, two, 2)
    assert back["from_table"] == one
    assert back["player_id"] == due


def test_a_button_on_a_table_or_seat_that_does_not_exist_is_refused(
    org: TestClient, desk: tuple[TestClient, str], clock: FakeClock
) -> None:
    """The refusal names the field and what exists; the page shows it, nothing changes."""
    body = {"template": "tue", "held_on": "2025-12-02", "seed": 2025}
    tid = _ok(org.post(f"{API}/tournaments", json=body), 201)["id"]
    names = [f"Giocatore {i:02d}" for i in range(1, 9)]
    _ok(org.post(f"{API}/tournaments/{tid}/roster", json={"names": names}), 201)
    _ok(org.post(f"{API}/tournaments/{tid}/seat-draw"))
    state = _ok(org.post(f"{API}/tournaments/{tid}/clock/start"))
    (only,) = (t["number"] for t in state["tables"])
    assert _tap(desk, tid, table=99) == f"/poker/{tid}/director#refused"
    shown = desk[0].get(f"/poker/{tid}/director?lang=en").text
    assert "no table 99 in this tournament" in shown
    free = next(s["seat"] for s in state["tables"][0]["seats"] if not s["player_id"])
    _tap(desk, tid, table=only, button=free)
    shown = desk[0].get(f"/poker/{tid}/director?lang=en").text
    assert f"nobody sits at seat {free} of table {only}" in shown
    assert _state(org, tid)["version"] == state["version"]


def test_pkr_bal_2_the_api_records_the_button_as_the_page_does(
    org: TestClient, clock: FakeClock
) -> None:
    """``POST /hands`` with the table alone is the page's one tap; with the button alone the
    blinds follow its left; the three positions as before; two of them are refused."""
    body = {"template": "tue", "held_on": "2025-12-02", "seed": 2025}
    tid = _ok(org.post(f"{API}/tournaments", json=body), 201)["id"]
    names = [f"Giocatore {i:02d}" for i in range(1, 9)]
    _ok(org.post(f"{API}/tournaments/{tid}/roster", json={"names": names}), 201)
    _ok(org.post(f"{API}/tournaments/{tid}/seat-draw"))
    state = _ok(org.post(f"{API}/tournaments/{tid}/clock/start"))
    (only,) = (t["number"] for t in state["tables"])
    shown = _table(state, only)["next_hand"]["positions"]
    after = _ok(org.post(f"{API}/tournaments/{tid}/hands", json={"table": only}))
    assert _at(after, only, "small_blind")[0] == shown["big_blind"]
    seats = [s["seat"] for s in _table(after, only)["seats"] if s["player_id"]]
    after = _ok(
        org.post(f"{API}/tournaments/{tid}/hands", json={"table": only, "button": seats[2]})
    )
    assert _table(after, only)["next_hand"]["positions"]["button"] == seats[3]
    half = org.post(f"{API}/tournaments/{tid}/hands", json={"table": only, "small_blind": 2})
    assert half.status_code == 422
    assert half.json()["field"] in {"button", "big_blind"}
