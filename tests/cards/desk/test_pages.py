"""The desk of a card event, the keyboard entry and the rows in two taps (issue 15)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.cards.self_report.test_pages import ORG, running
from tests.support.desk import primary_action
from tests.support.events import fingerprint
from tests.support.web import PASSWORD, SECRET, make_client, page_login
from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.self_report import views as srv
from torneo.judging import commands as judging
from torneo.platform import accounts
from torneo.platform.store.uow import Actor, Store


def test_the_desk_leads_a_club_night_one_primary_action_at_a_time(web_store: Store) -> None:
    event_id = events.create_event(
        web_store, ORG, name="Serata", preset="invasion-it-2012", held_on="2012-03-10", seed=3
    )
    with make_client(web_store) as client:
        page_login(client, "org")
        desk = client.get(f"/events/{event_id}/desk?lang=en")
        assert desk.status_code == 200
        assert primary_action(desk.text) == "Register the players"
        events.register_roster(web_store, ORG, event_id, "\n".join(f"P{i}" for i in range(6)))
        assert primary_action(client.get(f"/events/{event_id}/desk").text) == "Start the event"
        events.start_event(web_store, ORG, event_id)
        assert primary_action(client.get(f"/events/{event_id}/desk").text) == "Pair round 1"
        events.pair_next_round(web_store, ORG, event_id)
        text = client.get(f"/events/{event_id}/desk").text
        assert primary_action(text) == "Enter the results"
        assert "Round 1: 3 results missing." in text
        for link in (
            "/print/slips?per_page=4",
            "/print/pairings?round=1",
            "/print/by-name",
            "/reports",
            "/judge",
            "/clock",
            "/judging",
            "/standings.csv",
        ):
            assert f'href="/events/{event_id}{link}' in text, link
        for table in (1, 2, 3):
            events.report_result(web_store, ORG, event_id, 1, table, "2-0")
        text = client.get(f"/events/{event_id}/desk").text
        assert primary_action(text) == "Pair round 2"
        assert f'action="/events/{event_id}/manage/pair"' in text


def test_a_judge_of_the_roster_gets_the_staff_desk_and_others_are_refused(
    web_store: Store,
) -> None:
    event_id, _ = running(web_store)
    judging.appoint_judge(web_store, ORG, event_id, username="judge")
    with make_client(web_store) as client:
        page_login(client, "judge")
        desk = client.get(f"/events/{event_id}/desk?lang=en")
        assert desk.status_code == 200
        assert "/manage/pair" not in desk.text  # the organizer's buttons are not the judge's
        mine = client.get("/desks")
        assert f'href="/events/{event_id}/desk"' in mine.text
        assert f'href="/events/{event_id}/judge"' in mine.text
    other = events.create_event(
        web_store, ORG, name="Altro", preset="invasion-it-2012", held_on="2012-03-11"
    )
    with make_client(web_store) as client:
        page_login(client, "judge")
        assert client.get(f"/events/{other}/desk").status_code == 403


def test_a_row_offers_the_likely_results_as_buttons_and_the_rest_under_other(
    web_store: Store,
) -> None:
    event_id, _ = running(web_store)
    with make_client(web_store) as client:
        page_login(client, "org")
        html = client.get(f"/events/{event_id}/manage?lang=en").text
        row = html.split('id="t-1-1"', 1)[1].split("</li>", 1)[0]
        buttons = re.findall(r'name="result" value="([0-9-]+)"', row)
        assert buttons == ["2-0", "2-1", "1-2", "0-2", "1-1-1"]
        other = row.split('class="other-result"', 1)[1]
        options = re.findall(r'<option value="([0-9-]+)"', other)
        assert "0-0-3" in options
        assert "2-1" not in options
        assert len(buttons) + len(options) == 17  # INV-STRUCT-3: nothing is lost


def test_keyboard_entry_saves_a_table_and_gives_back_an_empty_focused_field(
    web_store: Store,
) -> None:
    event_id, _ = running(web_store)
    with make_client(web_store) as client:
        token = page_login(client, "org")
        htmx = {"HX-Request": "true"}
        done = client.post(
            f"/events/{event_id}/manage/entry?lang=en",
            data={"entry": "2 2-1", "round_no": "1", "csrf_token": token},
            headers=htmx,
        )
        assert done.status_code == 200
        assert "Table 2: 2-1 saved." in done.text
        assert 'value="" ' in done.text.split('id="entry-line"', 1)[1].split(">", 1)[0] + " "
        assert "autofocus" in done.text.split('id="entry-line"', 1)[1].split(">", 1)[0]
        assert 'id="t-1-2" hx-swap-oob="true"' in done.text
        shown = queries.pairings(web_store, event_id)
        assert shown is not None
        line = next(x for x in shown.lines if x.table == 2)
        assert line.result == "2-1"
        before = fingerprint(web_store, event_id)
        refused = client.post(
            f"/events/{event_id}/manage/entry?lang=en",
            data={"entry": "3 two-one", "csrf_token": token},
            headers=htmx,
        )
        assert refused.status_code == 422
        assert ">riga digitata:<" in refused.text or ">typed entry:<" in refused.text  # its label
        assert 'value="3 two-one"' in refused.text  # what was typed stays, to be fixed
        illegal = client.post(
            f"/events/{event_id}/manage/entry",
            data={"entry": "3 3-0", "csrf_token": token},
            headers=htmx,
        )
        assert illegal.status_code == 422
        assert ">result:<" in illegal.text or ">risultato:<" in illegal.text  # its label
        assert fingerprint(web_store, event_id) == before
        plain = client.post(
            f"/events/{event_id}/manage/entry",
            data={"entry": "3 0-2", "csrf_token": token},
            follow_redirects=False,
        )
        assert plain.status_code == 303


def test_a_player_account_cannot_type_results(web_store: Store) -> None:
    event_id, _ = running(web_store)
    slip = srv.slips(web_store, ORG, event_id, secret=SECRET)[0]
    accounts.create_user(
        web_store,
        Actor.system(),
        username="gino",
        password=PASSWORD,
        role="player",
        player_id=slip.player_id,
    )
    before = fingerprint(web_store, event_id)
    with make_client(web_store) as client:
        token = page_login(client, "gino")
        r = client.post(
            f"/events/{event_id}/manage/entry",
            data={"entry": f"{slip.table} 2-0", "csrf_token": token},
            headers={"HX-Request": "true"},
        )
        assert r.status_code == 403
    assert fingerprint(web_store, event_id) == before


def test_my_tournaments_needs_an_account(anon: TestClient) -> None:
    r = anon.get("/desks", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"].startswith("/login")
