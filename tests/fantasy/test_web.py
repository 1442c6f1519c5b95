"""The fantasy league through HTTP: the API and the pages (issue 18), the main flow of a
manager (roster, lineup before the deadline, the score explained) and of the administrator
(the vote file), the standings page updating through live notices."""

from __future__ import annotations

import base64
import random
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.fantasy.conftest import League, build_league
from tests.support.web import api_login, form_token, make_client, page_login
from torneo.fantasy import views_team
from torneo.fantasy.rules import samples
from torneo.platform.store.uow import Store


@pytest.fixture
def world(web_store: Store, clock: FakeClock) -> League:
    return build_league(web_store, teams=3)


@pytest.fixture
def manager(web_store: Store, world: League) -> Iterator[TestClient]:
    with make_client(web_store) as client:
        page_login(client, "mister0")
        yield client


def _lineup(store: Store, league: League, i: int) -> tuple[list[int], list[int]]:
    page = views_team.team_page(store, league.id, league.teams[i])
    return samples.pick_lineup([(p.id, p.role) for p in page.roster], random.Random(i))


def test_public_pages_and_the_home_link(anon: TestClient, world: League) -> None:
    assert 'href="/fantasy"' in anon.get("/").text
    assert anon.get("/fantasy").status_code == 200
    r = anon.get(f"/fantasy/{world.id}")
    assert r.status_code == 200
    assert f'data-live="fantasy:{world.id}"' in r.text
    assert "Squadra 0" in r.text
    assert anon.get(f"/fantasy/{world.id}/teams/{world.teams[0]}").status_code == 200
    assert anon.get(f"/fantasy/{world.id}/matchdays/1").status_code == 200
    assert anon.get(f"/fantasy/{world.id}/matchdays/99").status_code == 404
    assert anon.get(f"/live/fantasy:{world.id + 100}").status_code == 404


def test_a_manager_submits_a_lineup_and_sees_the_score_explained(
    web_store: Store, world: League, manager: TestClient, org: TestClient, clock: FakeClock
) -> None:
    starters, bench = _lineup(web_store, world, 0)
    team = f"/fantasy/{world.id}/teams/{world.teams[0]}"
    page = manager.get(f"{team}/lineup")
    assert "Save the lineup" in page.text or "Salva la formazione" in page.text
    data = {"csrf_token": form_token(page.text), "matchday": "1", "save": "1"}
    r = manager.post(
        f"{team}/lineup", data={**data, "s": starters, "b": bench}, follow_redirects=False
    )
    assert r.status_code == 303, r.text
    assert views_team.team_page(web_store, world.id, world.teams[0]).starters == tuple(starters)
    # another manager's page offers no lineup, and its pitch is not for him
    other = f"/fantasy/{world.id}/teams/{world.teams[1]}"
    assert 'id="set-lineup"' not in manager.get(other).text
    assert manager.get(f"{other}/lineup").status_code == 403
    clock.advance(days=6)
    late = manager.post(
        f"{team}/lineup", data={**data, "s": starters, "b": bench}, follow_redirects=False
    )
    assert late.status_code == 303
    assert late.headers["X-Torneo-Refused"] == "409"
    assert "FAN-LINEUP-1" in manager.get(late.headers["location"]).text
    rows = samples.vote_rows(world.season, 1, seed=1)
    votes = {"file": base64.b64encode(samples.rows_xlsx(rows)).decode(), "official": True}
    r = org.post(f"/api/v1/fantasy/leagues/{world.id}/matchdays/1/votes", json=votes)
    assert r.status_code == 200, r.text
    assert r.json()["counts"]["teams"] == 3
    score = manager.get(f"{team}/matchdays/1")
    assert score.status_code == 200
    assert "Defence modifier" in score.text or "Modificatore della difesa" in score.text
    api = manager.get(f"/api/v1/fantasy/leagues/{world.id}/teams/{world.teams[0]}/scores/1")
    body = api.json()
    assert body["eligible"] is True
    assert len([line for line in body["lines"] if line["counted"]]) <= 11
    standings = manager.get(f"/api/v1/fantasy/leagues/{world.id}").json()["standings"]
    assert [s["team_id"] for s in standings if s["team_id"] == world.teams[0]]


def test_api_bad_vote_file_lists_every_row_and_changes_nothing(
    org: TestClient, world: League, clock: FakeClock
) -> None:
    rows = samples.vote_rows(world.season, 1, seed=1)
    rows[4][3] = "11"
    rows[5][1] = "X"
    body = {"file": base64.b64encode(samples.rows_csv(rows)).decode()}
    r = org.post(f"/api/v1/fantasy/leagues/{world.id}/matchdays/1/votes", json=body)
    assert r.status_code == 422
    problem = r.json()
    assert problem["field"] == "file" if "field" in problem else True
    text = r.text
    assert "line 5: vote '11'" in text
    assert "line 6: role 'X'" in text
    assert org.get(f"/api/v1/fantasy/leagues/{world.id}").json()["stage_winners"] == {}


def test_api_create_league_roster_and_transfer(
    web_store: Store, org: TestClient, clock: FakeClock
) -> None:
    r = org.post(
        "/api/v1/fantasy/leagues",
        json={"name": "Lega API", "season": "2026-27", "rules": {"budget": 300}},
    )
    assert r.status_code == 201, r.text
    lid = r.json()["id"]
    assert r.json()["rules"]["budget"] == 300
    season = samples.season(seed=2, first=clock.now.replace(year=clock.now.year + 1))
    assert (
        org.post(
            f"/api/v1/fantasy/leagues/{lid}/fixtures", json={"csv": samples.fixtures_csv(season)}
        ).status_code
        == 200
    )
    assert (
        org.post(
            f"/api/v1/fantasy/leagues/{lid}/prices",
            json={"csv": samples.prices_csv(season.players)},
        ).status_code
        == 200
    )
    r = org.post(f"/api/v1/fantasy/leagues/{lid}/teams", json={"name": "Mia", "manager": "judge"})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    codes = samples.pick_roster(season.players, random.Random(1))
    with make_client(web_store) as judge:
        api_login(judge, "judge")
        r = judge.put(f"/api/v1/fantasy/leagues/{lid}/teams/{tid}/roster", json={"codes": codes})
        assert r.status_code == 200, r.text
        roles = {p.code: p.role for p in season.players}
        sell = codes[0]
        buy = next(p.code for p in season.players if p.role != roles[sell])
        r = judge.post(
            f"/api/v1/fantasy/leagues/{lid}/teams/{tid}/transfers", json={"sell": sell, "buy": buy}
        )
        assert r.status_code == 422
        assert "a player of the same role" in r.text
    bad = org.post(
        "/api/v1/fantasy/leagues", json={"name": "X", "season": "1", "rules": {"budget": -1}}
    )
    assert bad.status_code == 422
    assert "budget" in bad.text


def test_manage_page_imports_a_file(
    org: TestClient, world: League, web_store: Store, clock: FakeClock
) -> None:
    clock.advance(days=6)  # matchday 1's lineups are due (issue 28 item 11)
    page = org.get(f"/fantasy/{world.id}/manage")
    assert page.status_code == 200
    token = form_token(page.text)
    rows = samples.vote_rows(world.season, 1, seed=3, clubs=world.season.clubs[:3])
    r = org.post(
        f"/fantasy/{world.id}/manage/votes",
        data={"csrf_token": token, "matchday": "1"},
        files={"file": ("giornata-1.csv", samples.rows_csv(rows), "text/csv")},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    md = org.get(f"/fantasy/{world.id}/matchdays/1").text
    assert re.search(r"Squadra \d", md)


def test_fan_data_1_api_refuses_an_unplayed_matchday_lists_review_and_deletes(
    org: TestClient, world: League, clock: FakeClock
) -> None:
    """Issue 28 item 11 through the API: 409 before the lineups are due; then the import's
    review rows on GET .../matchdays/1, and DELETE takes the import and its scores out."""
    rows = samples.vote_rows(world.season, 1, seed=2)
    rows[4][0], rows[4][2] = "99999", "Nessuno Sconosciuto"
    body = {"file": base64.b64encode(samples.rows_csv(rows)).decode()}
    url = f"/api/v1/fantasy/leagues/{world.id}/matchdays/1"
    early = org.post(f"{url}/votes", json=body)
    assert early.status_code == 409
    assert "18:00 CET" in early.json()["reason"]
    clock.advance(days=6)
    assert org.post(f"{url}/votes", json=body).status_code == 200
    shown = org.get(url).json()
    assert [r["code"] for r in shown["review"]] == ["99999"]
    gone = org.delete(f"{url}/votes")
    assert gone.status_code == 200
    assert gone.json()["counts"] == {"scores": 3}
    assert org.get(url).json()["official"] is None
