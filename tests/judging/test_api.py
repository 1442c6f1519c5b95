"""Judging through the JSON API (issue 6 "done when"), on SQLite and PostgreSQL: a judge gives
warnings and sees the third become a disqualification, runs the deck check on the drawn table
with the rule's outcome applied, and the standings reflect every penalty; every bad input is a
problem naming the field, and nothing changes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.support.events import fingerprint
from tests.support.web import add_user, api_login, create_event, is_problem, make_client
from torneo.platform.store.uow import Store


@pytest.fixture
def clients(store: Store) -> Iterator[tuple[TestClient, TestClient, TestClient]]:
    """The organizer, the judge of the event and a judge of nothing here."""
    for name, role in (("org", "organizer"), ("arbitro", "judge"), ("estraneo", "judge")):
        add_user(store, name, role)
    with make_client(store) as org, make_client(store) as judge, make_client(store) as other:
        api_login(org, "org")
        api_login(judge, "arbitro")
        api_login(other, "estraneo")
        yield org, judge, other


def _running(org: TestClient, players: int = 8) -> int:
    event_id = create_event(org, players)
    base = f"/api/v1/events/{event_id}/judging"
    r = org.post(f"{base}/judges", json={"username": "arbitro", "head": True})
    assert r.status_code == 201, r.text
    assert org.post(f"/api/v1/events/{event_id}/start").status_code == 200
    assert org.post(f"/api/v1/events/{event_id}/rounds").status_code == 201
    return event_id


def _lines(client: TestClient, event_id: int) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = client.get(f"/api/v1/events/{event_id}/pairings").json()["lines"]
    return lines


def _standing(client: TestClient, event_id: int, player: int) -> dict[str, Any]:
    rows = client.get(f"/api/v1/events/{event_id}/standings").json()["lines"]
    row: dict[str, Any] = next(r for r in rows if r["player_id"] == player)
    return row


def test_INV_PEN_1_three_warnings_then_the_deck_check_and_the_standings(
    clients: tuple[TestClient, TestClient, TestClient], store: Store
) -> None:
    """INV-PEN-1, INV-PEN-2, INV-DECK-1..3 through HTTP, as a judge does it."""
    org, judge, _ = clients
    event_id = _running(org)
    base = f"/api/v1/events/{event_id}/judging"
    first = _lines(org, event_id)[0]
    cheat = first["a"]["player_id"]
    for n in (1, 2):
        r = judge.post(
            f"{base}/penalties",
            json={"player_id": cheat, "infraction": "slow_play", "reason": f"lento {n}"},
        )
        assert r.status_code == 201, r.text
        assert [i["kind"] for i in r.json()] == ["warning"]
    r = judge.post(
        f"{base}/penalties", json={"player_id": cheat, "infraction": "slow_play", "reason": "3"}
    )
    third = r.json()
    assert [i["kind"] for i in third] == ["warning", "disqualification"]
    assert third[1]["rule"] == "INV-PEN-1"
    assert third[1]["escalated_from"] == third[0]["seq"]
    record = org.get(f"{base}/players/{cheat}/record").json()  # public
    assert record["disqualified"] is True
    assert record["warnings"] == 3
    assert [x["kind"] for x in record["rulings"]] == [
        "warning",
        "warning",
        "warning",
        "disqualification",
    ]
    line = _lines(org, event_id)[0]
    assert line["result"] in ("0-2", "2-0")  # the disqualified player's match is lost
    assert _standing(org, event_id, cheat)["is_active"] is False

    # The deck check of the round: drawn once, the deck entered, the outcome applied.
    drawn = judge.post(f"{base}/deck-checks")
    assert drawn.status_code == 201, drawn.text
    draw = drawn.json()
    assert draw["tables"] == 4
    before = fingerprint(store, event_id)
    again = is_problem(judge.post(f"{base}/deck-checks"), 409, "deck_check")
    assert "already has its deck check" in again["reason"]
    assert fingerprint(store, event_id) == before
    checked = next(p for p in draw["players"] if p != cheat)
    short = "\n".join(f"3 Carta {i}" for i in range(15))  # 45 cards: under 50 (INV-DECK-2)
    r = judge.post(
        f"{base}/deck-checks/1/players/{checked}", json={"physical": short, "extra_minutes": 0}
    )
    assert r.status_code == 200, r.text
    outcome = r.json()
    assert outcome["infractions"] == ["deck_under_minimum"]
    assert outcome["blanks_added"] == 5
    assert len(outcome["rulings"]) == 2  # warning + game loss (INV-DECK-2)
    # INV-PEN-2: the game loss counts first when the players report their games.
    line = next(
        x
        for x in _lines(org, event_id)
        if checked in (x["a"]["player_id"], (x["b"] or {}).get("player_id"))
    )
    if line["result"] is None:
        url = f"/api/v1/events/{event_id}/rounds/1/tables/{line['table']}/result"
        assert (
            org.post(
                url, json={"result": "2-0" if line["a"]["player_id"] == checked else "0-2"}
            ).status_code
            == 200
        )
        after = next(x for x in _lines(org, event_id) if x["table"] == line["table"])
        assert after["result"] == ("2-1" if line["a"]["player_id"] == checked else "1-2")
    rulings = judge.get(f"{base}/rulings").json()
    assert [r["kind"] for r in rulings][-2:] == ["warning", "game_loss"]
    assert rulings[-1]["rule"] == "INV-DECK-2"


def test_a_judge_action_by_a_non_judge_is_403(
    clients: tuple[TestClient, TestClient, TestClient], store: Store
) -> None:
    org, judge, other = clients
    event_id = _running(org)
    base = f"/api/v1/events/{event_id}/judging"
    player = _lines(org, event_id)[0]["a"]["player_id"]
    before = fingerprint(store, event_id)
    body = {"player_id": player, "infraction": "slow_play", "reason": "x"}
    is_problem(other.post(f"{base}/penalties", json=body), 403, "judge")
    is_problem(other.post(f"{base}/deck-checks"), 403, "judge")
    is_problem(other.post(f"{base}/clock/start"), 403, "judge")
    is_problem(other.get(f"{base}/rulings"), 403, "judge")
    is_problem(judge.post(f"{base}/judges", json={"username": "estraneo"}), 403, "actor")
    anon = make_client(store)
    assert anon.post(f"{base}/penalties", json=body).status_code == 401
    assert fingerprint(store, event_id) == before
    # Issue 30: the organizer of the club acts off the roster, as the tournament's first official.
    assert org.post(f"{base}/penalties", json=body).status_code == 201


def test_a_penalty_for_a_player_not_in_the_event_is_404(
    clients: tuple[TestClient, TestClient, TestClient], store: Store
) -> None:
    org, judge, _ = clients
    event_id = _running(org)
    before = fingerprint(store, event_id)
    body = {"player_id": 99999, "infraction": "slow_play", "reason": "x"}
    is_problem(judge.post(f"/api/v1/events/{event_id}/judging/penalties", json=body), 404, "player")
    assert fingerprint(store, event_id) == before


BAD_LISTS = [
    ("0 x Innovazione\n50 Carta", "has count 0"),
    ("-1 Innovazione\n50 Carta", "has count -1"),
    ("3 Innovazionee\n47 Carta", "unknown card 'Innovazionee'"),
    ("\n".join(f"1 Carta {i}" for i in range(10_000)), "10,000 lines"),
]


def test_bad_deck_lists_are_422_naming_the_line(
    clients: tuple[TestClient, TestClient, TestClient], store: Store
) -> None:
    """Unknown cards, counts "0 x" and "-1", 10,000 lines: 422 naming the line, nothing kept."""
    org, _, _ = clients
    event_id = create_event(org, 4)
    base = f"/api/v1/events/{event_id}/judging"
    assert org.put(f"{base}/config", json={"cards": "Innovazione\nCarta"}).status_code == 200
    player = org.get(f"/api/v1/events/{event_id}/players").json()[0]["id"]
    before = fingerprint(store, event_id)
    for text, needle in BAD_LISTS:
        r = org.post(f"{base}/decklists/{player}", json={"text": text})
        body = is_problem(r, 422, "deck_list")
        assert needle in body["reason"], (needle, body["reason"])
    assert fingerprint(store, event_id) == before


def test_the_clock_is_public_and_counts_from_stored_timestamps(
    clients: tuple[TestClient, TestClient, TestClient], store: Store
) -> None:
    """INV-STRUCT-3: a 55-minute round; anyone reads the clock, only judges run it."""
    org, judge, _ = clients
    event_id = _running(org)
    base = f"/api/v1/events/{event_id}/judging"
    assert org.get(f"{base}/clock").json()["exists"] is False
    r = judge.post(f"{base}/clock/start")
    assert r.status_code == 200, r.text
    anon = make_client(store)
    clock = anon.get(f"{base}/clock").json()
    assert clock["duration_minutes"] == 55
    assert clock["is_running"] is True
    assert clock["remaining_ms"] == 55 * 60_000  # the test clock does not move
    is_problem(judge.post(f"{base}/clock/start"), 409, "clock")
    is_problem(judge.post(f"{base}/clock/explode"), 404, "action")
