"""Self-reporting through the pages and the JSON API (phone page, judges' queue, slips)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.support.events import fingerprint
from tests.support.web import SECRET, api_login, form_status, form_token, make_client, page_login
from torneo.cards import commands as events
from torneo.cards.self_report import api as api_self_report
from torneo.cards.self_report import commands as sr
from torneo.cards.self_report import pages_slips
from torneo.cards.self_report import views as srv
from torneo.platform import accounts
from torneo.platform.store.uow import Actor, Store

ORG = Actor("org", frozenset({(1, "organizer")}))


def running(store: Store) -> tuple[int, list[tuple[int, str, str]]]:
    """A running 8-player event: (id, [(table, code of A, code of B)])."""
    event_id = events.create_event(
        store, ORG, name="Phones", preset="invasion-it-2012", held_on="2012-03-10", seed=9
    )
    events.register_roster(store, ORG, event_id, "\n".join(f"Giocatore {i}" for i in range(8)))
    events.start_event(store, ORG, event_id)
    events.pair_next_round(store, ORG, event_id)
    slips = srv.slips(store, ORG, event_id, secret=SECRET)
    by_table: dict[int, list[str]] = {}
    for s in slips:
        assert s.code is not None
        by_table.setdefault(s.table, []).append(s.code)
    return event_id, [(t, c[0], c[1]) for t, c in sorted(by_table.items())]


def test_a_phone_finds_its_match_by_code_and_both_players_confirm(
    anon: TestClient, web_store: Store
) -> None:
    event_id, tables = running(web_store)
    table, code_a, code_b = tables[0]
    page = anon.get(f"/events/{event_id}/report?table={table}")
    assert page.status_code == 200
    token = form_token(page.text)
    found = anon.post(
        f"/events/{event_id}/report",
        data={"table": str(table), "code": code_a.lower(), "csrf_token": token},
    )
    assert found.status_code == 200
    assert 'value="2-1"' in found.text  # the result buttons
    done = anon.post(
        f"/events/{event_id}/report",
        data={"table": str(table), "code": code_a, "result": "2-1", "csrf_token": token},
    )
    assert done.status_code == 200
    assert 'role="status"' in done.text
    with TestClient(anon.app) as phone_b:
        token_b = form_token(phone_b.get(f"/events/{event_id}/report").text)
        confirmed = phone_b.post(
            f"/events/{event_id}/report",
            data={"table": str(table), "code": code_b, "result": "1-2", "csrf_token": token_b},
        )
    assert confirmed.status_code == 200
    pairings = anon.get(f"/api/v1/events/{event_id}/pairings").json()
    assert next(x for x in pairings["lines"] if x["table"] == table)["result"] == "2-1"


def test_the_report_form_needs_the_csrf_token(anon: TestClient, web_store: Store) -> None:
    event_id, tables = running(web_store)
    table, code_a, _ = tables[0]
    before = fingerprint(web_store, event_id)
    r = anon.post(
        f"/events/{event_id}/report", data={"table": str(table), "code": code_a, "result": "2-0"}
    )
    assert r.status_code == 403
    assert fingerprint(web_store, event_id) == before


def test_wrong_codes_are_refused_then_rate_limited(anon: TestClient, web_store: Store) -> None:
    event_id, tables = running(web_store)
    table, code_a, _ = tables[0]
    token = form_token(anon.get(f"/events/{event_id}/report").text)
    for _ in range(10):
        r = anon.post(
            f"/events/{event_id}/report",
            data={"table": str(table), "code": "ZZZZZZ", "csrf_token": token},
        )
        assert form_status(r) == 403  # refused, on the GET page (Post/Redirect/Get)
    r = anon.post(
        f"/events/{event_id}/report",
        data={"table": str(table), "code": code_a, "csrf_token": token},
    )
    assert r.status_code == 429  # even the right code waits now
    assert r.headers["retry-after"]
    api = anon.post(
        f"/api/v1/events/{event_id}/self-reports",
        json={"table": table, "code": code_a, "result": "2-0"},
    )
    assert api.status_code == 429
    assert api.json()["field"] == "code"


def test_typos_at_one_table_do_not_lock_out_the_other_tables_of_the_hall(
    anon: TestClient, web_store: Store
) -> None:
    """The venue's Wi-Fi: every phone shares one address. Ten wrong codes at table 1 stop
    table 1 (429), not table 2, whose player still reports (pages_self_report, decision)."""
    event_id, tables = running(web_store)
    (first, _, _), (second, code_second, _) = tables[0], tables[1]
    token = form_token(anon.get(f"/events/{event_id}/report").text)
    for _ in range(10):
        wrong = {"table": str(first), "code": "ZZZZZZ", "csrf_token": token}
        assert form_status(anon.post(f"/events/{event_id}/report", data=wrong)) == 403
    blocked = {"table": str(first), "code": "ZZZZZZ", "csrf_token": token}
    assert anon.post(f"/events/{event_id}/report", data=blocked).status_code == 429
    other = {"table": str(second), "code": code_second, "csrf_token": token, "result": "2-0"}
    answer = anon.post(f"/events/{event_id}/report", data=other)
    assert answer.status_code == 200
    assert 'class="alert ok"' in answer.text


def test_a_phone_that_opened_its_match_skips_the_rate_limit_with_that_slip(
    anon: TestClient, web_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The slip's code opened the match (one attempt reserved); the same session then shows the
    match and reports without asking the limiter again, even after others behind the same
    address typed ten wrong codes at that table. Another slip still goes through the limit."""
    event_id, tables = running(web_store)
    (table, code_a, _), (other, code_other, _) = tables[0], tables[1]
    limiter = anon.app.state.rate_limiter  # type: ignore[attr-defined]
    reserved: list[object] = []
    reserve = limiter.reserve

    def counting(*args: object, **kwargs: object) -> object:
        reserved.append(args[0])
        return reserve(*args, **kwargs)

    monkeypatch.setattr(limiter, "reserve", counting)
    url = f"/events/{event_id}/report"
    opened = anon.get(url, params={"table": table, "code": code_a})
    assert opened.status_code == 200
    assert len(reserved) == 1
    token = form_token(opened.text)
    with TestClient(anon.app) as stranger:  # the same server and address, another session
        guess = form_token(stranger.get(url).text)
        for _ in range(10):
            wrong = {"table": str(table), "code": "ZZZZZZ", "csrf_token": guess}
            assert form_status(stranger.post(url, data=wrong)) == 403
        assert stranger.post(url, data=wrong).status_code == 429  # table 1 is locked now
    before = len(reserved)
    assert before == 12
    form = {"table": str(table), "code": code_a, "csrf_token": token}
    assert anon.post(url, data=form).status_code == 200
    done = anon.post(url, data={**form, "result": "2-0"})
    assert done.status_code == 200
    assert 'class="alert ok"' in done.text
    assert len(reserved) == before  # neither asked the limiter
    other_slip = {"table": str(other), "code": code_other, "csrf_token": token}
    assert anon.post(url, data=other_slip).status_code == 200
    assert len(reserved) == before + 1


def test_one_address_sweeping_the_tables_meets_the_wider_cap(
    anon: TestClient, web_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Wrong codes over every table from one address count together too (ADDRESS_FAILURES,
    here 3): a sweep of the tables is stopped, even at a table never tried."""
    monkeypatch.setattr(pages_slips, "ADDRESS_FAILURES", 3)
    event_id, tables = running(web_store)
    for table, _, _ in tables[:3]:
        body = {"table": table, "code": "ZZZZZZ", "result": "2-0"}
        assert anon.post(f"/api/v1/events/{event_id}/self-reports", json=body).status_code == 403
    table, code, _ = tables[3]
    body = {"table": table, "code": code, "result": "2-0"}
    refused = anon.post(f"/api/v1/events/{event_id}/self-reports", json=body)
    assert refused.status_code == 429
    assert refused.json()["field"] == "code"


def test_the_api_takes_a_code_without_session_or_csrf(anon: TestClient, web_store: Store) -> None:
    event_id, tables = running(web_store)
    table, code_a, code_b = tables[1]
    url = f"/api/v1/events/{event_id}/self-reports"
    first = anon.post(url, json={"table": table, "code": code_a, "result": "2-0"})
    assert first.status_code == 200, first.text
    assert first.json()["answer"] == "waiting"
    assert first.json()["side"] == "a"
    second = anon.post(url, json={"table": table, "code": code_b, "result": "2-1"})
    assert second.json()["answer"] == "disputed"
    assert second.json()["match"]["second_result"] == "1-2"
    wrong = anon.post(url, json={"table": table, "code": "AAAAAA", "result": "2-0"})
    assert wrong.status_code == 403
    assert wrong.json()["field"] == "code"
    no_table = anon.post(url, json={"code": code_a, "result": "2-0"})
    assert no_table.status_code == 422
    assert no_table.json()["field"] == "table"


def test_a_player_account_reports_through_the_api_with_its_session(
    anon: TestClient, web_store: Store
) -> None:
    event_id, _tables = running(web_store)
    slips = srv.slips(web_store, ORG, event_id, secret=SECRET)
    anna = slips[0]
    accounts.create_user(
        web_store,
        Actor.system(),
        username="anna",
        password="correct horse battery",
        role="player",
        player_id=anna.player_id,
    )
    url = f"/api/v1/events/{event_id}/self-reports"
    assert anon.post(url, json={"result": "2-0"}).status_code == 401
    token = api_login(anon, "anna")
    del anon.headers["X-CSRF-Token"]
    assert anon.post(url, json={"result": "2-0"}).status_code == 403  # no CSRF token
    r = anon.post(url, json={"result": "2-0"}, headers={"X-CSRF-Token": token})
    assert r.status_code == 200, r.text
    assert r.json()["match"]["table"] == anna.table
    # The player's phone page shows their match at once, without a code.
    page = anon.get(f"/events/{event_id}/report")
    assert anna.name in page.text
    assert anna.opponent is not None
    assert anna.opponent in page.text
    # A player may not see the judges' queue nor the codes of the others.
    assert anon.get(f"/api/v1/events/{event_id}/self-reports").status_code == 403
    assert anon.get(f"/api/v1/events/{event_id}/slips").status_code == 403


def test_the_judges_queue_decides_a_dispute(org: TestClient, web_store: Store) -> None:
    event_id, tables = running(web_store)
    table, code_a, code_b = tables[0]
    sr.report_by_code(web_store, event_id, table, code_a, "2-0", secret=SECRET)
    sr.report_by_code(web_store, event_id, table, code_b, "2-0", secret=SECRET)
    queue = org.get(f"/api/v1/events/{event_id}/self-reports").json()
    assert [(q["table"], q["status"]) for q in queue] == [(table, "disputed")]
    r = org.post(
        f"/api/v1/events/{event_id}/self-reports/1/{table}/resolve",
        json={"result": "0-2", "reason": "both slips signed by A say 0-2"},
    )
    assert r.status_code == 200, r.text
    assert r.json()["recorded"] == "0-2"
    assert org.get(f"/api/v1/events/{event_id}/self-reports").json() == []
    codes = org.get(f"/api/v1/events/{event_id}/slips").json()
    assert {c["code"] for c in codes if c["table"] == table} == {code_a, code_b}


def test_the_judges_pages_queue_and_slips(anon: TestClient, web_store: Store) -> None:
    event_id, tables = running(web_store)
    table, code_a, code_b = tables[0]
    sr.report_by_code(web_store, event_id, table, code_a, "2-1", secret=SECRET)
    sr.report_by_code(web_store, event_id, table, code_b, "2-1", secret=SECRET)
    assert anon.get(f"/events/{event_id}/reports", follow_redirects=False).status_code == 303
    token = page_login(anon, "org")
    queue = anon.get(f"/events/{event_id}/reports")
    assert queue.status_code == 200
    assert f'name="table" value="{table}"' in queue.text
    decided = anon.post(
        f"/events/{event_id}/reports/resolve",
        data={
            "round_no": "1",
            "table": str(table),
            "result": "2-1",
            "reason": "A won",
            "csrf_token": token,
        },
    )
    assert decided.status_code == 200
    # Post/Redirect/Get (issue 26 item 3): the decision ends on the queue's own address
    assert decided.url.path == f"/events/{event_id}/reports"
    assert decided.history[0].status_code == 303
    assert f"Deciso: il tavolo {table} è 2-1." in decided.text
    slips = anon.get(f"/events/{event_id}/slips")
    assert slips.status_code == 200
    assert code_a in slips.text
    assert f"/events/{event_id}/report" in slips.text
    event_page = anon.get(f"/events/{event_id}").text
    assert f'href="/events/{event_id}/report"' in event_page
    assert f'href="/events/{event_id}/reports"' in event_page


def test_issue26_a_refused_decision_ends_on_the_queue_with_what_was_typed(
    anon: TestClient, web_store: Store
) -> None:
    """Issue 26 item 3: a decision without a reason is refused at the queue's GET address (303),
    the result chosen kept; reloading shows the queue without resending; English works."""
    event_id, tables = running(web_store)
    table, code_a, code_b = tables[0]
    sr.report_by_code(web_store, event_id, table, code_a, "2-1", secret=SECRET)
    sr.report_by_code(web_store, event_id, table, code_b, "2-0", secret=SECRET)
    token = page_login(anon, "org")
    data = {
        "round_no": "1",
        "table": str(table),
        "result": "0-2",
        "reason": " ",
        "csrf_token": token,
    }
    r = anon.post(f"/events/{event_id}/reports/resolve", data=data, follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"] == f"/events/{event_id}/reports"
    assert r.headers["x-torneo-refused"] == "422"
    page = anon.get(r.headers["location"])
    assert page.status_code == 200
    assert 'role="alert"' in page.text
    assert 'value="0-2" selected' in page.text  # what was chosen is kept
    again = anon.get(f"/events/{event_id}/reports")  # a reload: no refusal, nothing resent
    assert 'role="alert"' not in again.text
    assert 'value="0-2" selected' not in again.text
    assert anon.get(f"/events/{event_id}/reports?lang=en").status_code == 200
    queue = anon.get(f"/api/v1/events/{event_id}/self-reports").json()
    assert [(q["table"], q["status"]) for q in queue] == [(table, "disputed")]


def test_concurrent_wrong_codes_are_limited_like_sequential_ones(
    web_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12: each code attempt is reserved before the code is checked, so fifteen guesses
    at once from one address check ten codes (CODE_FAILURES), not fifteen."""
    import threading

    from torneo.core.errors import Forbidden

    started: list[int] = []
    release = threading.Event()

    def wrong(*args: object, **kwargs: object) -> None:
        started.append(1)
        release.wait(60)
        raise Forbidden("code", "wrong code")

    # The check itself, behind the rate limit (the worker's group commit would queue the
    # guesses of one event one batch after another: here each blocks in its own thread).
    monkeypatch.setattr(api_self_report, "report_by_slip", wrong)
    statuses: list[int] = []
    with make_client(web_store) as client:

        def guess(i: int) -> None:
            body = {"table": 1, "code": f"GUESS{i:02d}", "result": "2-0"}
            statuses.append(client.post("/api/v1/events/1/self-reports", json=body).status_code)

        threads = [threading.Thread(target=guess, args=(i,)) for i in range(15)]
        for t in threads:
            t.start()
        for _ in range(20_000):  # bounded wait: every guess is checking or refused
            if len(started) + len(statuses) >= 15:
                break
            threading.Event().wait(0.001)
        release.set()
        for t in threads:
            t.join()
    assert len(started) == 10
    assert sorted(statuses) == [403] * 10 + [429] * 5
