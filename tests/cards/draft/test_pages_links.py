"""The live draft reached by clicking (issue 30 item 1): the desk, the manage, judging, public
and players' pages of a berserk-online limited event link the draft and its judges' page; the
desk shows the draft as the next step before round 1; a fresh install loads the demo set in one
click."""

from __future__ import annotations

from sqlalchemy import select

from tests.support.desk import primary_action
from tests.support.draft import draft_event
from tests.support.web import make_client, page_login
from torneo.cards import commands as events
from torneo.cards.draft.tables import CardSetRow
from torneo.cards.rules.desk import DeskState, Step, next_step
from torneo.platform.store.uow import Actor, Store

ORG = Actor("org", frozenset({(1, "organizer")}))


def test_BER_FMT_3_the_draft_is_the_desks_next_step_before_round_1() -> None:
    state = DeskState(status="running", players=8, can_pair=True, pools="draft")
    assert next_step(state).kind is Step.POOLS
    assert next_step(DeskState(status="running", can_pair=True)).kind is Step.PAIR
    # Once round 1 is paired the draft is behind: the results come first.
    later = DeskState(status="running", round_no=1, tables=4, reported=1, pools="draft")
    assert next_step(later).kind is Step.RESULTS


def test_every_page_of_a_draft_event_links_the_draft(web_store: Store) -> None:
    event_id = draft_event(web_store, 8, start=False)
    base = f"/events/{event_id}"
    with make_client(web_store) as client:
        page_login(client, "org")
        desk = client.get(f"{base}/desk?lang=en").text
        assert primary_action(desk) == "Go to the draft"
        assert f'href="{base}/draft/judge"' in desk
        assert f'href="{base}/draft"' in desk  # the players' page, to show on the screen
        for page in ("manage", "judging"):
            assert f'href="{base}/draft/judge"' in client.get(f"{base}/{page}").text, page
        public = client.get(f"{base}?lang=en").text
        assert f'href="{base}/draft/judge"' in public
        assert f'href="{base}/draft"' in public
        assert f'href="{base}/draft"' in client.get(f"{base}/report").text
        judge = client.get(f"{base}/draft/judge?lang=en").text
        assert ">draft_standard<" not in judge  # the format's label, never its key
        assert "Draft standard" in judge


def test_an_event_without_pools_has_no_draft_step_nor_links(web_store: Store) -> None:
    event_id = events.create_event(
        web_store, ORG, name="Serata", preset="invasion-it-2012", held_on="2012-03-10", seed=3
    )
    with make_client(web_store) as client:
        page_login(client, "org")
        for page in ("desk", "manage", "judging", ""):
            text = client.get(f"/events/{event_id}/{page}".rstrip("/")).text
            assert "/draft" not in text, page


def test_a_fresh_install_loads_the_demo_set_from_the_draft_set_up(web_store: Store) -> None:
    event_id = events.create_event(
        web_store,
        ORG,
        name="Draft",
        preset="berserk-online",
        held_on="2026-12-01",
        format="draft_one_booster",
    )
    with make_client(web_store) as client:
        token = page_login(client, "org")
        page = client.get(f"/events/{event_id}/draft/judge?lang=en").text
        assert "Load the demo set" in page
        assert 'action="/card-sets/demo"' in page
        r = client.post(
            "/card-sets/demo",
            data={"csrf_token": token, "event_id": str(event_id)},
            follow_redirects=False,
        )
        assert r.status_code == 303
        assert r.headers["location"] == f"/events/{event_id}/draft/judge#setup"
        page = client.get(f"/events/{event_id}/draft/judge?lang=en").text
        assert "Load the demo set" not in page
        assert 'value="DEMO"' in page  # the set-up now offers it
        assert "Load the demo set" not in client.get("/card-sets?lang=en").text
    with web_store.read() as session:
        assert session.scalars(select(CardSetRow.code)).all() == ["DEMO"]


def test_the_demo_set_button_is_the_organizers(web_store: Store) -> None:
    with make_client(web_store) as client:
        token = page_login(client, "judge")
        r = client.post("/card-sets/demo", data={"csrf_token": token}, follow_redirects=False)
        assert r.status_code == 403
    with web_store.read() as session:
        assert session.scalars(select(CardSetRow.code)).all() == []
