"""Issue 27 hole 2, the card-set page: a set file uploaded at ``/card-sets`` is read by the
shared bounded reader only once the actor may import sets, and a file over the set's 2 MB is
refused naming the limit, with nothing imported."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.support.web import form_status, make_client, page_login
from torneo.cards.draft import pages as draft_pages
from torneo.cards.draft import views as draft_views
from torneo.cards.rules.set_files import MAX_BYTES
from torneo.platform.store.uow import Store


def _post(client: TestClient, token: str, data: bytes) -> Any:
    return client.post(
        "/card-sets",
        data={"csrf_token": token, "kind": "csv", "code": "BIG", "name": "Troppo"},
        files={"file": ("set.csv", data, "text/csv")},
        follow_redirects=False,
    )


def test_issue27_a_card_set_of_a_refused_actor_is_never_read(
    web_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def never(*_: Any, **__: Any) -> bytes:
        raise AssertionError("the file of a refused actor was read")

    monkeypatch.setattr(draft_pages, "upload_bytes", never)
    with make_client(web_store) as client:
        token = page_login(client, "judge")  # a judge imports no card set
        assert form_status(_post(client, token, b"id,name\n")) == 403


def test_issue27_a_card_set_over_its_limit_is_refused_naming_it(web_store: Store) -> None:
    # A server that takes bodies of 4 MB: the set's own limit (2 MB) is what refuses the file.
    with make_client(web_store, max_body_bytes=4 * 1024 * 1024) as client:
        token = page_login(client, "org")
        answer = _post(client, token, b"x" * (MAX_BYTES + 10))
        assert form_status(answer) == 422
        page = client.get(answer.headers["location"], headers={"Accept-Language": "it"}).text
        assert "2000000" in page  # the limit, named
    assert all(s.code != "BIG" for s in draft_views.card_sets(web_store))
