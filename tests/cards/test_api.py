"""Every route of the JSON API through the ASGI app: reads are public, writes change the event."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from tests.support.web import PRESET, create_event, is_problem, open_tables, report_all

RESULTS = ["2-0", "2-1", "1-2", "0-2", "1-1-1"]


def test_openapi_schema_and_docs_are_served(anon: TestClient) -> None:
    schema = anon.get("/api/v1/openapi.json").json()
    paths = schema["paths"]
    for path in [
        "/api/v1/events",
        "/api/v1/events/{event_id}",
        "/api/v1/events/{event_id}/players",
        "/api/v1/events/{event_id}/roster",
        "/api/v1/events/{event_id}/start",
        "/api/v1/events/{event_id}/rounds",
        "/api/v1/events/{event_id}/rounds/{round_no}/tables/{table}/result",
        "/api/v1/events/{event_id}/players/{player_id}/drop",
        "/api/v1/events/{event_id}/top",
        "/api/v1/events/{event_id}/close",
        "/api/v1/events/{event_id}/standings",
        "/api/v1/events/{event_id}/pairings",
        "/api/v1/events/{event_id}/bracket",
        "/api/v1/events/{event_id}/results",
        "/api/v1/session",
    ]:
        assert path in paths, path
    assert "/login" not in paths  # HTML pages stay out of the API schema
    assert anon.get("/api/v1/docs").status_code == 200


def test_presets_list_the_card_game_presets(anon: TestClient) -> None:
    ids = [p["id"] for p in anon.get("/api/v1/presets").json()]
    assert PRESET in ids
    assert all(p["discipline"] == "card" for p in anon.get("/api/v1/presets").json())


def test_create_then_list_and_get_an_event(org: TestClient) -> None:
    r = org.post(
        "/api/v1/events",
        json={
            "name": "  Torneo   di Primavera ",
            "preset": PRESET,
            "held_on": "2012-03-10",
            "location": "Bologna",
            "is_major": True,
        },
    )
    assert r.status_code == 201
    event = r.json()
    event_id = event["summary"]["id"]
    assert r.headers["location"] == f"/api/v1/events/{event_id}"
    assert event["summary"]["name"] == "Torneo di Primavera"
    assert event["summary"]["status"] == "registration"
    assert event["summary"]["is_major"] is True
    assert event["best_of"] == 3
    assert "3-0" not in event["swiss_results"]
    listed = org.get("/api/v1/events").json()
    assert [e["id"] for e in listed] == [event_id]
    assert org.get("/api/v1/events", params={"status": "finished"}).json() == []
    assert org.get(f"/api/v1/events/{event_id}").json()["summary"]["location"] == "Bologna"
    is_problem(org.get("/api/v1/events/999"), 404, "event_id")


def test_register_one_and_a_paste_then_list_players(org: TestClient) -> None:
    event_id = create_event(org)
    one = org.post(
        f"/api/v1/events/{event_id}/players",
        json={"name": "Mario Rossi", "club": "Roma", "rating": 1500},
    )
    assert one.status_code == 201
    assert one.json()["player_id"] > 0
    paste = org.post(
        f"/api/v1/events/{event_id}/roster",
        json={"csv": "name,club,rating\nLuca Bianchi,Milano,1400\nAnna Verdi"},
    )
    assert paste.status_code == 201
    assert len(paste.json()["player_ids"]) == 2
    players = org.get(f"/api/v1/events/{event_id}/players").json()
    assert [p["name"] for p in players] == ["Anna Verdi", "Luca Bianchi", "Mario Rossi"]
    assert players[2]["club"] == "Roma"
    assert players[2]["rating"] == 1500


def test_INV_STRUCT_2_start_with_one_round_fewer_and_a_top_16(org: TestClient) -> None:
    """INV-STRUCT-2: with 25 players the organizer may play 4 rounds and a Top 16."""
    event_id = create_event(org, 25)
    event = org.get(f"/api/v1/events/{event_id}").json()
    assert event["plan"] == {"rounds": 5, "top": 8}
    assert event["short_plan"] == {"rounds": 4, "top": 16}
    r = org.post(f"/api/v1/events/{event_id}/start", json={"one_round_fewer": True})
    assert r.status_code == 200
    assert (r.json()["swiss_rounds"], r.json()["top_size"]) == (4, 16)
    assert r.json()["status"] == "running"


def test_pair_report_read_pairings_standings_and_drop(org: TestClient) -> None:
    event_id = create_event(org, 9)
    assert org.post(f"/api/v1/events/{event_id}/start", json={}).status_code == 200
    paired = org.post(f"/api/v1/events/{event_id}/rounds")
    assert paired.status_code == 201
    assert paired.json()["round"] == 1
    pairings = org.get(f"/api/v1/events/{event_id}/pairings").json()
    assert pairings["total"] == 5
    assert pairings["reported"] == 1
    assert len(pairings["by_name"]) == 9
    bye = next(line for line in pairings["lines"] if line["is_bye"])
    assert bye["b"] is None
    assert bye["winner_id"] == bye["a"]["player_id"]
    report_all(org, event_id, ["2-1"])
    after = org.get(f"/api/v1/events/{event_id}/rounds/1").json()
    assert after["reported"] == after["total"]
    table1 = after["lines"][0]
    mine = next(n for n in after["by_name"] if n["player_id"] == table1["b"]["player_id"])
    assert (table1["result"], mine["result"], mine["outcome"]) == ("2-1", "1-2", "loss")
    standings = org.get(f"/api/v1/events/{event_id}/standings").json()
    assert standings["after_round"] == 1
    assert [line["points"] for line in standings["lines"][:5]] == [3, 3, 3, 3, 3]
    omw = standings["lines"][0]["tiebreaks"][1]
    assert (omw["name"] == "omw" and "/" in omw["value"]) or omw["value"].isdigit()
    assert omw["percent"] is not None
    loser = table1["b"]["player_id"]
    dropped = org.post(f"/api/v1/events/{event_id}/players/{loser}/drop", json={"reason": "train"})
    assert dropped.status_code == 200
    players = org.get(f"/api/v1/events/{event_id}/players").json()
    assert next(p for p in players if p["id"] == loser)["dropped_after_round"] == 1
    assert org.post(f"/api/v1/events/{event_id}/rounds").status_code == 201
    round2 = org.get(f"/api/v1/events/{event_id}/pairings").json()
    assert loser not in {s["player_id"] for n in round2["lines"] for s in (n["a"], n["b"]) if s}
    is_problem(org.get(f"/api/v1/events/{event_id}/rounds/7"), 404, "round")


def test_correction_by_a_judge_needs_a_reason(org: TestClient) -> None:
    event_id = create_event(org, 8)
    org.post(f"/api/v1/events/{event_id}/start")
    org.post(f"/api/v1/events/{event_id}/rounds")
    round_no, tables = open_tables(org, event_id)
    url = f"/api/v1/events/{event_id}/rounds/{round_no}/tables/{tables[0]}/result"
    org.post(url, json={"result": "2-0"})
    is_problem(org.post(url, json={"result": "0-2", "correction": True}), 422, "reason")
    fixed = org.post(url, json={"result": "0-2", "correction": True, "reason": "slip swapped"})
    assert fixed.status_code == 200
    assert org.get(f"/api/v1/events/{event_id}/pairings").json()["lines"][0]["result"] == "0-2"


def test_void_an_event_with_a_reason(org: TestClient) -> None:
    event_id = create_event(org, 4)
    is_problem(org.post(f"/api/v1/events/{event_id}/void", json={"reason": " "}), 422, "reason")
    r = org.post(f"/api/v1/events/{event_id}/void", json={"reason": "announced too late"})
    assert r.status_code == 200
    assert r.json()["status"] == "void"
    assert org.get(f"/api/v1/events/{event_id}").json()["void_reason"] == "announced too late"


def test_INV_STRUCT_4_top_4_bracket_third_place_and_results(org: TestClient) -> None:
    """INV-STRUCT-4: the losing semifinalists play for 3rd place; the bracket shows it all,
    with INV-TOP-2's die rule on the first Top round's matches only."""
    rng = random.Random(5)
    event_id = create_event(org, 8)
    org.post(f"/api/v1/events/{event_id}/start")
    is_problem(org.get(f"/api/v1/events/{event_id}/bracket"), 404, "bracket")
    is_problem(org.get(f"/api/v1/events/{event_id}/results"), 404, "event")
    for _ in range(3):
        assert org.post(f"/api/v1/events/{event_id}/rounds").status_code == 201
        report_all(org, event_id, rng.sample(RESULTS, len(RESULTS)))
    top = org.post(f"/api/v1/events/{event_id}/top")
    assert top.status_code == 201
    assert top.json()["round"] == 4
    bracket = org.get(f"/api/v1/events/{event_id}/bracket").json()
    assert bracket["top_size"] == 4
    assert [r["players"] for r in bracket["rounds"]] == [4, 2]
    seeds = [s["seed"] for m in bracket["rounds"][0]["matches"] for s in (m["a"], m["b"])]
    assert sorted(seeds) == [1, 2, 3, 4]
    # INV-TOP-2: the die rule, for the first Top round only: the better seed chooses.
    assert [m["chooses_to_start"] for m in bracket["rounds"][0]["matches"]] == [
        m["a"] for m in bracket["rounds"][0]["matches"]
    ]
    report_all(org, event_id, ["2-0", "1-2"])
    assert org.post(f"/api/v1/events/{event_id}/rounds").status_code == 201
    report_all(org, event_id, ["2-1", "0-2"])
    bracket = org.get(f"/api/v1/events/{event_id}/bracket").json()
    assert bracket["rounds"][1]["matches"][0]["chooses_to_start"] is None
    assert bracket["third_place"]["chooses_to_start"] is None
    assert bracket["third_place"] is not None
    assert bracket["third_place"]["result"]
    assert bracket["champion"] is not None
    closed = org.post(f"/api/v1/events/{event_id}/close")
    assert closed.status_code == 200
    assert closed.json()["status"] == "finished"
    final = org.get(f"/api/v1/events/{event_id}/results").json()
    assert final["field_size"] == 8
    assert final["has_points"]
    assert [line["place"] for line in final["lines"]] == list(range(1, 9))
    assert final["lines"][0]["player_id"] == bracket["champion"]["player_id"]
    assert final["lines"][0]["topcut_wins"] == 2
