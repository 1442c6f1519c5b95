"""The player's report sent with htmx (issue 32 item 4): the answer is the match section itself.

The page's result buttons post with htmx; the server answers with the section (what the report
did on top, then the match as it left it) instead of a redirect and a whole page. The same
report without JavaScript still ends on the GET page (Post/Redirect/Get, test_pages.py).
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tests.cards.self_report.test_pages import ORG, running
from tests.support.events import fingerprint
from tests.support.web import PASSWORD, SECRET, form_token
from torneo.cards.self_report import pages as pages_self_report
from torneo.cards.self_report import pages_slips
from torneo.cards.self_report import views as srv
from torneo.cards.self_report.tables import SelfReport
from torneo.platform import accounts
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store

HX = {"HX-Request": "true"}


def _opened(client: TestClient, event_id: int, table: int, code: str) -> dict[str, str]:
    """The phone opened its match by the slip (the QR code): the report form's fields."""
    page = client.get(f"/events/{event_id}/report", params={"table": table, "code": code})
    assert page.status_code == 200
    assert 'hx-post="/events/' in page.text
    assert 'hx-target="#report-match"' in page.text
    return {"table": str(table), "code": code, "csrf_token": form_token(page.text)}


def _is_section(html: str) -> None:
    assert html.lstrip().startswith('<section class="card narrow self-report" id="report-match">')
    assert "<html" not in html
    assert "<body" not in html


def _audits(store: Store, event_id: int, action: str) -> int:
    with store.read() as s:
        count = s.scalar(
            select(func.count())
            .select_from(AuditEntry)
            .where(AuditEntry.event_id == event_id, AuditEntry.action == action)
        )
        return int(count or 0)


def test_a_report_sent_with_htmx_is_answered_with_the_match_section(
    anon: TestClient, web_store: Store
) -> None:
    event_id, tables = running(web_store)
    table, code_a, code_b = tables[0]
    url = f"/events/{event_id}/report"
    form = _opened(anon, event_id, table, code_a)
    first = anon.post(url, data={**form, "result": "2-1"}, headers=HX, follow_redirects=False)
    assert first.status_code == 200  # no redirect: htmx swaps the answer in
    _is_section(first.text)
    assert 'class="alert ok" role="status"' in first.text  # what the report did, on top
    assert 'name="result"' in first.text  # pending: the player may still change it
    assert f'name="code" value="{code_a}"' in first.text  # the section's form keeps the slip
    with web_store.read() as s:
        assert s.scalars(select(SelfReport.status)).all() == [srv.PENDING]
    with TestClient(anon.app) as phone_b:
        form_b = _opened(phone_b, event_id, table, code_b)
        confirmed = phone_b.post(
            url, data={**form_b, "result": "1-2"}, headers=HX, follow_redirects=False
        )
    assert confirmed.status_code == 200
    _is_section(confirmed.text)
    assert 'class="alert ok" role="status"' in confirmed.text
    assert 'name="result"' not in confirmed.text  # recorded: nothing more to tap
    pairings = anon.get(f"/api/v1/events/{event_id}/pairings").json()
    assert next(x for x in pairings["lines"] if x["table"] == table)["result"] == "2-1"
    # Audited as the plain form's reports are: both reports, one result.
    assert _audits(web_store, event_id, "match.report") == 1
    assert _audits(web_store, event_id, "self_report.waiting") == 1
    assert _audits(web_store, event_id, "self_report.confirmed") == 1


def test_an_accepted_htmx_report_reads_nothing_more(
    anon: TestClient, web_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The section is built from what the report returned (its seat and the event's heading):
    no second read of the event, the match or the draft's pools for the answer."""
    event_id, tables = running(web_store)
    table, code_a, _ = tables[0]
    form = _opened(anon, event_id, table, code_a)
    reads: list[str] = []

    def refuse(name: str) -> object:
        def read(*args: object, **kwargs: object) -> None:
            reads.append(name)

        return read

    for name in ("heading", "seat_by_code", "my_seat"):
        monkeypatch.setattr(srv, name, refuse(name))
    monkeypatch.setattr(pages_self_report, "event_pools", refuse("event_pools"))
    done = anon.post(f"/events/{event_id}/report", data={**form, "result": "2-0"}, headers=HX)
    assert done.status_code == 200, done.text
    _is_section(done.text)
    assert reads == []


def test_a_refused_htmx_report_comes_back_in_the_section_with_its_status(
    anon: TestClient, web_store: Store
) -> None:
    event_id, tables = running(web_store)
    table, code_a, _ = tables[0]
    url = f"/events/{event_id}/report"
    form = _opened(anon, event_id, table, code_a)
    before = fingerprint(web_store, event_id)
    refused = anon.post(url, data={**form, "result": "7-0"}, headers=HX, follow_redirects=False)
    assert refused.status_code == 422
    _is_section(refused.text)
    assert 'class="alert error" role="alert"' in refused.text
    assert 'name="result"' in refused.text  # the code was right: the match is shown
    assert fingerprint(web_store, event_id) == before
    # Nothing was left in the session for the page: its next GET shows no refusal.
    page = anon.get(url, params={"table": table, "code": code_a})
    assert 'role="alert"' not in page.text


def test_a_wrong_code_sent_with_htmx_is_refused_in_the_section_and_counted(
    anon: TestClient, web_store: Store
) -> None:
    event_id, tables = running(web_store)
    table, _, _ = tables[0]
    url = f"/events/{event_id}/report"
    token = form_token(anon.get(url).text)
    wrong = {"table": str(table), "code": "ZZZZZZ", "result": "2-0", "csrf_token": token}
    for _ in range(pages_slips.CODE_FAILURES):
        r = anon.post(url, data=wrong, headers=HX, follow_redirects=False)
        assert r.status_code == 403
        _is_section(r.text)
        assert 'value="ZZZZZZ"' in r.text  # the code form, with what was typed to correct
    limited = anon.post(url, data=wrong, headers=HX, follow_redirects=False)
    assert limited.status_code == 429
    _is_section(limited.text)
    assert limited.headers["retry-after"]


def test_a_player_account_reports_with_htmx(anon: TestClient, web_store: Store) -> None:
    event_id, _ = running(web_store)
    anna = srv.slips(web_store, ORG, event_id, secret=SECRET)[0]
    accounts.create_user(
        web_store,
        Actor.system(),
        username="anna",
        password=PASSWORD,
        role="player",
        player_id=anna.player_id,
    )
    login = anon.get("/login")
    anon.post(
        "/login",
        data={
            "username": "anna",
            "password": PASSWORD,
            "csrf_token": form_token(login.text),
        },
    )
    page = anon.get(f"/events/{event_id}/report")
    assert anna.name in page.text
    form = {"csrf_token": form_token(page.text), "result": "2-0"}
    done = anon.post(f"/events/{event_id}/report", data=form, headers=HX, follow_redirects=False)
    assert done.status_code == 200, done.text
    _is_section(done.text)
    assert 'class="alert ok" role="status"' in done.text
    assert anna.name in done.text


def test_a_report_from_a_phone_that_opened_its_match_sends_no_new_cookie(
    anon: TestClient, web_store: Store
) -> None:
    """Issue 32 item 4: the session already remembers the slip, so the report leaves it as it
    came: it is not signed again and no cookie goes back (one HMAC and a header less)."""
    event_id, tables = running(web_store)
    table, code_a, _ = tables[0]
    form = _opened(anon, event_id, table, code_a)
    cookie = anon.cookies.get("torneo_session")
    assert cookie
    done = anon.post(
        f"/events/{event_id}/report",
        data={**form, "result": "2-1"},
        headers=HX,
        follow_redirects=False,
    )
    assert done.status_code == 200
    assert 'class="alert ok" role="status"' in done.text
    assert "set-cookie" not in done.headers
    assert anon.cookies.get("torneo_session") == cookie
    # It waited for its batch on the event loop (pages._report_at_once): the batch ran in a
    # thread of the group commit's own, not in one of the pool's held by the request.
    assert anon.app.state.report_batches._threads is not None  # type: ignore[attr-defined]
    # Another slip's code, typed on the same phone, is remembered: a new cookie goes back.
    other, code_other, _ = tables[1]
    opened = anon.get(f"/events/{event_id}/report", params={"table": other, "code": code_other})
    assert opened.status_code == 200
    assert "torneo_session=" in opened.headers.get("set-cookie", "")


def test_the_report_form_is_read_as_form_parameters_were(
    anon: TestClient, web_store: Store
) -> None:
    """Issue 32 item 4: the report's fields are read by forms.text_fields, not by FastAPI's
    parameters; a field over 200 characters is still a 422 page, and a multipart form (any
    client may send one) reports as the url-encoded one does."""
    event_id, tables = running(web_store)
    table, code_a, _ = tables[0]
    url = f"/events/{event_id}/report"
    form = _opened(anon, event_id, table, code_a)
    too_long = anon.post(url, data={**form, "result": "2" * 201}, follow_redirects=False)
    assert too_long.status_code == 422
    assert "risultato:" in too_long.text  # the error page names the field and its limit
    assert "200" in too_long.text
    with web_store.read() as s:
        assert s.scalars(select(SelfReport.status)).all() == []
    files = {name: (None, value) for name, value in {**form, "result": "2-1"}.items()}
    done = anon.post(url, files=files, headers=HX, follow_redirects=False)
    assert done.status_code == 200
    assert 'class="alert ok" role="status"' in done.text
    with web_store.read() as s:
        assert s.scalars(select(SelfReport.status)).all() == [srv.PENDING]


def test_the_result_buttons_follow_the_language_and_the_result_to_confirm(
    anon: TestClient, web_store: Store
) -> None:
    """Issue 32 item 4: the buttons are rendered once per format, result to confirm and
    language, then kept (pages_choices.result_buttons): a page in another language, or the
    opponent's page with a result to confirm, never gets the buttons kept for another."""
    event_id, tables = running(web_store)
    table, code_a, code_b = tables[0]
    url = f"/events/{event_id}/report"
    slip = {"table": table, "code": code_a}
    for _ in range(2):  # the second time from what was kept
        italian = anon.get(url, params={**slip, "lang": "it"}).text
        english = anon.get(url, params={**slip, "lang": "en"}).text
        assert 'value="2-0">Ho vinto 2-0</button>' in italian
        assert "I won" not in italian
        assert 'value="2-0">I won 2-0</button>' in english
        assert "Ho vinto" not in english
    assert "autofocus" not in english  # nothing to confirm yet
    form = _opened(anon, event_id, table, code_a)
    assert anon.post(url, data={**form, "result": "2-1"}, headers=HX).status_code == 200
    with TestClient(anon.app) as phone_b:
        page_b = phone_b.get(url, params={"table": table, "code": code_b, "lang": "en"}).text
    assert 'value="1-2" autofocus>Confirm 1-2</button>' in page_b
    mine = anon.get(url, params={**slip, "lang": "en"}).text  # the first reporter: no confirm
    assert "autofocus" not in mine
    assert 'value="2-0">I won 2-0</button>' in mine
