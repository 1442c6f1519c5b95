"""Self-reports under concurrency (issue 14, finer locks): simultaneous reports, the event's
lock shared with other reports and held alone by a pairing, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import event as sa_event
from sqlalchemy import func, select

from tests.cards.self_report.test_commands import Table, by_code, recorded, running_event
from tests.support.events import fingerprint
from torneo.cards.self_report import views as srv
from torneo.cards.self_report.tables import SelfReport
from torneo.cards.state_locks import hold_event, share_event
from torneo.cards.tables import Event
from torneo.core.errors import Conflict
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store

# --- concurrency -----------------------------------------------------------------------------


def _at_once(calls: list[Callable[[], object]]) -> list[object]:
    """Run the calls in threads released together; each result or the exception raised."""
    barrier = threading.Barrier(len(calls))
    out: list[object] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            out[i] = calls[i]()
        except Exception as exc:
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    return out


def _every_table_at_once(
    store: Store, event_id: int, tables: list[Table], a: str, b: str
) -> list[object]:
    """Both players of every table report at once (``a`` and ``b`` from their sides)."""
    calls: list[Callable[[], object]] = []
    for t in tables:
        calls.append(lambda t=t: by_code(store, event_id, t, "a", a))  # type: ignore[misc]
        calls.append(lambda t=t: by_code(store, event_id, t, "b", b))  # type: ignore[misc]
    return _at_once(calls)


def _report_rows(store: Store, event_id: int) -> int:
    with store.read() as s:
        return int(
            s.scalar(select(func.count(SelfReport.id)).where(SelfReport.event_id == event_id)) or 0
        )


def test_simultaneous_reports_of_one_match_never_lose_or_double_a_result(store: Store) -> None:
    """Both players report at the same instant: on PostgreSQL one report is stored and the
    other confirms it; on SQLite the loser may get a conflict. Never two rows, never a result
    recorded twice, never a result without both players' agreement."""
    event_id, tables = running_event(store)
    t = tables[0]
    out = _at_once(
        [
            lambda: by_code(store, event_id, t, "a", "2-1"),
            lambda: by_code(store, event_id, t, "b", "1-2"),
        ]
    )
    answers = sorted(o.answer if isinstance(o, srv.Reported) else type(o).__name__ for o in out)
    assert answers in (["confirmed", "waiting"], ["Conflict", "waiting"])
    if store.engine.dialect.name == "postgresql":
        assert answers == ["confirmed", "waiting"]
    assert _report_rows(store, event_id) == 1
    if "Conflict" in answers:  # the player who saw the conflict reports again
        side, result = ("a", "2-1") if isinstance(out[0], Conflict) else ("b", "1-2")
        assert by_code(store, event_id, t, side, result).answer == "confirmed"
    assert recorded(store, event_id, t.number) == "2-1"
    with store.read() as s:
        reports = s.scalar(
            select(func.count(AuditEntry.id)).where(
                AuditEntry.event_id == event_id, AuditEntry.action == "match.report"
            )
        )
    assert reports == 1


def test_many_tables_reported_at_once_are_all_recorded_once(store: Store) -> None:
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite has one writer at a time: the PostgreSQL run proves the point")
    event_id, tables = running_event(store, players=16)
    out = _every_table_at_once(store, event_id, tables, "2-0", "0-2")
    assert not [o for o in out if isinstance(o, Exception)]
    assert sorted(o.answer for o in out if isinstance(o, srv.Reported)) == sorted(
        ["waiting", "confirmed"] * len(tables)
    )
    assert [recorded(store, event_id, t.number) for t in tables] == ["2-0"] * len(tables)
    assert _report_rows(store, event_id) == len(tables)


def _holding(store: Store, event_id: int, *, shared: bool) -> Callable[[], None]:
    """Another transaction holding the event's lock (PostgreSQL): shared, as a report in flight
    holds it, or alone with the row, as a pairing does (state_locks). Returns its release."""
    connection = store.engine.connect()
    if shared:
        share_event(connection, event_id)
    else:
        hold_event(connection, event_id)
        connection.exec_driver_sql(f"SELECT id FROM events WHERE id = {int(event_id)} FOR UPDATE")
    return connection.close


def _short_lock_waits(store: Store) -> None:
    def short(dbapi: Any, _record: object) -> None:
        dbapi.cursor().execute("SET lock_timeout = '1s'")
        dbapi.commit()  # kept when the first transaction on the connection rolls back

    sa_event.listen(store.engine, "connect", short)
    store.engine.dispose()  # new connections get the setting


def test_a_report_does_not_wait_for_other_reports_of_the_event(store: Store) -> None:
    """Finer locks (issue 14): a report holds the event's lock in the shared mode and bumps its
    version without an exclusive lock, so another report of the same event in flight (holding
    the lock the same way) does not stop it; its match row is locked alone."""
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite has one writer at a time: row lock modes are PostgreSQL's")
    event_id, tables = running_event(store, players=8)
    _short_lock_waits(store)
    with store.read() as s:
        version = s.scalar(select(Event.version).where(Event.id == event_id))
    release = _holding(store, event_id, shared=True)  # a report of another table, mid-way
    try:
        assert by_code(store, event_id, tables[0], "a", "2-0").answer == "waiting"
        assert by_code(store, event_id, tables[0], "b", "0-2").answer == "confirmed"
    finally:
        release()
    assert recorded(store, event_id, tables[0].number) == "2-0"
    with store.read() as s:
        assert s.scalar(select(Event.version).where(Event.id == event_id)) == (version or 0) + 1


def test_pairing_a_round_still_excludes_reports(store: Store) -> None:
    """A pairing (or any staff change) holds the event's lock alone: a report waits for it, and
    here, with a short lock timeout, is refused with a conflict and saves nothing."""
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite has one writer at a time: row lock modes are PostgreSQL's")
    event_id, tables = running_event(store, players=8)
    _short_lock_waits(store)
    before = fingerprint(store, event_id)
    release = _holding(store, event_id, shared=False)
    try:
        with pytest.raises(Conflict):
            by_code(store, event_id, tables[0], "a", "2-0")
    finally:
        release()
    assert fingerprint(store, event_id) == before
    assert _report_rows(store, event_id) == 0


def test_the_event_version_counts_every_recorded_result_under_concurrency(store: Store) -> None:
    """0 lost, 0 doubled: 16 tables reported by both players at once move the version once per
    result (the bump is an increment in the database, not a write of a version read earlier)."""
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite has one writer at a time: the PostgreSQL run proves the point")
    event_id, tables = running_event(store, players=32)
    with store.read() as s:
        version = s.scalar(select(Event.version).where(Event.id == event_id)) or 0
    out = _every_table_at_once(store, event_id, tables, "2-1", "1-2")
    assert not [o for o in out if isinstance(o, Exception)]
    assert [recorded(store, event_id, t.number) for t in tables] == ["2-1"] * len(tables)
    with store.read() as s:
        assert s.scalar(select(Event.version).where(Event.id == event_id)) == version + len(tables)
