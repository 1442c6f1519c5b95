"""The poker tournament director over HTTP (issue 8): the JSON API, the director's phone page,
the TV, the players' page and the floor tools; every bad input of the issue as a problem."""

from __future__ import annotations

import random
import re
from typing import Any

from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.support.web import form_status, is_problem, page_login
from torneo.platform.store.uow import Store

API = "/api/v1/poker"
TUESDAY = "2025-12-02"


def _tournament(client: TestClient, players: int = 0, **extra: Any) -> int:
    body = {"template": "tue", "held_on": TUESDAY, "seed": 2025, **extra}
    r = client.post(f"{API}/tournaments", json=body)
    assert r.status_code == 201, r.text
    tid: int = r.json()["id"]
    if players:
        names = [f"Giocatore {i:02d}" for i in range(1, players + 1)]
        r = client.post(f"{API}/tournaments/{tid}/roster", json={"names": names})
        assert r.status_code == 201, r.text
    return tid


def _state(client: TestClient, tid: int) -> dict[str, Any]:
    r = client.get(f"{API}/tournaments/{tid}")
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def _ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _ids(state: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["player_id"] for p in state["players"]}


def test_PKR_END_1_sixty_player_freezeout_over_the_api(org: TestClient, clock: FakeClock) -> None:
    """PKR-TBL-1, PKR-LATE-1, PKR-BAL-1, PKR-BRK-1, PKR-END-1: the issue's evening driven from a
    phone through the JSON API, the payouts right to the euro."""
    tid = _tournament(org, 60)
    _ok(
        org.put(
            f"{API}/tournaments/{tid}/options",
            json={
                "max_rebuys": 1,
                "rebuy_price": "90+10",
                "add_on_price": "50",
                "add_on_chips": 5000,
            },
        )
    )
    _ok(org.post(f"{API}/tournaments/{tid}/bookings", json={"name": "Ritardatario"}), 201)
    drawn = _ok(org.post(f"{API}/tournaments/{tid}/seat-draw"))
    assert len(drawn["seats"]) == 60
    _ok(org.post(f"{API}/tournaments/{tid}/clock/start"))
    clock.advance(minutes=20)
    late = _ok(org.post(f"{API}/tournaments/{tid}/entries", json={"name": "Ritardatario"}), 201)
    assert late["entry"]["kind"] == "late_entry"
    assert late["entry"]["chips"] == 9000
    assert late["announcements"]  # the rebalancing onto the new table, announced
    ids = _ids(late)
    _ok(org.post(f"{API}/tournaments/{tid}/rebuys", json={"player_id": ids["Giocatore 05"]}), 201)
    _ok(org.post(f"{API}/tournaments/{tid}/rebuys", json={"player_id": ids["Giocatore 06"]}), 201)
    state = _ok(
        org.post(f"{API}/tournaments/{tid}/add-ons", json={"player_id": ids["Giocatore 07"]}), 201
    )
    assert state["cash"]["prize_pool"] == 572_000
    assert state["clock"]["players_left"] == 61

    rng = random.Random(60)
    announced = 0
    while state["status"] != "finished":
        alive = [p["player_id"] for p in state["players"] if p["status"] == "in"]
        state = _ok(
            org.post(
                f"{API}/tournaments/{tid}/bust-outs",
                json={"players": [rng.choice(alive)], "version": state["version"]},
            ),
            201,
        )
        announced += len(state["moves_announced"])
        counts = [t["count"] for t in state["tables"] if not t["is_closed"]]
        assert max(counts) - min(counts) < 2  # PKR-BAL-1
    assert announced > 0
    assert [f["place"] for f in state["finishing"]] == list(range(1, 62))
    assert [p["cents"] for p in state["payouts"]] == [
        160200,
        100100,
        68700,
        54300,
        42900,
        34300,
        28600,
        22900,
        20000,
        20000,
        20000,
    ]


def test_PKR_POT_1_side_pot_tool_three_way_all_in_with_odd_chips(anon: TestClient) -> None:
    """PKR-POT-1: the tool settles the three-way all-in: the side pot first, then the main pot
    with its odd chip of 25 to the first seat left of the button (Carla, seat 7)."""
    body = {
        "button_seat": 6,
        "smallest_chip": 25,
        "players": [
            {"name": "Anna", "seat": 2, "chips": 1000, "rank": 1},
            {"name": "Bruno", "seat": 4, "chips": 2525, "rank": 1},
            {"name": "Carla", "seat": 7, "chips": 2525, "rank": 1},
            {"name": "Dario", "seat": 1, "chips": 100, "folded": True},
        ],
    }
    result = _ok(anon.post(f"{API}/tools/side-pots", json=body))
    side, main = result["pots"]
    assert (side["name"], side["amount"], side["odd_chips"]) == ("side pot 1", 3050, 0)
    assert (main["name"], main["amount"], main["odd_chips"]) == ("main pot", 3100, 1)
    assert main["shares"] == [["Carla", 1050], ["Anna", 1025], ["Bruno", 1025]]
    assert dict(map(tuple, result["totals"])) == {
        "Anna": 1025,
        "Bruno": 2550,
        "Carla": 2575,
        "Dario": 0,
    }
    # The tools page has the same example prefilled and settles it on request.
    page = anon.get("/poker/tools")
    assert page.status_code == 200
    assert 'value="Carla"' in page.text
    assert "3.100" in page.text
    assert "1.050" in page.text


def test_PKR_BET_1_and_PKR_RACE_1_tools(anon: TestClient) -> None:
    """PKR-BET-1 Example 1 (call 100, raise 300, reraise 500: next minimum 700) and PKR-RACE-1
    (nobody is eliminated by a race)."""
    bet = _ok(
        anon.post(
            f"{API}/tools/betting",
            json={
                "big_blind": 100,
                "blinds": "Anna 50, Bruno 100",
                "actions": "Carla 100\nDario 300\nElena 500",
            },
        )
    )
    assert [s["ruling"] for s in bet["steps"]] == ["call", "raise", "raise"]
    assert bet["min_raise_to"] == 700
    race = _ok(
        anon.post(
            f"{API}/tools/chip-race",
            json={
                "removed": 25,
                "replacement": 100,
                "players": "Anna 12350 2\nBruno 4025 1\nDario 50 2",
            },
        )
    )
    assert all(after > 0 for _, _, after in race["stacks_after"])
    colour = _ok(
        anon.post(
            f"{API}/tools/colour-up", json={"amount": 12350, "chip_values": [25, 100, 500, 1000]}
        )
    )
    assert colour["chips"] == [
        {"value": 1000, "count": 12},
        {"value": 100, "count": 3},
        {"value": 25, "count": 2},
    ]


def test_PKR_BTN_1_bad_structure_over_http(org: TestClient) -> None:
    """PKR-BTN-1: BB < SB and a structure without levels are problems naming the field."""
    tid = _tournament(org)
    before = _state(org, tid)["version"]
    r = org.put(
        f"{API}/tournaments/{tid}/structure",
        json={
            "steps": [
                {"small_blind": 25, "big_blind": 50, "minutes": 15},
                {"small_blind": 100, "big_blind": 75, "minutes": 15},
            ]
        },
    )
    is_problem(r, 422, "levels[2].big_blind")
    r = org.put(
        f"{API}/tournaments/{tid}/structure", json={"steps": [{"type": "break", "minutes": 5}]}
    )
    is_problem(r, 422, "levels")
    assert _state(org, tid)["version"] == before


def test_bad_floor_inputs_over_http(org: TestClient, clock: FakeClock) -> None:
    """Bust-out of a player not seated, two players in one seat, a payout table not adding to
    100%, chip counts not adding up, a late entry after level 3: each a problem, nothing changed."""
    tid = _tournament(org, 12)
    booked = _ok(org.post(f"{API}/tournaments/{tid}/bookings", json={"name": "Tardi"}), 201)
    _ok(org.post(f"{API}/tournaments/{tid}/seat-draw"))
    state = _ok(org.post(f"{API}/tournaments/{tid}/clock/start"))
    version = state["version"]
    is_problem(
        org.post(f"{API}/tournaments/{tid}/bust-outs", json={"players": [booked["player_id"]]}),
        409,
        "player",
    )
    first, second = state["tables"][0]["seats"][0], state["tables"][1]["seats"][0]
    is_problem(
        org.post(
            f"{API}/tournaments/{tid}/moves",
            json={"player_id": first["player_id"], "table": 2, "seat": second["seat"]},
        ),
        409,
        "seat",
    )
    is_problem(
        org.put(
            f"{API}/tournaments/{tid}/payouts",
            json={"rows": [{"max_entries": None, "percentages": ["60", "30"]}]},
        ),
        422,
        "payouts[1].percentages",
    )
    alive = [p["player_id"] for p in state["players"] if p["status"] == "in"]
    counts = {str(p): 10_000 for p in alive}
    counts[str(alive[0])] = 9_000
    is_problem(
        org.post(f"{API}/tournaments/{tid}/chip-counts", json={"counts": counts}),
        422,
        "chip_counts",
    )
    assert _state(org, tid)["version"] == version
    _ok(org.post(f"{API}/tournaments/{tid}/clock/jump", json={"level": 4}))
    r = org.post(f"{API}/tournaments/{tid}/entries", json={"name": "Tardi"})
    body = is_problem(r, 409, "level")
    assert "PKR-LATE-1" in body["reason"]
    stale = org.post(f"{API}/tournaments/{tid}/clock/pause", json={"version": version})
    is_problem(stale, 409, "version")


def test_writes_need_a_login_and_the_csrf_token(anon: TestClient, web_store: Store) -> None:
    r = anon.post(f"{API}/tournaments", json={"template": "tue", "held_on": TUESDAY})
    is_problem(r, 401, "session")


def _form_token(html: str) -> str:
    m = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert m
    return m.group(1)


def _version(html: str) -> str:
    m = re.search(r'name="version" value="(\d+)"', html)
    assert m
    return m.group(1)


def test_director_phone_tv_and_players_pages(anon: TestClient, clock: FakeClock) -> None:
    """The director runs the evening from the phone page: draw, clock, bust-out buttons per
    seat, the moves announced and undone; the TV and the players' page follow."""
    token = page_login(anon, "org")
    created = anon.post(
        "/poker/new", data={"template": "tue", "held_on": TUESDAY, "csrf_token": token, "seed": "5"}
    )
    assert created.status_code == 200, created.text
    url = str(created.url).replace("http://testserver", "")
    tid = int(url.split("/")[2])
    names = "\n".join(f"Giocatore {i:02d}" for i in range(1, 21))
    page = anon.post(
        f"{url}/roster",
        data={"csrf_token": token, "names": names, "version": _version(created.text)},
    )
    assert "20" in page.text
    page = anon.post(f"{url}/draw", data={"csrf_token": token, "version": _version(page.text)})
    assert 'class="pk-table"' in page.text
    page = anon.post(f"{url}/start", data={"csrf_token": token, "version": _version(page.text)})
    assert "Livello 1" in page.text  # Italian by default
    assert "15:00" in page.text
    clock.advance(minutes=4, seconds=30)
    page = anon.get(url)
    assert "10:30" in page.text
    # Bust two players of table 1 with the per-seat buttons: the second one triggers a move.
    for _ in range(2):
        seat_ids = re.findall(
            r'<div class="pk-table" id="table-1">.*?</ol>', page.text, flags=re.S
        )[0]
        pid = re.findall(r'name="player_id" value="(\d+)"', seat_ids)[0]
        page = anon.post(
            f"{url}/bust",
            data={"csrf_token": token, "version": _version(page.text), "player_id": pid},
        )
        assert page.status_code == 200
        assert 'class="alert error"' not in page.text, page.text
    assert "Tavolo 2 posto" in page.text
    assert "→ Tavolo 1 posto" in page.text
    page = anon.post(f"{url}/undo", data={"csrf_token": token, "version": _version(page.text)})
    assert "pk-move undone" in page.text
    # A stale form from a second phone: refused, shown, nothing changed.
    stale = anon.post(f"{url}/pause", data={"csrf_token": token, "version": "1"})
    assert stale.status_code == 200  # issue 26 item 3: on the GET page, not at the POST address
    assert str(stale.url).split("#")[0].endswith(url)
    assert "alert error" in stale.text

    tv = anon.get(f"/poker/{tid}/tv")
    assert tv.status_code == 200
    assert 'data-seconds-left="630"' in tv.text
    assert "Prossimo livello" in tv.text
    assert "50 / 100" in tv.text
    assert f'data-live="poker:{tid}"' in tv.text  # the TV follows live notices
    assert 'hx-trigger="live from:body, every ' in tv.text
    live = anon.get(f"/poker/{tid}/tv?fragment=live&lang=en")
    assert "Next level" in live.text
    assert "Level 1" in live.text
    players = anon.get(f"/poker/{tid}?name=giocatore 03")
    assert players.status_code == 200
    assert "pk-found-card" in players.text


def test_a_refused_form_shows_the_error_and_keeps_the_values(anon: TestClient) -> None:
    token = page_login(anon, "org")
    created = anon.post(
        "/poker/new", data={"template": "tue", "held_on": TUESDAY, "csrf_token": token}
    )
    url = str(created.url).replace("http://testserver", "")
    page = anon.post(
        f"{url}/structure",
        data={"csrf_token": token, "version": _version(created.text), "structure": "100 50 15"},
    )
    assert page.status_code == 200  # issue 26 item 3: redirected to the page, which shows it
    assert "livelli [1] · big blind:" in page.text  # the field, by its label (issue 15)
    assert "100 50 15" in page.text
    wrong_day = anon.post(
        "/poker/new", data={"template": "tue", "held_on": "2025-12-03", "csrf_token": token}
    )
    assert form_status(wrong_day) == 422  # refused, then shown on the poker page (PRG)
    assert "2025-12-03" in wrong_day.text  # what was typed, kept


def test_PKR_RACE_1_chip_race_tool_refuses_a_name_twice_and_an_odd_replacement(
    anon: TestClient,
) -> None:
    """PKR-RACE-1: a card goes to each player: "Anna" twice is two rows for one player, and a
    25 changed for a 110 is no colour-up. Both refused with the field named (422)."""
    twice = anon.post(
        f"{API}/tools/chip-race",
        json={"removed": 25, "replacement": 100, "players": "Anna 12350 3\nAnna 4025 1"},
    )
    assert twice.status_code == 422, twice.text
    assert twice.json()["field"] == "players[2]"
    odd = anon.post(
        f"{API}/tools/chip-race",
        json={"removed": 25, "replacement": 110, "players": "Anna 12350 3\nBruno 4025 1"},
    )
    assert odd.status_code == 422, odd.text
    assert odd.json()["field"] == "colour_up"


def test_PKR_POT_1_side_pot_tool_refuses_odd_stacks_and_a_name_twice(anon: TestClient) -> None:
    """PKR-POT-1: chips not a multiple of the smallest chip, and one name on two rows, are
    refused with the row named (the same class of mistake as the chip race's)."""
    players: list[dict[str, Any]] = [
        {"name": "Anna", "seat": 2, "chips": 1010, "rank": 1},
        {"name": "Bruno", "seat": 4, "chips": 2525, "rank": 1},
    ]
    body = {"button_seat": 6, "smallest_chip": 25, "players": players}
    odd = anon.post(f"{API}/tools/side-pots", json=body)
    assert odd.status_code == 422, odd.text
    assert odd.json()["field"] == "players[1].chips"
    players[0] = {"name": "Bruno", "seat": 2, "chips": 1000, "rank": 1}
    twice = anon.post(f"{API}/tools/side-pots", json=body)
    assert twice.status_code == 422, twice.text
    assert twice.json()["field"] == "players[2].name"
