"""Helpers for the RisiKo! service tests: a tournament, a roster, plausible games at every table."""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import func, select

from tests.support.staff import STAFF_NAME, has_staff_account
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands as risiko
from torneo.risiko import commands_roster as risiko_roster
from torneo.risiko import commands_settings as risiko_settings
from torneo.risiko.commands_results import enter_result
from torneo.risiko.staff.commands import STAFF as RISIKO_STAFF
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
