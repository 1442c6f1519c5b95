"""Migration 0008 (issue 12): existing data moves to a default club, on SQLite and PostgreSQL.

The database is built as revision 0007 left it, filled with accounts of the three old roles and
one row of every table a club now owns, then upgraded: everything must belong to club 1, and the
accounts' roles become memberships of it (the first organizer its owner).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy import Engine

from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade

OWNED = ("events", "seasons", "ladders", "risiko_tournaments", "poker_tournaments")


def _filler(column: sa.Column[Any]) -> Any:
    kind = column.type
    if isinstance(kind, sa.Boolean):
        return False
    if isinstance(kind, sa.Integer):
        return 1
    if isinstance(kind, sa.DateTime):
        return datetime(2026, 1, 1, tzinfo=UTC)
    if isinstance(kind, sa.Date):
        return date(2026, 1, 1)
    if isinstance(kind, sa.JSON):
        return {}
    return "x"


def _fill(engine: Engine) -> None:
    meta = sa.MetaData()
    meta.reflect(engine)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    with engine.begin() as c:
        for i, (name, role) in enumerate(
            [("org1", "organizer"), ("org2", "organizer"), ("arb", "judge"), ("gio", "player")],
            start=1,
        ):
            c.execute(
                meta.tables["users"].insert(),
                {
                    "id": i,
                    "username": name,
                    "display_name": name,
                    "password_hash": "h",
                    "role": role,
                    "created_at": now,
                    "version": 1,
                },
            )
        c.execute(
            meta.tables["players"].insert(),
            {"id": 1, "name": "Gio", "created_at": now, "version": 1},
        )
        for table in (*OWNED, "registrations", "rounds"):  # an event with its children
            t = meta.tables[table]
            row = {
                c.name: _filler(c)
                for c in t.columns
                if not c.nullable and c.name != "id" and c.server_default is None
            }
            if "name" in row:
                row["name"] = f"{table} one"
            c.execute(t.insert(), row)


@pytest.fixture(params=["sqlite", "postgres"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Engine:
    url = (
        f"sqlite:///{tmp_path / 'old.db'}"
        if request.param == "sqlite"
        else request.getfixturevalue("pg_url")
    )
    return make_engine(url)


def test_existing_data_moves_to_the_default_club(engine: Engine) -> None:
    upgrade(engine, "0007")
    _fill(engine)
    upgrade(engine)
    with engine.connect() as c:
        # SQLite rebuilds the altered tables: the event's children must survive it.
        for child in ("registrations", "rounds"):
            assert c.execute(sa.text(f"SELECT count(*) FROM {child}")).scalar() == 1, child
        assert c.execute(sa.text("SELECT id, name FROM clubs")).all() == [(1, "Club")]
        for table in OWNED:
            clubs = c.execute(sa.text(f"SELECT DISTINCT club_id FROM {table}")).scalars().all()
            assert clubs == [1], table
        roles = c.execute(
            sa.text(
                "SELECT u.username, m.role FROM memberships m JOIN users u ON u.id = m.user_id "
                "WHERE m.club_id = 1 ORDER BY u.username, m.role"
            )
        ).all()
        admins = c.execute(sa.text("SELECT count(*) FROM users WHERE is_admin")).scalar()
    assert roles == [
        ("arb", "floor"),
        ("arb", "judge"),
        ("arb", "referee"),
        ("org1", "owner"),
        ("org2", "organizer"),
    ]
    assert admins == 0
    with engine.begin() as c:  # the next club is 2 (PostgreSQL's sequence moved past 1)
        c.execute(
            sa.text("INSERT INTO clubs (name, created_at, version) VALUES ('B', '2026-01-02', 1)")
        )
        assert c.execute(sa.text("SELECT max(id) FROM clubs")).scalar() == 2
    engine.dispose()
