"""Smaller stumbles of a newcomer (issue 30 item 8), through HTTP: a player account is not
offered a form it may not use, and a closed event offers no correction."""

from __future__ import annotations

from tests.cards.self_report.test_pages import ORG, running
from tests.support.web import add_user, make_client, page_login
from torneo.cards import commands as events
from torneo.platform.store.uow import Store


def test_a_player_account_is_not_offered_a_new_event(web_store: Store) -> None:
    add_user(web_store, "giocatore", "player")
    with make_client(web_store) as client:
        page_login(client, "giocatore")
        home = client.get("/?lang=it").text
        assert 'href="/events/new"' not in home
        page = client.get("/events/new").text
        assert 'action="/events/new"' not in page  # told before filling anything
        assert "organizzatori di un club" in page
    with make_client(web_store) as client:
        page_login(client, "org")
        assert 'href="/events/new"' in client.get("/").text
        assert 'action="/events/new"' in client.get("/events/new").text


def test_a_closed_event_offers_no_correction(web_store: Store) -> None:
    event_id, tables = running(web_store)
    for table, _, _ in tables:
        events.report_result(web_store, ORG, event_id, 1, table, "2-0")
    with make_client(web_store) as client:
        page_login(client, "org")
        assert 'class="correct"' in client.get(f"/events/{event_id}/manage?round=1").text
        events.void_event(web_store, ORG, event_id, reason="prova")
        assert 'class="correct"' not in client.get(f"/events/{event_id}/manage?round=1").text


def test_the_new_event_form_shows_only_the_chosen_presets_fields(web_store: Store) -> None:
    """Issue 30 item 6: Invasion's form has no format field and no BER-FMT; Berserk's has its
    formats and no season fields."""
    with make_client(web_store) as client:
        page_login(client, "org")
        invasion = client.get("/events/new?preset=invasion-it-2012&lang=it").text
        assert "BER-FMT" not in invasion
        assert 'data-shown-for="preset:berserk-online" hidden' in invasion
        assert 'name="announced_on" type="date" value=""' in invasion  # INV-LEGAL-1
        berserk = client.get("/events/new?preset=berserk-online&lang=it").text
        assert 'data-shown-for="preset:berserk-online">' in berserk
        assert 'data-shown-for="preset:invasion-it-2012" hidden' in berserk
