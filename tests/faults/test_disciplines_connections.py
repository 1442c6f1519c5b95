"""Issue 31 item 5: PostgreSQL connections killed during poker busts, a live draft's picks and a
fantasy vote import (the results' own are in ``test_database_connections``).

Two faults each: every pooled connection dies between two actions (the next action works at once
on a fresh connection: ``pool_pre_ping``), and the action's own connection dies inside its
transaction, before its commit (nothing of it is kept; the caller is told, and the retry is
stored once). After both: nothing lost, nothing doubled, and in the draft nobody is
disqualified for the server's outage (BER-DRAFT-2 disqualifies a player who is gone, never one
whose server failed).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.exc import DBAPIError

from tests.conftest import FakeClock
from tests.fantasy.conftest import ADMIN, build_league
from tests.faults.test_database_connections import _kill_connections
from tests.support import draft as drafting
from tests.support.poker import running_tuesday, seated_at
from torneo.cards.draft.commands import Picked
from torneo.cards.draft.commands_batch import PickIn, pick_cards
from torneo.cards.draft.tables import DraftPick, DraftPod, DraftSeat
from torneo.core.errors import TorneoError
from torneo.fantasy import commands_lineups as lineups
from torneo.fantasy import commands_votes as votes
from torneo.fantasy import views_team
from torneo.fantasy.rules import samples
from torneo.fantasy.tables import FantasyMatchday, FantasyScore
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as floor

ORGANIZER = Actor("org", frozenset({(1, "organizer")}), user_id=None)
pytestmark = pytest.mark.postgres


def _postgres(store: Store) -> None:
    if store.engine.dialect.name != "postgresql":
        pytest.skip("connections are killed on PostgreSQL")


def _audits(store: Store, action: str) -> int:
    with store.read() as s:
        n = s.scalar(
            select(func.count()).select_from(AuditEntry).where(AuditEntry.action == action)
        )
    return int(n or 0)


@contextmanager
def _dies_before_commit(
    store: Store, monkeypatch: pytest.MonkeyPatch, step: str = "audit"
) -> Iterator[None]:
    """The next transaction's own connection is terminated when it queues its audit row (or
    its notice, ``step``): the commit cannot happen, whatever was written before is lost with
    the connection."""
    original = getattr(UnitOfWork, step)
    done: list[bool] = []

    def dying(self: UnitOfWork, *args: Any, **kwargs: Any) -> Any:
        if not done:
            done.append(True)
            pid = self.session.execute(text("SELECT pg_backend_pid()")).scalar_one()
            _kill_connections(store, only_pid=int(pid))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(UnitOfWork, step, dying)
    with pytest.raises((DBAPIError, TorneoError)):
        yield
    monkeypatch.setattr(UnitOfWork, step, original)
    assert done


# --- poker busts --------------------------------------------------------------------------------


def _out(store: Store, tid: int) -> set[int]:
    view = poker_views.tournament_view(store, tid)
    return {p.player_id for p in view.players if p.status == "out"}


def test_issue31_poker_busts_go_on_after_the_pool_dies_and_a_dead_one_is_retried_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    _postgres(store)
    tid = running_tuesday(store, ORGANIZER, players=20)
    victims = seated_at(store, tid, 0)[:2] + seated_at(store, tid, 1)[:2]
    floor.bust_out(store, ORGANIZER, tid, players=[victims[0]])
    assert _kill_connections(store) >= 1
    floor.bust_out(store, ORGANIZER, tid, players=[victims[1]])  # at once, a fresh connection
    with _dies_before_commit(store, monkeypatch):
        floor.bust_out(store, ORGANIZER, tid, players=[victims[2]])
    assert _out(store, tid) == set(victims[:2])  # the dead one is not half-kept
    floor.bust_out(store, ORGANIZER, tid, players=[victims[2]])  # the floor's retry
    floor.bust_out(store, ORGANIZER, tid, players=[victims[3]])
    assert _out(store, tid) == set(victims)  # nothing lost
    assert _audits(store, "poker.bust") == 4  # nothing doubled
    with pytest.raises(TorneoError):  # a retry of a bust that was stored is refused, not doubled
        floor.bust_out(store, ORGANIZER, tid, players=[victims[3]])
    assert _audits(store, "poker.bust") == 4


# --- a live draft --------------------------------------------------------------------------------


def _picks(store: Store, event_id: int) -> tuple[int, int]:
    with store.read() as s:
        picks = s.scalar(
            select(func.count())
            .select_from(DraftPick)
            .join(DraftPod, DraftPod.id == DraftPick.pod_id)
            .where(DraftPod.event_id == event_id)
        )
        out = s.scalar(
            select(func.count())
            .select_from(DraftSeat)
            .where(DraftSeat.event_id == event_id, DraftSeat.disqualified)
        )
    return int(picks or 0), int(out or 0)


def test_issue31_BER_DRAFT_2_picks_survive_killed_connections_and_nobody_is_disqualified(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    _postgres(store)
    event_id = drafting.draft_event(store, 8, pick_seconds=60)
    drafting.pick_round(store, event_id)  # pick 1: eight picks
    assert _kill_connections(store) >= 1
    drafting.pick_round(store, event_id)  # pick 2 at once, on fresh connections
    with _dies_before_commit(store, monkeypatch, "notify"):  # picks write no audit row
        drafting.pick_round(store, event_id)  # the first pick of round 3 dies
    assert _picks(store, event_id) == (16, 0)  # the dead pick is not half-kept
    drafting.pick_round(store, event_id)  # every page picks again (the dead one's retry too)
    assert _picks(store, event_id) == (24, 0)  # nothing lost, nothing doubled, nobody out
    state = drafting.pod_now(store, event_id)
    assert state.position is not None
    assert (state.position.booster, state.position.pick) == (1, 4)


def test_issue32_a_batch_whose_connection_dies_is_taken_the_usual_way_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one round trip of a batch's picks (``commands_fast``) loses its connection: nothing
    of it was stored, the connection is not given back, and every pick is taken the usual way,
    once, its answer the page's (BER-DRAFT-1)."""
    _postgres(store)
    event_id = drafting.draft_event(store, 8, pick_seconds=60)
    seats = drafting.seat_players(store, event_id)
    picks = [
        PickIn(drafting.player(seats[(1, s)]), drafting.pack_of(store, event_id, s)[0], 1, 1, None)
        for s in (1, 2, 3)
    ]
    checkout = store.engine.raw_connection
    killed: list[int] = []

    def dying() -> Any:
        raw = checkout()
        if not killed:  # the batch's own connection dies once it has it
            driver = raw.driver_connection
            assert driver is not None
            killed.append(driver.info.backend_pid)
            _kill_connections(store, only_pid=killed[0])
        return raw

    monkeypatch.setattr(store.engine, "raw_connection", dying)
    out = pick_cards(store, event_id, picks)
    assert killed
    assert all(isinstance(o, Picked) for o in out)
    assert _picks(store, event_id) == (3, 0)  # each once
    assert _audits(store, "draft.pick") == 3


def test_issue32_the_batches_kept_connection_dies_between_two_batches(store: Store) -> None:
    """The connection a batch keeps for the next one (``commands_fast``: no ping of the pool's)
    dies meanwhile: the next batch's picks are taken the usual way, once each, and the dead
    connection is not kept again (BER-DRAFT-1)."""
    _postgres(store)
    event_id = drafting.draft_event(store, 8, pick_seconds=60)
    seats = drafting.seat_players(store, event_id)

    def batch(*seat_nos: int) -> list[Picked | BaseException]:
        return pick_cards(
            store,
            event_id,
            [
                PickIn(
                    drafting.player(seats[(1, s)]),
                    drafting.pack_of(store, event_id, s)[0],
                    1,
                    1,
                    None,
                )
                for s in seat_nos
            ],
        )

    def kept_pid() -> int:
        [(_, raw)] = store.engine.__dict__["_torneo_fast_kept"]
        return int(raw.driver_connection.info.backend_pid)

    assert all(isinstance(o, Picked) for o in batch(1, 2, 3))
    dead = kept_pid()
    assert _kill_connections(store) >= 1
    assert all(isinstance(o, Picked) for o in batch(4, 5, 6))
    assert _picks(store, event_id) == (6, 0)  # each once
    assert _audits(store, "draft.pick") == 6
    assert all(isinstance(o, Picked) for o in batch(7, 8))  # the pass, on a live connection
    assert kept_pid() != dead
    assert _picks(store, event_id) == (8, 0)


# --- a fantasy vote import -------------------------------------------------------------------------


def test_issue31_a_vote_import_survives_killed_connections_and_is_kept_once(
    store: Store, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    _postgres(store)
    league = build_league(store)
    rng = random.Random(3)
    for i, team in enumerate(league.teams):
        page = views_team.team_page(store, league.id, team)
        starters, bench = samples.pick_lineup([(p.id, p.role) for p in page.roster], rng)
        lineups.submit_lineup(
            store, league.managers[i], league.id, team, 1, starters=starters, bench=bench
        )
    clock.advance(days=6)  # after matchday 1's deadline
    data = samples.rows_xlsx(samples.vote_rows(league.season, 1, seed=1))
    assert _kill_connections(store) >= 1
    with _dies_before_commit(store, monkeypatch):
        votes.import_votes(store, ADMIN, league.id, 1, data, official=True)
    with store.read() as s:
        assert s.scalar(select(func.count()).select_from(FantasyMatchday)) == 0
        assert s.scalar(select(func.count()).select_from(FantasyScore)) == 0
    first = votes.import_votes(store, ADMIN, league.id, 1, data, official=True)  # the retry
    assert _kill_connections(store) >= 1
    again = votes.import_votes(store, ADMIN, league.id, 1, data, official=True)  # sent twice
    assert again == first
    with store.read() as s:
        assert s.scalar(select(func.count()).select_from(FantasyMatchday)) == 1
        scores = s.scalar(select(func.count()).select_from(FantasyScore))
    assert scores == first["teams"] == len(league.teams)  # one score per team, not two
