"""The live draft's pages: a started draft of one pod of four players, each with an account."""

from __future__ import annotations

import pytest

from tests.support.draft import draft_event, seat_players
from tests.support.web import PASSWORD, add_user
from torneo.platform import accounts
from torneo.platform.store.uow import Actor, Store


@pytest.fixture
def world(sqlite_store: Store) -> tuple[Store, int, dict[tuple[int, int], int]]:
    add_user(sqlite_store, "org", "organizer")
    event = draft_event(sqlite_store, 4, format_key="draft_one_booster")
    seats = seat_players(sqlite_store, event)
    for (_, seat), player_id in seats.items():
        accounts.create_user(
            sqlite_store,
            Actor.system(),
            username=f"p{seat}",
            password=PASSWORD,
            role="player",
            player_id=player_id,
        )
    return sqlite_store, event, seats
