"""Issue 15: the desk of a RisiKo! tournament and its table sheets."""

from __future__ import annotations

import random
import re

from tests.support.desk import primary_action
from tests.support.risiko import play_round, tournament
from tests.support.web import make_client, page_login
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands as risiko

ORG = Actor("org", frozenset({(1, "organizer")}))


def test_the_desk_leads_the_organizer_from_the_draw_to_the_results(web_store: Store) -> None:
    tid = tournament(web_store, ORG, 13)
    with make_client(web_store) as org:
        page_login(org, "org")
        assert primary_action(org.get(f"/risiko/{tid}/desk?lang=en").text) == "Draw round 1"
        risiko.draw_round(web_store, ORG, tid)
        desk = org.get(f"/risiko/{tid}/desk").text
        assert primary_action(desk) == "Enter the results"
        assert "3 tables without a result." in desk
        consoles = re.findall(rf'href="/risiko/{tid}/rounds/1/tables/(\d+)/console"', desk)
        assert consoles == ["1", "2", "3"]
        play_round(web_store, ORG, tid, random.Random(1))
        assert primary_action(org.get(f"/risiko/{tid}/desk").text) == "Draw round 2"


def test_a_referee_of_the_tournament_gets_its_desk_and_the_table_sheets_print(
    web_store: Store,
) -> None:
    tid = tournament(web_store, ORG, 13)  # the tests' referee "judge" is on its staff
    risiko.draw_round(web_store, ORG, tid)
    with make_client(web_store) as referee:
        page_login(referee, "judge")
        desk = referee.get(f"/risiko/{tid}/desk?lang=en")
        assert desk.status_code == 200
        assert f'href="/risiko/{tid}/manage"' not in desk.text  # the control room is not theirs
        # issue 26 item 2: what the policy lets a referee do is offered: every table's result
        assert primary_action(desk.text) == "Enter the results"
        results = re.findall(rf'href="/risiko/{tid}/rounds/1/tables/(\d+)/result"', desk.text)
        assert results == ["1", "2", "3"]
        assert f'href="/risiko/{tid}/desk"' in referee.get("/desks").text
        sheets = referee.get(f"/risiko/{tid}/print/tables").text
        assert sheets.count('class="card-cut table-sheet"') == 3
        assert sheets.count('<td class="box"></td>') == 13 * 4  # every player's score grid


def test_issue30_the_table_sheets_give_the_turn_order_and_each_colour_as_the_api(
    web_store: Store,
) -> None:
    """Issue 30 item 7: each table sheet lists its players in turn order (RSK-TBL-1), each
    with their number in it and their army colour, as ``GET /tournaments/{id}`` has them; the
    colours follow the turn order (seat 1 blue, then red, yellow, green, purple)."""
    tid = tournament(web_store, ORG, 13)
    risiko.draw_round(web_store, ORG, tid)
    with make_client(web_store) as org:
        page_login(org, "org")
        state = org.get(f"/api/v1/risiko/tournaments/{tid}").json()
        sheets = org.get(f"/risiko/{tid}/print/tables?lang=en").text
        italian = org.get(f"/risiko/{tid}/print/tables?lang=it").text
    tables = state["rounds"][-1]["tables"]
    printed = sheets.split('class="card-cut table-sheet"')[1:]
    assert len(printed) == len(tables)
    for sheet, table in zip(printed, tables, strict=True):
        rows = re.findall(
            r'<tr data-turn="(\d+)"><td class="num tbl">\d+</td><th scope="row">(.*?)(?:<br>.*?)?'
            r'</th><td class="army-colour">(\w+)</td>',
            sheet,
        )
        expected = [(str(s["turn"]), s["person"]["name"], s["colour"]) for s in table["seats"]]
        assert rows == expected
        assert [c for _, _, c in rows] == ["blue", "red", "yellow", "green", "purple"][: len(rows)]
    assert '<td class="army-colour">blu</td>' in italian
