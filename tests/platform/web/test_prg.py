"""Post/Redirect/Get with refusals (issue 26 item 3): what a refused form leaves for its GET page."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import Request

from torneo.core.errors import Conflict, Forbidden, TorneoError, Unauthorized
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


def test_issue26_a_ticked_box_is_kept_as_ticked_and_an_empty_one_as_empty() -> None:
    session: dict[str, Any] = {}
    typed = {"is_major": False, "public_place": True, "set_code": "BER1", "code": "ABC123"}
    refuse_to(_request("/p", session), TorneoError("name", N_("is empty")), "/p", typed)
    kept = take_refusal(_request("/p", session))
    # "False" would read as ticked on the page; a one-time code is never kept, a set's code is
    assert kept.form == {"is_major": "", "public_place": "1", "set_code": "BER1"}


def test_issue26_a_refusal_keeps_as_many_listed_parts_as_fit_and_counts_the_rest() -> None:
    session: dict[str, Any] = {}
    rows = [{"row": str(i), "column": "place", "reason": "x" * 90} for i in range(2, 200)]
    err = TorneoError("file", N_("is empty"))
    refuse_to(_request("/s", session), err, "/s", {"name": "Stagione"}, details=rows)
    kept = take_refusal(_request("/s", session))
    assert kept.form == {"name": "Stagione"}
    assert 0 < len(kept.details) < len(rows)
    assert kept.details == tuple(rows[: len(kept.details)])  # the first rows, in order
    assert kept.more == len(rows) - len(kept.details)
    size = sum(len(k) + len(v) for item in kept.details for k, v in item.items())
    assert size + len("name") + len("Stagione") <= MAX_KEPT


def test_issue26_a_wrong_password_is_the_login_forms_own_refusal() -> None:
    session: dict[str, Any] = {}
    err = Unauthorized("credentials", N_("is empty"))
    with pytest.raises(Unauthorized):
        refuse_to(_request("/login", session), err, "/login")
    r = refuse_to(
        _request("/login", session), err, "/login", {"username": "anna"}, credentials=True
    )
    assert r.status_code == 303
    assert r.headers["x-torneo-refused"] == "401"
    kept = take_refusal(_request("/login", session))
    assert isinstance(kept.error, Unauthorized)
    assert kept.form == {"username": "anna"}
