"""SQLite: a write unit takes the database's write lock when it begins (``BEGIN IMMEDIATE``).

SQLite has no ``SELECT ... FOR UPDATE`` (SQLAlchemy leaves the clause out), and a transaction
took the write lock only at its first write: two units that read a row, decided from it and
then wrote (``cards.state.get_event(for_update=True)`` and every read-then-act of a service)
both read the same value and one decision was lost, where PostgreSQL makes the second wait on
the row. A write unit now begins immediate, so the second waits for the first to commit (the
busy timeout) and then reads what it wrote; a read stays deferred and waits for nobody.
"""

from __future__ import annotations

import threading

from sqlalchemy import text

from torneo.platform import accounts
from torneo.platform.store.uow import Actor, Store

SYSTEM = Actor.system()


def _generation(store: Store, user_id: int) -> int:
    with store.read() as s:
        return int(
            s.execute(
                text("SELECT session_generation FROM users WHERE id = :id"), {"id": user_id}
            ).scalar_one()
        )


def test_two_concurrent_write_units_on_sqlite_queue_and_lose_nothing(sqlite_store: Store) -> None:
    """Each unit reads a counter and writes it plus one; the second reads between the first's
    read and its write when it can. Deferred, both read 0 and the result was 1 (or the later
    writer was refused, "database is locked"); immediate, the second begins once the first
    has committed, reads 1 and writes 2."""
    store = sqlite_store
    user = accounts.create_user(store, SYSTEM, username="counter", password="x" * 20, role="player")
    first_read, second_read, first_wrote = threading.Event(), threading.Event(), threading.Event()
    errors: list[BaseException] = []
    read = text("SELECT session_generation FROM users WHERE id = :id")
    write = text("UPDATE users SET session_generation = :n WHERE id = :id")

    def first() -> None:
        try:
            with store.unit(SYSTEM) as uow:
                now = uow.session.execute(read, {"id": user}).scalar_one()
                first_read.set()
                second_read.wait(1.5)  # bounded: an immediate second cannot read yet
                uow.session.execute(write, {"n": now + 1, "id": user})
                first_wrote.set()
        except BaseException as exc:  # reported below, whatever it is
            errors.append(exc)

    def second() -> None:
        try:
            first_read.wait(10)
            with store.unit(SYSTEM) as uow:
                now = uow.session.execute(read, {"id": user}).scalar_one()
                second_read.set()
                first_wrote.wait(10)
                uow.session.execute(write, {"n": now + 1, "id": user})
        except BaseException as exc:  # reported below, whatever it is
            errors.append(exc)

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert _generation(store, user) == 2


def test_a_read_waits_for_no_write_unit_on_sqlite(sqlite_store: Store) -> None:
    """A read stays deferred: while a write unit holds the lock, a read answers at once
    (with what was committed), and a read open meanwhile does not stop the unit's commit."""
    store = sqlite_store
    user = accounts.create_user(store, SYSTEM, username="reader", password="x" * 20, role="player")
    with store.read() as open_read:
        open_read.execute(text("SELECT count(*) FROM users")).scalar_one()
        with store.unit(SYSTEM) as uow:
            uow.session.execute(
                text("UPDATE users SET session_generation = 5 WHERE id = :id"), {"id": user}
            )
            assert _generation(store, user) == 0  # not committed yet; no wait for the lock
    assert _generation(store, user) == 5
