"""Every page speaks the reader's language (issue 15 item 5): an Italian and an English pass.

The demo (with a RisiKo! and a poker tournament added) is crawled from the home page, as a
visitor and as the organizer, by clicking links only. On an Italian page no English catalogue
sentence may appear (the test knows every message id: a fragment of a msgid that the Italian
catalogue translates differently); on an English page no Italian one. A page that is reached only
by a typed URL is not crawled: that is the navigation check of item 9 (every page of a running
evening is reachable from the home page).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from tests.conftest import FakeClock
from tests.support.crawl import Visited, crawl
from tests.support.databases import migrated_sqlite_store
from tests.support.web import make_client
from torneo import demo
from torneo.platform import i18n
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker
from torneo.poker import commands_entries as poker_entries
from torneo.risiko import commands as risiko
from torneo.risiko import commands_roster as risiko_roster

# The module's fixture is built once: its tests run on one xdist worker (make test: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("crawl")

PLACEHOLDER = re.compile(r"%\([^)]*\)[sdif]|%[sdif]|\{[^}]*\}")
PO = Path(i18n.locale_dir()) / "it" / "LC_MESSAGES" / "messages.po"


@cache
def _catalogue() -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """(English fragment, msgid) and (Italian fragment, msgid) pairs that tell the languages apart.

    A fragment is a run of a message between placeholders with at least two words and ten
    letters; one that also occurs in the other language's catalogue (a name, "Top X") is not
    a sign of either.
    """
    with PO.open("rb") as f:
        entries = [m for m in read_po(f) if m.id]
    english: list[tuple[str, str]] = []
    italian: list[tuple[str, str]] = []
    ids, strings = [], []
    for m in entries:
        mid = m.id[0] if isinstance(m.id, tuple | list) else m.id
        text = m.string[0] if isinstance(m.string, tuple | list) else m.string
        if text and text != mid:
            ids.append(mid)
            strings.append(text)
    all_italian = "\n".join(strings)
    all_english = "\n".join(ids)
    for mid, text in zip(ids, strings, strict=True):
        english += [(f, mid) for f in _fragments(mid) if f not in all_italian]
        italian += [(f, mid) for f in _fragments(text) if f not in all_english]
    return tuple(english), tuple(italian)


def _fragments(message: str) -> list[str]:
    parts = (p.strip(" .,:;()—-·") for p in PLACEHOLDER.split(message))
    return [p for p in parts if len(p.split()) >= 2 and sum(c.isalpha() for c in p) >= 10]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    folder = tmp_path_factory.mktemp("language")
    store = migrated_sqlite_store(folder / "site.db", FakeClock())
    summary = demo.load_demo(store)
    assert summary is not None
    owner = Actor("organizer", memberships=frozenset({(1, "owner")}))
    tid = poker.create_tournament(store, owner, template="tue", held_on="2025-12-02", seed=3)
    poker_entries.register_roster(store, owner, tid, [f"Giocatore {i}" for i in range(12)])
    rid = risiko.create_tournament(store, owner, name="Torneo RisiKo", held_on="2016-05-01")
    risiko_roster.register_roster(store, owner, rid, "\n".join(f"Stratega {i}" for i in range(8)))
    yield store
    store.engine.dispose()


def _client(store: Store, lang: str, login: bool) -> TestClient:
    client = make_client(store)
    client.cookies.set(i18n.COOKIE, lang)
    if login:
        from tests.support.web import form_token

        token = form_token(client.get("/login").text)
        answer = client.post(
            "/login",
            data={
                "username": demo.DEMO_USERNAMES[0],
                "password": demo.DEMO_PASSWORD,
                "csrf_token": token,
                "next": "/",
            },
            follow_redirects=False,
        )
        assert answer.status_code == 303
    return client


_crawls: dict[tuple[int, str, bool], list[Visited]] = {}


def _crawl(store: Store, lang: str, login: bool) -> list[Visited]:
    """The site's pages as one reader finds them: crawled once per reader for the module's tests
    (a crawl renders some 400 pages)."""
    key = (id(store), lang, login)
    if key not in _crawls:
        _crawls[key] = crawl(_client(store, lang, login))
    return _crawls[key]


def _foreign(pages: list[Visited], fragments: tuple[tuple[str, str], ...]) -> list[str]:
    found = []
    for page in pages:
        for fragment, mid in fragments:
            if fragment in page.text:
                found.append(f"{page.path}: {fragment!r} (message {mid!r})")
    return found


@pytest.mark.parametrize("login", [False, True], ids=["visitor", "organizer"])
def test_italian_pages_show_no_english_sentence(site: Store, login: bool) -> None:
    pages = _crawl(site, "it", login)
    assert len(pages) > (40 if login else 20)
    assert [p.path for p in pages if p.status >= 500] == []
    assert _foreign(pages, _catalogue()[0]) == []


@pytest.mark.parametrize("login", [False, True], ids=["visitor", "organizer"])
def test_english_pages_show_no_italian_sentence(site: Store, login: bool) -> None:
    pages = _crawl(site, "en", login)
    assert _foreign(pages, _catalogue()[1]) == []


def test_the_pages_of_every_discipline_are_reached_from_the_home_page(site: Store) -> None:
    paths = {p.path for p in _crawl(site, "it", True)}
    for wanted in ("/risiko", "/poker", "/seasons", "/ladders", "/events/new"):
        assert wanted in paths
    assert any(re.fullmatch(r"/poker/\d+/director", p) for p in paths)
    assert any(re.fullmatch(r"/risiko/\d+", p) for p in paths)
    assert any(re.fullmatch(r"/events/\d+/manage", p) for p in paths)
