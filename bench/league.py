"""Poker league speed (issue 17 figures).

A season of 300 tournaments × 60 entries across the two leagues of ``lifeclub-poker`` (the
Campione, points by ``10*sqrt(n/f)*(1+log(b+0.25))``; Mister All'in, by a placement table),
stored in an SQLite file as the app stores it: the time to recompute both leaderboards from
every stored result (the league's formula over 18,000 results, best-N, the order), to build
the whole league page (leaderboard, each player's status, the jackpot's ledger, names), and the
update when one more tournament of 60 finishes (its results and jackpot share written into its
league, one transaction). Aim: recompute < 0.5 s, one update < 20 ms.

    .venv/bin/python bench/league.py [--tournaments 300] [--entries 60] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert, select

from _common import summary_ms
from torneo.core.policy import Actor
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Store
from torneo.poker.commands import DEFAULT_PRESET, add_tournament, poker_rules
from torneo.poker.league import commands as leagues
from torneo.poker.league.commands_feed import feed
from torneo.poker.league.tables import (
    PokerJackpotEntry,
    PokerLeague,
    PokerLeagueResult,
    PokerScheduleRun,
)
from torneo.poker.league.views import board_of, league_view
from torneo.poker.rules.entries import EntryOptions, Price
from torneo.poker.rules.structure import BlindLevel, Structure
from torneo.poker.schedules.commands import schedule_from_weekly
from torneo.poker.state import get_tournament

SYSTEM = Actor.system()


def _season(store: Store, tournaments: int, entries: int, seed: int) -> tuple[list[int], int]:
    """The two leagues with ``tournaments`` finished tournaments of ``entries`` players, stored
    in bulk (the setup is not measured); the leagues' ids and one spare schedule entry."""
    rng = random.Random(seed)
    made = leagues.import_week(store, SYSTEM, club=1, starts_on="2025-09-01", ends_on="2026-08-31")
    rules = poker_rules(DEFAULT_PRESET)
    structure = Structure((BlindLevel(50, 100, 15),), (25,))
    with store.unit(SYSTEM) as uow:
        s = uow.session
        now = datetime.now(UTC)
        s.execute(
            insert(Player), [{"name": f"Giocatore {i:04d}", "created_at": now} for i in range(600)]
        )
        pool = list(s.scalars(select(Player.id)))
        league_rows = {lg.id: lg for lg in s.scalars(select(PokerLeague))}
        results, jackpot = [], []
        for i in range(tournaments):
            league = league_rows[made["leagues"][i % 2]]
            sid = league.schedules[i % len(league.schedules)]
            day = date(2025, 9, 1) + timedelta(days=i)
            buy_in = 12000 if i % 2 == 0 else 5000
            options = EntryOptions(entry=Price((), 10_000))
            row = add_tournament(
                uow,
                club_id=1,
                name=f"Torneo {i}",
                preset=DEFAULT_PRESET,
                template=None,
                held_on=day,
                seed=i,
                seats=rules.seats_per_table,
                threshold=2,
                structure=structure,
                options=options,
            )
            row.status = "finished"
            s.add(PokerScheduleRun(schedule_id=sid, tournament_id=row.id, held_on=day))
            field = rng.sample(pool, entries)
            results += [
                {
                    "league_id": league.id,
                    "tournament_id": row.id,
                    "player_id": pid,
                    "played_on": day,
                    "entrants": entries,
                    "place": place,
                    "buy_in_cents": buy_in,
                    "rebuys": 0,
                    "addons": 0,
                    "bounties": 0,
                }
                for place, pid in enumerate(field, start=1)
            ]
            jackpot.append(
                {
                    "league_id": league.id,
                    "tournament_id": row.id,
                    "played_on": day,
                    "entries": entries,
                    "cents": entries * 2000 if i % 2 == 0 else 5000,
                    "basis": "per_entry" if i % 2 == 0 else "per_tournament",
                }
            )
        s.execute(insert(PokerLeagueResult), results)
        s.execute(insert(PokerJackpotEntry), jackpot)
    # A spare entry of the Campione for the new tournaments (outside any league until fed).
    spare = schedule_from_weekly_in(store)
    return made["leagues"], spare


def schedule_from_weekly_in(store: Store) -> int:
    rules = poker_rules(DEFAULT_PRESET)
    with store.unit(SYSTEM) as uow:
        return schedule_from_weekly(uow, 1, DEFAULT_PRESET, rules.tournaments[0])


def _new_tournament(store: Store, sid: int, day: date, entries: int, rng: random.Random) -> int:
    names = [f"Giocatore {i:04d}" for i in rng.sample(range(600), entries)]
    return leagues.record_past_tournament(
        store, SYSTEM, sid, held_on=day, results=[{"player": n} for n in names]
    )


def _both(fn: object) -> tuple[float, float]:
    """(wall, CPU) seconds of one call: on a shared machine the CPU time is the work done."""
    assert callable(fn)
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def _report(label: str, samples: list[tuple[float, float]], aim_ms: int | None = None) -> None:
    aim = f"  (aim < {aim_ms} ms)" if aim_ms else ""
    print(f"{label:<56} wall {summary_ms([w for w, _ in samples])}")
    print(f"{'':<56} CPU  {summary_ms([c for _, c in samples])}{aim}")


def _feeds_campione(store: Store, league_id: int, schedule_id: int, on: bool) -> None:
    """The spare entry feeds the Campione only while its new tournament is measured."""
    with store.unit(SYSTEM) as uow:
        league = uow.session.get(PokerLeague, league_id)
        assert league is not None
        rest = [s for s in league.schedules if s != schedule_id]
        league.schedules = [*rest, schedule_id] if on else rest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tournaments", type=int, default=300)
    parser.add_argument("--entries", type=int, default=60)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'league.db'}")
        upgrade(engine)
        store = Store(engine)
        ids, spare = _season(store, args.tournaments, args.entries, 17)
        results = args.tournaments * args.entries
        print(
            f"season: {args.tournaments} tournaments × {args.entries} entries = {results:,} results, 2 leagues"
        )

        def recompute() -> None:
            with store.read() as session:
                for lid in ids:
                    league = session.get(PokerLeague, lid)
                    assert league is not None
                    board_of(session, league)

        def pages() -> None:
            for lid in ids:
                league_view(store, lid)

        _report(
            "full recompute, both leaderboards", [_both(recompute) for _ in range(args.runs)], 500
        )
        _report(
            "both league pages (board, status, jackpot)", [_both(pages) for _ in range(args.runs)]
        )
        rng = random.Random(5)
        updates, wholes = [], []
        for run in range(args.runs):
            day = date(2025, 12, 2) + timedelta(days=7 * run)
            wall, cpu = time.perf_counter(), time.process_time()
            tid = _new_tournament(store, spare, day, args.entries, rng)
            wholes.append((time.perf_counter() - wall, time.process_time() - cpu))
            _feeds_campione(store, ids[0], spare, True)
            # What a finish adds to its transaction: the results and the jackpot share written
            # into the league, and the commit (the tournament is loaded already).
            with store.unit(SYSTEM) as uow:
                row = get_tournament(uow.session, tid)
                wall, cpu = time.perf_counter(), time.process_time()
                feed(uow, row)
            updates.append((time.perf_counter() - wall, time.process_time() - cpu))
            _feeds_campione(store, ids[0], spare, False)
        _report("one new tournament's update (60 results + jackpot)", updates, 20)
        _report("entering a past tournament of 60 (open, buy-ins, finish)", wholes)
        engine.dispose()


if __name__ == "__main__":
    main()
