"""The judge's phone page and the other judging pages through HTTP, as a person uses them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.support.events import fingerprint
from tests.support.web import add_user, api_login, create_event, make_client, page_login
from torneo.platform.store.uow import Store


@pytest.fixture
def setup(web_store: Store) -> Iterator[tuple[TestClient, int, list[int]]]:
    """An event running round 1 with "judge" on the roster; the organizer's client."""
    with make_client(web_store) as org:
        api_login(org, "org")
        event_id = create_event(org, 8)
        base = f"/api/v1/events/{event_id}/judging"
        assert org.post(f"{base}/judges", json={"username": "judge"}).status_code == 201
        assert org.post(f"/api/v1/events/{event_id}/start").status_code == 200
        assert org.post(f"/api/v1/events/{event_id}/rounds").status_code == 201
        lines = org.get(f"/api/v1/events/{event_id}/pairings").json()["lines"]
        players = [p["player_id"] for x in lines for p in (x["a"], x["b"]) if p]
        yield org, event_id, players


def _judge(store: Store) -> tuple[TestClient, str]:
    client = make_client(store)
    token = page_login(client, "judge")
    client.get("/?lang=en")  # the language cookie: the assertions read English
    return client, token


def test_INV_PEN_1_two_taps_and_the_third_warning_disqualifies(
    web_store: Store, setup: tuple[TestClient, int, list[int]]
) -> None:
    """INV-PEN-1 on the phone: tap a player, tap an infraction; the escalation is shown."""
    _, event_id, players = setup
    client, token = _judge(web_store)
    player = players[0]
    page = client.get(f"/events/{event_id}/judge")
    assert page.status_code == 200
    assert f"?player={player}" in page.text  # tap one
    panel = client.get(f"/events/{event_id}/judge?player={player}&lang=en")
    assert 'value="slow_play"' in panel.text  # tap two is a button
    assert 'value="restricted_list_breach"' not in panel.text  # the deck check gives that one
    for n in (1, 2):
        r = client.post(
            f"/events/{event_id}/judge/penalty",
            data={"csrf_token": token, "player_id": str(player), "infraction": "slow_play"},
            follow_redirects=False,
        )
        assert r.status_code == 303, r.text
        assert r.headers["location"] == f"/events/{event_id}/judge?player={player}"
        shown = client.get(r.headers["location"] + "&lang=en").text
        assert "warning recorded" in shown
        assert f"{n} of 3 warnings" in shown
    assert "the next one DISQUALIFIES" in shown
    assert "data-confirm" in shown  # the tap that disqualifies asks first
    r = client.post(
        f"/events/{event_id}/judge/penalty",
        data={
            "csrf_token": token,
            "player_id": str(player),
            "infraction": "slow_play",
            "reason": "ancora lento",
        },
    )
    assert r.status_code == 200
    assert "warning number 3 — DISQUALIFIED (INV-PEN-1)" in r.text
    assert "Disqualified: no more penalties." in r.text
    assert "ancora lento" in r.text
    assert "Automatic: follows warning #3 (INV-PEN-1)" in r.text


def _refused(r: Any, status: int) -> bool:
    """Post/Redirect/Get (issue 26 item 3): the form was refused with ``status`` and the browser
    was sent (303) to a GET page that shows the refusal."""
    first = r.history[0] if r.history else r
    return (
        first.status_code == 303
        and first.headers.get("x-torneo-refused") == str(status)
        and r.status_code == 200
        and r.request.method == "GET"
        and 'role="alert"' in r.text
    )


def test_a_refused_penalty_shows_the_error_and_changes_nothing(
    web_store: Store, setup: tuple[TestClient, int, list[int]]
) -> None:
    _, event_id, players = setup
    client, token = _judge(web_store)
    before = fingerprint(web_store, event_id)
    r = client.post(
        f"/events/{event_id}/judge/penalty?lang=en",
        data={"csrf_token": token, "player_id": "99999", "infraction": "slow_play"},
    )
    assert _refused(r, 404)  # shown on the desk's GET page (issue 26 item 3)
    assert "is not in event" in r.text
    r = client.post(
        f"/events/{event_id}/judge/penalty",
        data={"csrf_token": "forged", "player_id": str(players[0]), "infraction": "slow_play"},
    )
    assert r.status_code == 403
    assert fingerprint(web_store, event_id) == before


def test_a_non_judge_gets_403_on_the_judge_page(
    web_store: Store, setup: tuple[TestClient, int, list[int]]
) -> None:
    _, event_id, _ = setup
    add_user(web_store, "altro", "judge")
    with make_client(web_store) as other:
        page_login(other, "altro")
        assert other.get(f"/events/{event_id}/judge").status_code == 403
    with make_client(web_store) as anon:
        r = anon.get(f"/events/{event_id}/judge", follow_redirects=False)
        assert r.status_code == 303
        assert r.headers["location"].startswith("/login")


def test_INV_DECK_1_draw_and_check_from_the_phone(
    web_store: Store, setup: tuple[TestClient, int, list[int]]
) -> None:
    """INV-DECK-1/2: draw the table, enter a deck over 100 cards, the outcome is shown."""
    _, event_id, _ = setup
    client, token = _judge(web_store)
    r = client.post(f"/events/{event_id}/judge/deck-draw", data={"csrf_token": token})
    assert r.status_code == 200  # followed to the deck tab
    assert "deck check" in r.text.lower()
    m = re.search(r'name="player_id" value="(\d+)"', r.text)
    assert m
    deck = "\n".join(f"3 Carta {i}" for i in range(35))  # 105 cards
    r = client.post(
        f"/events/{event_id}/judge/deck-check?lang=en",
        data={
            "csrf_token": token,
            "round_no": "1",
            "player_id": m.group(1),
            "physical": deck,
            "extra_minutes": "0",
        },
    )
    assert r.status_code == 200
    assert "Deck checked: 2 ruling(s) applied." in r.text
    assert "Removed at random" in r.text
    again = client.post(f"/events/{event_id}/judge/deck-draw?lang=en", data={"csrf_token": token})
    assert _refused(again, 409)
    assert "already has its deck check" in again.text


def test_deck_list_upload_on_the_player_page_lists_every_problem(
    web_store: Store, setup: tuple[TestClient, int, list[int]]
) -> None:
    _, event_id, players = setup
    org = make_client(web_store)
    token = page_login(org, "org")
    text = "0 x Uno\n-1 Due\n3Tre\n"
    r = org.post(
        f"/events/{event_id}/judging/deck?lang=en",
        data={"csrf_token": token, "player": str(players[0])},
        files={"file": ("deck.txt", text.encode(), "text/plain")},
    )
    assert _refused(r, 422)
    for line in ("line 1", "line 2", "line 3"):
        assert line in r.text
    good = "\n".join(f"3 Carta {i}" for i in range(17))  # 51 cards
    r = org.post(
        f"/events/{event_id}/judging/deck",
        data={"csrf_token": token, "player": str(players[0])},
        files={"file": ("deck.txt", good.encode(), "text/plain")},
        follow_redirects=False,
    )
    assert r.status_code == 303
    judge, _ = _judge(web_store)
    page = judge.get(f"/events/{event_id}/players/{players[0]}")
    assert "Carta 16" in page.text  # a judge reads it
    anon = make_client(web_store).get(f"/events/{event_id}/players/{players[0]}")
    assert "Carta 16" not in anon.text  # private until published


def test_the_big_screen_clock_and_the_setup_page(
    web_store: Store, setup: tuple[TestClient, int, list[int]]
) -> None:
    org, event_id, _ = setup
    client, token = _judge(web_store)
    r = client.post(
        f"/events/{event_id}/judge/clock", data={"csrf_token": token, "action": "start"}
    )
    assert r.status_code == 200
    tv = make_client(web_store).get(f"/events/{event_id}/clock?lang=en")
    assert tv.status_code == 200
    assert 'data-remaining-ms="3300000"' in tv.text
    assert "Running" in tv.text
    fragment = make_client(web_store).get(f"/events/{event_id}/clock?fragment=1&size=mini")
    assert 'hx-trigger="live from:body, every 10s"' in fragment.text
    assert f'data-live="event:{event_id}"' in fragment.text
    setup_page = org.get(f"/events/{event_id}/judging?lang=en")
    assert setup_page.status_code == 200
    assert "Appoint a judge" in setup_page.text


def test_a_refusal_is_italian_on_the_page_and_english_in_the_api(
    web_store: Store, setup: tuple[TestClient, int, list[int]]
) -> None:
    """Messages as ids: one refusal, in Italian on the judge's page (the default language) with
    its figures, and in the API's English words."""
    _, event_id, _ = setup
    page = make_client(web_store)
    token = page_login(page, "judge")
    r = page.post(
        f"/events/{event_id}/judge/penalty",
        data={"csrf_token": token, "player_id": "99999", "infraction": "slow_play"},
    )
    assert _refused(r, 404)
    assert f"il giocatore 99999 non partecipa al torneo {event_id}" in r.text
    assert "un partecipante" in r.text
    api = make_client(web_store)
    api_login(api, "judge")
    r = api.post(
        f"/api/v1/events/{event_id}/judging/penalties",
        json={"player_id": 99999, "infraction": "slow_play", "reason": "lento"},
    )
    assert r.status_code == 404
    assert r.json()["reason"] == f"player 99999 is not in event {event_id}"
    assert r.json()["accepted"] == "an entrant"


def test_INV_JUDGE_1_staffing_advice_in_the_page_language_and_english_in_the_api(
    web_store: Store,
) -> None:
    """11 players and one judge: two are recommended, said in Italian or English on the page."""
    with make_client(web_store) as org:
        api_login(org, "org")
        event_id = create_event(org, 11)
        base = f"/api/v1/events/{event_id}/judging"
        assert org.post(f"{base}/judges", json={"username": "judge"}).status_code == 201
        italian = org.get(f"/events/{event_id}/judging").text
        assert "giocatori: 11, arbitri: 1; se ne consigliano 2" in italian
        english = org.get(f"/events/{event_id}/judging?lang=en").text
        assert "11 players and 1 judge(s): 2 recommended" in english
        advice = org.get(f"{base}/roster").json()["advice"]
        assert (
            advice == "11 players and 1 judge(s): 2 recommended (one for each started ten players)"
        )


def test_INV_ID_1_the_desk_shows_the_window_in_local_time_and_a_late_slip_says_why(
    web_store: Store, setup: tuple[TestClient, int, list[int]], clock: FakeClock
) -> None:
    """Issue 30 item 5: the judges' desk says until when intentional draws are declared, in the
    event's time (round paired 10:00 UTC = 11:00 in Rome; 2 minutes: 11:02), and where the
    window starts; a late draw from a paper slip is refused saying so, without a UTC stamp."""
    org, event_id, _ = setup
    client, _ = _judge(web_store)
    desk = client.get(f"/events/{event_id}/judge?lang=en").text
    assert "declared to a judge until 11:02" in desk
    assert "The window counts from the pairing" in desk
    clock.advance(minutes=10)
    lines = org.get(f"/api/v1/events/{event_id}/pairings").json()["lines"]
    r = org.post(
        f"/api/v1/events/{event_id}/rounds/1/tables/{lines[0]['table']}/result",
        json={"result": "0-0-3"},
    )
    assert r.status_code == 409, r.text
    problem = r.json()
    text = f"{problem.get('detail', '')} {problem.get('accepted', '')}"
    assert "closed at 11:02" in text, problem
    assert "+00:00" not in text
    assert "paired" in text
