"""The RisiKo! JSON API: a 40-player club night end to end, and every bad input of issue 7 as a
problem+json naming the field, with nothing changed."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.support.risiko import REGULATION, invented_seats, roster
from tests.support.web import api_login, is_problem, make_client
from torneo.core.policy import Actor
from torneo.platform.store.uow import Store
from torneo.risiko.staff.commands import STAFF

API = "/api/v1/risiko"


def _create(client: TestClient, players: int = 0, **rules: Any) -> int:
    body = {"name": "Serata RisiKo!", "held_on": "2026-11-27", "seed": 7, "season": "2026"}
    body.update(rules)
    r = client.post(f"{API}/tournaments", json=body)
    assert r.status_code == 201, r.text
    tid: int = r.json()["summary"]["id"]
    if players:
        r = client.post(f"{API}/tournaments/{tid}/roster", json={"csv": roster(players)})
        assert r.status_code == 201, r.text
    r = client.put(f"{API}/tournaments/{tid}/regulation", json={**REGULATION, "publish": True})
    assert r.status_code == 200, r.text
    return tid


def _draw(client: TestClient, tid: int, method: str | None = None) -> dict[str, Any]:
    r = client.post(f"{API}/tournaments/{tid}/rounds", json={"method": method})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def _seats_of(line: dict[str, Any]) -> list[int]:
    return [s["person"]["player_id"] for s in line["seats"]]


def _play(
    client: TestClient, tid: int, rnd: dict[str, Any], rng: random.Random, skip: int = 0
) -> None:
    for line in rnd["tables"][skip:]:
        seats = invented_seats(_seats_of(line), rng)
        url = f"{API}/tournaments/{tid}/rounds/{rnd['number']}/tables/{line['number']}/result"
        r = client.put(url, json={"seats": seats})
        assert r.status_code == 200, r.text


def _version(client: TestClient, tid: int) -> int:
    v: int = client.get(f"{API}/tournaments/{tid}").json()["summary"]["version"]
    return v


@pytest.mark.parametrize("formula", ["spartac", "bonus-50"])
def test_RSK_PTS_2_club_night_of_40_through_the_api(
    org: TestClient, anon: TestClient, formula: str
) -> None:
    """RSK-PTS-2 / RSK-TBL-2 / RSK-ROLL-1: draws, results, a console at a table, semifinals by
    bands, a final table, the standings and the final ranking as the formula says."""
    rng = random.Random(2026)
    tid = _create(org, 40, formula=formula)
    first = _draw(org, tid)
    assert [len(t["seats"]) for t in first["tables"]] == [4] * 10
    _play(org, tid, first, rng)
    second = _draw(org, tid)
    assert second["criteria"]["repeat_opponents"] == 0
    # Table 1 on the console: RSK-ARMY-EX1, then the end-of-game roll.
    console = f"{API}/tournaments/{tid}/rounds/2/tables/1/console"
    a, b, c, d = _seats_of(second["tables"][0])
    r = org.post(
        console,
        json={
            "kind": "army",
            "player": b,
            "case": "board",
            "on_board": 134,
            "found_by": "opponent",
        },
    )
    assert r.status_code == 200, r.text
    ruling = r.json()["army"][-1]
    assert (ruling["remove"], ruling["cap"]) == (8, 126)
    version = r.json()["version"]
    for kind in ["time_over"] + ["end_turn"] * 8:
        r = org.post(console, json={"kind": kind, "version": version})
        assert r.status_code == 200, r.text
        version = r.json()["version"]
    state = anon.get(console).json()  # what a second phone reads
    assert state["pending"][0]["roller"]["player_id"] == d
    assert state["pending"][0]["threshold"] == 4
    bad = org.post(console, json={"kind": "roll", "total": 13, "version": version})
    is_problem(bad, 422, "total")
    assert anon.get(console).json()["version"] == version
    r = org.post(console, json={"kind": "roll", "total": 4, "version": version})
    assert r.json()["ended"] == "roll"
    assert r.json()["rolls"][-1]["total"] == 4
    seats = [
        {"player": p, "table_points": pts}
        for p, pts in zip((a, b, c, d), (42, 33, 20, 10), strict=True)
    ]
    r = org.put(f"{API}/tournaments/{tid}/rounds/2/tables/1/result", json={"seats": seats})
    assert r.status_code == 200, r.text
    points = {s["person"]["player_id"]: Fraction(s["points"]) for s in r.json()["seats"]}
    if formula == "spartac":  # RSK-PTS-EX1
        assert (points[a], points[b]) == (Fraction(142), Fraction(91))
    else:
        assert (points[a], points[b]) == (Fraction(92), Fraction(33))
    _play(org, tid, second, rng, skip=1)

    standing = anon.get(f"{API}/tournaments/{tid}/standings").json()
    totals = [Fraction(s["total"]) for s in standing["standings"]]
    assert totals == sorted(totals, reverse=True)
    assert len(totals) == 40
    semis = _draw(org, tid)
    ranking = [s["person"]["player_id"] for s in standing["standings"]]
    for line in semis["tables"]:
        assert sorted(ranking.index(p) // 4 for p in _seats_of(line)) == [0, 1, 2, 3]
    _play(org, tid, semis, rng)
    final = _draw(org, tid)
    assert final["stage"] == "final"
    assert len(final["tables"]) == 1
    _play(org, tid, final, rng)
    r = org.post(f"{API}/tournaments/{tid}/close", json={})
    assert r.status_code == 200, r.text
    page = anon.get(f"{API}/tournaments/{tid}").json()
    assert page["summary"]["status"] == "finished"
    places = page["final"]
    assert [p["position"] for p in places] == list(range(1, 41))
    winner = next(s for s in page["rounds"][-1]["tables"][0]["seats"] if s["won"])
    assert places[0]["person"]["player_id"] == winner["person"]["player_id"]
    season = anon.get(f"{API}/seasons/2026").json()
    assert season["lines"][0]["person"]["player_id"] == winner["person"]["player_id"]
    assert Fraction(season["lines"][0]["total"]) == 40  # 40 players, first place, class ×1


@pytest.fixture
def running(org: TestClient) -> tuple[int, list[list[int]]]:
    tid = _create(org, 12, sole_winner=True)
    rnd = _draw(org, tid)
    return tid, [_seats_of(t) for t in rnd["tables"]]


def _put(
    client: TestClient, tid: int, table: int, seats: list[dict[str, Any]], **extra: Any
) -> Any:
    return client.put(
        f"{API}/tournaments/{tid}/rounds/1/tables/{table}/result", json={"seats": seats, **extra}
    )


def _row(players: list[int], points: list[int]) -> list[dict[str, Any]]:
    return [{"player": p, "table_points": x} for p, x in zip(players, points, strict=True)]


def test_bad_results_are_problems_and_change_nothing(
    org: TestClient, running: tuple[int, list[list[int]]]
) -> None:
    """RSK-PTS-1 / RSK-TBL-1: each bad input names its field; the tournament is unchanged."""
    tid, tables = running
    t1, t2 = tables[0], tables[1]
    gap = [
        *_row(t1[:2], [50, 30]),
        {"player": t1[2], "status": "eliminated", "eliminated": 1},
        {"player": t1[3], "status": "eliminated", "eliminated": 3},
    ]
    cases: list[tuple[list[dict[str, Any]], dict[str, Any], str]] = [
        (_row(t1, [87, 30, 20, 10]), {}, "table_points"),  # above the objective's maximum
        (_row(t1, [40, 40, 20, 10]), {"winners": t1[:2]}, "winners"),  # sole winner forced
        (gap, {}, "eliminated"),  # elimination order with gaps
        (_row([*t1[:3], t2[0]], [40, 30, 20, 10]), {}, "players"),  # a player of table 2
        (_row([*t1, *t2[:2]], [40, 30, 20, 10, 5, 1]), {}, "seats"),  # 6 players at a table
    ]
    before = _version(org, tid)
    for seats, extra, field in cases:
        body = is_problem(_put(org, tid, 1, seats, **extra), 422, field)
        assert body["accepted"]
    assert _version(org, tid) == before
    page = org.get(f"{API}/tournaments/{tid}").json()
    assert not any(t["has_result"] for t in page["rounds"][0]["tables"])


def test_writes_need_a_login_and_the_right_role(
    anon: TestClient, web_store: Store, running: tuple[int, list[list[int]]]
) -> None:
    tid, tables = running
    r = anon.post(f"{API}/tournaments", json={"name": "X", "held_on": "2026-11-27"})
    assert r.status_code == 401
    with make_client(web_store) as judge:
        api_login(judge, "judge")
        is_problem(judge.post(f"{API}/tournaments/{tid}/rounds", json={}), 403, "actor")
        # Issue 12: a referee of the club acts only once appointed to this tournament.
        is_problem(_put(judge, tid, 1, _row(tables[0], [40, 30, 20, 10])), 403, "referee")
        STAFF.appoint(web_store, Actor.system(), tid, "judge")
        r = _put(judge, tid, 1, _row(tables[0], [40, 30, 20, 10]))
        assert r.status_code == 200, r.text  # a referee enters results


def test_RSK_REG_1_publishing_without_a_part_is_a_problem(org: TestClient) -> None:
    """RSK-REG-1: a missing part names itself; the regulation stays unpublished."""
    r = org.post(f"{API}/tournaments", json={"name": "X", "held_on": "2026-11-27"})
    tid = r.json()["summary"]["id"]
    body = {**REGULATION, "sanctions": "", "publish": True}
    problem = is_problem(
        org.put(f"{API}/tournaments/{tid}/regulation", json=body), 422, "regulation.sanctions"
    )
    assert "RSK-REG-1" in problem["reason"]
    page = org.get(f"{API}/tournaments/{tid}").json()
    assert page["summary"]["regulation_published"] is False
    is_problem(org.post(f"{API}/tournaments/{tid}/rounds", json={}), 409, "regulation")


def test_RSK_TBL_2_swap_preview_then_confirm(org: TestClient, anon: TestClient) -> None:
    """RSK-TBL-2: the preview shows the criteria before and after; the swap is recorded."""
    tid = _create(org, 8)
    rnd = _draw(org, tid)
    a, b = _seats_of(rnd["tables"][0])[0], _seats_of(rnd["tables"][1])[0]
    before = _version(org, tid)
    preview = anon.get(f"{API}/tournaments/{tid}/rounds/1/swap", params={"a": a, "b": b}).json()
    assert preview["before"]["repeat_opponents"] == 0
    assert preview["table_a"] == 1
    assert _version(org, tid) == before
    r = org.post(f"{API}/tournaments/{tid}/rounds/1/swap", json={"a": a, "b": b, "version": before})
    assert r.status_code == 200, r.text
    page = org.get(f"{API}/tournaments/{tid}").json()
    assert a in _seats_of(page["rounds"][0]["tables"][1])
    is_problem(
        org.post(
            f"{API}/tournaments/{tid}/rounds/1/swap", json={"a": a, "b": b, "version": before}
        ),
        409,
        "version",
    )
    is_problem(
        org.post(f"{API}/tournaments/{tid}/rounds/1/swap", json={"a": a, "b": a}), 422, "players"
    )
