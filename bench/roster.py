"""Bulk rosters: registering a pasted roster of N lines through the service, for a card event,
a RisiKo! tournament and a poker tournament.

Run: ``.venv/bin/python bench/roster.py [--sizes 250,1000,5000] [--kinds cards,risiko,poker]
[--repeats 3] [--pg URL]``. Each size and kind gets a fresh tournament on a fresh database
(SQLite file, or a PostgreSQL database named by ``--pg``, whose tables are dropped first), half
of the names already known as players (a club's regulars come back) and half new. Figures: CPU
seconds (``time.process_time``) and wall seconds of the one service call, the median of
``--repeats`` runs (the machine is shared), and the SQL statements it sent. Aim (issue 14):
5,000 lines under 2 s, the tournament locked only for the writing, not for parsing the paste or
finding the players.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import event, insert

from _common import host_line
from torneo.cards import commands as events
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker
from torneo.poker import commands_entries as poker_entries
from torneo.risiko import commands as risiko
from torneo.risiko import commands_roster as risiko_roster

AIM_SECONDS = {5000: 2.0}


def _roster(n: int) -> str:
    return "\n".join(f"Giocatore {i:05d},Club {i % 17},{1400 + i % 800}" for i in range(n))


def _register(kind: str, store: Store, org: Actor, n: int) -> Callable[[], list[int]]:
    """A fresh tournament of ``kind``; the call that registers the roster of ``n`` lines."""
    if kind == "risiko":
        tid = risiko.create_tournament(store, org, name=f"Roster {n}", held_on="2026-11-27", seed=1)
        return lambda: risiko_roster.register_roster(store, org, tid, _roster(n))
    if kind == "poker":
        tid = poker.create_tournament(store, org, template="tue", held_on="2025-12-02", seed=1)
        names = [f"Giocatore {i:05d}" for i in range(n)]
        return lambda: poker_entries.register_roster(store, org, tid, names)
    event_id = events.create_event(
        store, org, name=f"Roster {n}", preset="invasion-it-2012", held_on="2012-03-10", seed=1
    )
    return lambda: events.register_roster(store, org, event_id, _roster(n))


def run(url: str, n: int, kind: str) -> tuple[float, float, int]:
    """CPU seconds, wall seconds and SQL statements of registering ``n`` lines."""
    engine = make_engine(url)
    upgrade(engine)
    store = Store(engine)
    org = Actor.system()
    with store.unit(org) as uow:  # half of the roster is known already
        uow.session.execute(
            insert(Player),
            [
                {"name": f"Giocatore {i:05d}", "created_at": uow.now, "version": 1}
                for i in range(0, n, 2)
            ],
        )
    register = _register(kind, store, org, n)
    statements: list[object] = []

    def count(*args: object) -> None:
        statements.append(args[2])

    event.listen(engine, "before_cursor_execute", count)
    cpu, wall = time.process_time(), time.perf_counter()
    ids = register()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    event.remove(engine, "before_cursor_execute", count)
    assert len(ids) == n
    engine.dispose()
    return cpu, wall, len(statements)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="250,1000,5000")
    parser.add_argument("--kinds", default="cards,risiko,poker")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--pg", help="a PostgreSQL URL whose database may be emptied")
    args = parser.parse_args()
    print(host_line())
    database = "PostgreSQL" if args.pg else "SQLite"
    for kind in args.kinds.split(","):
        for n in (int(s) for s in args.sizes.split(",")):
            runs = []
            for _ in range(args.repeats):
                with tempfile.TemporaryDirectory() as folder:
                    url = args.pg or f"sqlite:///{Path(folder) / 'roster.db'}"
                    if args.pg:
                        _empty(args.pg)
                    runs.append(run(url, n, kind))
            cpu = statistics.median(r[0] for r in runs)
            wall = statistics.median(r[1] for r in runs)
            aim = AIM_SECONDS.get(n)
            print(
                f"{kind:>6} roster of {n:5d} lines ({database}): cpu {cpu:.2f} s, wall {wall:.2f} s"
                f" (median of {len(runs)}; walls {', '.join(f'{r[1]:.2f}' for r in runs)}),"
                f" {runs[0][2]} SQL statements" + (f"  (aim < {aim} s)" if aim else ""),
                flush=True,
            )


def _empty(url: str) -> None:
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    engine.dispose()


if __name__ == "__main__":
    main()
