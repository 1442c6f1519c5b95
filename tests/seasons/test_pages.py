"""Season pages through the ASGI app (issue 5): an imported season's public page shows the
ranking with its tiebreak columns, dense ranks and cut line; a void tournament shows each broken
rule; CSV import problems are listed in a table and nothing is imported; the calendar refuses a
breaching announcement with every breach; the organizer sees why each pair was made (issue 3)."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tests.seasons.test_commands import PRESET, csv_text, field_rows, rank_example_csv
from tests.support.seasons import play_event
from tests.support.web import form_status, form_token, make_client, page_login
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import views as season_views
from torneo.seasons import views_standings
from torneo.seasons.ladders import commands as ladders
from torneo.seasons.ladders import views as views_ladders
from torneo.seasons.tables import SeasonResult, SeasonTournament

ORG = Actor("org", frozenset({(1, "organizer")}))
RANK_ROW = re.compile(
    r'<td class="num rank">(\d+)</td>\s*<th scope="row"><a href="[^"]+">([^<]+)</a>.*?'
    r'<td class="num strong">(\d+)</td>',
    re.S,
)


def _import(store: Store, text: str, *, cut_size: int = 35) -> int:
    summary = seasons.import_season_csv(
        store, ORG, "Stagione 2011/12", PRESET, text, cut_size=cut_size
    )
    return summary.season_id


def _table(page: str) -> list[tuple[int, str, int]]:
    return [(int(r), html.unescape(n), int(p)) for r, n, p in RANK_ROW.findall(page)]


def _counts(store: Store) -> tuple[int, int, int]:
    with store.read() as s:
        return tuple(  # type: ignore[return-value]
            s.scalar(select(func.count()).select_from(m)) or 0
            for m in (SeasonTournament, SeasonResult, AuditEntry)
        )


def test_INV_RANK_EX1_ranking_tiebreaks_and_cut_line_on_the_public_page(
    anon: TestClient, web_store: Store
) -> None:
    """INV-RANK-EX1 / INV-RANK-1..3: dense ranks 1, 2, 3, 3, 4, 4, the W/S/MW/MP/T columns, and
    the qualification line drawn after the last qualified row (a cut of 3 here)."""
    season_id = _import(web_store, rank_example_csv(), cut_size=3)
    r = anon.get(f"/seasons/{season_id}?lang=en")
    assert r.status_code == 200
    assert _table(r.text)[:6] == [
        (1, "Tizio", 71),
        (2, "Caio", 65),
        (3, "Sempronio", 54),
        (3, "Platone", 54),
        (4, "Aristotele", 42),
        (4, "Ulisse", 42),
    ]
    head = r.text[r.text.index("<thead>") : r.text.index("</thead>")]
    assert re.findall(r">(W|S|MW|MP|T)</th>", head) == ["W", "S", "MW", "MP", "T"]
    body = r.text[r.text.index("<tbody>") :]
    cut = body.index('class="cut-line"')
    assert body.count('<tr class="qualified">', 0, cut) == 3
    assert "Platone" not in body[:cut]
    assert "Qualification line: the first 3 go to the Regional (INV-RANK-3)" in r.text
    italian = anon.get(f"/seasons/{season_id}?lang=it").text
    assert "Linea di qualificazione: i primi 3 vanno al Regional (INV-RANK-3)" in italian
    assert "Punti nel corso della stagione" in italian
    assert italian.count('<path class="series"') == 2 * 5  # the top 5, phone and wide drawing


def test_INV_PTS_EX2_and_INV_PTS_EX1_on_the_player_pages(
    anon: TestClient, web_store: Store
) -> None:
    """INV-PTS-EX2: 13 Swiss + 9 Top 8 + 4 first place + 8 size = 34; INV-PTS-EX1: in the same
    25-player field the 2nd takes 10 on top of the Top 8 wins, the 4th and after 4."""
    rows = field_rows(
        "Torneo B", "2012-02-11", "Negozio B", players=25, swiss={1: 13}, names={1: "Tizio"}
    )
    season_id = _import(web_store, csv_text(rows))
    page = season_views.season_page(web_store, season_id)
    tizio = next(r for r in page.rows if r.player == "Tizio")
    r = anon.get(f"/seasons/{season_id}/players/{tizio.player_id}?lang=en")
    assert r.status_code == 200
    parts = re.findall(r'<span class="part"><b>(\d+)</b>([^<]+)</span>', r.text)
    assert parts == [("13", "Swiss"), ("9", "Top 8"), ("4", "first place"), ("8", "size")]
    assert '<span class="sum">34</span>' in r.text
    assert "<svg" in r.text
    it = anon.get(f"/seasons/{season_id}/players/{tizio.player_id}?lang=it").text
    assert re.findall(r'<span class="part"><b>\d+</b>([^<]+)</span>', it)[0] == "Svizzera"
    second = next(r for r in page.rows if r.player.endswith("giocatore 02"))
    assert second.points == 3 * 2 + 10
    fourth = next(r for r in page.rows if r.player.endswith("giocatore 04"))
    assert fourth.points == 3 * 1 + 4


def test_INV_MAJOR_EX1_on_the_player_page(anon: TestClient, web_store: Store) -> None:
    """INV-MAJOR-EX1: 22 + 10 + (8 + 2) = 42 and the national-final bonus +1.5 (INV-MAJOR-5)."""
    rows = field_rows(
        "Tappa di Roma",
        "2012-03-17",
        "Arcadia",
        players=26,
        major=True,
        swiss={1: 13},
        names={1: "Caio"},
    )
    season_id = _import(web_store, csv_text(rows))
    caio = next(
        r for r in season_views.season_page(web_store, season_id).rows if r.player == "Caio"
    )
    r = anon.get(f"/seasons/{season_id}/players/{caio.player_id}?lang=en")
    assert '<span class="sum">42</span>' in r.text
    assert "+1.5 final bonus" in r.text
    assert "+1,5" in anon.get(f"/seasons/{season_id}?lang=it").text  # the bonus column


def test_INV_LEGAL_8_a_void_tournament_shows_each_broken_rule(
    anon: TestClient, web_store: Store
) -> None:
    """INV-LEGAL-8: the void tournament stays on the season page and on its own page, each
    breach with its rule id and its sentence, in Italian by default."""
    rows = field_rows("Piccolo", "2012-01-07", "Negozio C", players=5, names={1: "Tizio"})
    rows += field_rows("Grande", "2012-02-04", "Negozio C", players=9, names={1: "Tizio"})
    season_id = _import(web_store, csv_text(rows))
    page = anon.get(f"/seasons/{season_id}").text
    void = page[page.index('id="void"') :]
    assert "<code>INV-LEGAL-2</code>" in void
    assert "hanno partecipato 5 giocatori; ne servono almeno 6" in void
    english = anon.get(f"/seasons/{season_id}?lang=en").text
    assert "5 players took part; at least 6 required" in english
    piccolo = season_views.season_page(web_store, season_id).void_tournaments[0]
    t = anon.get(f"/seasons/{season_id}/tournaments/{piccolo.id}?lang=en").text
    assert "This tournament is void and gives no season points (INV-LEGAL-8)." in t
    assert "<code>INV-LEGAL-2</code>" in t


def test_bad_csv_rows_are_all_listed_and_nothing_is_imported(
    org: TestClient, web_store: Store
) -> None:
    """Issue 5 item 6: row, column and reason of every problem in a table; nothing imported."""
    season_id = seasons.create_season(web_store, ORG, name="Stagione", preset=PRESET)
    rows = field_rows("Uno", "2012-01-14", "A", players=6)
    rows[1] = rows[1].replace(",2,0,", ",9,0,")  # place 9 in a field of 6
    rows[2] = rows[2].replace("2012-01-14", "2012-06-31")  # a day that does not exist
    rows[3] = rows[3].replace(",no", ",forse")  # major and dropped: not yes or no
    token = form_token(org.get(f"/seasons/{season_id}/manage").text)
    before = _counts(web_store)
    r = org.post(
        f"/seasons/{season_id}/manage/import?lang=en",
        data={"csv_text": csv_text(rows), "csrf_token": token},
    )
    assert form_status(r) == 422  # on the manage page (Post/Redirect/Get, issue 26 item 3)
    assert r.url.path == f"/seasons/{season_id}/manage"
    problems = re.findall(r'<td class="num row-no">(\d+)</td><td><code>(\w+)</code></td>', r.text)
    assert problems == [("3", "place"), ("4", "date"), ("5", "major"), ("5", "dropped")]
    assert "The file has 4 problems: nothing was imported." in r.text
    assert "&#39;forse&#39; is not yes or no" in r.text
    assert _counts(web_store) == before


def test_an_organizer_creates_a_season_from_a_csv_upload(org: TestClient, web_store: Store) -> None:
    token = form_token(org.get("/seasons/new").text)
    r = org.post(
        "/seasons/new",
        data={
            "name": "Campionato 2011/12",
            "preset": PRESET,
            "start": "2011-09-18",
            "end": "2012-06-30",
            "cut_size": "4",
            "csrf_token": token,
        },
        files={"file": ("season.csv", rank_example_csv().encode(), "text/csv")},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    manage = org.get(r.headers["location"])
    assert "Stagione creata con 5 tornei e 60 risultati." in manage.text
    season_id = int(r.headers["location"].split("/")[2])
    assert season_views.season_page(web_store, season_id).cut_size == 4
    bad = org.post(
        "/seasons/new",
        data={"name": "Altra", "preset": PRESET, "start": "2012-06-31", "csrf_token": token},
    )
    assert form_status(bad) == 422
    assert "inizio:" in bad.text
    assert 'value="Altra"' in bad.text  # what was typed, on the form's GET page


def test_pages_need_an_account_to_change_anything(anon: TestClient, web_store: Store) -> None:
    season_id = _import(web_store, rank_example_csv())
    r = anon.get(f"/seasons/{season_id}/manage", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"].startswith("/login")
    r = anon.post(f"/seasons/{season_id}/manage/recompute", follow_redirects=False)
    assert r.status_code == 303
    assert anon.get("/seasons/999").status_code == 404


def test_the_calendar_refuses_an_announcement_listing_every_breach(
    org: TestClient, web_store: Store
) -> None:
    """INV-LEGAL-1/3/5: the organizer checks, sees every breach, fixes, announces."""
    season_id = seasons.create_season(web_store, ORG, name="Stagione", preset=PRESET)
    web_store.clock = lambda: datetime(2012, 2, 1, 10, tzinfo=UTC)
    page = org.get(f"/seasons/{season_id}/calendar?store=La%20Tana")
    assert page.status_code == 200
    token = form_token(page.text)
    form = {
        "name": "Torneo lampo",
        "store": "La Tana",
        "held_on": "2012-02-10",
        "judge": "",
        "public_place": "1",
        "prizes_for_top": "1",
        "csrf_token": token,
    }
    r = org.post(
        f"/seasons/{season_id}/calendar/announce?lang=en", data={**form, "action": "announce"}
    )
    assert form_status(r) == 422
    box = r.text[r.text.index('class="breach-box"') :]
    assert re.findall(r"<code>(INV-[A-Z0-9-]+)</code>", box)[:3] == [
        "INV-LEGAL-1",
        "INV-LEGAL-3",
        "INV-LEGAL-5",
    ]
    assert "announced 9 days before; 14 required" in box
    fixed = {**form, "held_on": "2012-02-22", "judge": "Mario Verdi", "prizes_for_top": "3"}
    check = org.post(
        f"/seasons/{season_id}/calendar/announce?lang=it", data={**fixed, "action": "check"}
    )
    assert "Nessuna violazione: il torneo può essere annunciato." in check.text
    r = org.post(
        f"/seasons/{season_id}/calendar/announce",
        data={**fixed, "action": "announce"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    cal = org.get(r.headers["location"] + "&lang=it").text
    assert "Annunciato: Torneo lampo." in cal
    assert '<span class="day held own" title="Torneo lampo · La Tana">22</span>' in cal


def test_downloads_of_a_season(anon: TestClient, web_store: Store) -> None:
    season_id = _import(web_store, rank_example_csv())
    csv_page = anon.get(f"/seasons/{season_id}/standings.csv")
    assert csv_page.headers["content-type"].startswith("text/csv")
    assert "attachment" in csv_page.headers["content-disposition"]
    assert csv_page.text.splitlines()[1].startswith("1,1,")
    data = anon.get(f"/seasons/{season_id}/season.json").json()
    assert data["standings"][0]["player"] == "Tizio"
    results = anon.get(f"/seasons/{season_id}/results.csv").text
    assert results.startswith("tournament,date,store,major,player,place")
    assert anon.get(f"/seasons/{season_id}/tournaments.csv").text.count("\n") == 6


def test_the_organizer_sees_why_each_pair_was_made(org: TestClient, web_store: Store) -> None:
    """Issue 3 item 6: the pairings view shows each pair's stored reason, players by name, in
    the page's language; the control room loads one pair's reason on demand."""
    event_id = play_event(web_store, ORG, players=8, seed=2)
    r = org.get(f"/events/{event_id}/manage/why?round=2")
    assert r.status_code == 200
    reasons = re.findall(r'<p class="why-text">([^<]+)</p>', r.text)
    assert len(reasons) == 4
    assert all(not re.search(r"#\d+", x) for x in reasons)
    assert any(x.startswith("stesso gruppo di punteggio") for x in reasons)
    english = org.get(f"/events/{event_id}/manage/why?round=2&lang=en").text
    assert "same score group" in english
    one = org.get(f"/events/{event_id}/manage/why/2/1")
    assert one.status_code == 200
    assert one.text.strip()
    manage = org.get(f"/events/{event_id}/manage?round=2&lang=it").text
    assert "Perché questo accoppiamento" in manage
    assert f"/events/{event_id}/manage/why?round=2" in manage


def test_event_csv_downloads_are_public(anon: TestClient, web_store: Store) -> None:
    event_id = play_event(web_store, ORG, players=8, seed=2)
    pairings = anon.get(f"/events/{event_id}/pairings.csv?round=1")
    assert pairings.status_code == 200
    assert pairings.text.splitlines()[0].startswith("round,table,stage")
    assert len(pairings.text.splitlines()) == 5
    standings = anon.get(f"/events/{event_id}/standings.csv")
    assert len(standings.text.splitlines()) == 9
    assert f"/events/{event_id}/standings.csv" in anon.get(f"/events/{event_id}").text
    assert anon.get(f"/events/{event_id}/manage/why", follow_redirects=False).status_code == 303


def test_the_season_shows_the_ladder_rating_beside_the_points(
    anon: TestClient, web_store: Store
) -> None:
    """Issue 5 item 5: a ladder linked to the season puts its rating in a column of the table."""
    season_id = _import(web_store, rank_example_csv())
    ladders.create_ladder(
        web_store,
        ORG,
        name="Rating stagione",
        preset=PRESET,
        source="placings",
        season="Stagione 2011/12",
    )
    ladders.recompute_ladder(web_store, ORG, "Rating stagione")
    page = anon.get(f"/seasons/{season_id}?lang=en").text
    assert ">Rating</th>" in page
    assert len(re.findall(r'<td class="num col-rating rating">-?\d+\.\d</td>', page)) == 12
    lst = anon.get("/seasons?lang=en").text
    assert "Rating stagione" in lst
    card = views_ladders.list_ladders(web_store)[0]
    ladder = anon.get(f"/ladders/{card.id}?lang=en").text
    assert "openskill (Plackett–Luce)" in ladder
    assert ladder.index("Tizio") < ladder.index("Ulisse")


def test_organizer_adds_a_finished_event_and_recomputes(org: TestClient, web_store: Store) -> None:
    season_id = seasons.create_season(web_store, ORG, name="Stagione", preset=PRESET)
    event_id = play_event(web_store, ORG, players=8, seed=11)
    manage = org.get(f"/seasons/{season_id}/manage")
    token = form_token(manage.text)
    assert f'<option value="{event_id}"' in manage.text
    r = org.post(
        f"/seasons/{season_id}/manage/event",
        data={"event_id": str(event_id), "store_name": "", "csrf_token": token},
        follow_redirects=False,
    )
    assert r.status_code == 303
    # INV-LEGAL-1: never announced on the season's calendar, it enters the season void.
    assert season_views.season_page(web_store, season_id).rows == ()
    assert views_standings.season_info(web_store, "Stagione").tournaments == 1
    r = org.post(
        f"/seasons/{season_id}/manage/recompute",
        data={"csrf_token": token},
        follow_redirects=False,
    )
    assert r.status_code == 303
    bad = org.post(
        f"/seasons/{season_id}/manage/event", data={"event_id": "x", "csrf_token": token}
    )
    assert form_status(bad) == 422


def test_issue26_a_refused_import_lists_the_rows_that_fit_and_counts_the_rest(
    org: TestClient, web_store: Store
) -> None:
    """Post/Redirect/Get: the wrong rows travel in the session cookie to the manage page, as
    many as fit (platform/web/prg.py); the page says how many more there were."""
    season_id = seasons.create_season(web_store, ORG, name="Stagione", preset=PRESET)
    rows = field_rows("Uno", "2012-06-31", "A", players=60)  # a day that does not exist, 60 times
    token = form_token(org.get(f"/seasons/{season_id}/manage").text)
    r = org.post(
        f"/seasons/{season_id}/manage/import?lang=en",
        data={"csv_text": csv_text(rows), "csrf_token": token},
    )
    assert form_status(r) == 422
    shown = re.findall(r'<td class="num row-no">(\d+)</td>', r.text)
    assert 0 < len(shown) < 60
    assert shown == [str(i) for i in range(2, 2 + len(shown))]  # the first rows, in order
    assert "The file has 60 problems: nothing was imported." in r.text
    assert f"…and {60 - len(shown)} more problems" in r.text


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_season_page_renders_in_both_languages(lang: str, web_store: Store) -> None:
    season_id = _import(web_store, rank_example_csv())
    ladders.create_ladder(
        web_store, ORG, name="L", preset=PRESET, source="placings", season="Stagione 2011/12"
    )
    ladders.recompute_ladder(web_store, ORG, "L")
    page = season_views.season_page(web_store, season_id)
    with make_client(web_store) as client:
        page_login(client, "org")
        for url in (
            "/seasons",
            f"/seasons/{season_id}",
            f"/seasons/{season_id}?all=1",
            f"/seasons/{season_id}/players/{page.rows[0].player_id}",
            f"/seasons/{season_id}/tournaments/{page.tournaments[0].id}",
            f"/seasons/{season_id}/calendar?store=Negozio%201",
            f"/seasons/{season_id}/manage",
            "/seasons/new",
            f"/ladders/{views_ladders.list_ladders(web_store)[0].id}",
        ):
            r = client.get(f"{url}{'&' if '?' in url else '?'}lang={lang}")
            assert r.status_code == 200, url
            assert f'<html lang="{lang}">' in r.text
