"""The phones' report on the lean route (issue 32 item 4, ``cards/self_report/pages_lean.py``).

The htmx report of a proven slip is answered from the route index, without FastAPI's route;
every other request to the same address is declined to FastAPI's route, body whole. Either way
the answer is the route's: the same section, the same refusals, the same rows and audit rows.
"""

from __future__ import annotations

import re
from typing import Any, cast

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from starlette.requests import Request
from starlette.responses import Response

from tests.cards.self_report.test_pages import running
from tests.cards.self_report.test_pages_htmx import HX, _audits, _is_section, _opened
from tests.support.events import fingerprint
from tests.support.web import form_token
from torneo.cards.self_report import views as srv
from torneo.cards.self_report.tables import SelfReport
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store
from torneo.platform.web import metrics
from torneo.platform.web.route_index import Lean, RouteIndex, route_index_of

REQUEST_ID = re.compile(r"[0-9a-f]{8,}-?[0-9a-f-]*")


def _index(client: TestClient) -> RouteIndex:
    index = route_index_of(cast(FastAPI, client.app))
    assert isinstance(index, RouteIndex)
    return index


def _spy(client: TestClient) -> list[str]:
    """What the lean handler did with each request: "answered", "raised" (a refusal for the
    app's error handler) or "declined"."""
    index = _index(client)
    (lean,) = index.lean["events"]
    seen: list[str] = []

    async def spying(request: Request, params: dict[str, str]) -> Response | None:
        response: Response | None
        try:
            response = await lean.handler(request, params)
        except Exception:
            seen.append("raised")
            raise
        seen.append("declined" if response is None else "answered")
        return response

    index.lean["events"] = [Lean(lean.method, lean.regex, spying, lean.route)]
    return seen


def _lean_off(client: TestClient) -> list[Lean]:
    """FastAPI's route alone (as before the lean route): the entries taken out, to put back."""
    index = _index(client)
    return index.lean.pop("events")


def _reports(store: Store) -> int:
    with store.read() as s:
        return int(s.scalar(select(func.count()).select_from(SelfReport)) or 0)


def _reported() -> float:
    sample = metrics.REPORTS_TOTAL.labels("ok")
    return float(sample._value.get())


def test_the_htmx_report_of_a_proven_slip_takes_the_lean_route(
    anon: TestClient, web_store: Store
) -> None:
    event_id, tables = running(web_store)
    table, code_a, code_b = tables[0]
    seen = _spy(anon)
    url = f"/events/{event_id}/report"
    form = _opened(anon, event_id, table, code_a)
    counted = _reported()
    done = anon.post(url, data={**form, "result": "2-1"}, headers=HX, follow_redirects=False)
    assert seen == ["answered"]
    assert done.status_code == 200
    _is_section(done.text)
    assert 'class="alert ok" role="status"' in done.text
    # Every middleware still ran: the security headers, the request id, the metrics' label.
    assert done.headers["x-frame-options"] == "DENY"
    assert "content-security-policy" in done.headers
    assert done.headers["x-request-id"]
    assert _reported() == counted + 1  # counted under the route's template
    assert _audits(web_store, event_id, "self_report.waiting") == 1  # its audit row
    assert _reports(web_store) == 1
    with web_store.read() as s:
        assert s.scalars(select(SelfReport.status)).all() == [srv.PENDING]
    with TestClient(anon.app) as phone_b:
        form_b = _opened(phone_b, event_id, table, code_b)
        phone_b.post(url, data={**form_b, "result": "1-2"}, headers=HX, follow_redirects=False)
    assert seen == ["answered", "answered"]
    assert _audits(web_store, event_id, "match.report") == 1  # the result, audited once


def test_every_other_report_request_goes_to_fastapis_route(
    anon: TestClient, web_store: Store
) -> None:
    """A plain form, a code opening its match, a field too long, a body not url-encoded, an
    odd event id: declined before anything is checked, and answered by the route as before."""
    event_id, tables = running(web_store)
    table, code_a, _ = tables[0]
    seen = _spy(anon)
    url = f"/events/{event_id}/report"
    token = form_token(anon.get(url).text)
    opened = anon.post(
        url, data={"table": str(table), "code": code_a, "csrf_token": token}, headers=HX
    )
    assert opened.status_code == 200
    assert 'name="result"' in opened.text  # the match, opened
    form = {"table": str(table), "code": code_a, "csrf_token": token}
    plain = anon.post(url, data={**form, "result": "2-1"}, follow_redirects=False)
    assert plain.status_code == 303  # Post/Redirect/Get, as without JavaScript
    too_long = anon.post(url, data={**form, "result": "2" * 201}, headers=HX)
    assert too_long.status_code == 422
    assert "200" in too_long.text
    files = {name: (None, value) for name, value in {**form, "result": "2-1"}.items()}
    multipart = anon.post(url, files=files, headers=HX)
    assert multipart.status_code == 200  # an unchanged repeat, answered by the route
    odd = anon.post(f"/events/0{event_id}/report", data={**form, "result": "2-1"}, headers=HX)
    assert odd.status_code == 200
    assert seen == ["declined"] * 4 + ["declined"]
    with web_store.read() as s:
        assert s.scalars(select(SelfReport.status)).all() == [srv.PENDING]


def _same(html: str) -> str:
    """An answer without what differs between two requests (its request id, its token, its
    arrival time)."""
    html = re.sub(r'name="csrf_token" value="[^"]*"', "", html)
    html = re.sub(r'data-live-since="[^"]*"', "", html)
    return REQUEST_ID.sub("", html)


def test_the_lean_route_refuses_as_fastapis_route_did(anon: TestClient, web_store: Store) -> None:
    """A wrong CSRF token, a result not accepted, a table of another match: the same status,
    the same words, and nothing changed, with and without the lean route."""
    event_id, tables = running(web_store)
    table, code_a, _ = tables[0]
    url = f"/events/{event_id}/report"
    form = _opened(anon, event_id, table, code_a)
    cases: list[dict[str, Any]] = [
        {**form, "csrf_token": "wrong", "result": "2-1"},
        {**form, "result": "7-0"},
        {**form, "result": "vinto"},
    ]
    before = fingerprint(web_store, event_id)
    with web_store.read() as s:
        audits = s.scalar(select(func.count(AuditEntry.id)))
    answers: dict[str, list[tuple[int, str]]] = {}
    seen = _spy(anon)
    answers["lean"] = [(r.status_code, _same(r.text)) for r in _posted(anon, url, cases)]
    assert seen == ["raised", "answered", "answered"]
    kept = _lean_off(anon)
    answers["route"] = [(r.status_code, _same(r.text)) for r in _posted(anon, url, cases)]
    _index(anon).lean["events"] = kept
    assert [status for status, _ in answers["lean"]] == [403, 422, 422]
    assert answers["lean"] == answers["route"]
    assert fingerprint(web_store, event_id) == before
    with web_store.read() as s:
        assert s.scalar(select(func.count(AuditEntry.id))) == audits


def _posted(client: TestClient, url: str, cases: list[dict[str, Any]]) -> list[Any]:
    return [client.post(url, data=case, headers=HX, follow_redirects=False) for case in cases]
