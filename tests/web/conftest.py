"""Fixtures of the HTTP tests: the ASGI app on a migrated store, with an organizer and a judge."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import add_user, api_login, make_client
from torneo.store.uow import Store


@pytest.fixture
def web_store(sqlite_store: Store) -> Store:
    add_user(sqlite_store, "org", "organizer")
    add_user(sqlite_store, "judge", "judge")
    return sqlite_store


@pytest.fixture
def anon(web_store: Store) -> Iterator[TestClient]:
    with make_client(web_store) as client:
        yield client


@pytest.fixture
def org(web_store: Store) -> Iterator[TestClient]:
    with make_client(web_store) as client:
        api_login(client, "org")
        yield client
