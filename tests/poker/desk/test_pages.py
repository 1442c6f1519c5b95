"""Issue 15: the desk of a poker tournament, its seat cards and payout sheet."""

from __future__ import annotations

from tests.support.desk import primary_action
from tests.support.poker import tuesday
from tests.support.web import make_client, page_login
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands_entries as poker_entries
from torneo.poker import commands_seats as poker_seats

ORG = Actor("org", frozenset({(1, "organizer")}))


def test_the_desk_leads_the_director_to_the_clock(web_store: Store) -> None:
    tid = tuesday(web_store, ORG, 0)
    with make_client(web_store) as org:
        page_login(org, "org")
        assert primary_action(org.get(f"/poker/{tid}/desk?lang=en").text) == "Take the entries"
        poker_entries.register_roster(web_store, ORG, tid, [f"P{i}" for i in range(20)])
        desk = org.get(f"/poker/{tid}/desk").text
        assert primary_action(desk) == "Draw the seats"
        assert f'action="/poker/{tid}/director/draw"' in desk
        poker_seats.draw_seats_now(web_store, ORG, tid)
        assert primary_action(org.get(f"/poker/{tid}/desk").text) == "Start the clock"
        seats = org.get(f"/poker/{tid}/print/seats").text
        assert seats.count('class="card-cut seat-card"') == 20
        payouts = org.get(f"/poker/{tid}/print/payouts?lang=en").text
        assert "Prize pool" in payouts


def test_the_floor_of_the_tournament_gets_its_desk(web_store: Store) -> None:
    tid = tuesday(web_store, ORG, 10)  # the tests' floor "judge" is on its staff
    with make_client(web_store) as floor:
        page_login(floor, "judge")
        assert floor.get(f"/poker/{tid}/desk").status_code == 200
        assert f'href="/poker/{tid}/director"' in floor.get("/desks").text
