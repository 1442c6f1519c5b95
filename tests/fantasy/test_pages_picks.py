"""The fantasy manager's pages (issue 30 item 2): the league's players searched and filtered,
the roster picked from them, the lineup set on the pitch; every form Post/Redirect/Get, a
refusal back on the page it came from with everything picked or typed (issue 26 item 3)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.fantasy.conftest import ADMIN, League, build_league, manager
from tests.support.web import form_token, make_client, page_login
from torneo.fantasy import commands as fantasy
from torneo.fantasy import views_team
from torneo.fantasy.rules import samples
from torneo.platform.store.uow import Store
from torneo.platform.web.prg import REFUSED_HEADER


@pytest.fixture
def world(web_store: Store, clock: FakeClock) -> League:
    return build_league(web_store, teams=2)


@pytest.fixture
def novice(web_store: Store, world: League) -> Iterator[tuple[TestClient, int]]:
    """A manager whose team has no roster yet, logged in."""
    who = manager(web_store, "novizio")
    tid = fantasy.add_team(web_store, ADMIN, world.id, name="Nuova", manager=who.name)
    with make_client(web_store) as client:
        page_login(client, "novizio")
        yield client, tid


@pytest.fixture
def mister(web_store: Store, world: League) -> Iterator[TestClient]:
    with make_client(web_store) as client:
        page_login(client, "mister0")
        yield client


def _codes(html: str) -> list[str]:
    return re.findall(r'<tr[^>]*data-code="([^"]+)"', html)


def _kept_picks(html: str) -> list[str]:
    picked = html.split('id="picks"', 1)[1].split("</div>", 1)[0]
    return re.findall(r'name="p" value="([^"]+)"', picked)


def test_players_list_filters_by_role_club_price_and_words(anon: TestClient, world: League) -> None:
    url = f"/fantasy/{world.id}/players"
    everyone = anon.get(url)
    assert everyone.status_code == 200
    players = world.season.players
    assert len(_codes(everyone.text)) == len(players)
    keepers = _codes(anon.get(url, params={"role": "P"}).text)
    assert sorted(keepers) == sorted(p.code for p in players if p.role == "P")
    club = players[0].club
    of_club = _codes(anon.get(url, params={"club": club, "role": "A"}).text)
    assert sorted(of_club) == sorted(p.code for p in players if p.club == club and p.role == "A")
    cheap = _codes(anon.get(url, params={"min": "8", "max": "10"}).text)
    assert sorted(cheap) == sorted(p.code for p in players if 8 <= p.price <= 10)
    named = _codes(anon.get(url, params={"q": players[5].name.upper()}).text)
    assert players[5].code in named
    assert _codes(anon.get(url, params={"q": players[5].code}).text) == [players[5].code]
    bad = anon.get(url, params={"min": "tanti", "lang": "en"})
    assert bad.status_code == 200
    assert "min_price" in bad.text or "Price from" in bad.text
    assert len(_codes(bad.text)) == len(players)  # the bad bound is left out, the list shown


def test_fan_roster_1_picked_by_clicks_refused_then_saved_with_picks_kept(
    web_store: Store, world: League, novice: tuple[TestClient, int]
) -> None:
    client, tid = novice
    base = f"/fantasy/{world.id}/teams/{tid}/roster"
    codes = samples.pick_roster(list(world.season.players), __import__("random").Random(3))
    prices = {p.code: p.price for p in world.season.players}
    page = client.get(base, params=[("picking", "1"), *(("p", c) for c in codes[:24])])
    assert page.status_code == 200
    assert f"{250 - sum(prices[c] for c in codes[:24])} credits left" in page.text.replace(
        "crediti rimasti", "credits left"
    )
    assert _kept_picks(page.text) == codes[:24]
    # an "add" link of the list adds exactly one code to the address
    add = re.search(r'href="([^"]+)"[^>]*hx-get="[^"]+"[^>]*aria-label="(Add|Aggiungi) ', page.text)
    assert add is not None
    added = parse_qs(urlsplit(add.group(1).replace("&amp;", "&")).query)["p"]
    assert added[:24] == codes[:24]
    assert len(added) == 25
    token = form_token(page.text)
    short = client.post(base, data={"csrf_token": token, "p": codes[:24]}, follow_redirects=False)
    assert short.status_code == 303
    assert short.headers[REFUSED_HEADER] == "422"
    back = client.get(short.headers["location"])
    assert "FAN-ROSTER-1" in back.text or "exactly" in back.text or "esattamente" in back.text
    assert _kept_picks(back.text) == codes[:24]  # the refusal erased nothing
    assert views_team.team_page(web_store, world.id, tid).roster == ()
    done = client.post(base, data={"csrf_token": token, "p": codes}, follow_redirects=False)
    assert done.status_code == 303, done.text
    assert done.headers["location"] == f"/fantasy/{world.id}/teams/{tid}"
    saved = views_team.team_page(web_store, world.id, tid)
    assert sorted(p.code for p in saved.roster) == sorted(codes)


def test_the_picker_is_the_managers_only(world: League, mister: TestClient) -> None:
    other = mister.get(f"/fantasy/{world.id}/teams/{world.teams[1]}/roster")
    assert other.status_code == 403
    mine = mister.get(f"/fantasy/{world.id}/teams/{world.teams[0]}/roster")
    assert mine.status_code == 200
    assert len(_kept_picks(mine.text)) == 25  # starts from the roster held


def _lineup_form(html: str) -> tuple[str, list[str], list[str]]:
    form = html.split('id="lineup-form"', 1)[1].split("</form>", 1)[0]
    selects = re.findall(r'<select name="([sb])">(.*?)</select>', form, re.S)
    chosen = {"s": [], "b": []}  # type: dict[str, list[str]]
    for name, options in selects:
        value = re.search(r'<option value="(\d+)" selected>', options)
        chosen[name].append(value.group(1) if value else "")
    shape = re.search(r'name="f" value="([^"]+)"', form)
    assert shape is not None
    return shape.group(1), chosen["s"], chosen["b"]


def test_fan_lineup_1_set_on_the_pitch_refused_then_saved_keeping_every_choice(
    web_store: Store, world: League, mister: TestClient
) -> None:
    tid = world.teams[0]
    url = f"/fantasy/{world.id}/teams/{tid}/lineup"
    page = mister.get(url)
    assert page.status_code == 200
    shape, starters, bench = _lineup_form(page.text)
    assert shape == "4-4-2"
    assert len(starters) == 11
    assert len(bench) == 7
    assert "" not in starters + bench  # a full proposal: one click saves it
    token = form_token(page.text)
    # another formation: the pitch comes back with the starters it has room for, filled
    to = mister.post(
        url,
        data={"csrf_token": token, "f": shape, "s": starters, "b": bench, "to": "3-5-2"},
        follow_redirects=False,
    )
    assert to.status_code == 303
    shape2, starters2, bench2 = _lineup_form(mister.get(to.headers["location"]).text)
    assert shape2 == "3-5-2"
    assert "" not in starters2
    assert starters2[:4] == starters[:4]
    # a lineup naming a bench player twice is refused; everything chosen comes back
    wrong = [*bench2[:-1], bench2[0]]
    refused = mister.post(
        url,
        data={
            "csrf_token": token,
            "matchday": "1",
            "f": shape2,
            "s": starters2,
            "b": wrong,
            "save": "1",
        },
        follow_redirects=False,
    )
    assert refused.status_code == 303
    assert refused.headers[REFUSED_HEADER] == "422"
    back = mister.get(refused.headers["location"])
    assert "FAN-LINEUP-1" in back.text or "twice" in back.text or "due volte" in back.text
    assert _lineup_form(back.text) == (shape2, starters2, wrong)
    saved = mister.post(
        url,
        data={
            "csrf_token": token,
            "matchday": "1",
            "f": shape2,
            "s": starters2,
            "b": bench2,
            "save": "1",
        },
        follow_redirects=False,
    )
    assert saved.status_code == 303
    assert saved.headers["location"] == f"/fantasy/{world.id}/teams/{tid}"
    team = views_team.team_page(web_store, world.id, tid)
    assert team.starters == tuple(int(s) for s in starters2)
    assert team.bench == tuple(int(b) for b in bench2)
    # the page opens on the lineup saved
    assert _lineup_form(mister.get(url).text) == (shape2, starters2, bench2)


def test_fan_sub_1_bench_order_by_arrows_without_javascript(
    world: League, mister: TestClient
) -> None:
    url = f"/fantasy/{world.id}/teams/{world.teams[0]}/lineup"
    page = mister.get(url)
    shape, starters, bench = _lineup_form(page.text)
    r = mister.post(
        url,
        data={
            "csrf_token": form_token(page.text),
            "f": shape,
            "s": starters,
            "b": bench,
            "up": "3",
        },
        follow_redirects=False,
    )
    assert r.status_code == 303
    _, _, after = _lineup_form(mister.get(r.headers["location"]).text)
    assert after == [*bench[:2], bench[3], bench[2], *bench[4:]]


def test_transfer_refused_keeps_the_two_players_chosen(
    world: League, mister: TestClient, web_store: Store
) -> None:
    tid = world.teams[0]
    team = views_team.team_page(web_store, world.id, tid)
    sell = team.roster[0]
    buy = next(p for p in team.market if p.role != sell.role)
    page = mister.get(f"/fantasy/{world.id}/teams/{tid}")
    r = mister.post(
        f"/fantasy/{world.id}/teams/{tid}/transfer",
        data={"csrf_token": form_token(page.text), "sell": sell.code, "buy": buy.code},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert r.headers[REFUSED_HEADER] == "422"
    back = mister.get(r.headers["location"]).text
    assert f'<option value="{sell.code}" selected>' in back
    assert f'<option value="{buy.code}" selected>' in back


def test_new_league_refused_keeps_what_was_typed(org: TestClient) -> None:
    token = form_token(org.get("/fantasy/new").text)
    r = org.post(
        "/fantasy/new",
        data={"csrf_token": token, "name": "Lega dei Lunedì", "season": "2026-27", "budget": "-5"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert r.headers["location"] == "/fantasy/new"
    back = org.get("/fantasy/new").text
    assert 'value="Lega dei Lunedì"' in back
    assert 'value="-5"' in back
    assert "budget" in back.lower()


def test_manage_forms_refused_keep_their_own_values(org: TestClient, world: League) -> None:
    url = f"/fantasy/{world.id}/manage"
    token = form_token(org.get(url).text)
    r = org.post(
        f"{url}/teams",
        data={"csrf_token": token, "name": "Gli Invincibili", "manager": "nessuno"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert r.headers["location"] == f"{url}#teams"
    back = org.get(url).text
    assert 'value="Gli Invincibili"' in back
    assert 'value="nessuno"' in back
    assert back.count('value="nessuno"') == 1  # only in the form it was typed in
    r = org.post(
        f"{url}/penalty",
        data={"csrf_token": token, "team": str(world.teams[1]), "matchday": "x", "note": "SMS"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert r.headers["location"] == f"{url}#penalty"
    back = org.get(url).text
    assert f'<option value="{world.teams[1]}" selected>' in back
    assert 'value="SMS"' in back


@pytest.mark.parametrize(
    ("action", "typed", "kept"),
    [
        (
            "votes",
            {"matchday": "1", "official": "1", "extras": "minuti; nessuno; 30"},
            ["minuti; nessuno; 30", 'value="1" checked'],
        ),
        ("extras", {"matchday": "1", "text": "rinviata"}, [">rinviata</textarea>"]),
        ("votes/delete", {"matchday": "uno"}, ['value="uno"']),
        ("fixtures", {"text": "1;non una data;Inter;Roma"}, ["1;non una data;Inter;Roma"]),
        (
            "prices",
            {"text": "101;X;Rossi;Inter;25", "matchday": "3"},
            ["101;X;Rossi;Inter;25", 'value="3"'],
        ),
    ],
)
def test_every_manage_form_refused_keeps_what_was_typed(
    org: TestClient,
    world: League,
    clock: FakeClock,
    action: str,
    typed: dict[str, str],
    kept: list[str],
) -> None:
    clock.advance(days=6)
    url = f"/fantasy/{world.id}/manage"
    token = form_token(org.get(url).text)
    r = org.post(f"{url}/{action}", data={"csrf_token": token, **typed}, follow_redirects=False)
    assert r.status_code == 303
    assert r.headers[REFUSED_HEADER] in {"404", "409", "422"}
    assert r.headers["location"].startswith(url + "#")
    back = org.get(url).text
    assert 'class="alert error"' in back
    for text in kept:
        assert text in back, text
