"""A whole 26-player invasion-it-2012 event run through the organizer pages, over HTTP."""

from __future__ import annotations

import random
import re

from fastapi.testclient import TestClient

from tests.support.web import PRESET, page_login, roster
from torneo.cards import progress as engines
from torneo.cards.state import get_event, tournament_of
from torneo.judging import commands as judging
from torneo.platform.store.uow import Actor, Store
from torneo.presets import load_preset

ORG = Actor("org", frozenset({(1, "organizer")}))

SWISS = ["2-0", "2-1", "1-2", "0-2", "2-1", "1-1-1", "0-0-3"]
TOP = ["2-0", "2-1", "1-2", "0-2"]


def _version(html: str) -> str:
    m = re.search(r'name="version" value="(\d+)"', html)
    assert m, "no version field"
    return m.group(1)


def _enter_results(
    client: TestClient, event_id: int, token: str, rng: random.Random, top: bool
) -> None:
    pairings = client.get(f"/api/v1/events/{event_id}/pairings").json()
    for line in pairings["lines"]:
        if line["is_reported"]:
            continue
        r = client.post(
            f"/events/{event_id}/manage/result",
            data={
                "round_no": pairings["number"],
                "table": line["table"],
                "result": rng.choice(TOP if top else SWISS),
            },
            headers={"HX-Request": "true", "X-CSRF-Token": token},
        )
        assert r.status_code == 200, r.text


def _post(client: TestClient, url: str, token: str, **data: str) -> str:
    r = client.post(url, data={"csrf_token": token, **data})
    assert r.status_code == 200, r.text  # after the 303 back to the manage page
    assert 'class="alert error"' not in r.text, r.text
    html: str = r.text
    return html


def test_INV_STRUCT_1_INV_TOP_1_INV_PTS_2_a_26_player_event_from_start_to_points(
    web_store: Store, anon: TestClient
) -> None:
    """INV-STRUCT-1, INV-STRUCT-4, INV-TOP-1, INV-PTS-1..4: 26 players → 5 Swiss rounds, a
    Top 8 seeded 1-8, 4-5, 2-7, 3-6 with a 3rd/4th match, and the season points at the end."""
    rng = random.Random(26)
    token = page_login(anon, "org")
    created = anon.post(
        "/events/new",
        data={
            "name": "Tappa di Bologna",
            "preset": PRESET,
            "held_on": "2012-03-10",
            "announced_on": "2012-02-20",  # INV-LEGAL-1: 19 days before
            "seed": "26",
            "csrf_token": token,
        },
    )
    manage = str(created.url).replace("http://testserver", "")
    event_id = int(manage.split("/")[2])
    assert "INV-LEGAL-3" in anon.get(f"{manage}?lang=it").text  # no judge yet: it warns
    judging.appoint_judge(web_store, ORG, event_id, username="judge")  # INV-LEGAL-3
    assert "sarebbe nullo" not in anon.get(f"{manage}?lang=it").text
    page = _post(anon, f"{manage}/roster", token, roster=roster(26))
    page = _post(anon, f"{manage}/start", token, version=_version(page))
    assert "5 turni svizzeri, poi una Top 8" in page
    for round_no in range(1, 6):
        page = _post(anon, f"{manage}/pair", token, version=_version(page))
        assert f"Il turno {round_no} è abbinato." in page
        _enter_results(anon, event_id, token, rng, top=False)
        page = anon.get(manage).text
    assert "Inizia la Top 8" in page  # its size (issue 30 item 8)
    assert "Abbina il turno 6" not in page

    standings = anon.get(f"/api/v1/events/{event_id}/standings").json()
    assert standings["after_round"] == 5
    assert len(standings["lines"]) == 26
    with web_store.read() as session:
        event = get_event(session, event_id)
        expected = engines.current_standings(tournament_of(event), load_preset(PRESET), event.seed)
    assert [line["player_id"] for line in standings["lines"]] == [r.player_id for r in expected]
    seeds = {line["player_id"]: line["position"] for line in standings["lines"][:8]}

    page = _post(anon, f"{manage}/top", token, version=_version(page))
    bracket = anon.get(f"/api/v1/events/{event_id}/bracket").json()
    quarter = bracket["rounds"][0]["matches"]
    assert {frozenset((m["a"]["seed"], m["b"]["seed"])) for m in quarter} == {
        frozenset(p) for p in [(1, 8), (4, 5), (2, 7), (3, 6)]
    }
    assert all(seeds[m["a"]["player_id"]] == m["a"]["seed"] for m in quarter)
    for stage in ("Semifinali", "Finale"):
        _enter_results(anon, event_id, token, rng, top=True)
        page = _post(anon, f"{manage}/pair", token, version=_version(anon.get(manage).text))
        assert stage in page
    last = anon.get(f"/api/v1/events/{event_id}/pairings").json()
    assert sorted(line["stage"] for line in last["lines"]) == ["third_place", "top"]
    _enter_results(anon, event_id, token, rng, top=True)
    page = _post(anon, f"{manage}/close", token, version=_version(anon.get(manage).text))
    assert "Il torneo è chiuso" in page

    final = anon.get(f"/api/v1/events/{event_id}/results").json()
    bracket = anon.get(f"/api/v1/events/{event_id}/bracket").json()
    lines = final["lines"]
    assert [line["place"] for line in lines] == list(range(1, 27))
    assert lines[0]["player_id"] == bracket["champion"]["player_id"]
    assert lines[2]["player_id"] == bracket["third_place"]["winner_id"]
    assert lines[0]["topcut_wins"] == 3  # quarter, semi and final (INV-PTS-1)
    x, rest = 8, 4  # INV-PTS-2: 23-30 players → 8; INV-PTS-4: ceil(26/8) = 4
    for line in lines:
        bonus = {1: 4 + x, 2: 2 + x, 3: 1 + x}.get(line["place"], rest)
        assert line["total"] == line["swiss_points"] + 3 * line["topcut_wins"] + bonus
    # INV-PTS-1 Resolution: the 3rd/4th-place match win is not a Top win.
    assert lines[2]["topcut_wins"] == 1

    public = anon.get(f"/events/{event_id}?lang=it").text
    assert "Classifica finale" in public
    assert "Punti torneo per la stagione" in public
    winner = lines[0]
    assert f"{winner['total']} punti" in public
    assert winner["name"] in public
    assert "primo posto" in public
    assert "dimensione" in public
    english = anon.get(f"/events/{event_id}?lang=en").text
    assert "Final results" in english
    assert f"{winner['total']} points" in english
    assert "first place" in english
    assert "Quarterfinals" in english
    assert "3rd place match" in english
