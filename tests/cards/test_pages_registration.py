"""The registration form asks "the same person?" when a name is known (issue 12 item 8)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.support.web import form_status, page_login
from torneo.platform.store.uow import Store

PRESET = "invasion-it-2012"


def _new_event(client: TestClient, token: str, day: str) -> str:
    r = client.post(
        "/events/new",
        data={"name": f"Serata {day}", "preset": PRESET, "held_on": day, "csrf_token": token},
    )
    return str(r.url).removesuffix("/manage").replace("http://testserver", "")


def test_a_known_name_offers_the_same_person_or_a_new_player(
    web_store: Store, anon: TestClient
) -> None:
    token = page_login(anon, "org")
    first = _new_event(anon, token, "2012-04-05")
    anon.post(
        f"{first}/manage/players",
        data={"name": "Mario Rossi", "club": "Roma", "rating": "1500", "csrf_token": token},
    )
    second = _new_event(anon, token, "2012-04-12")
    asked = anon.post(f"{second}/manage/players", data={"name": "Mario Rossi", "csrf_token": token})
    assert form_status(asked) == 409
    assert "esiste già un giocatore di nome Mario Rossi" in asked.text
    assert 'name="player" value="new"' in asked.text
    assert "La stessa persona" in asked.text
    same = anon.post(
        f"{second}/manage/players",
        data={"name": "Mario Rossi", "player": "1", "csrf_token": token},
    )
    assert "Mario Rossi è iscritto." in same.text
