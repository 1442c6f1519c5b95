"""The HTML pages: public views in Italian and English, and every organizer form."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.support.events import fingerprint
from tests.support.web import (
    PRESET,
    api_login,
    create_event,
    form_status,
    form_token,
    make_client,
    page_login,
    report_all,
    roster,
    without_arrival,
)
from torneo.cards.state import get_event
from torneo.platform.store.uow import Store


def _flashes(html: str) -> list[str]:
    return re.findall(r'<div class="alert ok" role="status">([^<]*)</div>', html)


def _version(html: str) -> str:
    m = re.search(r'name="version" value="(\d+)"', html)
    assert m
    return m.group(1)


def test_event_list_is_italian_by_default_and_english_by_switch(
    anon: TestClient, org: TestClient
) -> None:
    create_event(org, 3, name="Torneo del Giovedì")
    it = anon.get("/")
    assert it.status_code == 200
    assert '<html lang="it">' in it.text
    assert "Tornei" in it.text
    assert "3 giocatori" in it.text
    assert "10 mar 2012" in it.text
    en = anon.get("/?lang=en")
    assert '<html lang="en">' in en.text
    assert "Events" in en.text
    assert "3 players" in en.text
    assert "Mar 10, 2012" in en.text
    assert "torneo_lang=en" in en.headers["set-cookie"]
    # The cookie keeps the choice on the next page.
    assert '<html lang="en">' in anon.get("/").text
    assert '<html lang="it">' in anon.get("/?lang=it").text


def test_the_event_list_answers_at_events_too(anon: TestClient, org: TestClient) -> None:
    """`/events` is the address the README gives and people type: the same list as `/`."""
    create_event(org, 3, name="Torneo del Giovedì")
    at_events = anon.get("/events")
    assert at_events.status_code == 200
    assert "Torneo del Giovedì" in at_events.text
    assert "3 giocatori" in at_events.text
    assert 'href="/events?lang=en"' in at_events.text  # its own address, in either language


def test_event_page_shows_pairings_by_table_and_name_and_standings(
    anon: TestClient, org: TestClient
) -> None:
    event_id = create_event(org, 9)
    before = anon.get(f"/events/{event_id}").text
    assert "Giocatore 01" in before
    assert "Ancora nessun iscritto" not in before
    org.post(f"/api/v1/events/{event_id}/start")
    org.post(f"/api/v1/events/{event_id}/rounds")
    report_all(org, event_id, ["2-1"])
    page = anon.get(f"/events/{event_id}").text
    assert 'id="pairings"' in page
    assert 'id="by-name"' in page
    assert 'id="standings"' in page
    assert "Turno 1" in page
    assert "Bye" in page
    assert "2-1" in page
    assert "1-2" in page
    assert "sabato 10 marzo 2012" in page
    assert "OMW%" in page
    assert "%" in page
    en = anon.get(f"/events/{event_id}?lang=en").text
    assert "Round 1" in en
    assert "Standings" in en
    assert "Saturday, March 10, 2012" in en
    live = anon.get(f"/events/{event_id}?fragment=live")
    assert live.text.lstrip().startswith('<div id="live"')
    # Live notices refresh the part at once; a slow poll covers a lost notice (torneo.platform.live).
    assert 'hx-trigger="live from:body, every ' in live.text
    assert "<html" not in live.text
    assert anon.get(f"/events/{event_id}?round=1").status_code == 200


def test_unknown_event_and_page_are_404_pages(anon: TestClient) -> None:
    r = anon.get("/events/4242")
    assert form_status(r) == 404
    assert "nessun torneo 4242" in r.text
    assert "torneo:" not in r.text  # a state, not an input: no raw prefix (issue 30 item 8)
    assert "event_id" not in r.text
    assert anon.get("/nowhere").status_code == 404
    assert "Non trovato" in anon.get("/nowhere").text
    assert anon.get("/problems/conflict?lang=en").status_code == 200
    assert anon.get("/problems/nope").status_code == 404


def test_organizer_creates_an_event_and_sees_errors_in_the_page(
    web_store: Store, anon: TestClient
) -> None:
    token = page_login(anon, "org")
    page = anon.get("/events/new").text
    assert 'value="invasion-it-2012" selected' in page
    before = fingerprint(web_store)
    bad = anon.post(
        "/events/new",
        data={"name": "Primavera", "preset": PRESET, "held_on": "2012-06-31", "csrf_token": token},
    )
    assert form_status(bad) == 422
    assert "held_on" in bad.text
    assert "il 2012-06-31 non esiste nel calendario" in bad.text
    assert 'value="Primavera"' in bad.text  # what was typed is kept
    unknown = anon.post(
        "/events/new?lang=en",
        data={"name": "P", "preset": "nope", "held_on": "2012-06-30", "csrf_token": token},
    )
    assert form_status(unknown) == 404
    assert "unknown preset &#39;nope&#39;" in unknown.text
    assert fingerprint(web_store) == before
    ok = anon.post(
        "/events/new?lang=it",
        data={"name": "Primavera", "preset": PRESET, "held_on": "2012-06-30", "csrf_token": token},
        follow_redirects=False,
    )
    assert ok.status_code == 303
    manage = anon.get(ok.headers["location"])
    assert "Torneo creato" in manage.text
    assert "Primavera" in manage.text


def test_organizer_runs_registration_start_round_results_and_drop(
    web_store: Store, anon: TestClient
) -> None:
    token = page_login(anon, "org")
    r = anon.post(
        "/events/new",
        data={"name": "Giovedì", "preset": PRESET, "held_on": "2012-04-05", "csrf_token": token},
    )
    base = str(r.url).removesuffix("/manage").replace("http://testserver", "")
    event_id = int(base.rsplit("/", 1)[1])
    one = anon.post(
        f"{base}/manage/players",
        data={"name": "Mario Rossi", "club": "Roma", "rating": "1500", "csrf_token": token},
    )
    assert "Mario Rossi è iscritto." in _flashes(one.text)
    twice = anon.post(f"{base}/manage/players", data={"name": "mario rossi", "csrf_token": token})
    assert form_status(twice) == 409
    assert "questo giocatore è già iscritto al torneo" in twice.text
    bad_rating = anon.post(
        f"{base}/manage/players", data={"name": "Ada", "rating": "forte", "csrf_token": token}
    )
    assert form_status(bad_rating) == 422
    assert "rating" in bad_rating.text
    paste = anon.post(f"{base}/manage/roster", data={"roster": roster(24), "csrf_token": token})
    assert "24 giocatori iscritti." in _flashes(paste.text)
    # INV-STRUCT-2: 25 players → the option of 4 rounds + Top 16 is offered.
    assert "4 turni svizzeri + Top 16 (un turno in meno)" in paste.text
    started = anon.post(
        f"{base}/manage/start",
        data={"one_round_fewer": "", "version": _version(paste.text), "csrf_token": token},
    )
    assert "5 turni svizzeri, poi una Top 8" in _flashes(started.text)[0]
    stale = anon.post(f"{base}/manage/pair", data={"version": "1", "csrf_token": token})
    assert form_status(stale) == 409
    assert "version" in stale.text
    paired = anon.post(
        f"{base}/manage/pair", data={"version": _version(started.text), "csrf_token": token}
    )
    assert "Il turno 1 è abbinato." in _flashes(paired.text)
    assert 'hx-post="/events/' in paired.text
    assert "0-0-3 patta intenzionale" in paired.text
    # htmx inline result: the row comes back with the round's progress out of band.
    htmx = {"HX-Request": "true", "X-CSRF-Token": token}
    row = anon.post(
        f"{base}/manage/result", data={"round_no": "1", "table": "1", "result": "2-1"}, headers=htmx
    )
    assert row.status_code == 200
    assert row.text.lstrip().startswith('<li class="entry done"')
    assert 'id="round-actions" class="round-actions" hx-swap-oob="true"' in row.text
    assert "Risultati: 2 su 13" in row.text  # table 1 and the bye
    assert row.headers["X-Event-Version"].isdigit()
    before = fingerprint(web_store, event_id)
    again = anon.post(
        f"{base}/manage/result", data={"round_no": "1", "table": "1", "result": "0-2"}, headers=htmx
    )
    assert form_status(again) == 422
    assert "è già stato inserito (2-1)" in again.text
    impossible = anon.post(
        f"{base}/manage/result", data={"round_no": "1", "table": "2", "result": "3-0"}, headers=htmx
    )
    assert form_status(impossible) == 422
    assert "3-0 è impossibile al meglio delle 3" in impossible.text
    assert "[INV-STRUCT-3]" in impossible.text
    assert fingerprint(web_store, event_id) == before
    # Without JavaScript the same form posts and redirects back.
    plain = anon.post(
        f"{base}/manage/result",
        data={"round_no": "1", "table": "2", "result": "0-2", "csrf_token": token},
    )
    assert "Risultato salvato." in _flashes(plain.text)
    # A player whose round-1 match has no result yet (the pairing is drawn: look it up).
    with web_store.read() as s:
        unplayed = next(
            m.player_a_id
            for m in get_event(s, event_id).matches
            if m.round_no == 1 and m.player_b_id is not None and m.wins_a is None
        )
    assert f'name="player_id" value="{unplayed}"' in plain.text
    dropped = anon.post(
        f"{base}/manage/drop",
        data={"player_id": str(unplayed), "reason": "treno", "csrf_token": token},
    )
    assert "Il giocatore si è ritirato." in _flashes(dropped.text)
    # INV-MAJOR-6 (issue 29 item 10): his round-1 match is unplayed, so it is forfeited and he
    # leaves before that round.
    assert "ritirato dopo il turno 0" in dropped.text
    en = anon.get(f"{base}/manage?lang=en&round=1").text
    assert "Late entry" in en
    assert "Results: 4 of 13" in en  # the dropped player's match, forfeited (INV-MAJOR-6)


def test_organizer_voids_an_event(anon: TestClient) -> None:
    token = page_login(anon, "org")
    r = anon.post(
        "/events/new",
        data={"name": "Nullo", "preset": PRESET, "held_on": "2012-04-05", "csrf_token": token},
    )
    base = str(r.url).removesuffix("/manage").replace("http://testserver", "")
    v = _version(r.text)
    empty = anon.post(f"{base}/manage/void", data={"reason": "", "version": v, "csrf_token": token})
    assert form_status(empty) == 422
    done = anon.post(
        f"{base}/manage/void",
        data={"reason": "annunciato tardi", "version": v, "csrf_token": token},
    )
    assert "Il torneo è nullo." in _flashes(done.text)
    public = anon.get(base).text
    assert "Questo torneo è nullo" in public
    assert "annunciato tardi" in public


def test_forms_on_pages_keep_the_csrf_token_for_htmx(anon: TestClient, org: TestClient) -> None:
    page_login(anon, "org")
    html = anon.get("/").text
    assert re.search(r'hx-headers=\'\{"X-CSRF-Token": "[\w-]+"\}\'', html)
    assert form_token(html)


def test_cached_pages_follow_every_change_even_from_another_worker(
    web_store: Store, anon: TestClient, org: TestClient
) -> None:
    """Two apps on one database stand for two workers: neither serves the other a stale page."""
    event_id = create_event(org, 6)
    org.post(f"/api/v1/events/{event_id}/start")
    org.post(f"/api/v1/events/{event_id}/rounds")
    url = f"/events/{event_id}"
    first = without_arrival(anon.get(url).text)
    assert without_arrival(anon.get(url).text) == first  # served from the cache
    assert "2-0" not in first
    with make_client(web_store) as other_worker:
        api_login(other_worker, "org")
        r = other_worker.post(
            f"/api/v1/events/{event_id}/rounds/1/tables/1/result", json={"result": "2-0"}
        )
        assert r.status_code == 200
    after = anon.get(url).text
    assert "2-0" in after
    assert "Risultati: 1 su 3" in after
    standings = anon.get(f"/api/v1/events/{event_id}/standings").json()
    assert standings["lines"][0]["points"] == 3
    org.post(f"/api/v1/events/{event_id}/players/{standings['lines'][-1]['player_id']}/drop")
    assert "ritirato" in anon.get(url).text
    cache = anon.app.state.read_cache  # type: ignore[attr-defined]
    assert cache.hits >= 1
    assert cache.misses >= 3


def test_page_after_a_change_renders_only_the_changed_rows_and_equals_a_fresh_render(
    web_store: Store, anon: TestClient, org: TestClient
) -> None:
    """Issue 14 item 2: rows are kept per content and language; the page a worker builds from
    kept rows is the page a fresh worker renders, in each language, after each change."""
    event_id = create_event(org, 12)
    org.post(f"/api/v1/events/{event_id}/start")
    org.post(f"/api/v1/events/{event_id}/rounds")
    live = f"/events/{event_id}?fragment=live"
    rows = anon.app.state.row_cache  # type: ignore[attr-defined]
    anon.get(live)
    anon.get(live + "&lang=en")
    first = rows.rendered
    assert first >= 2 * (12 + 6 + 12)  # standings, pairings and by-name rows, in both languages
    for table, result in ((1, "2-0"), (2, "1-2"), (3, "1-1-1")):
        r = org.post(
            f"/api/v1/events/{event_id}/rounds/1/tables/{table}/result", json={"result": result}
        )
        assert r.status_code == 200
        before = rows.rendered
        italian, english = anon.get(live).text, anon.get(live + "&lang=en").text
        assert 0 < rows.rendered - before < first  # some rows again, never the whole page
        with make_client(web_store) as fresh:
            assert fresh.get(live).text == italian
            assert fresh.get(live + "&lang=en").text == english
    assert "1-2" in italian
    assert "Risultati: 3 su 6" in italian
    assert "Results: 3 of 6" in english


def test_standings_rows_kept_across_a_change_show_their_new_rank_cut_and_drop(
    anon: TestClient, org: TestClient
) -> None:
    """Issue 14 item 2: a standings line's HTML is kept without its rank and cut line; after a
    result and a drop each line shows the rank the standings give it, the Top 4 cut line sits
    under the 4th line only, and the dropped player's line is marked."""
    event_id = create_event(org, 12)
    top = org.post(f"/api/v1/events/{event_id}/start").json()["top_size"]
    assert top == 4
    org.post(f"/api/v1/events/{event_id}/rounds")
    live = f"/events/{event_id}?fragment=live"
    anon.get(live)  # keeps every line's HTML
    for table, result in ((1, "2-0"), (4, "0-2")):
        r = org.post(
            f"/api/v1/events/{event_id}/rounds/1/tables/{table}/result", json={"result": result}
        )
        assert r.status_code == 200
    lines = anon.get(f"/api/v1/events/{event_id}/standings").json()["lines"]
    dropped = lines[-1]["player_id"]
    assert org.post(f"/api/v1/events/{event_id}/players/{dropped}/drop").status_code == 200
    lines = anon.get(f"/api/v1/events/{event_id}/standings").json()["lines"]
    html = anon.get(live).text
    table = html[html.index('<table class="grid standings">') :]
    table = table[: table.index("</table>")]
    shown = re.findall(r'<tr class="([^"]*)">\s*<td class="num rank">(\d+)</td>', table)
    # Issue 15: the place shown is shared only by lines equal on points and the whole chain.
    first: dict[object, int] = {}
    for line in lines:
        tied = (line["points"], tuple(tb["value"] for tb in line["tiebreaks"]))
        first.setdefault(tied, line["position"])
    places = [first[(ln["points"], tuple(tb["value"] for tb in ln["tiebreaks"]))] for ln in lines]
    assert [int(rank) for _, rank in shown] == places
    assert len(set(places)) > 1
    assert [i for i, (css, _) in enumerate(shown, start=1) if "cut" in css] == [top]
    inactive = [
        line["player_id"] for (css, _), line in zip(shown, lines, strict=True) if "inactive" in css
    ]
    assert inactive == [dropped]
