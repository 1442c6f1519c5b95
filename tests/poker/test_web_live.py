"""Issue 26 over HTTP, poker staff: the director's and the floor's forms conflict only where
something conflicts (item 1), the director's page listens to the live topic and re-reads itself
(item 2), and every form answers with a redirect to a GET page, a refusal shown there with what
was typed (item 3)."""

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
TUESDAY = "2025-12-02"


def _ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _running(client: TestClient, players: int = 16) -> tuple[int, dict[str, Any]]:
    body = {"template": "tue", "held_on": TUESDAY, "seed": 2025}
    tid = _ok(client.post(f"{API}/tournaments", json=body), 201)["id"]
    names = [f"Giocatore {i:02d}" for i in range(1, players + 1)]
    _ok(client.post(f"{API}/tournaments/{tid}/roster", json={"names": names}), 201)
    _ok(client.post(f"{API}/tournaments/{tid}/seat-draw"))
    return tid, _ok(client.post(f"{API}/tournaments/{tid}/clock/start"))


def _version(html: str) -> str:
    m = re.search(r'name="version" value="(\d+)"', html)
    assert m
    return m.group(1)


def _seated(state: dict[str, Any], table: int) -> list[int]:
    return [s["player_id"] for s in state["tables"][table]["seats"] if s["player_id"]]


@pytest.fixture
def desk(web_store: Store) -> Iterator[tuple[TestClient, str]]:
    """The director at the desk, logged in through the page."""
    with make_client(web_store) as client:
        yield client, page_login(client, "org")


@pytest.fixture
def phone(web_store: Store) -> Iterator[tuple[TestClient, str]]:
    """The floor person's phone: the account "judge", a floor member of the club."""
    with make_client(web_store) as client:
        yield client, page_login(client, "judge")


def _appoint(org: TestClient, tid: int) -> None:
    r = org.post(f"{API}/tournaments/{tid}/staff", json={"username": "judge"})
    assert r.status_code in (200, 201), r.text


def test_issue26_item1_two_phones_bust_two_players_with_the_page_they_read(
    org: TestClient, desk: tuple[TestClient, str], phone: tuple[TestClient, str], clock: FakeClock
) -> None:
    """Desk and phone read the director's page at the same version; the desk busts X, then the
    phone busts Y from its (older) page: no refusal; the phone's bust of X again is refused
    "already out", naming X, and changes nothing."""
    tid, state = _running(org)
    _appoint(org, tid)
    x, y = _seated(state, 0)[:2]
    (d, d_token), (p, p_token) = desk, phone
    url = f"/poker/{tid}/director"
    seen = _version(d.get(url).text)
    assert _version(p.get(url).text) == seen
    one = d.post(f"{url}/bust", data={"csrf_token": d_token, "version": seen, "player_id": x})
    assert one.status_code == 200, one.text
    two = p.post(
        f"{url}/bust",
        data={"csrf_token": p_token, "version": seen, "player_id": y},
        follow_redirects=False,
    )
    assert two.status_code == 303
    assert two.headers["location"] == f"{url}#moves"
    after = p.get(url)
    assert "Eliminazione registrata." in after.text
    assert 'class="alert error"' not in after.text
    players = {
        q["player_id"]: q["status"] for q in _ok(org.get(f"{API}/tournaments/{tid}"))["players"]
    }
    assert players[x] != "in"
    assert players[y] != "in"
    version = _ok(org.get(f"{API}/tournaments/{tid}"))["version"]
    again = p.post(
        f"{url}/bust",
        data={"csrf_token": p_token, "version": seen, "player_id": x},
        follow_redirects=False,
    )
    assert again.status_code == 303
    shown = p.get(again.headers["location"].split("#")[0]).text
    name = next(
        q["name"]
        for q in _ok(org.get(f"{API}/tournaments/{tid}"))["players"]
        if q["player_id"] == x
    )
    assert f"{name} è già fuori" in shown
    assert _ok(org.get(f"{API}/tournaments/{tid}"))["version"] == version


def test_issue26_item1_the_api_keeps_its_version_for_unrelated_changes(
    org: TestClient, clock: FakeClock
) -> None:
    """A script that sends the tournament version it read is not refused because someone busted
    another player meanwhile; the same player changed is a 409 naming them."""
    tid, state = _running(org)
    x, y = _seated(state, 0)[:2]
    seen = state["version"]
    _ok(org.post(f"{API}/tournaments/{tid}/bust-outs", json={"players": [x], "version": seen}), 201)
    _ok(org.post(f"{API}/tournaments/{tid}/bust-outs", json={"players": [y], "version": seen}), 201)
    r = org.post(f"{API}/tournaments/{tid}/bust-outs", json={"players": [x], "version": seen})
    assert r.status_code == 409
    assert "is already out" in r.json()["detail"]


def test_issue26_item3_a_refused_form_comes_back_on_the_get_page_with_what_was_typed(
    org: TestClient, desk: tuple[TestClient, str], clock: FakeClock
) -> None:
    """A refused payout table: 303 to the director's page, which shows the refusal once with
    the rows typed; reload shows the page without resending; the language switch answers."""
    body = {"template": "tue", "held_on": TUESDAY, "seed": 2025}
    tid = _ok(org.post(f"{API}/tournaments", json=body), 201)["id"]
    d, token = desk
    url = f"/poker/{tid}/director"
    page = d.get(url).text
    before = _version(page)
    refused = d.post(
        f"{url}/payouts",
        data={"csrf_token": token, "version": before, "rows": "10: 50 30 7", "unit": "5"},
        follow_redirects=False,
    )
    assert refused.status_code == 303
    assert refused.headers["location"] == f"{url}#refused"
    shown = d.get(url).text
    assert 'class="alert error"' in shown
    assert "10: 50 30 7" in shown  # what was typed, kept
    again = d.get(url).text  # a reload: the refusal was shown once, nothing sent again
    assert 'class="alert error"' not in again
    assert _version(again) == before
    assert d.get(f"{url}?lang=en").status_code == 200


def test_issue26_item3_a_ruling_redirects_to_the_rulings_page(
    org: TestClient, desk: tuple[TestClient, str], clock: FakeClock
) -> None:
    """The floor's procedures: the ruling is shown on the GET page after a 303; a bad case too."""
    tid, _ = _running(org)
    d, token = desk
    url = f"/poker/{tid}/rulings"
    done = d.post(
        url,
        data={"csrf_token": token, "procedure": "showdown", "live_seats": "2 5 8", "button": "4"},
        follow_redirects=False,
    )
    assert done.status_code == 303
    page = d.get(done.headers["location"]).text
    assert "5 → 8 → 2" in page
    assert "5 → 8 → 2" not in d.get(url).text  # shown once
    bad = d.post(
        url,
        data={"csrf_token": token, "procedure": "misdeal", "case": "nonsense"},
        follow_redirects=False,
    )
    assert bad.status_code == 303
    assert 'class="alert error"' in d.get(url).text


def test_issue26_item2_the_director_page_listens_and_rereads_itself(
    org: TestClient, desk: tuple[TestClient, str], clock: FakeClock
) -> None:
    """The page subscribes to the tournament's live topic, asks for little coalescing, has a
    banner for a lost connection and no 10 s poll; its refresh (the same GET, #director-live)
    shows another phone's bust."""
    tid, state = _running(org)
    d, _ = desk
    url = f"/poker/{tid}/director"
    page = d.get(url).text
    live = re.search(r'<div id="director-live"[^>]*>', page)
    assert live
    assert f'data-live="poker:{tid}"' in live.group(0)
    assert 'hx-select="#director-live"' in live.group(0)
    assert 'data-live-gap="100"' in live.group(0)
    assert 'class="alert error live-lost"' in page
    assert "data-stale-url" not in page
    x = _seated(state, 0)[0]
    name = next(q["name"] for q in state["players"] if q["player_id"] == x)
    assert f'value="{x}"><button class="pk-bust"' in page
    _ok(org.post(f"{API}/tournaments/{tid}/bust-outs", json={"players": [x]}), 201)
    fresh = d.get(url, headers={"HX-Request": "true"}).text
    assert f'value="{x}"><button class="pk-bust"' not in fresh
    assert name in fresh  # in the floor's log now
