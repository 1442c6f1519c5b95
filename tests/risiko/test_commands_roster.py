"""A pasted RisiKo! roster (issue 14, bulk rosters): one query per batch of lines, not per line;
everyone or no one, with every bad line listed."""

from __future__ import annotations

import pytest
from sqlalchemy import func, insert, select

from tests.support.risiko import fingerprint, tournament
from tests.support.sql import counted_statements
from torneo.core.errors import TorneoError
from torneo.platform.store.tables import AuditEntry, Player
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands_roster as risiko_roster
from torneo.risiko import views as risiko_views
from torneo.risiko.state import get_tournament


def _paste(tag: str, n: int) -> str:
    return "\n".join(f"{tag} {i:04d},Club {i % 7}" for i in range(n))


def _known(store: Store, tag: str, n: int) -> None:
    """Every other name of the paste is a regular already known, in another club."""
    with store.unit(Actor.system()) as uow:
        uow.session.execute(
            insert(Player),
            [
                {"name": f"{tag} {i:04d}", "club": "Vecchio club", "created_at": uow.now}
                for i in range(0, n, 2)
            ],
        )


def test_a_roster_of_many_lines_is_registered_with_a_bounded_number_of_queries(
    store: Store, organizer: Actor
) -> None:
    """10 lines and 1,500 lines (two batches) send nearly the same number of statements: a
    lookup, the new players, the clubs, the entrants and the audit rows go one per batch."""
    counts = {}
    for n in (10, 1500):
        tag = f"Stratega{n}"
        _known(store, tag, n)
        tid = tournament(store, organizer, publish=False)
        with counted_statements(store.engine) as statements:
            ids = risiko_roster.register_roster(store, organizer, tid, _paste(tag, n))
        counts[n] = len(statements)
        assert len(ids) == len(set(ids)) == n
        with store.read() as s:
            row = get_tournament(s, tid)
            assert sorted(e.player_id for e in row.entrants) == sorted(ids)
            clubs = {e.player.name: e.player.club for e in row.entrants}
            audits = s.scalar(
                select(func.count())
                .select_from(AuditEntry)
                .where(AuditEntry.action == "risiko.register", AuditEntry.entity_id == tid)
            )
        # RSK-TBL-2 (same club): known players take the club the paste gives them.
        assert clubs == {f"{tag} {i:04d}": f"Club {i % 7}" for i in range(n)}
        assert audits == n
        assert len(risiko_views.tournament_page(store, tid).players) == n
    assert counts[1500] <= counts[10] + 6, counts


def test_every_bad_line_is_listed_and_nobody_is_registered(store: Store, organizer: Actor) -> None:
    tid = tournament(store, organizer, players=4, publish=False)
    before = fingerprint(store, tid)
    with store.read() as s:
        players_before = s.scalar(select(func.count()).select_from(Player))
    # Lines in a wrong shape: all of them named, with their line numbers.
    with pytest.raises(TorneoError) as err:
        risiko_roster.register_roster(
            store, organizer, tid, "Nuovo 1\na,b,c,d\nNuovo 2\n,Club\nNuovo 1"
        )
    assert err.value.field == "roster"
    assert err.value.reason == (
        "line 2: 4 columns; name,club,rating accepted; line 4: name: is empty;"
        " line 5: Nuovo 1 is already on line 1"
    )
    # Lines naming players already in the tournament: both named, the new ones not created.
    with pytest.raises(TorneoError) as err:
        risiko_roster.register_roster(
            store, organizer, tid, "Nuovo 1\nGiocatore 01\nNuovo 2\ngiocatore 03,Club 9"
        )
    assert err.value.field == "roster"
    assert err.value.reason == (
        "Giocatore 01: Giocatore 01 is already registered;"
        " Giocatore 03: Giocatore 03 is already registered"
    )
    assert err.value.accepted == "a player not yet registered"
    assert fingerprint(store, tid) == before
    with store.read() as s:
        assert s.scalar(select(func.count()).select_from(Player)) == players_before
        assert s.scalar(select(Player.club).where(Player.name == "Giocatore 03")) == "Club 3"
