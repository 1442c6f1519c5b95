"""Bulk rosters: registering a pasted roster of N lines into a card event, through the service.

Run: ``.venv/bin/python bench/roster.py [--sizes 250,1000,5000] [--pg URL]``. Each size gets a
fresh event on a fresh database (SQLite file, or a PostgreSQL database named by ``--pg``, whose
tables are dropped first), half of the names already known as players (a club's regulars come
back) and half new. Aim (issue 14): 5,000 lines under 2 s, the event locked only for the
writing, not for parsing the paste or finding the players.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from sqlalchemy import insert

from _common import timed
from torneo.cards import commands as events
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store

AIM_SECONDS = {5000: 2.0}


def _roster(n: int) -> str:
    return "\n".join(f"Giocatore {i:05d},Club {i % 17},{1400 + i % 800}" for i in range(n))


def run(url: str, n: int) -> float:
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
    event_id = events.create_event(
        store, org, name=f"Roster {n}", preset="invasion-it-2012", held_on="2012-03-10", seed=1
    )
    ids, seconds = timed(lambda: events.register_roster(store, org, event_id, _roster(n)))
    assert len(ids) == n
    engine.dispose()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="250,1000,5000")
    parser.add_argument("--pg", help="a PostgreSQL URL whose database may be emptied")
    args = parser.parse_args()
    for n in (int(s) for s in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            url = args.pg or f"sqlite:///{Path(folder) / 'roster.db'}"
            if args.pg:
                _empty(args.pg)
            seconds = run(url, n)
        aim = AIM_SECONDS.get(n)
        print(
            f"roster of {n:5d} lines ({'PostgreSQL' if args.pg else 'SQLite'}): {seconds:.2f} s"
            + (f"  (aim < {aim} s)" if aim else "")
        )


def _empty(url: str) -> None:
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    engine.dispose()


if __name__ == "__main__":
    main()
