"""Results of one event without the web (issue 14 item 3, finer locks): how many reports per
second the use cases themselves take for one event on PostgreSQL, by W processes of T threads.

    .venv/bin/python bench/load/locks.py                  # 2,000 players, 2 × 8, then 1 × 8
    .venv/bin/python bench/load/locks.py --quick          # 400 players

Both players of every table report by the code on their slip (``report_by_code``: the first
waits, the second confirms and the result is recorded), every table of round 1 at once. It
prints accepted reports per second, the CPU the reporting processes used per report
(``time.process_time``; PostgreSQL's own CPU is not in it), and lost or doubled results read
from the database. bench/load/run.py measures the same through HTTP (pages, sessions, CSRF);
the difference between the two is what a report costs above its transaction.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "bench/load"))

from seed import SECRET, seed_event  # noqa: E402

from _servers import create_database, drop_database  # noqa: E402
from torneo.cards.self_report import commands as sr  # noqa: E402
from torneo.cards.self_report import views as srv  # noqa: E402
from torneo.cards.tables import Event, Match  # noqa: E402
from torneo.platform.store.db import make_engine  # noqa: E402
from torneo.platform.store.tables import AuditEntry  # noqa: E402
from torneo.platform.store.uow import Store  # noqa: E402

Job = tuple[int, str, str]  # table, code, result


def worker(url: str, event_id: int, jobs: list[Job], threads: int, go: Any, out: Any) -> None:
    """One process: ``threads`` threads share its jobs; report (accepted, errors, cpu, wall)."""
    store = Store(make_engine(url))
    with store.read() as s:  # connect and warm up before the start
        s.scalar(select(Event.version).where(Event.id == event_id))
    lock = threading.Lock()
    todo = list(jobs)
    accepted = errors = 0

    def run() -> None:
        nonlocal accepted, errors
        while True:
            with lock:
                if not todo:
                    return
                table, code, result = todo.pop()
            try:
                sr.report_by_code(store, event_id, table, code, result, secret=SECRET)
                ok = True
            except Exception:
                ok = False
            with lock:
                accepted += ok
                errors += not ok

    go.wait()
    cpu, wall = time.process_time(), time.perf_counter()
    pool = [threading.Thread(target=run) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    out.put((accepted, errors, time.process_time() - cpu, time.perf_counter() - wall))


def jobs_of(slips: list[srv.Slip]) -> list[Job]:
    """Every table's two reports; the first of each table before the second (the same score
    from both sides), tables interleaved so that processes and threads share them evenly."""
    by_table: dict[int, list[srv.Slip]] = {}
    for s in slips:
        by_table.setdefault(s.table, []).append(s)
    pairs = [p for p in by_table.values() if len(p) == 2]
    firsts = [(p[0].table, str(p[0].code), "2-1") for p in pairs]
    seconds = [(p[1].table, str(p[1].code), "1-2") for p in pairs]
    # popped from the end: the seconds go last, after every first of their table
    return seconds[::-1] + firsts[::-1]


def check(url: str, event_id: int, tables: int) -> tuple[int, int, int]:
    engine = make_engine(url)
    with engine.connect() as c:
        recorded = c.scalar(
            select(func.count(Match.id)).where(
                Match.event_id == event_id, Match.round_no == 1, Match.wins_a.is_not(None)
            )
        )
        reports = c.execute(
            select(AuditEntry.entity_id, func.count(AuditEntry.id))
            .where(AuditEntry.event_id == event_id, AuditEntry.action == "match.report")
            .group_by(AuditEntry.entity_id)
        ).all()
    engine.dispose()
    doubled = sum(1 for _, n in reports if n > 1)
    return int(recorded or 0), tables - int(recorded or 0), doubled


def one_run(players: int, processes: int, threads: int) -> dict[str, float]:
    name, url = create_database("torneo_locks")
    try:
        event_id, slips, _ = seed_event(url, players)
        jobs = jobs_of(slips)
        ctx = mp.get_context("spawn")
        go, out = ctx.Event(), ctx.Queue()
        # the first half (every table's first report) then the second, each split evenly
        half = len(jobs) // 2
        shares: list[list[Job]] = [[] for _ in range(processes)]
        for i, job in enumerate(jobs[:half]):
            shares[i % processes].append(job)
        for i, job in enumerate(jobs[half:]):
            shares[i % processes].append(job)
        procs = [
            ctx.Process(target=worker, args=(url, event_id, share, threads, go, out))
            for share in shares
        ]
        for p in procs:
            p.start()
        time.sleep(3)  # every process imported and connected
        go.set()
        results = [out.get(timeout=600) for _ in procs]
        for p in procs:
            p.join(30)
        tables = len(jobs) // 2
        recorded, lost, doubled = check(url, event_id, tables)
    finally:
        drop_database(name)
    accepted = sum(r[0] for r in results)
    wall = max(r[3] for r in results)
    cpu = sum(r[2] for r in results)
    return {
        "accepted": accepted,
        "errors": sum(r[1] for r in results),
        "wall": wall,
        "per_second": accepted / wall,
        "cpu_ms": cpu / max(1, accepted) * 1000,
        "recorded": recorded,
        "lost": lost,
        "doubled": doubled,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="400 players, one run each")
    parser.add_argument("--players", type=int, help="registered players (default 2000)")
    parser.add_argument("--runs", type=int, help="runs per setting (default 3; --quick 1)")
    args = parser.parse_args()
    players = args.players or (400 if args.quick else 2000)
    runs = args.runs or (1 if args.quick else 3)
    print(f"{players} players, {players // 2} tables, every report of round 1 at once")
    settings = ((2, 8), (1, 8), (1, 1))
    # Interleaved (every setting once, then again): the machine's other load changes by the
    # minute, and a setting run only while it is busy would read slower than it is.
    by_setting: dict[tuple[int, int], list[dict[str, float]]] = {s: [] for s in settings}
    for _ in range(runs):
        for setting in settings:
            by_setting[setting].append(one_run(players, *setting))
    for (processes, threads), rows in by_setting.items():
        rate = statistics.median(r["per_second"] for r in rows)
        cpu = statistics.median(r["cpu_ms"] for r in rows)
        worst = max(rows, key=lambda r: r["lost"] + r["doubled"] + r["errors"])
        each = ", ".join(f"{r['per_second']:.0f}" for r in rows)
        print(
            f"{processes} process(es) × {threads} thread(s): median {rate:.0f} accepted "
            f"reports/s (runs: {each}), "
            f"CPU {cpu:.1f} ms per report in the reporters; "
            f"errors {worst['errors']:.0f}, lost {worst['lost']:.0f}, "
            f"doubled {worst['doubled']:.0f} (worst run)"
        )


if __name__ == "__main__":
    main()
