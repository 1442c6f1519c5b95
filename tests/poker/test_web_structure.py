"""A structure from nothing over HTTP (issue 15 item 8; PKR-BTN-1): the JSON API's step routes
and generator, and the director's setup page (step table with ↑ ↓ ✕, add forms, generator)."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.support.web import is_problem, page_login

API = "/api/v1/poker"
TUESDAY = "2025-12-02"


def _ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _blinds(state: dict[str, Any]) -> list[str]:
    return [
        "break" if s["number"] is None else f"{s['small_blind']}/{s['big_blind']}"
        for s in state["steps"]
    ]


def test_PKR_BTN_1_a_structure_from_nothing_over_the_api(org: TestClient) -> None:
    body = {"template": "tue", "held_on": TUESDAY, "seed": 1}
    tid = _ok(org.post(f"{API}/tournaments", json=body), 201)["id"]
    first = {"steps": [{"small_blind": 25, "big_blind": 50, "minutes": 20}]}
    _ok(org.put(f"{API}/tournaments/{tid}/structure", json=first))
    steps = f"{API}/tournaments/{tid}/structure/steps"
    _ok(org.post(steps, json={"small_blind": 100, "big_blind": 200, "minutes": 20}), 201)
    state = _ok(org.post(steps, json={"type": "break", "minutes": 10, "position": 2}), 201)
    assert _blinds(state) == ["25/50", "break", "100/200"]
    state = _ok(org.post(f"{steps}/2/move", json={"to": 3, "version": state["version"]}))
    assert _blinds(state) == ["25/50", "100/200", "break"]
    state = _ok(org.delete(f"{steps}/3", params={"version": state["version"]}))
    assert _blinds(state) == ["25/50", "100/200"]
    is_problem(
        org.post(steps, json={"small_blind": 50, "big_blind": 100, "minutes": 20}),
        422,
        "levels[3]",
    )
    is_problem(org.delete(f"{steps}/1", params={"version": 1}), 409, "version")
    is_problem(org.delete(f"{steps}/9"), 422, "position")
    generate = {"start_small_blind": 25, "level_minutes": 20, "levels": 12, "growth": 1.5}
    state = _ok(org.post(f"{API}/tournaments/{tid}/structure/generate", json=generate))
    assert _blinds(state)[:4] == ["25/50", "50/100", "75/150", "100/200"]
    bad = {**generate, "growth": "10"}
    is_problem(org.post(f"{API}/tournaments/{tid}/structure/generate", json=bad), 422, "growth")


def _version(html: str) -> str:
    m = re.search(r'name="version" value="(\d+)"', html)
    assert m
    return m.group(1)


def test_the_setup_page_builds_a_structure(anon: TestClient) -> None:
    token = page_login(anon, "org")
    created = anon.post(
        "/poker/new", data={"template": "tue", "held_on": TUESDAY, "csrf_token": token}
    )
    url = str(created.url).replace("http://testserver", "")
    assert 'id="structure-builder"' in created.text
    assert "Genera i livelli" in created.text
    page = anon.post(
        f"{url}/structure_new",
        data={
            "csrf_token": token,
            "version": _version(created.text),
            "small_blind": "50",
            "big_blind": "100",
            "minutes": "30",
        },
    )
    assert page.status_code == 200
    assert 'class="alert error"' not in page.text, page.text
    assert "Livello 2" not in page.text
    page = anon.post(
        f"{url}/structure_add",
        data={
            "csrf_token": token,
            "version": _version(page.text),
            "type": "level",
            "small_blind": "25",
            "big_blind": "50",
            "minutes": "30",
        },
    )
    assert page.status_code == 200  # issue 26 item 3: redirected to the page, which shows it
    assert str(page.url).split("#")[0].endswith(url)
    assert "livelli [2]" in page.text  # the level, by its label
    assert 'value="25"' in page.text  # the values typed are kept
    page = anon.post(
        f"{url}/structure_generate",
        data={
            "csrf_token": token,
            "version": _version(page.text),
            "start_small_blind": "25",
            "level_minutes": "20",
            "levels": "12",
            "growth": "1,5",
            "break_every": "4",
        },
    )
    assert page.status_code == 200
    assert "Livelli generati." in page.text
    assert "Livello 12" in page.text
    assert "Livello 13" not in page.text
    page = anon.post(
        f"{url}/structure_remove",
        data={"csrf_token": token, "version": _version(page.text), "position": "1"},
    )
    assert "Livello 12" not in page.text
