"""Issue 28 through the JSON API and the pages: a refused points formula changes nothing and the
league still answers (item 1); the desk says which jackpot a tournament counts for (item 2)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.support.web import make_client, page_login
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker_commands
from torneo.poker.league import commands as leagues

API = "/api/v1/poker"
ORG = Actor("org", frozenset({(1, "organizer")}))


def test_pkr_league_4_a_refused_formula_leaves_the_league_answering(org: TestClient) -> None:
    """Issue 28 item 1: PUT with a formula failing for 12 players answers 422 naming the
    formula's failure, and the league's API still answers 200 with its old formula; a POST with
    it is refused too (it used to be accepted and break at the first 12-player tournament)."""
    made = org.post(f"{API}/week", json={"starts_on": "2025-09-01", "ends_on": "2026-08-31"})
    assert made.status_code == 201, made.text
    lid = made.json()["leagues"][0]
    old = org.get(f"{API}/leagues/{lid}").json()["points_formula"]
    refused = org.put(f"{API}/leagues/{lid}", json={"points_formula": "100/(n-12)"})
    assert refused.status_code == 422
    body = refused.json()
    assert body["field"] == "points_formula"
    assert "n=12" in body["reason"]
    assert "division by zero" in body["reason"]
    assert "float" not in body["reason"]
    again = org.get(f"{API}/leagues/{lid}")
    assert again.status_code == 200
    assert again.json()["points_formula"] == old
    schedules = [s["id"] for s in org.get(f"{API}/schedules").json()][:1]
    created = org.post(
        f"{API}/leagues",
        json={
            "name": "Rotta",
            "schedules": schedules,
            "starts_on": "2025-09-01",
            "ends_on": "2026-08-31",
            "planned_tournaments": 10,
            "points_formula": "sqrt(n-20)",
            "jackpot_per_entry": "20",
        },
    )
    assert created.status_code == 422
    assert created.json()["field"] == "points_formula"


def test_pkr_league_1_the_desk_says_which_jackpot_the_tournament_counts_for(
    web_store: Store,
) -> None:
    """Issue 28 item 2: a tournament of the week counts for its league once the club has its
    week; before, its desk says it counts for no league's jackpot."""
    tid = poker_commands.create_tournament(web_store, ORG, template="tue", held_on="2025-12-02")
    with make_client(web_store) as client:
        page_login(client, "org")
        italian = client.get(f"/poker/{tid}/desk?lang=it").text
        assert "non conta per il jackpot di nessuna lega" in italian
        leagues.import_week(web_store, ORG, starts_on="2025-09-01", ends_on="2026-08-31")
        text = client.get(f"/poker/{tid}/desk?lang=en").text
        assert "counts for Jackpot Campione" in text


def test_pkr_sched_1_the_feed_defines_its_zone_and_ends_with_the_season(org: TestClient) -> None:
    """Issue 28 item 6: the iCalendar feed names Europe/Rome and defines it (VTIMEZONE), and
    each entry repeats until the last day of its leagues (31 August 2026, 23:59:59 in Rome)."""
    from datetime import UTC, datetime

    from icalendar import Calendar

    made = org.post(f"{API}/week", json={"starts_on": "2025-09-01", "ends_on": "2026-08-31"})
    assert made.status_code == 201
    cal = Calendar.from_ical(org.get("/poker/calendar.ics").content)
    zones = [str(z["tzid"]) for z in cal.walk("VTIMEZONE")]
    assert zones == ["Europe/Rome"]
    events: list[Any] = cal.walk("VEVENT")
    for event in events:
        assert event["rrule"]["UNTIL"] == [datetime(2026, 8, 31, 21, 59, 59, tzinfo=UTC)]
