"""A void evening warned (issue 30 item 3, INV-LEGAL-1, INV-LEGAL-3): a card event of a preset
with season points says, on its desk and at its start, that it would be void for a season while
it was not announced 14 days before or has no judge; the warning goes once both are true."""

from __future__ import annotations

from datetime import date

from tests.support.web import make_client, page_login
from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.rules.season_risk import void_risks
from torneo.judging import commands as judging
from torneo.platform.store.uow import Actor, Store
from torneo.presets import load_preset

ORG = Actor("org", frozenset({(1, "organizer")}))


def test_INV_LEGAL_1_INV_LEGAL_3_an_event_knows_it_would_be_void() -> None:
    invasion = load_preset("invasion-it-2012")
    held = date(2012, 3, 10)
    never = [m.english() for m in void_risks(invasion, held, None, judges=1)]
    assert never == [
        "INV-LEGAL-1: never announced on the season's calendar; 14 days before required"
    ]
    late = [m.english() for m in void_risks(invasion, held, date(2012, 3, 1), judges=1)]
    assert late == ["INV-LEGAL-1: announced 9 days before; 14 required"]
    assert void_risks(invasion, held, date(2012, 2, 25), judges=1) == ()  # 14 days: in time
    judge = [m.english() for m in void_risks(invasion, held, date(2012, 2, 1), judges=0)]
    assert judge == ["INV-LEGAL-3: no judge was named when it was announced"]


def test_INV_LEGAL_1_the_desk_and_the_start_warn_until_announced_and_judged(
    web_store: Store,
) -> None:
    late = events.create_event(
        web_store,
        ORG,
        name="Serata",
        preset="invasion-it-2012",
        held_on="2012-03-10",
        announced_on="2012-03-05",
    )
    events.register_roster(web_store, ORG, late, "\n".join(f"P{i}" for i in range(6)))
    with make_client(web_store) as client:
        page_login(client, "org")
        desk = client.get(f"/events/{late}/desk?lang=it").text
        assert "sarebbe nullo" in desk
        assert "INV-LEGAL-1" in desk
        assert "INV-LEGAL-3" in desk
        manage = client.get(f"/events/{late}/manage?lang=it").text
        assert 'id="void-risks"' in manage  # at the start
    fine = events.create_event(
        web_store,
        ORG,
        name="Tappa",
        preset="invasion-it-2012",
        held_on="2012-03-10",
        announced_on="2012-02-10",
    )
    judging.appoint_judge(web_store, ORG, fine, username="judge")
    assert queries.event_summary(web_store, fine).void_risks == ()
    with make_client(web_store) as client:
        page_login(client, "org")
        assert 'id="void-risks"' not in client.get(f"/events/{fine}/desk").text
