"""Helpers for the RisiKo! service tests: a tournament, a roster, plausible games at every table."""

from __future__ import annotations

import os
import random
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, func, select, text

from tests.conftest import PG_ADMIN_URL, FakeClock, _pg_available
from tests.support.staff import STAFF_NAME, has_staff_account
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands as risiko
from torneo.risiko import commands_roster as risiko_roster
from torneo.risiko import commands_settings as risiko_settings
from torneo.risiko.commands_results import enter_result
from torneo.risiko.commands_staff import STAFF as RISIKO_STAFF
from torneo.risiko.state import get_tournament

REGULATION = {
    "formula": "Two qualifying games, semifinals by bands, a final table of 4.",
    "referees": "The club's referees: Anna and Marco.",
    "not_allowed": "Phones at the table; advice to other players.",
    "sanctions": "As the RTU 2016 referee regulation: warnings, exclusions, expulsion.",
}


def roster(n: int, clubs: int = 5) -> str:
    return "\n".join(f"Giocatore {i:02d},Club {i % clubs}" for i in range(1, n + 1))


def tournament(
    store: Store, org: Actor, players: int = 0, *, publish: bool = True, **settings: Any
) -> int:
    tid = risiko.create_tournament(
        store, org, name="Serata RisiKo!", held_on="2026-11-27", seed=2026, **settings
    )
    if has_staff_account(store):  # the tests' referee (tests/risiko/conftest.py)
        RISIKO_STAFF.appoint(store, org, tid, STAFF_NAME)
    if players:
        risiko_roster.register_roster(store, org, tid, roster(players))
    if publish:
        risiko_settings.save_regulation(store, org, tid, REGULATION, publish=True)
    return tid


def current_tables(store: Store, tid: int) -> tuple[int, list[list[int]]]:
    with store.read() as s:
        row = get_tournament(s, tid)
        rnd = row.rounds[-1]
        return rnd.number, [list(t) for t in rnd.tables]


def invented_seats(seats: list[int], rng: random.Random) -> list[dict[str, Any]]:
    """One game: 0 or 1 eliminated (the last seat), distinct table points for the others."""
    eliminated = rng.randrange(0, 2)
    alive = len(seats) - eliminated
    points = rng.sample(range(5, 33), alive)
    out: list[dict[str, Any]] = [
        {"player": p, "table_points": pts, "status": "survived"}
        for p, pts in zip(seats[:alive], points, strict=True)
    ]
    out += [
        {"player": p, "table_points": 0, "status": "eliminated", "eliminated": i + 1}
        for i, p in enumerate(seats[alive:])
    ]
    return out


def play_round(store: Store, actor: Actor, tid: int, rng: random.Random) -> int:
    number, tables = current_tables(store, tid)
    for t, seats in enumerate(tables, start=1):
        enter_result(store, actor, tid, number, t, invented_seats(seats, rng))
    return number


def fingerprint(store: Store, tid: int | None = None) -> tuple[int, int | None]:
    """(audit rows, tournament version): both unchanged after a refused action."""
    with store.read() as s:
        audits = s.scalar(select(func.count()).select_from(AuditEntry)) or 0
        version = get_tournament(s, tid).version if tid is not None else None
        return audits, version


@pytest.fixture(name="store", scope="module", params=["sqlite", "postgres"])
def module_store(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Store]:
    """One migrated store per test module, on SQLite and on PostgreSQL.

    The RisiKo! tests each make their own tournament, so they can share a database: creating and
    migrating a PostgreSQL database for every test would cost more than the tests themselves.
    Imported by the RisiKo! test modules, it stands in for the conftest's ``store`` there.
    """
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("risiko") / "torneo.db"
        engine = make_engine(f"sqlite:///{path}")
        upgrade(engine)
        yield Store(engine, FakeClock())
        engine.dispose()
        return
    reason = _pg_available()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is required under CI=true: {reason}")
        pytest.skip(reason)
    name = f"torneo_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    engine = make_engine(PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name)
    try:
        upgrade(engine)
        yield Store(engine, FakeClock())
    finally:
        engine.dispose()
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
