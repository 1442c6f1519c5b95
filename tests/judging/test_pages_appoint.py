"""Issue 15: the organizer appoints a card event's judge from a page, choosing among the club's
members who may judge (INV-JUDGE-1), and the judge then finds the event among their desks."""

from __future__ import annotations

import re

from tests.cards.self_report.test_pages import running
from tests.support.web import make_client, page_login
from torneo.judging.staff import judges_of
from torneo.platform.store.uow import Store


def test_inv_judge_1_the_organizer_appoints_a_judge_from_the_setup_page(web_store: Store) -> None:
    event_id, _ = running(web_store)
    with make_client(web_store) as org:
        token = page_login(org, "org")
        setup = org.get(f"/events/{event_id}/judging?lang=en")
        options = re.findall(
            r'<option value="([^"]+)"[^>]*>',
            setup.text.split('name="username"', 1)[1].split("</select>", 1)[0],
        )
        assert "judge" in options
        assert "org" in options
        done = org.post(
            f"/events/{event_id}/judging/judges",
            data={"username": "judge", "csrf_token": token},
            follow_redirects=False,
        )
        assert done.status_code == 303
        again = org.get(f"/events/{event_id}/judging?lang=en").text
        chosen = again.split('name="username"', 1)[1].split("</select>", 1)[0]
        assert 'value="judge"' not in chosen  # on the roster now: no longer offered
    with web_store.read() as s:
        assert len(judges_of(s, event_id)) == 1
    with make_client(web_store) as judge:
        page_login(judge, "judge")
        assert f'href="/events/{event_id}/judge"' in judge.get("/desks").text
        assert judge.get(f"/events/{event_id}/desk").status_code == 200
