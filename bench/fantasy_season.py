"""A fantasy season recomputed through the database (issue 32 item 2): ``rescore_season``.

Run: ``.venv/bin/python bench/fantasy_season.py [--teams 1000] [--matchdays 38] [--url URL]``
(default: a fresh SQLite file; ``--url postgresql://…`` a database that is emptied and
migrated first).

A league of ``--teams`` teams (random rosters of the sample season, one lineup a team a
matchday) with ``--matchdays`` official vote files is built with bulk inserts (the set-up is not
timed); then the season is recomputed four times, each one transaction (totals only: a score is
explained when its page is read, issue 32 item 2):

- *first*: no score stored yet, every score written;
- *again*: nothing changed since, so nothing is written (only the rows that changed are);
- *one day*: one matchday's scores spoiled first (as after a correction of its vote file):
  that matchday's scores computed and written again, the others left;
- *stale*: every stored score spoiled first (its basis forgotten, as before the first
  recomputation after migration 0022), every score computed and written again.

Aims (issue 32): 38 × 1,000 teams under 2 s, 38 × 10,000 under 10 s.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from sqlalchemy import Engine, delete, event, insert, select, update

from _common import host_line
from torneo.core.policy import Actor
from torneo.fantasy import commands as fantasy
from torneo.fantasy import commands_votes as votes
from torneo.fantasy.rules import samples
from torneo.fantasy.tables import (
    FantasyHolding,
    FantasyLineup,
    FantasyPlayer,
    FantasyScore,
    FantasyTeam,
)
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Store

SYSTEM = Actor.system()
CREATED = datetime(2026, 8, 1, tzinfo=UTC)
FIRST = datetime(2026, 8, 22, 18, 30, tzinfo=UTC)


def build(store: Store, clock: list[datetime], teams: int, matchdays: int) -> int:
    """The league, its files imported before its teams exist (nothing to score yet), then the
    teams, holdings and lineups inserted in bulk; the league's id."""
    season = samples.season(seed=18, first=FIRST)
    lid = fantasy.create_league(store, SYSTEM, name="Bench", season="2026-27", club=1)
    fantasy.import_fixtures(store, SYSTEM, lid, samples.fixtures_csv(season).encode())
    fantasy.import_prices(store, SYSTEM, lid, samples.prices_csv(season.players).encode())
    clock[0] = FIRST + timedelta(days=7 * 40)  # every matchday played
    for day in range(1, matchdays + 1):
        data = samples.rows_csv(samples.vote_rows(season, day, seed=day))
        votes.import_votes(store, SYSTEM, lid, day, data, official=True)
    rng = random.Random(5)
    with store.engine.begin() as db:
        ids = dict(db.execute(select(FantasyPlayer.code, FantasyPlayer.id)).all())
        roles = dict(db.execute(select(FantasyPlayer.id, FantasyPlayer.role)).all())
        first_user = db.execute(select(User.id).order_by(User.id.desc())).scalar() or 0
        db.execute(
            insert(User),
            [
                {"username": f"bench{n}", "display_name": f"m{n}", "password_hash": "-"}
                | {"created_at": CREATED, "version": 1}
                for n in range(teams)
            ],
        )
        db.execute(
            insert(FantasyTeam),
            [
                {"league_id": lid, "name": f"T{n}", "manager_id": first_user + 1 + n}
                | {"credits": 0, "created_at": CREATED, "version": 1}
                for n in range(teams)
            ],
        )
        team_ids = list(db.scalars(select(FantasyTeam.id).where(FantasyTeam.league_id == lid)))
        holdings, lineups = [], []
        for team in team_ids:
            roster = [ids[c] for c in samples.pick_roster(season.players, rng)]
            holdings += [
                {"team_id": team, "player_id": p, "price": 1, "bought_at": CREATED} for p in roster
            ]
            for day in range(1, matchdays + 1):
                starters, bench = samples.pick_lineup([(p, roles[p]) for p in roster], rng)
                lineups.append(
                    {"team_id": team, "matchday": day, "starters": starters, "bench": bench}
                    | {"submitted_at": CREATED, "by": "bench"}
                )
        db.execute(insert(FantasyHolding), holdings)
        for start in range(0, len(lineups), 20_000):
            db.execute(insert(FantasyLineup), lineups[start : start + 20_000])
    return lid


class ServerCpu:
    """CPU seconds of the PostgreSQL server processes serving this engine's connections, read
    from /proc (the server runs on this host; None elsewhere): the process's CPU leaves them
    out, and the recomputation's wall is both (issue 32 item 2)."""

    def __init__(self, engine: Engine) -> None:
        self.pids: set[int] = set()
        if engine.dialect.name == "postgresql":
            event.listen(engine, "connect", self._connected)

    def _connected(self, connection: Any, _record: Any) -> None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            self.pids.add(cursor.fetchone()[0])

    def seconds(self) -> float | None:
        if not self.pids:
            return None
        total = 0.0
        for pid in self.pids:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                return None  # not on this host, or gone
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total


Figure = tuple[float, float, float | None]  # wall, process CPU, server CPU


def timed_rescore(store: Store, lid: int, server: ServerCpu) -> Figure:
    start, cpu, served = time.perf_counter(), time.process_time(), server.seconds()
    votes.rescore_season(store, SYSTEM, lid)
    after = server.seconds()
    spent = None if served is None or after is None else after - served
    return time.perf_counter() - start, time.process_time() - cpu, spent


def spoil(engine: Engine, lid: int, matchday: int | None = None) -> None:
    """Scores made stale, their basis forgotten (all, or one matchday's)."""
    which = [FantasyScore.league_id == lid]
    if matchday:
        which.append(FantasyScore.matchday == matchday)
    with engine.begin() as db:
        db.execute(update(FantasyScore).where(*which).values(total="999", basis=None))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--matchdays", type=int, default=38)
    parser.add_argument("--url", default="")
    parser.add_argument("--runs", type=int, default=1, help="repeat each figure, keep the best")
    args = parser.parse_args()
    print(host_line())
    with tempfile.TemporaryDirectory() as folder:
        url = args.url or f"sqlite:///{folder}/bench.db"
        engine = make_engine(url)
        if not url.startswith("sqlite"):
            from sqlalchemy import text

            with engine.begin() as db:
                db.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
        upgrade(engine)
        clock = [CREATED]
        store = Store(engine, lambda: clock[0])
        lid = build(store, clock, args.teams, args.matchdays)
        label = f"{args.matchdays} matchdays x {args.teams} teams ({engine.dialect.name})"
        server = ServerCpu(engine)
        engine.dispose()  # the connections opened from now on are counted
        figures: dict[str, list[Figure]] = {
            "first": [],
            "again": [],
            "one day": [],
            "stale": [],
        }
        for _ in range(args.runs):
            with engine.begin() as db:
                db.execute(delete(FantasyScore))
            figures["first"].append(timed_rescore(store, lid, server))
            figures["again"].append(timed_rescore(store, lid, server))
            spoil(engine, lid, matchday=1)
            figures["one day"].append(timed_rescore(store, lid, server))
            spoil(engine, lid)
            figures["stale"].append(timed_rescore(store, lid, server))
        for name, samples_ in figures.items():
            wall, cpu, served = min(samples_)
            also = "" if served is None else f", server CPU {served:.3f} s"
            print(
                f"recompute {label}, {name:<7}: {wall:.3f} s (CPU {cpu:.3f} s{also})  "
                f"(load average {os.getloadavg()[0]:.1f})"
            )
        engine.dispose()


if __name__ == "__main__":
    main()
