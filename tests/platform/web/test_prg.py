"""Post/Redirect/Get with refusals (issue 26 item 3): what a refused form leaves for its GET page."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import Request

from torneo.core.errors import Conflict, Forbidden, TorneoError
from torneo.core.messages import N_
from torneo.platform.web.prg import MAX_KEPT, refuse_to, take_refusal


def _request(path: str, session: dict[str, Any], query: bytes = b"", htmx: bool = False) -> Request:
    headers = [(b"hx-request", b"true")] if htmx else []
    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "query_string": query,
        "headers": headers,
        "session": session,
    }
    return Request(scope)


def test_issue26_a_refusal_reaches_its_get_page_once_with_what_was_typed() -> None:
    session: dict[str, Any] = {}
    err = Conflict(
        "version",
        N_(
            "table %(table)s of round %(round)s changed after the version you loaded (yours %(mine)s, changed at %(changed)s)"
        ),
        N_("reload the page and try again"),
        params={"table": 2, "round": 1, "mine": 4, "changed": 5},
    )
    typed = {"method": "greca", "csrf_token": "secret", "password": "x"}
    post = _request("/risiko/1/manage/draw", session, b"lang=en")
    r = refuse_to(post, err, "/risiko/1/manage#round", typed)
    assert r.status_code == 303
    assert r.headers["location"] == "/risiko/1/manage?lang=en#round"
    assert r.headers["x-torneo-refused"] == "409"
    assert take_refusal(_request("/risiko/1/other", session)).error is None  # another page
    assert take_refusal(_request("/risiko/1/manage", session, htmx=True)).error is None
    kept = take_refusal(_request("/risiko/1/manage", session))
    assert isinstance(kept.error, Conflict)
    assert kept.error.field == "version"
    assert kept.error.reason == err.reason
    assert kept.error.accepted == "reload the page and try again"
    assert kept.form == {"method": "greca"}  # the CSRF token and passwords are never kept
    assert take_refusal(_request("/risiko/1/manage", session)).error is None  # once


def test_issue26_text_too_long_for_the_cookie_is_dropped_and_said() -> None:
    session: dict[str, Any] = {}
    typed = {"roster": "x" * (MAX_KEPT + 1), "name": "Anna"}
    refuse_to(_request("/p", session), TorneoError("roster", N_("is empty")), "/p", typed)
    kept = take_refusal(_request("/p", session))
    assert kept.form == {"name": "Anna"}
    assert kept.dropped


def test_issue26_you_may_not_is_not_a_form_refusal() -> None:
    err = Forbidden("actor", N_("is empty"))
    with pytest.raises(Forbidden):
        refuse_to(_request("/p", {}), err, "/p")
