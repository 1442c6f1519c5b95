"""An online card-game event in pods end to end through the JSON API (BER-POD-1..3, BER-PAIR-1,
BER-TOP-2, BER-FMT-*, BER-RES-1): 30 players are 4 pods of 3 rounds with a cross-pod Top 8."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.support.web import create_event, is_problem, open_tables, report_all

BERSERK = "berserk-online"


def test_BER_POD_1_a_30_player_draft_event_end_to_end(org: TestClient) -> None:
    """BER-POD-1/3, BER-PAIR-1, BER-TOP-2: 30 players → 4 pods, 3 rounds each, Top 8 across
    the pods; every pairing, standing, bracket line and player names its pod."""
    event_id = create_event(org, 30, preset=BERSERK, format="draft_standard")
    event = org.get(f"/api/v1/events/{event_id}").json()
    assert (event["summary"]["format"], event["summary"]["ladder"]) == (
        "draft_standard",
        "professional",
    )
    r = org.post(f"/api/v1/events/{event_id}/start", json={})
    assert r.status_code == 200, r.text
    assert (r.json()["swiss_rounds"], r.json()["top_size"]) == (3, 8)
    pods = org.get(f"/api/v1/events/{event_id}/pods").json()
    assert [p["number"] for p in pods] == [1, 2, 3, 4]
    assert sorted(p["size"] for p in pods) == [7, 7, 8, 8]
    assert {p["rounds"] for p in pods} == {3}
    pod_of = {s["player_id"]: p["number"] for p in pods for s in p["players"]}
    players = org.get(f"/api/v1/events/{event_id}/players").json()
    assert all(p["pod"] == pod_of[p["id"]] for p in players)
    for _ in range(3):
        assert org.post(f"/api/v1/events/{event_id}/rounds", json={}).status_code == 201
        pairing = org.get(f"/api/v1/events/{event_id}/pairings").json()
        for line in pairing["lines"]:
            assert line["a"]["pod"] == pod_of[line["a"]["player_id"]]
            if line["b"] is None:
                assert line["result_kind"] == "auto_win"  # BER-BYE-1
            else:
                assert line["b"]["pod"] == line["a"]["pod"]  # BER-PAIR-1 inside the pod
        report_all(org, event_id, ["1-0", "0-1", "0-0-1", "1-0 concession"])
    standings = org.get(f"/api/v1/events/{event_id}/standings").json()
    assert [p["pod"] for p in standings["pods"]] == [1, 2, 3, 4]
    assert all(line["pod"] == pod_of[line["player_id"]] for line in standings["lines"])
    # BER-RES-1: played draws are draws in the standings (20 points), concessions wins
    assert any(line["draws"] for line in standings["lines"])
    r = org.post(f"/api/v1/events/{event_id}/top", json={})
    assert r.status_code == 201, r.text
    bracket = org.get(f"/api/v1/events/{event_id}/bracket").json()
    assert bracket["top_size"] == 8
    first = bracket["rounds"][0]["matches"]
    best = {
        pod["pod"]: [line["player_id"] for line in pod["lines"][:2]] for pod in standings["pods"]
    }
    assert [(m["a"]["player_id"], m["b"]["player_id"]) for m in first] == [
        (best[1][0], best[4][1]),
        (best[2][0], best[3][1]),
        (best[4][0], best[1][1]),
        (best[3][0], best[2][1]),
    ]
    assert all(m["a"]["pod"] != m["b"]["pod"] for m in first)
    for _ in range(2):
        report_all(org, event_id, ["1-0", "0-1"])
        assert org.post(f"/api/v1/events/{event_id}/rounds", json={}).status_code == 201
    report_all(org, event_id, ["1-0"])
    r = org.post(f"/api/v1/events/{event_id}/close", json={})
    assert r.status_code == 200, r.text
    results = org.get(f"/api/v1/events/{event_id}/results").json()
    assert len(results["lines"]) == 30


def test_BER_POD_2_the_judge_seats_by_hand_through_the_api(org: TestClient) -> None:
    event_id = create_event(org, 8, preset=BERSERK)
    ids = sorted(p["id"] for p in org.get(f"/api/v1/events/{event_id}/players").json())
    r = org.post(f"/api/v1/events/{event_id}/pods", json={"pods": [ids[:4], ids[4:]]})
    assert r.status_code == 200, r.text
    assert [[s["player_id"] for s in p["players"]] for p in r.json()] == [ids[:4], ids[4:]]
    bad = org.post(f"/api/v1/events/{event_id}/pods", json={"pods": [ids[:5], ids[5:]]})
    body = is_problem(bad, 422, "pods")
    assert "5, 3" in body["detail"]
    r = org.post(f"/api/v1/events/{event_id}/start", json={})
    assert (r.json()["swiss_rounds"], r.json()["top_size"]) == (2, 4)


def test_BER_FMT_three_players_are_refused_at_the_start(org: TestClient) -> None:
    event_id = create_event(org, 3, preset=BERSERK, format="sealed_starter")
    r = org.post(f"/api/v1/events/{event_id}/start", json={})
    body = is_problem(r, 409, "players")
    assert "a sealed_starter event needs at least 4" in body["detail"]


def test_BER_RES_1_a_best_of_one_result_refused_lists_the_accepted_forms(org: TestClient) -> None:
    event_id = create_event(org, 4, preset=BERSERK)
    org.post(f"/api/v1/events/{event_id}/start", json={})
    org.post(f"/api/v1/events/{event_id}/rounds", json={})
    round_no, tables = open_tables(org, event_id)
    r = org.post(
        f"/api/v1/events/{event_id}/rounds/{round_no}/tables/{tables[0]}/result",
        json={"result": "2-0"},
    )
    body = is_problem(r, 422, "result")
    assert "1-0 or 0-1 (a win), 0-0-1 (a played draw), ID (an intentional draw)" in body["detail"]
    assert "1-1-1" not in body["detail"]
