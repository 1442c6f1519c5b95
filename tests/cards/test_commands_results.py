"""The staff's results under finer locks (commands_results, issue 14 item 3), SQLite and PG.

The PostgreSQL runs prove the locks: results of different tables of one event do not wait for
one another, two results of one table are written one after the other (the second is refused
with the first's score), a pairing waits for the results in flight and results wait for a
pairing, and nothing is lost or recorded twice. SQLite has one writer at a time: those skip.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import event as sa_event
from sqlalchemy import func, select

from tests.cards.self_report.test_commands import (
    ORG,
    Table,
    by_code,
    recorded,
    running_event,
)
from tests.cards.self_report.test_commands_concurrency import (
    _at_once,
    _holding,
    _short_lock_waits,
)
from tests.support.events import fingerprint
from torneo.cards import commands as events
from torneo.cards.tables import Event, Match, Registration
from torneo.core.errors import Conflict, TorneoError
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store


def _postgres_only(store: Store) -> None:
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite has one writer at a time: row lock modes are PostgreSQL's")


def _version(store: Store, event_id: int) -> int:
    with store.read() as s:
        return int(s.scalar(select(Event.version).where(Event.id == event_id)) or 0)


def _audits(store: Store, event_id: int, action: str) -> list[tuple[int, int | None]]:
    """(audit id, match id) of the event's audit rows of ``action``, in commit order."""
    with store.read() as s:
        rows = s.execute(
            select(AuditEntry.id, AuditEntry.entity_id)
            .where(AuditEntry.event_id == event_id, AuditEntry.action == action)
            .order_by(AuditEntry.id)
        ).all()
    return [(int(i), e) for i, e in rows]


def test_a_result_stamps_its_match_with_the_event_version_it_made(store: Store) -> None:
    """The version a result makes is the one its match keeps (``matches.changed_in``); the
    pairing stamps its matches with the version the pairing made."""
    event_id, tables = running_event(store)
    paired = _version(store, event_id)
    with store.read() as s:
        stamps = set(s.scalars(select(Match.changed_in).where(Match.event_id == event_id)))
    assert stamps == {paired}
    events.report_result(store, ORG, event_id, 1, tables[0].number, "2-1")
    with store.read() as s:
        match = s.get(Match, tables[0].match_id)
        assert match is not None
        assert match.changed_in == _version(store, event_id) == paired + 1


def test_results_of_every_table_at_once_all_land_once(store: Store) -> None:
    """16 tables entered by the staff at the same instant: every one stored, none twice, and
    the version moved once per result (0 lost, 0 doubled, 0 errors)."""
    _postgres_only(store)
    event_id, tables = running_event(store, players=32)
    version = _version(store, event_id)
    calls: list[Callable[[], object]] = [
        lambda t=t: events.report_result(store, ORG, event_id, 1, t.number, "2-1")  # type: ignore[misc]
        for t in tables
    ]
    out = _at_once(calls)
    assert [o for o in out if isinstance(o, Exception)] == []
    assert [recorded(store, event_id, t.number) for t in tables] == ["2-1"] * len(tables)
    assert _version(store, event_id) == version + len(tables)
    reports = _audits(store, event_id, "match.report")
    assert sorted(m or 0 for _, m in reports) == sorted(t.match_id for t in tables)


def test_two_results_of_one_table_at_once_one_wins(store: Store) -> None:
    """Two judges enter one table at the same instant: one result is stored, the other is
    refused naming the stored score (or, on SQLite, a conflict), and nothing is doubled."""
    event_id, tables = running_event(store)
    t = tables[0]
    out = _at_once(
        [
            lambda: events.report_result(store, ORG, event_id, 1, t.number, "2-0"),
            lambda: events.report_result(store, ORG, event_id, 1, t.number, "0-2"),
        ]
    )
    won = [i for i, o in enumerate(out) if o is None]
    refused = [o for o in out if isinstance(o, TorneoError)]
    assert len(won) == 1
    assert len(refused) == 1
    if store.engine.dialect.name == "postgresql":  # the second saw the first's result
        assert refused[0].field == "result"
        assert "already reported" in refused[0].reason
    assert recorded(store, event_id, t.number) == ["2-0", "0-2"][won[0]]
    assert len(_audits(store, event_id, "match.report")) == 1


def test_a_result_does_not_wait_for_results_of_other_tables(store: Store) -> None:
    """Another table's result in flight holds the event's lock shared: a staff result of this
    event does not wait for it (the lock wait here would be refused after 1 s)."""
    _postgres_only(store)
    event_id, tables = running_event(store)
    _short_lock_waits(store)
    version = _version(store, event_id)
    release = _holding(store, event_id, shared=True)
    try:
        events.report_result(store, ORG, event_id, 1, tables[0].number, "2-0", version=version)
        events.report_result(store, ORG, event_id, 1, tables[1].number, "0-2", version=version)
    finally:
        release()
    assert recorded(store, event_id, tables[0].number) == "2-0"
    assert _version(store, event_id) == version + 2


def test_a_result_waits_for_a_pairing(store: Store) -> None:
    """A pairing (any staff change of the event) holds the event's lock alone: a result waits
    for it; with a short lock timeout it is refused as a conflict and saves nothing."""
    _postgres_only(store)
    event_id, tables = running_event(store)
    _short_lock_waits(store)
    before = fingerprint(store, event_id)
    release = _holding(store, event_id, shared=False)
    try:
        with pytest.raises(Conflict) as err:
            events.report_result(store, ORG, event_id, 1, tables[0].number, "2-0")
    finally:
        release()
    assert err.value.field == "match"
    assert fingerprint(store, event_id) == before


def test_a_pairing_waits_for_a_result_in_flight(store: Store) -> None:
    """A result in flight (the event's lock held shared) keeps a pairing from reading the
    round: the pairing waits; with a short lock timeout it fails and pairs nothing."""
    _postgres_only(store)
    event_id, tables = running_event(store)
    for t in tables:
        events.report_result(store, ORG, event_id, 1, t.number, "2-0")
    _short_lock_waits(store)
    before = fingerprint(store, event_id)
    release = _holding(store, event_id, shared=True)
    try:
        with pytest.raises(Exception):  # noqa: B017, PT011 - the lock timeout, whatever its wrapper
            events.pair_next_round(store, ORG, event_id)
    finally:
        release()
    assert fingerprint(store, event_id) == before


def test_a_pairing_racing_the_last_result_never_pairs_on_a_stale_round(store: Store) -> None:
    """The last table's result and the next round's pairing sent at the same instant, again
    and again: the result always lands; the pairing either comes after it (and sees it) or is
    refused because the round is unreported. Never a round paired beside a result."""
    _postgres_only(store)
    for attempt in range(6):
        event_id, tables = running_event(store, players=8, name=f"Race {attempt}")
        for t in tables[:-1]:
            events.report_result(store, ORG, event_id, 1, t.number, "2-0")
        last = tables[-1]
        out = _at_once(
            [
                lambda e=event_id, n=last.number: events.report_result(  # type: ignore[misc]
                    store, ORG, e, 1, n, "0-2"
                ),
                lambda e=event_id: events.pair_next_round(store, ORG, e),  # type: ignore[misc]
            ]
        )
        assert out[0] is None, out[0]  # the result is never lost
        with store.read() as s:
            match = s.get(Match, last.match_id)
            assert match is not None
            assert (match.wins_a, match.wins_b) == (0, 2)
        if isinstance(out[1], Exception):
            assert isinstance(out[1], Conflict)
            assert out[1].field == "round"
            continue
        assert out[1] == 2
        reported = _audits(store, event_id, "match.report")
        paired = _audits(store, event_id, "round.pair")
        assert max(i for i, _ in reported) < paired[-1][0]  # the pairing saw every result


def test_a_staff_result_moves_no_other_match(store: Store) -> None:
    """A result writes its match row and the event's version, nothing of the other tables."""
    event_id, tables = running_event(store)
    with store.read() as s:
        others = dict(
            s.execute(
                select(Match.id, Match.version).where(
                    Match.event_id == event_id, Match.id != tables[0].match_id
                )
            ).all()
        )
    events.report_result(store, ORG, event_id, 1, tables[0].number, "2-0")
    with store.read() as s:
        after = dict(
            s.execute(
                select(Match.id, Match.version).where(
                    Match.event_id == event_id, Match.id != tables[0].match_id
                )
            ).all()
        )
        assert s.scalar(select(func.count(Match.id)).where(Match.wins_a.is_not(None))) == 1
    assert after == others


def _statements(store: Store, call: Callable[[], object]) -> tuple[int, int]:
    """How many SQL statements ``call`` sends, and how many match and registration rows it
    loads."""
    count = rows = 0

    def counted(*_: object) -> None:
        nonlocal count
        count += 1

    def loaded(*_: object) -> None:
        nonlocal rows
        rows += 1

    sa_event.listen(store.engine, "before_cursor_execute", counted)
    sa_event.listen(Match, "load", loaded)
    sa_event.listen(Registration, "load", loaded)
    try:
        call()
    finally:
        sa_event.remove(store.engine, "before_cursor_execute", counted)
        sa_event.remove(Match, "load", loaded)
        sa_event.remove(Registration, "load", loaded)
    return count, rows


def test_a_result_costs_the_same_whatever_the_event_s_size(store: Store) -> None:
    """Issue 14: a result reads its match, the event row and the round rows, never the whole
    event: the same statements and rows for 4 tables and for 32, from the staff and from the
    players."""
    counts = []
    for players in (8, 64):
        event_id, tables = running_event(store, players=players, name=f"Size {players}")
        last, first = tables[-1], tables[0]

        def staff(e: int = event_id, n: int = last.number) -> None:
            events.report_result(store, ORG, e, 1, n, "2-1")

        def player(side: str, result: str, e: int = event_id, t: Table = first) -> None:
            by_code(store, e, t, side, result)

        counts.append(
            (
                _statements(store, staff),
                _statements(store, lambda: player("a", "2-0")),
                _statements(store, lambda: player("b", "0-2")),
            )
        )
    assert counts[0] == counts[1]
