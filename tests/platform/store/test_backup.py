"""Issue 31 item 4: a whole database backed up and restored (SQLite online backup, pg_dump)."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, select, text
from sqlalchemy.engine import Engine

from tests.support.cli import Cli
from tests.support.databases import migrated_sqlite_url
from torneo.cards import commands as events
from torneo.core.errors import TorneoError
from torneo.platform.store import backup as backups
from torneo.platform.store.db import make_engine
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store

ORGANIZER = Actor("org", frozenset({(1, "organizer")}), user_id=None)


def _fill(store: Store) -> None:
    event_id = events.create_event(
        store,
        ORGANIZER,
        name="Torneo di Natale",
        preset="invasion-it-2012",
        held_on=date(2026, 12, 20),
    )
    events.register_roster(store, ORGANIZER, event_id, "Anna\nBruno\nCarla\nDario\n")


def snapshot(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows, sorted: two databases with the same snapshot hold the same data."""
    found: dict[str, list[tuple[Any, ...]]] = {}
    with engine.connect() as connection:
        for name in sorted(inspect(engine).get_table_names()):
            quoted = engine.dialect.identifier_preparer.quote(name)
            rows = connection.execute(text(f"SELECT * FROM {quoted}")).all()
            found[name] = sorted((tuple(r) for r in rows), key=repr)
    return found


def test_issue31_a_sqlite_backup_restores_into_a_fresh_database(
    store: Store, tmp_path: Path
) -> None:
    if store.engine.dialect.name != "sqlite":
        pytest.skip("the PostgreSQL round trip has its own test")
    _fill(store)
    written = backups.backup(store.engine, tmp_path / "night.db")
    assert (written.kind, written.size > 0) == ("sqlite", True)
    fresh = make_engine(f"sqlite:///{tmp_path / 'fresh.db'}")
    restored = backups.restore(fresh, written.path)
    assert restored.revision == written.revision
    assert snapshot(fresh) == snapshot(store.engine)
    fresh.dispose()


@pytest.fixture
def second_pg(pg_url: str) -> Iterator[Engine]:
    engine = make_engine(pg_url)
    yield engine
    engine.dispose()


@pytest.mark.postgres
def test_issue31_a_postgresql_backup_restores_into_a_fresh_database(
    store: Store, second_pg: Engine, tmp_path: Path
) -> None:
    if store.engine.dialect.name != "postgresql":
        pytest.skip("the SQLite round trip has its own test")
    _fill(store)
    written = backups.backup(store.engine, tmp_path / "night.dump")
    assert written.kind == "postgresql"
    assert written.revision is not None
    backups.restore(second_pg, written.path)
    assert snapshot(second_pg) == snapshot(store.engine)


def test_issue31_backup_never_overwrites_a_file(sqlite_store: Store, tmp_path: Path) -> None:
    target = tmp_path / "there.db"
    target.write_bytes(b"keep me")
    with pytest.raises(TorneoError, match="exists already"):
        backups.backup(sqlite_store.engine, target)
    assert target.read_bytes() == b"keep me"


def test_issue31_restore_refuses_a_file_that_is_no_backup(
    sqlite_store: Store, tmp_path: Path
) -> None:
    bogus = tmp_path / "notes.txt"
    bogus.write_text("not a database")
    before = snapshot(sqlite_store.engine)
    with pytest.raises(TorneoError, match="neither an SQLite database nor a pg_dump"):
        backups.restore(sqlite_store.engine, bogus, force=True)
    assert snapshot(sqlite_store.engine) == before


def test_issue31_restore_refuses_a_newer_schema(sqlite_store: Store, tmp_path: Path) -> None:
    written = backups.backup(sqlite_store.engine, tmp_path / "b.db")
    with sqlite3.connect(written.path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    fresh = make_engine(f"sqlite:///{tmp_path / 'fresh.db'}")
    with pytest.raises(TorneoError, match="newer than this Torneo") as refused:
        backups.restore(fresh, written.path)
    assert refused.value.field == "file"
    assert inspect(fresh).get_table_names() == []  # nothing was restored
    fresh.dispose()


def test_issue31_restore_replaces_data_only_with_force(sqlite_store: Store, tmp_path: Path) -> None:
    written = backups.backup(sqlite_store.engine, tmp_path / "empty.db")  # before the event
    _fill(sqlite_store)
    before = snapshot(sqlite_store.engine)
    with pytest.raises(TorneoError, match="holds data") as refused:
        backups.restore(sqlite_store.engine, written.path)
    assert refused.value.field == "force"
    assert snapshot(sqlite_store.engine) == before
    backups.restore(sqlite_store.engine, written.path, force=True)
    assert snapshot(sqlite_store.engine)["events"] == []


def test_issue31_restore_refuses_a_backup_of_another_kind(
    sqlite_store: Store, tmp_path: Path
) -> None:
    dump = tmp_path / "pg.dump"
    dump.write_bytes(backups.PG_MAGIC + b"\x01\x0e\x00" + bytes(64))
    with pytest.raises(TorneoError, match="postgresql backup, the database is sqlite"):
        backups.restore(sqlite_store.engine, dump, force=True)


def test_issue31_the_cli_backs_up_and_restores_with_an_audit_entry(
    cli: Cli, tmp_path: Path
) -> None:
    cli.ok(
        "event",
        "create",
        "--name",
        "Torneo",
        "--preset",
        "invasion-it-2012",
        "--date",
        "2026-12-20",
    )
    out = cli.json("backup", str(tmp_path / "b.db"))
    assert (out["done"], out["kind"]) == ("backed up", "sqlite")
    other = tmp_path / f"{uuid.uuid4().hex}.db"
    url = migrated_sqlite_url(other)
    cli.refused("restore", str(tmp_path / "missing.db"))
    import os

    os.environ["TORNEO_DATABASE_URL"] = url  # the cli fixture's monkeypatch restores it
    done = cli.json("restore", str(tmp_path / "b.db"))
    assert done["done"] == "restored"
    restored = Store.from_url(url)
    with restored.read() as session:
        actions = session.scalars(select(AuditEntry.action)).all()
    restored.engine.dispose()
    assert "database.restored" in actions
    assert "event.created" in actions or len(actions) > 1  # the backup's own log came along
