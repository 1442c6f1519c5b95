"""Issue 31 item 5: PostgreSQL connections killed under the app, during results.

An administrator restarts PostgreSQL or a proxy drops idle connections: the pool's connections
die behind the workers' backs. Nothing may be lost or doubled: a result whose connection died
before its commit is not stored (the caller is told, and retrying stores it once), and the next
action works at once on a fresh connection (``pool_pre_ping``).
"""

from __future__ import annotations

import random
from datetime import date

import pytest
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.exc import DBAPIError

from tests.support.databases import PG_ADMIN_URL
from tests.support.events import roster
from torneo.cards import commands as events
from torneo.cards.tables import Match
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store

ORGANIZER = Actor("org", frozenset({(1, "organizer")}), user_id=None)
pytestmark = pytest.mark.postgres


def _kill_connections(store: Store, only_pid: int | None = None) -> int:
    """Terminate the backends of the store's database (one of them, or all but ours)."""
    name = store.engine.url.database
    admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    where = "pid = :pid" if only_pid else "datname = :name AND pid <> pg_backend_pid()"
    with admin.connect() as c:
        killed = c.execute(
            text(f"SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE {where}"),
            {"pid": only_pid, "name": name},
        ).scalar_one()
    admin.dispose()
    return int(killed)


def _paired_event(store: Store) -> int:
    event_id = events.create_event(
        store,
        ORGANIZER,
        name="Coppa dei guasti",
        preset="invasion-it-2012",
        held_on=date(2026, 12, 20),
    )
    events.register_roster(store, ORGANIZER, event_id, roster(16))
    events.start_event(store, ORGANIZER, event_id)
    events.pair_next_round(store, ORGANIZER, event_id)
    return event_id


def _stored(store: Store, event_id: int) -> tuple[int, int]:
    with store.read() as s:
        results = s.scalar(
            select(func.count())
            .select_from(Match)
            .where(Match.event_id == event_id, Match.wins_a.is_not(None))
        )
        audits = s.scalar(
            select(func.count()).select_from(AuditEntry).where(AuditEntry.action == "match.report")
        )
    return int(results or 0), int(audits or 0)


def test_issue31_results_go_on_after_every_pooled_connection_is_killed(store: Store) -> None:
    if store.engine.dialect.name != "postgresql":
        pytest.skip("connections are killed on PostgreSQL")
    event_id = _paired_event(store)
    rng = random.Random(7)
    for table in (1, 2, 3, 4):
        events.report_result(store, ORGANIZER, event_id, 1, table, rng.choice(["2-0", "0-2"]))
    assert _kill_connections(store) >= 1  # the pool's idle connections die
    for table in (5, 6, 7, 8):  # at once, each on a fresh connection: nothing refused
        events.report_result(store, ORGANIZER, event_id, 1, table, rng.choice(["2-0", "0-2"]))
    results, audits = _stored(store, event_id)
    assert (results, audits) == (8, 8)  # each result stored once, and audited once


def test_issue31_a_result_whose_connection_dies_before_commit_is_not_stored(store: Store) -> None:
    if store.engine.dialect.name != "postgresql":
        pytest.skip("connections are killed on PostgreSQL")
    event_id = _paired_event(store)
    before = _stored(store, event_id)
    with pytest.raises(DBAPIError) as died, store.unit(ORGANIZER) as uow:  # noqa: PT012
        uow.session.execute(
            text("UPDATE matches SET wins_a = 2, wins_b = 0 WHERE event_id = :e AND table_no = 1"),
            {"e": event_id},
        )
        pid = uow.session.execute(text("SELECT pg_backend_pid()")).scalar_one()
        _kill_connections(store, only_pid=int(pid))
        uow.audit("match.report", "match", None, event_id=event_id)
    assert "terminat" in str(died.value).lower() or "closed" in str(died.value).lower()
    assert _stored(store, event_id) == before  # nothing half-written
    events.report_result(store, ORGANIZER, event_id, 1, 1, "2-0")  # the retry lands, once
    assert _stored(store, event_id)[0] == before[0] + 1
