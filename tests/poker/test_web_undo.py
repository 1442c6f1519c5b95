"""The floor's log and the undo of an entry over HTTP (issue 15 item 8): the JSON API and the
director's page (an "Annulla" on each entry, the undone entry struck through)."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.support.web import is_problem, page_login

API = "/api/v1/poker"
TUESDAY = "2025-12-02"


def _ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _log(client: TestClient, tid: int) -> list[dict[str, Any]]:
    r = client.get(f"{API}/tournaments/{tid}/log")
    assert r.status_code == 200, r.text
    rows: list[dict[str, Any]] = r.json()
    return rows


def _running(client: TestClient, players: int = 20) -> tuple[int, dict[str, Any]]:
    body = {"template": "tue", "held_on": TUESDAY, "seed": 2025}
    tid = _ok(client.post(f"{API}/tournaments", json=body), 201)["id"]
    names = [f"Giocatore {i:02d}" for i in range(1, players + 1)]
    _ok(client.post(f"{API}/tournaments/{tid}/roster", json={"names": names}), 201)
    _ok(client.post(f"{API}/tournaments/{tid}/seat-draw"))
    return tid, _ok(client.post(f"{API}/tournaments/{tid}/clock/start"))


def test_PKR_END_1_undo_a_bust_over_the_api(org: TestClient, clock: FakeClock) -> None:
    """PKR-END-1 / PKR-BAL-1: the log lists the bust with its move; undone by its entry, the
    player is back, the move reversed and announced; twice or stale: 409, nothing changes."""
    tid, state = _running(org)
    one = [s["player_id"] for s in state["tables"][0]["seats"] if s["player_id"]]
    _ok(org.post(f"{API}/tournaments/{tid}/bust-outs", json={"players": [one[0]]}), 201)
    bust = _ok(org.post(f"{API}/tournaments/{tid}/bust-outs", json={"players": [one[1]]}), 201)
    entry = bust["bust"]["entry"]
    log = _log(org, tid)
    assert [e["number"] for e in log] == [entry, entry - 1]
    assert log[0]["kind"] == "bust"
    assert log[0]["actor"] == "org"
    assert len(log[0]["moves"]) == 1
    assert log[0]["undone_at"] is None
    stale = bust["version"] - 1
    r = org.post(f"{API}/tournaments/{tid}/log/{entry}/undo", json={"version": stale})
    is_problem(r, 409, "version")
    body = _ok(
        org.post(f"{API}/tournaments/{tid}/log/{entry}/undo", json={"version": bust["version"]})
    )
    assert body["undo"]["entry"] == entry
    assert len(body["moves_announced"]) == 2  # the move back, the player's seat again
    assert body["version"] > bust["version"]
    back = next(p for p in body["players"] if p["player_id"] == one[1])
    assert back["status"] == "in"
    tv = org.get(f"/poker/{tid}/tv?fragment=live&lang=en").text  # what the TV re-reads live
    assert "19 <small>/ 20</small>" in tv
    moved = bust["bust"]["moves"][0]
    assert f"Table {moved['to_table']} seat {moved['to_seat']} → Table {moved['from_table']}" in tv
    assert _log(org, tid)[0]["undone_by"] == "org"
    again = org.post(f"{API}/tournaments/{tid}/log/{entry}/undo")
    is_problem(again, 409, "log_entry")
    is_problem(org.post(f"{API}/tournaments/{tid}/log/99/undo"), 404, "log_entry")


def _version(html: str) -> str:
    m = re.search(r'name="version" value="(\d+)"', html)
    assert m
    return m.group(1)


def test_the_directors_page_lists_the_log_and_undoes_an_entry(
    anon: TestClient, clock: FakeClock
) -> None:
    """The log on the director's page: time, what, who; "Annulla" undoes it and the entry is
    shown struck through, without a second "Annulla"."""
    token = page_login(anon, "org")
    anon.headers["X-CSRF-Token"] = token
    tid, state = _running(anon, players=12)
    pid = state["tables"][0]["seats"][0]["player_id"]
    _ok(anon.post(f"{API}/tournaments/{tid}/bust-outs", json={"players": [pid]}), 201)
    url = f"/poker/{tid}/director"
    page = anon.get(url)
    assert 'id="log"' in page.text
    assert "Registro del floor" in page.text
    assert "Eliminazione" in page.text
    assert "da org" in page.text
    assert page.text.count(f'action="/poker/{tid}/director/log_undo"') == 1
    page = anon.post(
        f"{url}/log_undo",
        data={"csrf_token": token, "version": _version(page.text), "entry": "1"},
    )
    assert page.status_code == 200
    assert 'class="alert error"' not in page.text, page.text
    assert "Voce 1 annullata." in page.text
    assert "pk-log-entry undone" in page.text
    assert "annullata da org" in page.text
    assert "director/log_undo" not in page.text
    refused = anon.post(
        f"{url}/log_undo", data={"csrf_token": token, "version": _version(page.text), "entry": "1"}
    )
    assert refused.status_code == 200  # issue 26 item 3: back on the GET page, with the refusal
    assert str(refused.url).split("#")[0].endswith(url)
    assert "già annullata" in refused.text


def test_the_log_is_not_shown_to_an_account_off_the_staff(
    anon: TestClient, org: TestClient, clock: FakeClock
) -> None:
    tid, state = _running(org, players=12)
    pid = state["tables"][0]["seats"][0]["player_id"]
    _ok(org.post(f"{API}/tournaments/{tid}/bust-outs", json={"players": [pid]}), 201)
    page_login(anon, "judge")  # a judge of the club, not on this tournament's staff
    page = anon.get(f"/poker/{tid}/director")
    assert page.status_code == 200
    assert 'id="log"' not in page.text
