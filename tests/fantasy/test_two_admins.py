"""Two administrators of one league on two devices (issue 26 item 1): each opens the manage
page, then both act. Acts on different things (two matchdays' votes, a team, a penalty) are
never refused whatever the other did since; an act on the same matchday's data that someone
else changed since the page was read is refused with nothing changed, and accepted once the
page is read again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.fantasy.conftest import ADMIN, League, build_league, manager
from tests.support.web import add_user, form_token, make_client, page_login
from torneo.fantasy import commands_votes as votes
from torneo.fantasy import views
from torneo.fantasy.rules import samples
from torneo.platform.store.uow import Store
from torneo.platform.web.prg import REFUSED_HEADER


@pytest.fixture
def world(web_store: Store, clock: FakeClock) -> League:
    return build_league(web_store, teams=2)


@pytest.fixture
def admins(web_store: Store, world: League) -> Iterator[tuple[TestClient, TestClient]]:
    add_user(web_store, "org2", "organizer")
    with make_client(web_store) as desk, make_client(web_store) as phone:
        page_login(desk, "org")
        page_login(phone, "org2")
        yield desk, phone


def _opened(client: TestClient, lid: int) -> tuple[str, str]:
    """The manage page as a device holds it: its CSRF token and the matchdays' stamps."""
    html = client.get(f"/fantasy/{lid}/manage").text
    seen = html.split('name="seen" value="', 1)[1].split('"', 1)[0]
    return form_token(html), seen


def _votes(client: TestClient, world: League, day: int, seen: str, token: str) -> str:
    rows = samples.vote_rows(world.season, day, seed=day)
    r = client.post(
        f"/fantasy/{world.id}/manage/votes",
        data={"csrf_token": token, "matchday": str(day), "seen": seen},
        files={"file": (f"g{day}.csv", samples.rows_csv(rows), "text/csv")},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    return str(r.headers.get(REFUSED_HEADER) or r.headers["location"])


def test_two_admins_acting_on_different_things_are_never_refused(
    web_store: Store, world: League, admins: tuple[TestClient, TestClient], clock: FakeClock
) -> None:
    desk, phone = admins
    clock.advance(days=13)  # matchdays 1 and 2 played
    desk_token, desk_seen = _opened(desk, world.id)
    phone_token, phone_seen = _opened(phone, world.id)
    assert _votes(desk, world, 1, desk_seen, desk_token) == f"/fantasy/{world.id}/manage"
    # the phone still holds the page read before matchday 1 was imported
    assert _votes(phone, world, 2, phone_seen, phone_token) == f"/fantasy/{world.id}/manage"
    manager(web_store, "nuovo")
    team = phone.post(
        f"/fantasy/{world.id}/manage/teams",
        data={"csrf_token": phone_token, "name": "Nuovi", "manager": "nuovo"},
        follow_redirects=False,
    )
    assert REFUSED_HEADER not in team.headers, team.headers
    penalty = desk.post(
        f"/fantasy/{world.id}/manage/penalty",
        data={"csrf_token": desk_token, "team": str(world.teams[0]), "matchday": "2"},
        follow_redirects=False,
    )
    assert REFUSED_HEADER not in penalty.headers
    # the phone is back on the manage page after its import (the redirect); then the desk
    # imports matchday 1 again: the phone's facts for matchday 2 do not conflict with it
    _, phone_seen = _opened(phone, world.id)
    assert _votes(desk, world, 1, desk_seen, desk_token) == "409"  # the desk's own stale page
    desk_token, desk_seen = _opened(desk, world.id)
    assert _votes(desk, world, 1, desk_seen, desk_token) == f"/fantasy/{world.id}/manage"
    facts = phone.post(
        f"/fantasy/{world.id}/manage/extras",
        data={
            "csrf_token": phone_token,
            "matchday": "2",
            "text": "rinviata; Nessuno",
            "seen": phone_seen,
        },
        follow_redirects=False,
    )
    assert REFUSED_HEADER not in facts.headers
    page = views.league_page(web_store, world.id)
    assert {d.number: d.data for d in page.matchdays if d.data} == {
        1: "provisional",
        2: "provisional",
    }
    assert len(page.teams) == 3


def test_the_same_matchday_changed_since_the_page_was_read_is_refused(
    web_store: Store, world: League, admins: tuple[TestClient, TestClient], clock: FakeClock
) -> None:
    desk, phone = admins
    clock.advance(days=6)
    desk_token, desk_seen = _opened(desk, world.id)
    phone_token, phone_seen = _opened(phone, world.id)
    rows = samples.vote_rows(world.season, 1, seed=1)
    votes.import_votes(web_store, ADMIN, world.id, 1, samples.rows_csv(rows), official=True)
    before = views.matchday_page(web_store, world.id, 1)
    assert _votes(phone, world, 1, phone_seen, phone_token) == "409"
    deleted = desk.post(
        f"/fantasy/{world.id}/manage/votes/delete",
        data={"csrf_token": desk_token, "matchday": "1", "seen": desk_seen},
        follow_redirects=False,
    )
    assert deleted.headers.get(REFUSED_HEADER) == "409"
    after = views.matchday_page(web_store, world.id, 1)
    assert after.official is True
    assert after == before
    back = phone.get(f"/fantasy/{world.id}/manage")
    assert "matchday" in back.text.lower() or "giornata" in back.text.lower()
    _, fresh = _opened(phone, world.id)
    assert _votes(phone, world, 1, fresh, phone_token) == f"/fantasy/{world.id}/manage"
