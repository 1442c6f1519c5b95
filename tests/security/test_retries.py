"""A retried write already committed (issue 27, "also"): it answers as the first did.

A phone on a hall's Wi-Fi, or an organizer's laptop behind a restarting worker, sends a result,
the server commits it, and the answer is lost; the client sends it again. The retry must be told
what the first was told (and write nothing), not be refused as if someone else had reported:
before, the organizer's retry got 422 "already reported", and a disputing player's retry 409.
A *different* score for a match already settled stays refused, and changes nothing.
"""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tests.cards.self_report.test_pages import running
from tests.support.events import fingerprint
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store


def _audits(store: Store, action: str) -> int:
    with store.read() as s:
        n = s.scalar(
            select(func.count()).select_from(AuditEntry).where(AuditEntry.action == action)
        )
    return int(n or 0)


def test_issue27_the_same_self_report_twice_gets_the_same_answer(
    anon: TestClient, web_store: Store
) -> None:
    event_id, tables = running(web_store)
    url = f"/api/v1/events/{event_id}/self-reports"
    table, code_a, code_b = tables[0]
    first = anon.post(url, json={"table": table, "code": code_a, "result": "2-1"})
    again = anon.post(url, json={"table": table, "code": code_a, "result": "2-1"})
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.json() == first.json()  # "waiting", the same match as the first saw it
    confirm = anon.post(url, json={"table": table, "code": code_b, "result": "1-2"})
    before = fingerprint(web_store, event_id)
    retry = anon.post(url, json={"table": table, "code": code_b, "result": "1-2"})
    assert retry.status_code == 200
    assert retry.json() == confirm.json()
    assert retry.json()["answer"] == "confirmed"
    assert fingerprint(web_store, event_id) == before  # nothing written twice
    assert _audits(web_store, "self_report.confirmed") == 1
    assert _audits(web_store, "match.report") == 1


def test_issue27_a_disputing_report_retried_is_told_disputed_again(
    anon: TestClient, web_store: Store
) -> None:
    event_id, tables = running(web_store)
    url = f"/api/v1/events/{event_id}/self-reports"
    table, code_a, code_b = tables[1]
    anon.post(url, json={"table": table, "code": code_a, "result": "2-0"})
    disputed = anon.post(url, json={"table": table, "code": code_b, "result": "2-0"})
    assert disputed.json()["answer"] == "disputed"
    before = fingerprint(web_store, event_id)
    retry = anon.post(url, json={"table": table, "code": code_b, "result": "2-0"})
    assert retry.status_code == 200, retry.text
    assert retry.json() == disputed.json()
    assert fingerprint(web_store, event_id) == before
    # The other player's word after the dispute is no retry: a judge decides.
    other = anon.post(url, json={"table": table, "code": code_a, "result": "2-0"})
    assert other.status_code == 409
    assert fingerprint(web_store, event_id) == before


def test_issue27_another_score_for_a_confirmed_match_stays_refused(
    anon: TestClient, web_store: Store
) -> None:
    event_id, tables = running(web_store)
    url = f"/api/v1/events/{event_id}/self-reports"
    table, code_a, code_b = tables[2]
    anon.post(url, json={"table": table, "code": code_a, "result": "2-0"})
    anon.post(url, json={"table": table, "code": code_b, "result": "0-2"})
    before = fingerprint(web_store, event_id)
    for code, result in ((code_b, "2-0"), (code_a, "2-1"), (code_b, "1-1-1")):
        refused = anon.post(url, json={"table": table, "code": code, "result": result})
        assert refused.status_code == 409, refused.text
        assert refused.json()["field"] == "result"
    assert fingerprint(web_store, event_id) == before


def test_issue27_the_organizers_result_retried_answers_as_the_first(
    org: TestClient, web_store: Store
) -> None:
    event_id, _ = running(web_store)
    url = f"/api/v1/events/{event_id}/rounds/1/tables/1/result"
    version = org.get(f"/api/v1/events/{event_id}").json()["summary"]["version"]
    first = org.post(url, json={"result": "2-1", "version": version})
    assert first.status_code == 200, first.text
    before = fingerprint(web_store, event_id)
    retry = org.post(url, json={"result": "2-1", "version": version})  # the version it had
    assert retry.status_code == 200, retry.text
    assert retry.json() == first.json()
    assert fingerprint(web_store, event_id) == before
    assert _audits(web_store, "match.report") == 1
    other = org.post(url, json={"result": "0-2"})  # another score: a correction's business
    assert other.status_code == 422
    assert "already reported (2-1)" in other.json()["reason"]
    assert fingerprint(web_store, event_id) == before


def test_issue27_a_retry_is_still_checked_for_who_sends_it(
    anon: TestClient, web_store: Store
) -> None:
    event_id, tables = running(web_store)
    url = f"/api/v1/events/{event_id}/self-reports"
    table, code_a, _ = tables[3]
    anon.post(url, json={"table": table, "code": code_a, "result": "2-0"})
    stranger = anon.post(url, json={"table": table, "code": "AAAAAA", "result": "2-0"})
    assert stranger.status_code == 403
    result = anon.post(f"/api/v1/events/{event_id}/rounds/1/tables/{table}/result", json={})
    assert result.status_code in (401, 422)
