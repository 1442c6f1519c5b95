"""The club's pages (issue 12): the owner invites, the invited person joins and logs in."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.support.web import PASSWORD, add_user, form_token, make_client, page_login
from torneo.platform import accounts
from torneo.platform.store.uow import Store


def test_the_owner_invites_and_the_link_makes_a_member_once(web_store: Store) -> None:
    add_user(web_store, "titolare", "owner")
    with make_client(web_store) as owner:
        token = page_login(owner, "titolare")
        page = owner.get("/clubs/1")
        assert page.status_code == 200
        assert "titolare" in page.text
        made = owner.post("/clubs/1/invitations", data={"role": "referee", "csrf_token": token})
        assert made.status_code == 200  # the club page again, with the link to send
        link = re.search(r'value="(http://testserver/join/[^"]+)"', made.text)
        assert link is not None
    path = link.group(1).removeprefix("http://testserver")
    with make_client(web_store) as guest:
        form = guest.get(path)
        assert form.status_code == 200
        joined = guest.post(
            path,
            data={
                "username": "nuova",
                "password": PASSWORD,
                "name": "Nuova Arbitra",
                "csrf_token": form_token(form.text),
            },
            follow_redirects=False,
        )
        assert joined.status_code == 303
        again = guest.post(
            path,
            data={"username": "altra", "password": PASSWORD, "csrf_token": form_token(form.text)},
        )
        assert again.status_code == 409  # one use
    actor = accounts.authenticate(web_store, "nuova", PASSWORD)
    assert actor.memberships == frozenset({(1, "referee")})


def test_a_stranger_sees_no_club_page(web_store: Store, anon: TestClient) -> None:
    add_user(web_store, "gio", "player")
    page_login(anon, "gio")
    assert anon.get("/clubs/1").status_code == 403


def test_issue27_hole6_adding_a_member_on_the_owners_page_says_so(web_store: Store) -> None:
    """The confirmation named a role it was never given: 500 with the membership saved."""
    add_user(web_store, "titolare", "owner")
    add_user(web_store, "bruna", "player")
    with make_client(web_store) as owner:
        token = page_login(owner, "titolare")
        added = owner.post(
            "/clubs/1/members", data={"username": "bruna", "role": "judge", "csrf_token": token}
        )
        assert added.status_code == 200, added.text
        assert "bruna" in added.text
        assert "judge" in added.text
        removed = owner.post(
            "/clubs/1/members/remove",
            data={"username": "bruna", "role": "judge", "csrf_token": token},
        )
        assert removed.status_code == 200, removed.text
