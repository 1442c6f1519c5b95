"""A list of buy-ins before the start (PKR-REG-1; issue 14, bulk rosters): one query per batch of
lines, not per line; all or none, with every bad line listed."""

from __future__ import annotations

import pytest
from sqlalchemy import func, insert, select

from tests.support.poker import fingerprint, tuesday
from tests.support.sql import counted_statements
from torneo.core.errors import TorneoError
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands_entries as poker_entries
from torneo.poker import views as poker_views


def test_PKR_REG_1_a_roster_of_many_lines_is_registered_with_a_bounded_number_of_queries(
    store: Store, organizer: Actor
) -> None:
    """10 names and 1,500 names (two batches), half of them known players and one who booked,
    send nearly the same number of statements; everyone pays one entry."""
    counts = {}
    for n in (10, 1500):
        names = [f"Giocatore{n} {i:04d}" for i in range(n)]
        with store.unit(Actor.system()) as uow:
            uow.session.execute(
                insert(Player), [{"name": name, "created_at": uow.now} for name in names[::2]]
            )
        tid = tuesday(store, organizer, players=0)
        poker_entries.book_player(store, organizer, tid, name=names[1])
        with counted_statements(store.engine) as statements:
            ids = poker_entries.register_roster(store, organizer, tid, names)
        counts[n] = len(statements)
        assert len(set(ids)) == n
        view = poker_views.tournament_view(store, tid)
        assert sorted(p.name for p in view.players) == names
        assert {p.player_id for p in view.players} == set(ids)
        assert view.cash.entries == n
        assert all(p.entries == 1 for p in view.players)
    assert counts[1500] <= counts[10] + 6, counts


def test_PKR_REG_1_every_bad_line_is_listed_and_nobody_enters(
    store: Store, organizer: Actor
) -> None:
    tid = tuesday(store, organizer, players=4)
    before = fingerprint(store, tid)
    with store.read() as s:
        players_before = s.scalar(select(func.count()).select_from(Player))
    # Names in a wrong shape and names given twice: all of them named.
    with pytest.raises(TorneoError) as err:
        poker_entries.register_roster(
            store, organizer, tid, ["Nuovo 1", "x" * 121, "Nuovo 2", "nuovo 1", "NUOVO 2"]
        )
    assert err.value.field == "names"
    assert err.value.reason == (
        "line 2: names: is 121 characters long; nuovo 1 is listed twice; NUOVO 2 is listed twice"
    )
    # Players who already entered: both named; the new names are not kept as players.
    with pytest.raises(TorneoError) as err:
        poker_entries.register_roster(
            store, organizer, tid, ["Nuovo 1", "Giocatore 02", "Nuovo 2", "giocatore 04"]
        )
    assert err.value.field == "names"
    ids = {p.name: p.player_id for p in poker_views.tournament_view(store, tid).players}
    assert err.value.reason == (
        f"Giocatore 02: player {ids['Giocatore 02']} has already entered;"
        f" Giocatore 04: player {ids['Giocatore 04']} has already entered"
    )
    assert err.value.accepted == "a player not entered"
    assert fingerprint(store, tid) == before
    with store.read() as s:
        assert s.scalar(select(func.count()).select_from(Player)) == players_before
