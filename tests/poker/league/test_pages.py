"""The club's season as an organizer finds it from the poker home (issue 17): the calendar and
its iCalendar feed, a tournament opened from its entry on its day in one click, the league page
(leaderboard, status, chart, jackpot ledger), a player's points explained, and the floor's
procedures on the director's phone, audited."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from icalendar import Calendar
from sqlalchemy import select

from tests.conftest import FakeClock
from tests.support.web import form_status, page_login
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store

API = "/api/v1/poker"


def _links(html: str, prefix: str) -> bool:
    return f'href="{prefix}' in html


def test_pkr_sched_1_calendar_feed_and_one_click_opening(
    anon: TestClient, clock: FakeClock, web_store: Store
) -> None:
    """PKR-SCHED-1: from /poker to the calendar; the preset's week imported by the organizer;
    today's entry opened in one click; the iCalendar feed holds the recurring entries."""
    home = anon.get("/poker")
    assert _links(home.text, "/poker/calendar")
    token = page_login(anon, "org")
    imported = anon.post(
        "/poker/week/import",
        data={"csrf_token": token, "starts_on": "2026-09-01", "ends_on": "2027-08-31"},
    )
    assert imported.status_code == 200, imported.text  # redirected to the calendar
    page = anon.get("/poker/calendar")
    assert "Torneo del Martedì" in page.text
    assert _links(page.text, "/poker/leagues/")
    today = clock().date()
    opened = [m for m in page.text.split('action="/poker/schedules/')[1:] if today.isoformat() in m]
    assert opened, "today's entries have their one-click button"
    sid = opened[0].split("/")[0]
    made = anon.post(
        f"/poker/schedules/{sid}/open", data={"csrf_token": token, "held_on": today.isoformat()}
    )
    assert made.status_code == 200
    assert "/director" in str(made.url)
    feed = anon.get("/poker/calendar.ics")
    assert feed.headers["content-type"].startswith("text/calendar")
    cal = Calendar.from_ical(feed.content)
    events: dict[str, Any] = {str(e["summary"]): e for e in cal.walk("VEVENT")}
    assert events["Torneo del Martedì"]["rrule"]["FREQ"] == ["WEEKLY"]
    assert events["Torneo del Martedì"]["rrule"]["BYDAY"] == ["TU"]
    first_sunday = events["Torneo della prima Domenica del mese"]["rrule"]
    assert (first_sunday["FREQ"], first_sunday["BYDAY"]) == (["MONTHLY"], ["1SU"])
    assert events["Torneo del Martedì"].decoded("dtstart").weekday() == 1


def test_pkr_league_1_league_page_and_a_player_explained(anon: TestClient, org: TestClient) -> None:
    """PKR-LEAGUE-1..4: the league page from the calendar: the Classifica, the status, the
    jackpot with its running total; each name links to the points explained."""
    made = org.post(f"{API}/week", json={"starts_on": "2025-09-01", "ends_on": "2026-08-31"})
    lid = made.json()["leagues"][1]
    sid = next(s["id"] for s in org.get(f"{API}/schedules").json() if s["weekday"] == "thu")
    for day in ("2025-09-04", "2025-09-11"):
        body = {"held_on": day, "results": [{"player": p} for p in ("Anna", "Bruno", "Carla")]}
        assert org.post(f"{API}/schedules/{sid}/past", json=body).status_code == 201
    page = anon.get(f"/poker/leagues/{lid}")
    assert page.status_code == 200
    assert "Classifica Mister All&#39;in" in page.text or "Classifica Mister All'in" in page.text
    assert "alla qualificazione" in page.text or "qualificato" in page.text
    assert re.search(r"Jackpot: 100\s€", page.text)  # the jackpot: 2 × 50 €, its ledger
    assert re.search(r"previsto: 4\.450\s€", page.text)  # PKR-LEAGUE-2: 50 × 89
    assert "chart-svg" in page.text
    pid = page.text.split(f"/poker/leagues/{lid}/players/")[1].split('"')[0]
    why = anon.get(f"/poker/leagues/{lid}/players/{pid}")
    assert why.status_code == 200
    assert "210" in why.text  # Anna: 105 + 105


def test_pkr_proc_1_floor_procedures_on_the_directors_phone(
    anon: TestClient, web_store: Store
) -> None:
    """PKR-PROC-1/4: a misdeal ruled from the director's phone, then the showdown order; each
    ruling listed on the page and audited."""
    token = page_login(anon, "org")
    created = anon.post(
        "/poker/new", data={"template": "tue", "held_on": "2025-12-02", "csrf_token": token}
    )
    url = str(created.url).replace("http://testserver", "")
    assert _links(created.text, url.replace("/director", "/rulings"))
    rulings = url.replace("/director", "/rulings")
    # PKR-PROC-1: a ruling names a table that is open, so the players are seated first.
    from torneo.platform.store.uow import Actor
    from torneo.poker import commands_entries, commands_seats

    tid = int(url.split("/")[2])
    org = Actor("org", frozenset({(1, "organizer")}))
    commands_entries.register_roster(web_store, org, tid, [f"Giocatore {i}" for i in range(9)])
    commands_seats.draw_seats_now(web_store, org, tid)
    page = anon.post(
        rulings,
        data={
            "csrf_token": token,
            "procedure": "misdeal",
            "case": "first_cards_exposed",
            "table": "1",
        },
    )
    assert page.status_code == 200
    assert "Misdeal: si raccolgono le carte" in page.text
    page = anon.post(
        rulings,
        data={
            "csrf_token": token,
            "procedure": "showdown",
            "live_seats": "2 5 8",
            "button": "4",
            "last_aggressor": "",
        },
    )
    assert "5 → 8 → 2" in page.text
    bad = anon.post(rulings, data={"csrf_token": token, "procedure": "misdeal", "case": "nonsense"})
    assert bad.status_code == 200  # issue 26 item 3: the refusal shown on the GET page
    assert str(bad.url).split("#")[0].endswith(rulings)
    assert 'class="alert error"' in bad.text
    with web_store.read() as s:
        audits = s.scalars(select(AuditEntry).where(AuditEntry.action == "poker.ruling")).all()
    assert [a.after["article"] for a in audits if a.after] == ["15.1", "12.8"]


def test_pkr_league_1_a_league_made_from_the_calendar_page(
    anon: TestClient, web_store: Store
) -> None:
    """PKR-LEAGUE-1: the organizer adds an entry and a league fed by it from the calendar page;
    a bad formula shows the page again with the refusal; an entry can be retired."""
    token = page_login(anon, "org")
    added = anon.post(
        "/poker/schedules/new",
        data={
            "csrf_token": token,
            "name": "Torneo del Lunedì",
            "weekday": "mon",
            "buy_in": "20+20",
            "starting_stack": "4000",
            "level_minutes": "10",
        },
    )
    assert added.status_code == 200
    page = anon.get("/poker/calendar")
    sid = page.text.split('action="/poker/schedules/')[1].split("/")[0]
    form = {
        "csrf_token": token,
        "name": "Jackpot del Lunedì",
        "starts_on": "2026-09-01",
        "ends_on": "2027-06-30",
        "planned_tournaments": "40",
        "points_formula": "pick(f, 10, 5)",
        "jackpot_per_tournament": "5",
        "direct_seats": "5",
        "qualifier_seats": "5",
        "qualifier_rank_from": "6",
        "qualifier_rank_to": "25",
        "schedules": sid,
    }
    bad = anon.post("/poker/leagues/new", data={**form, "points_formula": "open('x')"})
    assert form_status(bad) == 422
    made = anon.post("/poker/leagues/new", data=form)
    assert made.status_code == 200
    assert "/poker/leagues/" in str(made.url)
    assert "Jackpot del Lunedì" in made.text
    retired = anon.post(f"/poker/schedules/{sid}/active", data={"csrf_token": token, "active": "0"})
    assert retired.status_code == 200
    assert "ritirato" in anon.get("/poker/calendar").text
