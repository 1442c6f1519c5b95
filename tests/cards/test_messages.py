"""Refusals as message ids: Italian on the pages, with their parameters; English in the API."""

from __future__ import annotations

import html

import pytest
from fastapi.testclient import TestClient

from tests.support.web import create_event, form_status, page_login, version
from torneo.cards.rules.lifecycle import EventStatus, can_move
from torneo.core.errors import Forbidden
from torneo.core.policy import Action, Resource
from torneo.platform import i18n
from torneo.platform.guards import authorize
from torneo.platform.store.uow import Actor


def test_a_lifecycle_refusal_translates_its_status_words() -> None:
    refusal = can_move(EventStatus.REGISTRATION, EventStatus.FINISHED)
    assert refusal is not None
    assert refusal.text == "an event that is registration cannot become finished"
    with i18n.language("it"):
        assert i18n.translate_reason(refusal) == (
            "un torneo nello stato «iscrizioni» non può passare a «concluso»"
        )
        assert i18n.translate_accepted(refusal) == "bozza, in corso, nullo"
    with i18n.language("en"):
        assert i18n.translate_accepted(refusal) == "draft, running, void"


def test_a_policy_refusal_names_the_role_in_the_reader_s_language() -> None:
    event = Resource("event", 3, club_id=1, staff=frozenset({9}), staff_role="judge")
    judge = Actor("mario", frozenset({(1, "judge")}), user_id=5)
    with pytest.raises(Forbidden) as raised:
        authorize(judge, Action.OFFICIATE, event)
    err = raised.value
    assert str(err) == (
        "judge: mario is not on the staff of event 3 "
        "(accepted: a judge appointed to this event, or an organizer of the club)"
    )
    with i18n.language("it"):
        assert i18n.translate_reason(err) == "mario non fa parte dello staff (torneo 3)"
        assert i18n.translate_accepted(err) == (
            "un arbitro assegnato a questo torneo, o un organizzatore del circolo"
        )


def test_a_stale_page_is_refused_in_italian_and_the_api_says_it_in_english(
    anon: TestClient, org: TestClient
) -> None:
    event_id = create_event(org, 4)
    now = version(org, event_id)
    token = page_login(anon, "org")
    page = anon.post(f"/events/{event_id}/manage/start", data={"version": "1", "csrf_token": token})
    assert form_status(page) == 409
    assert (
        f"il torneo è cambiato da quando hai aperto la pagina (tua versione 1, ora {now})"
        in html.unescape(page.text)
    )
    assert "ricarica la pagina e riprova" in html.unescape(page.text)
    api = org.post(f"/api/v1/events/{event_id}/start", json={"version": 1})
    assert form_status(api) == 409
    body = api.json()
    assert body["reason"] == f"the event changed since you loaded it (yours 1, now {now})"
    assert body["accepted"] == "reload the page and try again"


def test_a_refused_close_shows_the_status_words_in_italian(
    anon: TestClient, org: TestClient
) -> None:
    event_id = create_event(org, 4)
    token = page_login(anon, "org")
    page = anon.post(f"/events/{event_id}/manage/close", data={"csrf_token": token})
    assert form_status(page) == 409
    text = html.unescape(page.text)
    assert "un torneo nello stato «iscrizioni» non può passare a «concluso»" in text
    api = org.post(f"/api/v1/events/{event_id}/close")
    assert api.json()["reason"] == "an event that is registration cannot become finished"
