"""Issue 27 hole 2, the judging uploads: a deck list uploaded on the player's page, on the
judging setup page or at a deck check is read by the shared bounded readers
(``torneo.core.uploads``, the list's own caps) and only once the actor is known to be allowed:
a stranger's file is never read, and a too-big one is refused naming the limit, nothing kept."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tests.judging.test_pages import _judge, _refused, setup
from tests.support.web import PASSWORD, add_user, make_client, page_login
from torneo.judging import pages_desk, pages_setup
from torneo.judging.rules.decks.decklist import MAX_BYTES, MAX_LINES
from torneo.judging.tables import DeckListRow
from torneo.platform import accounts
from torneo.platform.store.uow import Actor, Store

__all__ = ["setup"]  # the judging pages' fixture: a running event with "judge" on its roster


def _lists(store: Store) -> int:
    with store.read() as s:
        return int(s.scalar(select(func.count()).select_from(DeckListRow)) or 0)


def _never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    async def refuse(*_: Any, **__: Any) -> bytes:
        raise AssertionError("the file of a refused actor was read")

    monkeypatch.setattr(pages_setup, "upload_bytes", refuse)
    monkeypatch.setattr(pages_desk, "upload_bytes", refuse)


def _deck(lines: int) -> bytes:
    return "\n".join(f"1 Carta {i}" for i in range(lines)).encode()


def test_issue27_a_too_big_deck_list_upload_is_refused_naming_the_limit(
    web_store: Store, setup: tuple[TestClient, int, list[int]]
) -> None:
    _, event_id, players = setup
    org = make_client(web_store)
    token = page_login(org, "org")
    before = _lists(web_store)
    too_big = b"1 " + b"x" * (MAX_BYTES + 10)  # under the body limit, over the list's
    r = org.post(
        f"/events/{event_id}/players/{players[0]}/deck?lang=en",
        data={"csrf_token": token},
        files={"file": ("deck.txt", too_big, "text/plain")},
    )
    assert _refused(r, 422)
    assert f"at most {MAX_BYTES} bytes" in r.text
    too_long = _deck(MAX_LINES + 1)
    assert len(too_long) < MAX_BYTES
    r = org.post(
        f"/events/{event_id}/judging/deck?lang=en",
        data={"csrf_token": token, "player": str(players[0])},
        files={"file": ("deck.txt", too_long, "text/plain")},
    )
    assert _refused(r, 422)
    assert f"more than {MAX_LINES} lines" in r.text
    assert _lists(web_store) == before


def test_issue27_a_stranger_s_deck_list_is_refused_before_it_is_read(
    web_store: Store, setup: tuple[TestClient, int, list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, event_id, players = setup
    accounts.create_user(  # a player of the event, but not this one
        web_store,
        Actor.system(),
        username="stranger",
        password=PASSWORD,
        role="player",
        player_id=players[1],
    )
    client = make_client(web_store)
    token = page_login(client, "stranger")
    _never_read(monkeypatch)
    r = client.post(
        f"/events/{event_id}/players/{players[0]}/deck?lang=en",
        data={"csrf_token": token},
        files={"file": ("deck.txt", _deck(40), "text/plain")},
    )
    assert r.status_code == 403  # the error page: 403 is never kept for a GET (prg.refuse_to)
    assert "stranger may not submit the list of player" in r.text
    assert _lists(web_store) == 0


def test_issue27_a_deck_check_upload_is_for_the_event_s_judges_and_bounded(
    web_store: Store, setup: tuple[TestClient, int, list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, event_id, players = setup
    judge, token = _judge(web_store)
    drawn = judge.post(f"/events/{event_id}/judge/deck-draw", data={"csrf_token": token})
    assert drawn.status_code == 200
    form = {"csrf_token": token, "round_no": "1", "player_id": str(players[0])}
    too_big = b"1 " + b"x" * (MAX_BYTES + 10)
    r = judge.post(
        f"/events/{event_id}/judge/deck-check?lang=en",
        data=form,
        files={"file": ("deck.txt", too_big, "text/plain")},
    )
    assert _refused(r, 422)
    assert f"at most {MAX_BYTES} bytes" in r.text
    add_user(web_store, "outsider", "judge")  # a judge of the club, not of this event
    outsider = make_client(web_store)
    other = page_login(outsider, "outsider")
    _never_read(monkeypatch)
    r = outsider.post(
        f"/events/{event_id}/judge/deck-check?lang=en",
        data={**form, "csrf_token": other},
        files={"file": ("deck.txt", _deck(40), "text/plain")},
    )
    assert r.status_code == 403  # refused before the file: reading it would have failed
