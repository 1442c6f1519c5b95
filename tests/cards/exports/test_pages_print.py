"""Print views over HTTP (issue 15): each sheet renders, the slips carry a QR code of the
self-report link and stay private; the self-report page in two taps. The PDFs are checked in
Chromium by tests/cards/test_pages_browser_print.py."""

from __future__ import annotations

import re
from html import unescape

from fastapi.testclient import TestClient

from tests.cards.self_report.test_pages import running
from tests.support.web import make_client, page_login
from torneo.platform.store.uow import Actor, Store


def test_slips_have_a_qr_code_of_the_report_link_and_the_code(web_store: Store) -> None:
    """Issue 30 item 7: a slip a match (4 for 8 players: half the paper), each player's code
    and QR code on their own stub."""
    event_id, tables = running(web_store)
    with make_client(web_store) as client:
        page_login(client, "org")
        for per_page, sheets in ((4, 1), (2, 2)):
            html = client.get(f"/events/{event_id}/print/slips?per_page={per_page}").text
            assert html.count('class="card-cut slip-card"') == 4
            assert html.count('class="stub"') == 8
            assert html.count("<svg") == 8
            assert html.count(f'class="cards per-{per_page}') == sheets
        _table, code_a, code_b = tables[0]
        assert code_a in html
        assert code_b in html
        assert "/static/print.css" in html
        assert "/static/torneo.css" not in html


def test_slips_are_private_and_the_other_sheets_public(web_store: Store, anon: TestClient) -> None:
    event_id, _ = running(web_store)
    assert anon.get(f"/events/{event_id}/print/slips", follow_redirects=False).status_code == 303
    for sheet in ("pairings", "by-name?columns=3", "standings"):
        r = anon.get(f"/events/{event_id}/print/{sheet}")
        assert r.status_code == 200, sheet
        assert "data-print" in r.text
    assert anon.get(f"/events/{event_id}/print/bracket").status_code == 404
    wall = anon.get(f"/events/{event_id}/print/by-name?columns=3").text
    assert wall.count('class="wall-line"') == 8
    assert "wall cols-3" in wall


def test_the_qr_link_opens_the_match_and_the_opponent_confirms_with_one_button(
    web_store: Store,
) -> None:
    event_id, tables = running(web_store)
    table, code_a, code_b = tables[0]
    with make_client(web_store) as phone_a:
        opened = phone_a.get(f"/events/{event_id}/report?table={table}&code={code_a}&lang=en")
        likely = opened.text.split('class="likely"', 1)[1].split("</div>", 1)[0]
        assert re.findall(r'value="([0-9-]+)"', likely) == ["2-0", "2-1", "1-2", "0-2", "1-1-1"]
        assert "Other result" in opened.text
        token = re.search(r'name="csrf_token" value="([^"]+)"', opened.text)
        assert token
        data = {"table": table, "code": code_a, "result": "2-1", "csrf_token": token.group(1)}
        assert phone_a.post(f"/events/{event_id}/report", data=data).status_code == 200
    with make_client(web_store) as phone_b:
        page = phone_b.get(f"/events/{event_id}/report?table={table}&code={code_b}&lang=en")
        confirm = page.text.split('class="confirm-one"', 1)[1].split("</div>", 1)[0]
        assert re.findall(r'value="([0-9-]+)"', confirm) == ["1-2"]
        assert "Confirm 1-2" in unescape(confirm)
        wrong = phone_b.get(f"/events/{event_id}/report?table={table}&code=ZZZZZZ")
        assert wrong.status_code == 403
        assert 'class="field-name">code:<' in wrong.text  # the field, by its label


def test_issue30_a_slip_a_match_with_labelled_result_boxes_from_the_api_slips(
    web_store: Store,
) -> None:
    """Issue 30 item 7: each match's slip names its table and both players, has a labelled box
    for each player's games won and for drawn games, and each player's code on the stub under
    their name: the same read model as ``GET /api/v1/events/{id}/slips``."""
    event_id, _ = running(web_store)
    with make_client(web_store) as client:
        page_login(client, "org")
        api = client.get(f"/api/v1/events/{event_id}/slips").json()
        html = client.get(f"/events/{event_id}/print/slips?lang=en").text
    cards = html.split('class="card-cut slip-card"')[1:]
    by_table: dict[int, list[dict[str, object]]] = {}
    for slip in api:
        by_table.setdefault(int(slip["table"]), []).append(slip)
    assert len(cards) == len(by_table)
    for card in cards:
        table = int(re.search(r'data-table="(\d+)"', card).group(1))  # type: ignore[union-attr]
        text = unescape(re.sub(r"<[^>]+>", " ", card.split('<div class="stubs">')[0]))
        assert "Games won" in text
        assert "Drawn games" in text
        assert "Signature" in text
        rows = re.findall(r'<th scope="row" class="slip-name">(.*?)</th><td class="box">', card)
        assert [unescape(r) for r in rows] == [s["name"] for s in by_table[table]]
        stubs = re.findall(
            r'Code of (.*?)</div>\s*<div class="code">(\w+)</div>', unescape(card), re.S
        )
        assert stubs == [(s["name"], s["code"]) for s in by_table[table]]


def test_issue26_printed_standings_and_bracket_after_close_read_the_api(
    web_store: Store, anon: TestClient
) -> None:
    """Issue 26 item 4 for card events: once the event is closed, the printed standings and the
    printed Top X say what ``GET /standings`` and ``GET /bracket`` say (places, points, record,
    every percentage tiebreak; each match's players and result, and the champion)."""
    from tests.cards.test_views import _event, _run_to_the_end

    org = Actor("org", frozenset({(1, "organizer")}))
    event_id = _event(web_store, org, 8)
    _run_to_the_end(web_store, org, event_id)
    standings = anon.get(f"/api/v1/events/{event_id}/standings").json()
    bracket = anon.get(f"/api/v1/events/{event_id}/bracket").json()
    assert bracket["champion"] is not None

    sheet = anon.get(f"/events/{event_id}/print/standings?lang=en").text
    body = sheet.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    printed = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [
            unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        ]
        printed.append(cells)
    expected = []
    for line in standings["lines"]:
        tiebreaks = [
            f"{tb['percent']}%" if tb["percent"] is not None else tb["value"]
            for tb in line["tiebreaks"]
        ]
        record = f"{line['wins']}-{line['losses']}-{line['draws']}"
        expected.append([str(line["position"]), line["name"], str(line["points"]), record])
        expected[-1] += tiebreaks
    assert [[c.split(" (")[0] if i == 1 else c for i, c in enumerate(r)] for r in printed] == (
        expected
    )

    top = anon.get(f"/events/{event_id}/print/bracket?lang=en").text
    assert f"Winner: {bracket['champion']['name']}" in unescape(top)
    rounds = top.split('class="round')[1:]
    assert len(rounds) == len(bracket["rounds"])
    for html_round, api_round in zip(rounds, bracket["rounds"], strict=True):
        boxes = re.findall(r'<div class="match"><div class="box">(.*?)</div></div>', html_round)
        seen = []
        for box in boxes:
            score = re.search(r'<span class="score">(.*?)</span>', box)
            names = [
                unescape(re.sub(r"^\(\d+\) ", "", n))
                for n in re.findall(r'<span class="slot[^"]*">(.*?)</span>', box)
            ]
            seen.append((names, score.group(1) if score else None))
        assert seen == [
            ([m["a"]["name"], m["b"]["name"]], m["result"]) for m in api_round["matches"]
        ]
