"""Issue 26 through the RisiKo! pages: results carry their table's version (item 1), each staff
member sees only the forms the policy allows (item 2), refused forms end on a GET page (item 3),
print and API read the same final ranking, the regulation follows the settings (item 4), and the
pages listen to the tournament's live topic and say when the connection is lost (item 5)."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from fastapi.testclient import TestClient

from tests.risiko.test_pages import API, _post, _ready, _refused, _tables, _version
from tests.support.web import make_client, page_login
from torneo.platform.store.uow import Store


def _client(web_store: Store, username: str) -> tuple[TestClient, str]:
    client = make_client(web_store)
    client.__enter__()
    return client, page_login(client, username)


def _seats_form(players: list[int], points: list[int], version: str) -> dict[str, Any]:
    data: dict[str, Any] = {"version": version}
    for i, (player, pts) in enumerate(zip(players, points, strict=True), start=1):
        data.update({f"seat-{i}-player": player, f"seat-{i}-points": pts})
        data[f"seat-{i}-status"] = "survived"
    return data


def _with_referee(web_store: Store) -> tuple[TestClient, str, TestClient, str, int]:
    org, token = _client(web_store, "org")
    tid = _ready(org, token)
    headers = {"X-CSRF-Token": token}
    r = org.post(f"{API}/tournaments/{tid}/staff", json={"username": "judge"}, headers=headers)
    assert r.status_code in (200, 201), r.text
    ref, ref_token = _client(web_store, "judge")
    return org, token, ref, ref_token, tid


def test_issue26_two_referees_enter_two_tables_from_forms_loaded_together(
    web_store: Store,
) -> None:
    org, token, ref, ref_token, tid = _with_referee(web_store)
    assert _post(org, f"/risiko/{tid}/manage/draw", token).status_code == 303
    tables = _tables(org, tid)
    url = f"/risiko/{tid}/rounds/1/tables"
    form_1 = org.get(f"{url}/1/result").text
    form_2 = ref.get(f"{url}/2/result").text
    stale_1 = ref.get(f"{url}/1/result").text  # the referee also opened table 1
    assert 'name="version"' in form_1  # the form sends the version it was loaded at
    r = _post(
        org, f"{url}/1/result", token, **_seats_form(tables[0], [40, 30, 20, 10], _version(form_1))
    )
    assert r.status_code == 303, r.text
    assert "x-torneo-refused" not in r.headers
    r = _post(
        ref,
        f"{url}/2/result",
        ref_token,
        **_seats_form(tables[1], [9, 30, 20, 10], _version(form_2)),
    )
    assert r.status_code == 303, r.text
    assert "x-torneo-refused" not in r.headers
    # the same table twice: the second is refused clearly, at the form's GET address
    data = _seats_form(tables[0], [1, 2, 3, 4], _version(stale_1))
    page = _refused(ref, _post(ref, f"{url}/1/result", ref_token, **data), 409)
    assert "il tavolo 1 del turno 1 è cambiato dopo la versione" in page.text
    api = org.get(f"{API}/tournaments/{tid}").json()
    seats = api["rounds"][0]["tables"][0]["seats"]
    assert [s["table_points"] for s in seats] == [40, 30, 20, 10]  # nothing overwritten


def test_issue26_a_referee_sees_only_the_forms_the_policy_allows(web_store: Store) -> None:
    org, token, ref, ref_token, tid = _with_referee(web_store)
    ours = ref.get(f"/risiko/{tid}/manage").text
    for action in ("draw", "settings", "regulation", "players", "roster"):
        assert f'action="/risiko/{tid}/manage/{action}"' not in ours, action
        assert f'action="/risiko/{tid}/manage/{action}"' in org.get(f"/risiko/{tid}/manage").text
    assert 'id="staff-scope"' in ours
    assert _post(org, f"/risiko/{tid}/manage/draw", token).status_code == 303
    ours = ref.get(f"/risiko/{tid}/manage").text
    assert f"/risiko/{tid}/rounds/1/tables/1/result" in ours  # what a referee does is there
    assert f'action="/risiko/{tid}/manage/swap"' not in ours
    assert f'action="/risiko/{tid}/manage/undo-draw"' not in ours
    # the services still refuse: the policy is asked, not the page
    assert ref.post(f"/risiko/{tid}/manage/draw", data={"csrf_token": ref_token}).status_code == 403


def test_issue26_a_refused_draw_ends_on_the_manage_page(web_store: Store) -> None:
    org, token = _client(web_store, "org")
    tid = _ready(org, token)
    r = _post(org, f"/risiko/{tid}/manage/draw", token, method="greca", version="1")
    assert r.headers["location"] == f"/risiko/{tid}/manage#round"
    page = _refused(org, r, 409)
    assert 'role="alert"' in page.text
    assert "versione:" not in page.text  # a state refusal carries no field prefix (issue 30)
    again = org.get(f"/risiko/{tid}/manage")  # a reload: the refusal was shown once, no resend
    assert 'role="alert"' not in again.text
    assert "Standings" in org.get(f"/risiko/{tid}/manage?lang=en").text  # the language switch
    assert org.get(f"{API}/tournaments/{tid}").json()["rounds"] == []


def test_issue26_a_refused_new_tournament_keeps_what_was_typed(web_store: Store) -> None:
    org, token = _client(web_store, "org")
    data = {"name": "Serata del giovedì", "held_on": "31/02/2026", "formula": "master"}
    page = _refused(org, _post(org, "/risiko/new", token, **data), 422)
    assert 'value="Serata del giovedì"' in page.text
    assert 'role="alert"' in page.text


def _close_with_a_final(org: TestClient, token: str, tid: int) -> None:
    headers = {"X-CSRF-Token": token}
    change = {"qualifying_games": 1, "semifinal_tables": 0}
    assert org.patch(f"{API}/tournaments/{tid}", json=change, headers=headers).is_success
    assert _post(org, f"/risiko/{tid}/manage/draw", token).status_code == 303
    for t, seats in enumerate(_tables(org, tid), start=1):
        body = {"seats": [{"player": p, "table_points": 40 - 5 * i} for i, p in enumerate(seats)]}
        url = f"{API}/tournaments/{tid}/rounds/1/tables/{t}/result"
        assert org.put(url, json=body, headers=headers).status_code == 200
    assert _post(org, f"/risiko/{tid}/manage/draw", token).status_code == 303
    (final,) = _tables(org, tid)
    # the last qualifier wins the final: the qualifying order and the final ranking differ
    points = {p: 10 + 5 * i for i, p in enumerate(final)}
    body = {"seats": [{"player": p, "table_points": points[p]} for p in final]}
    url = f"{API}/tournaments/{tid}/rounds/2/tables/1/result"
    assert org.put(url, json=body, headers=headers).status_code == 200
    r = _post(
        org,
        f"/risiko/{tid}/manage/close",
        token,
        version=_version(org.get(f"/risiko/{tid}/manage").text),
    )
    assert r.status_code == 303
    assert "x-torneo-refused" not in r.headers


def test_issue26_printed_standings_after_close_read_the_apis_final_ranking(
    web_store: Store,
) -> None:
    org, token = _client(web_store, "org")
    tid = _ready(org, token)
    _close_with_a_final(org, token, tid)
    api = org.get(f"{API}/tournaments/{tid}").json()
    assert api["summary"]["status"] == "finished"
    final = [(f["position"], f["person"]["name"]) for f in api["final"]]
    qualifying_first = api["standings"][0]["person"]["name"]
    assert final[0][1] != qualifying_first  # the case that was printed wrong
    sheet = org.get(f"/risiko/{tid}/print/standings").text
    block = sheet[
        sheet.index('id="final-ranking"') : sheet.index(
            "</table>", sheet.index('id="final-ranking"')
        )
    ]
    rows = re.findall(
        r'<td class="num">(\d+)</td><th scope="row">([^<]+?)(?: <small>|</th>)', block
    )
    assert [(int(p), n.strip()) for p, n in rows] == final
    screen = org.get(f"/risiko/{tid}").text
    assert screen.index(final[0][1]) < screen.index('id="standings"')
    download = org.get(f"/risiko/{tid}/standings.csv").text
    rows = list(csv.DictReader(io.StringIO(download)))
    assert [(int(r["place"]), r["player"]) for r in rows] == final
    assert rows[0]["stage"] == "final"
    xlsx = org.get(f"/risiko/{tid}/standings.xlsx")
    assert xlsx.content.startswith(b"PK")  # the same sheet as a workbook
    assert f'href="/risiko/{tid}/standings.csv' in screen


def test_issue26_the_published_regulation_follows_the_settings(web_store: Store) -> None:
    org, token = _client(web_store, "org")
    tid = _ready(org, token)  # published with a final table of 4 and 4 semifinal tables
    before = org.get(f"/risiko/{tid}/regulation?lang=en").text
    assert "a final table of 4 with the semifinal winners" in before
    headers = {"X-CSRF-Token": token}
    change = {"semifinal_tables": 0, "final_table_size": 5, "table_policy": "fours_then_threes"}
    assert org.patch(f"{API}/tournaments/{tid}", json=change, headers=headers).is_success
    after = org.get(f"/risiko/{tid}/regulation?lang=en").text
    assert "Then a final table of 5 with the best of the ranking." in after
    assert "the remainder at tables of 3" in after
    assert "semifinal winners" not in after


def test_issue26_staff_and_public_pages_listen_and_say_when_the_stream_is_lost(
    web_store: Store,
) -> None:
    org, token = _client(web_store, "org")
    tid = _ready(org, token)
    assert _post(org, f"/risiko/{tid}/manage/draw", token).status_code == 303
    for url in (
        f"/risiko/{tid}/manage",
        f"/risiko/{tid}",
        f"/risiko/{tid}/rounds/1/tables/1/console",
    ):
        html = org.get(url).text
        assert f'data-live="risiko:{tid}"' in html, url
        assert 'data-live-gap="' in html, url  # staff pages refresh within a second
        assert "data-live-lost hidden" in html, url
        assert "Connessione persa" in html, url


def test_issue26_a_refused_console_action_without_htmx_ends_on_the_console(
    web_store: Store,
) -> None:
    org, token = _client(web_store, "org")
    tid = _ready(org, token)
    assert _post(org, f"/risiko/{tid}/manage/draw", token).status_code == 303
    url = f"/risiko/{tid}/rounds/1/tables/1/console"
    r = _post(org, url, token, kind="roll", total="13", version="0")
    assert r.status_code == 303
    assert r.headers["location"] == url
    assert r.headers["x-torneo-refused"] in {"409", "422"}
    page = org.get(url).text
    assert 'role="alert"' in page
    assert 'role="alert"' not in org.get(url).text  # shown once: a reload sends nothing
