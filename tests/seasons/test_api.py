"""The JSON API of seasons, calendars, ladders and explanations (issue 5, issue 3 item 6):
problem+json with every wrong row (``issues``) or every broken rule (``breaches``)."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi.testclient import TestClient

from tests.seasons.test_commands import PRESET, csv_text, field_rows, rank_example_csv
from tests.support.seasons import play_event
from tests.support.web import is_problem
from torneo.platform.store.uow import Actor, Store

ORG = Actor("org", frozenset({(1, "organizer")}))


def _season(org: TestClient, **body: object) -> int:
    r = org.post("/api/v1/seasons", json={"name": "Stagione", "preset": PRESET, **body})
    assert r.status_code == 201, r.text
    season_id: int = r.json()["id"]
    assert r.headers["location"] == f"/api/v1/seasons/{season_id}"
    return season_id


def test_INV_RANK_EX1_through_the_api(org: TestClient, anon: TestClient) -> None:
    """INV-RANK-EX1: import, then the standings with the regulation's column names."""
    season_id = _season(org, cut_size=4)
    r = org.post(f"/api/v1/seasons/{season_id}/import", json={"csv": rank_example_csv()})
    assert r.status_code == 200, r.text
    assert (r.json()["tournaments"], r.json()["results"]) == (5, 60)
    rows = anon.get(f"/api/v1/seasons/{season_id}/standings").json()
    assert [(x["player"], x["points"], x["rank"]) for x in rows[:6]] == [
        ("Tizio", 71, 1),
        ("Caio", 65, 2),
        ("Sempronio", 54, 3),
        ("Platone", 54, 3),
        ("Aristotele", 42, 4),
        ("Ulisse", 42, 4),
    ]
    assert {"rank", "player", "points", "W", "S", "MW", "MP", "T", "qualified"} <= set(rows[0])
    assert [x["qualified"] for x in rows[:5]] == [True, True, True, True, False]
    player = anon.get(f"/api/v1/seasons/{season_id}/players/{rows[0]['player_id']}").json()
    assert player["standing"]["points"] == 71
    assert sum(h["points"] for h in player["history"]) == 71
    assert player["history"][0]["parts"][0]["label"] == "Swiss"
    listed = anon.get("/api/v1/seasons").json()
    assert listed[0]["tournaments"] == 5


def test_a_wrong_csv_lists_every_issue(org: TestClient) -> None:
    """Issue 5 item 6: 422 with ``issues``: row, column, reason, accepted; nothing imported."""
    season_id = _season(org)
    rows = field_rows("Uno", "2012-01-14", "A", players=6)
    rows[0] = rows[0].replace(",0,", ",99,", 1)  # Swiss points impossible in 3 rounds
    rows.append(rows[1])  # the same player twice in one tournament
    r = org.post(f"/api/v1/seasons/{season_id}/import", json={"csv": csv_text(rows)})
    body = is_problem(r, 422, "file")
    assert [(i["row"], i["column"]) for i in body["issues"]] == [
        (2, "swiss_points"),
        (8, "player"),
        (8, "place"),
    ]
    assert body["issues"][0]["accepted"].startswith("0..9")
    assert org.get(f"/api/v1/seasons/{season_id}").json()["tournaments"] == []


def test_INV_LEGAL_8_void_breaches_in_the_season_json(org: TestClient, anon: TestClient) -> None:
    season_id = _season(org)
    rows = field_rows("Piccolo", "2012-01-07", "Negozio C", players=5)
    r = org.post(f"/api/v1/seasons/{season_id}/import", json={"csv": csv_text(rows)})
    assert r.json()["void"] == [
        {
            "tournament": "Piccolo",
            "breaches": [
                {"rule": "INV-LEGAL-2", "sentence": "5 players took part; at least 6 required"}
            ],
        }
    ]
    data = anon.get(f"/api/v1/seasons/{season_id}").json()
    assert data["tournaments"][0]["void"] is True
    assert data["tournaments"][0]["breaches"][0]["rule"] == "INV-LEGAL-2"


def test_announcements_list_every_breach(org: TestClient, web_store: Store) -> None:
    """INV-LEGAL-1/3: a check answers the breaches; an announcement with breaches is 422."""
    season_id = _season(org)
    web_store.clock = lambda: datetime(2012, 2, 1, 10, tzinfo=UTC)
    body = {"name": "Lampo", "store": "La Tana", "held_on": "2012-02-10"}
    check = org.post(f"/api/v1/seasons/{season_id}/announcements/check", json=body).json()
    assert check["legal"] is False
    assert [b["rule"] for b in check["breaches"]] == ["INV-LEGAL-1", "INV-LEGAL-3"]
    refused = is_problem(
        org.post(f"/api/v1/seasons/{season_id}/announcements", json=body), 422, "tournament"
    )
    assert refused["breaches"] == check["breaches"]
    good = {**body, "held_on": "2012-02-22", "judge": "Mario Verdi"}
    r = org.post(f"/api/v1/seasons/{season_id}/announcements", json=good)
    assert r.status_code == 201, r.text
    cal = org.get(f"/api/v1/seasons/{season_id}/calendar", params={"store": "La Tana"}).json()
    assert [a["tournament"] for a in cal["announced"]] == ["Lampo"]
    assert "2012-02-22" not in cal["bookable_days"]
    assert "2012-03-06" not in cal["bookable_days"]  # 13 days from the 22nd (INV-LEGAL-6)
    assert "2012-03-07" in cal["bookable_days"]  # two weeks: allowed
    bad = org.post(
        f"/api/v1/seasons/{season_id}/announcements", json={**good, "held_on": "2012-02-30"}
    )
    is_problem(bad, 422, "held_on")


def test_writes_need_a_session_and_a_csrf_token(anon: TestClient, org: TestClient) -> None:
    season_id = _season(org)
    r = anon.post(f"/api/v1/seasons/{season_id}/import", json={"csv": rank_example_csv()})
    is_problem(r, 401, "session")
    del org.headers["X-CSRF-Token"]
    is_problem(org.post("/api/v1/seasons", json={"name": "X", "preset": PRESET}), 403, "csrf_token")
    is_problem(anon.get("/api/v1/seasons/999"), 404, "season")


def test_ladders_and_explanations(org: TestClient, anon: TestClient, web_store: Store) -> None:
    """Issue 5 item 5 and issue 3 item 6 through the API."""
    event_id = play_event(web_store, ORG, players=8, seed=5)
    r = org.post("/api/v1/ladders", json={"name": "Rating", "preset": PRESET, "source": "matches"})
    assert r.status_code == 201, r.text
    ladder = anon.get(f"/api/v1/ladders/{r.json()['id']}").json()
    assert ladder["rating"] == "Glicko-2"
    assert len(ladder["rows"]) == 8
    assert ladder["rows"][0]["rating"] > 1500
    again = org.post(f"/api/v1/ladders/{r.json()['id']}/recompute").json()
    assert again["players"] == 8
    bad = org.post("/api/v1/ladders", json={"name": "R2", "preset": PRESET, "source": "dice"})
    is_problem(bad, 422, "source")
    why = anon.get(f"/api/v1/events/{event_id}/rounds/1/explanations").json()
    assert len(why["pairs"]) == 4
    assert all(p["explanation"] and "#" not in p["explanation"] for p in why["pairs"])
