"""Issue 30 item 8: a page never shows pydantic's English words or a parameter's raw name.

An address whose path parameter is not what the route takes (``/poker/new``, ``/events/abc``)
names no page: 404, the app's error page. A form or query value that cannot be read is refused
in the reader's language, by the field's label, with what is accepted.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.support.web import api_login, create_event


def create_event_page(client: TestClient) -> int:
    api_login(client, "org")
    return create_event(client, players=4)


@pytest.mark.parametrize("path", ["/poker/new", "/events/abc", "/risiko/x"])
def test_issue30_a_path_that_names_no_thing_is_404(anon: TestClient, path: str) -> None:
    page = anon.get(path, headers={"Accept-Language": "it"})
    assert page.status_code == 404
    assert "Input should be" not in page.text
    assert "tid:" not in page.text


def test_issue30_an_unreadable_value_is_refused_in_italian(anon: TestClient) -> None:
    event = create_event_page(anon)
    page = anon.get(f"/events/{event}?round=abc", headers={"Accept-Language": "it"})
    assert page.status_code == 422
    assert "Input should be" not in page.text
    assert "serve un numero intero" in page.text


def test_issue30_page_reasons_translate_pydantic_kinds() -> None:
    from torneo.platform.web.problems import page_reason

    said = page_reason({"type": "int_parsing", "loc": ("query", "n"), "msg": "Input should be"})
    assert said.english() == "a whole number is needed"
    long = page_reason({"type": "string_too_long", "ctx": {"max_length": 120}})
    assert long.english() == "too long: at most 120 characters"
    unknown = page_reason({"type": "something_new", "ctx": {}})
    assert unknown.english() == "this value is not accepted"
