"""Load run (issue 4): a 2,000-player event on PostgreSQL, 2 workers, 1,000 phones, 500 live pages.

    .venv/bin/python bench/load/run.py            # the issue's figures (about two minutes)
    .venv/bin/python bench/load/run.py --quick    # 200 players, 50 live pages, 15 s
    .venv/bin/python bench/load/run.py --burst    # every match open first, then all reports at once
    .venv/bin/python bench/load/run.py --accounts # players report from their accounts, not slips

What it does, on 127.0.0.1 only:

1. creates a fresh PostgreSQL database (dropped at the end), migrates it, and stores an
   ``invasion-it-2012`` event of N players with round 1 paired (players and registrations are
   written in bulk: the setup is not what is measured);
2. starts ``torneo serve --workers 2`` on it (``TORNEO_ENV=production`` unless ``--env``;
   ``--threads`` sets ``TORNEO_WORKER_THREADS``), with Redis carrying the live notices;
3. opens S Server-Sent Event streams on ``/live/event:<id>`` (in a second process, so that
   reading them does not slow the phones down) and waits until each says it is live;
4. P players (both players of P/2 tables) arrive at random moments within D seconds; each opens
   their pairing page by the code on their slip (``GET /events/<id>/report?table=&code=``, then
   the ``POST`` that shows their match: table, opponent, a 303 to the GET page as a browser
   follows it) and reports the result (``POST``) as the page's buttons do, with htmx: the answer
   is the match section (issue 32 item 4); ``--plain`` posts it without JavaScript (a 303, then
   the whole GET page). The first of a table waits, the second confirms it and the result is
   recorded;
5. prints requests per second, median and p99 latency (all requests and by step), errors, lost
   or duplicated results (read from the database at the end: every table reported by both
   players must hold its result exactly once), and the seconds from a result's commit (the
   match's ``reported_at``, set just before the commit) to its notice reaching every stream.
   With ``--burst``, the accepted reports per second of the report phase and the CPU each
   party spent per report there (the workers, PostgreSQL's backends, the phones, the live
   pages) with the ceiling that total allows on this machine's cores (issue 14 item 3).

The phones are ``phones.py``'s lean HTTP client, the live pages ``streams.py``'s process.
``--go-file`` lets a sampling profiler wait for the report phase (docs/deploy.md: py-spy).

Aims (issue 4): zero errors and zero lost results; p99 under 200 ms; live update under 1 s.
Issue 14 item 3: over 500 accepted reports per second for one event on 2 workers.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import random
import re
import signal
import statistics
import sys
import time
import uuid
from collections import defaultdict
from datetime import UTC
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from checks import check_database  # noqa: E402
from phones import Answer, HttpError, Phone, Pool  # noqa: E402
from seed import SECRET, seed_event  # noqa: E402
from streams import merge_heard, split_streams, subscribers_main  # noqa: E402

from _common import host_line, percentile  # noqa: E402
from _servers import (  # noqa: E402
    cpu_seconds,
    create_database,
    drop_database,
    free_port,
    postgres_cpu_seconds,
    server_cpu_seconds,
    session_cookie,
    start_server,
    stop_server,
)
from torneo.cards.self_report import views as sr  # noqa: E402

SESSION_COOKIE = "torneo_session"  # torneo.app
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


# --- players ---------------------------------------------------------------------------------


class Stats:
    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.acknowledged: dict[int, int] = defaultdict(int)  # table → players told "saved"
        self.reports: list[tuple[float, float]] = []  # (sent, answered) of each accepted report

    def add(self, step: str, seconds: float) -> None:
        self.latency[step].append(seconds)


async def timed(stats: Stats, step: str, call: Any) -> Answer:
    start = time.perf_counter()
    response: Answer = await call
    stats.add(step, time.perf_counter() - start)
    return response


class Burst:
    """--burst: every phone opens its match first; once all have (or failed), every report is
    sent at the same moment, so the report phase alone measures results per second; with
    ``rate`` (--rate) the reports are sent one after another at that many a second instead,
    so a report's latency is measured at a steady arrival, not as the time to drain a burst."""

    def __init__(self, phones: int, on_go: Any, rate: float | None = None) -> None:
        self.waiting = phones
        self.go = asyncio.Event()
        self.on_go = on_go
        self.rate = rate
        self.started = 0.0
        self.sent = 0

    def arrived(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.on_go()
            self.started = time.perf_counter()
            self.go.set()

    async def turn(self) -> None:
        """Wait for this phone's turn to send its report."""
        await self.go.wait()
        if self.rate:
            due = self.started + self.sent / self.rate
            self.sent += 1
            await asyncio.sleep(max(0.0, due - time.perf_counter()))


async def player(
    event_id: int,
    slip: sr.Slip,
    result: str,
    delay: float,
    stats: Stats,
    pool: Pool,
    burst: Burst | None = None,
    session: str | None = None,
    plain: bool = False,
) -> None:
    try:
        await _player(event_id, slip, result, delay, stats, pool, burst, session, plain)
    finally:
        if burst is not None and not burst.go.is_set():
            burst.arrived()  # a phone that failed before its report does not hold the others


async def _player(
    event_id: int,
    slip: sr.Slip,
    result: str,
    delay: float,
    stats: Stats,
    pool: Pool,
    burst: Burst | None,
    session: str | None,
    plain: bool,
) -> None:
    """One player: by their slip's code, or (``session``: their account's session cookie)
    from their player account, whose report page shows their match at once."""
    await asyncio.sleep(delay)
    # One phone: its own cookies (session, CSRF token) on connections shared by all (bench/load/
    # phones.py). Each phone is its own address (as behind the club's proxy: uvicorn trusts
    # 127.0.0.1's X-Forwarded-For): the slip codes' rate limit counts per address, and a
    # thousand phones from one address would be refused as a guessing attack.
    address = (
        f"10.{slip.player_id // 65536 % 256}.{slip.player_id // 256 % 256}.{slip.player_id % 256}"
    )
    phone = Phone(pool, address)
    if session is not None:
        phone.cookies[SESSION_COOKIE] = session
    try:
        url = f"/events/{event_id}/report"
        slip_code: dict[str, object] = {}
        if session is None:
            slip_code = {"table": slip.table, "code": slip.code}
        page = await timed(stats, "open", phone.get(url, slip_code))
        found = TOKEN.search(page.text)
        if page.status != 200 or not found:
            stats.errors.append(f"open {slip.table}: {page.status}")
            return
        form = {"csrf_token": found[1]}
        if session is None:
            form |= {"table": str(slip.table), "code": str(slip.code)}
            page = await timed(stats, "pairing", phone.post(url, form))
        if page.status != 200 or (slip.opponent or "?") not in page.text:
            stats.errors.append(f"pairing {slip.table}: {page.status}")
            return
        if burst is not None:
            burst.arrived()
            await burst.turn()
        sent = time.perf_counter()
        # The page's form posts with htmx (HX-Request): the answer is the section, at once;
        # --plain posts it as a browser without JavaScript does (303, then the GET page).
        hx = {} if plain else {"HX-Request": "true"}
        done = await timed(stats, "report", phone.post(url, {**form, "result": result}, hx))
        if done.status != 200 or 'class="alert ok"' not in done.text:
            stats.errors.append(f"report {slip.table}: {done.status}")
        else:
            stats.acknowledged[slip.table] += 1
            stats.reports.append((sent, time.perf_counter()))
    except HttpError as exc:
        stats.errors.append(f"{slip.table}: {exc!s:.80}")


async def run_players(
    port: int,
    event_id: int,
    slips: list[sr.Slip],
    players: int,
    duration: float,
    rng: random.Random,
    on_go: Any = None,
    sessions: dict[int, str] | None = None,
    plain: bool = False,
    rate: float | None = None,
) -> tuple[Stats, float]:
    tables = sorted({s.table for s in slips})[: players // 2]
    chosen = [s for s in slips if s.table in set(tables)]
    by_table: dict[int, list[sr.Slip]] = defaultdict(list)
    for s in chosen:
        by_table[s.table].append(s)
    stats = Stats()
    burst = Burst(len(chosen), on_go, rate) if on_go is not None else None
    jobs: list[tuple[sr.Slip, str]] = []
    for pair in by_table.values():
        # The same score from both sides: "2-1" for the first slip (player A), "1-2" for B.
        jobs.append((pair[0], "2-1"))
        jobs.append((pair[1], "1-2"))
    start = time.perf_counter()
    pool = Pool("127.0.0.1", port, size=400)
    try:
        await asyncio.gather(
            *(
                player(
                    event_id,
                    s,
                    result,
                    rng.uniform(0, duration),
                    stats,
                    pool,
                    burst,
                    sessions.get(s.player_id) if sessions else None,
                    plain,
                )
                for s, result in jobs
            )
        )
    finally:
        pool.close()
    return stats, time.perf_counter() - start


def ms(values: list[float]) -> str:
    if not values:
        return "n/a"
    return (
        f"median {statistics.median(values) * 1000:.1f} ms, "
        f"p99 {percentile(values, 99) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="200 players, 50 streams, 15 s")
    parser.add_argument("--players", type=int, help="registered players (default 2000)")
    parser.add_argument("--reporters", type=int, help="players who report (default 1000)")
    parser.add_argument("--streams", type=int, help="live subscribers (default 500)")
    parser.add_argument("--seconds", type=float, help="arrival window (default 60)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--grace",
        type=float,
        default=3.0,
        help="seconds the live pages read on after the last answer",
    )
    parser.add_argument(
        "--readers",
        type=int,
        default=1,
        help="processes reading the live streams, each its share (default 1: two read a "
        "burst's notices no sooner on 2 cores, docs/deploy.md)",
    )
    parser.add_argument(
        "--threads", type=int, help="TORNEO_WORKER_THREADS of each worker (default: the server's)"
    )
    parser.add_argument(
        "--env",
        default="production",
        choices=("production", "development"),
        help="TORNEO_ENV of the server (production: as a club runs it)",
    )
    parser.add_argument(
        "--accounts",
        action="store_true",
        help="players report from their player accounts (logged in) instead of their slips",
    )
    parser.add_argument(
        "--burst",
        action="store_true",
        help="open every match first, then send every report at once (the reports' ceiling)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        help="with --burst: send the reports at this many a second instead of all at once "
        "(a report's p99 at a steady arrival, issue 32 item 4)",
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="post the report as a page without JavaScript does (303, then the GET page) "
        "instead of with htmx (the section back at once)",
    )
    parser.add_argument(
        "--go-file",
        help="with --burst: write the server's pid to this file when the reports are sent "
        "(a sampling profiler attached to the workers then sees the report phase alone)",
    )
    args = parser.parse_args()
    field = args.players or (200 if args.quick else 2000)
    reporters = args.reporters or (100 if args.quick else 1000)
    streams = args.streams or (50 if args.quick else 500)
    seconds = args.seconds or (15.0 if args.quick else 60.0)
    rng = random.Random(2026)
    # Stopped from outside: still stop the server and drop the database (the finally below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))

    name, url = create_database("torneo_load")
    server = None
    subs: list[Any] = []
    try:
        t0 = time.perf_counter()
        event_id, slips, user_of = seed_event(url, field, args.accounts)
        sessions = {p: session_cookie(SECRET, u) for p, u in user_of.items()}
        print(f"setup: {field} players, round 1 paired, in {time.perf_counter() - t0:.1f} s")
        port = free_port()
        server = start_server(
            url,
            port,
            f"torneo-bench-{uuid.uuid4().hex[:6]}",
            args.workers,
            SECRET,
            args.env,
            args.threads,
        )
        ctx = mp.get_context("spawn")
        ready, out, stop = ctx.Queue(), ctx.Queue(), ctx.Event()
        # The live pages in --readers processes, each its share of the streams (whether one
        # process reading all 500 was the burst's live lag: it was not, docs/deploy.md).
        for first, count in split_streams(streams, args.readers):
            sub = ctx.Process(
                target=subscribers_main, args=(port, event_id, count, ready, stop, out, first)
            )
            sub.start()
            subs.append(sub)
        opened = [ready.get(timeout=90) for _ in subs]
        live, failed = sum(o[0] for o in opened), sum(o[1] for o in opened)
        print(f"live: {live} streams open ({failed} failed to connect)")
        cpu: dict[str, float] = {"start": server_cpu_seconds(server)}
        shares: dict[str, list[float]] = {}  # CPU at the go and at the end, by who spent it

        def taken() -> dict[str, float]:
            return {
                "server": server_cpu_seconds(server),
                "postgres": postgres_cpu_seconds(name),
                "phones": time.process_time(),
                "live pages": sum(cpu_seconds(sub.pid) for sub in subs),
            }

        def on_go() -> None:
            cpu["go"] = server_cpu_seconds(server)
            for who, value in taken().items():
                shares[who] = [value]
            if args.go_file:  # a profiler waiting for the report phase (docs/deploy.md)
                Path(args.go_file).write_text(f"{server.pid}\n")

        stats, wall = asyncio.run(
            run_players(
                port,
                event_id,
                slips,
                reporters,
                seconds,
                rng,
                on_go if args.burst else None,
                sessions,
                args.plain,
                args.rate,
            )
        )
        cpu["end"] = server_cpu_seconds(server)
        if shares:
            for who, value in taken().items():
                shares[who].append(value)
        time.sleep(args.grace)  # the last notices are on their way
        stop.set()
        heard = merge_heard([out.get(timeout=60) for _ in subs])
        for sub in subs:
            sub.join(30)
        tables = sorted({s.table for s in slips})[: reporters // 2]
        db = check_database(url, event_id, tables)
    finally:
        for sub in subs:
            if sub.is_alive():
                sub.kill()
        if server is not None:
            stop_server(server)
        drop_database(name)

    every = [x for values in stats.latency.values() for x in values]
    print(f"\n{host_line()}")
    print(
        f"== {reporters} players reporting within {seconds:.0f} s, {streams} live streams "
        f"({args.readers} reading processes), "
        f"{args.workers} workers, PostgreSQL + Redis, "
        f"reports posted {'plain (303 + GET)' if args.plain else 'with htmx'} =="
    )
    print(f"requests: {len(every)} in {wall:.1f} s = {len(every) / wall:.1f} requests/s")
    print(f"latency, all requests: {ms(every)}")
    for step in ("open", "pairing", "report"):
        print(f"  {step:8} {ms(stats.latency[step])}")
    if stats.reports:
        span = max(e for _, e in stats.reports) - min(s for s, _ in stats.reports)
        print(
            f"accepted reports, one event: {len(stats.reports)} in {span:.1f} s = "
            f"{len(stats.reports) / span:.1f}/s (first sent to last answered; squeeze --seconds "
            "for the ceiling, aim > 500/s on 2 workers)"
        )
    # The server's own CPU (its workers, not PostgreSQL's): per request, and per report in
    # the report phase of --burst; unlike the wall time, other load on the machine adds little.
    used = cpu["end"] - cpu["start"]
    print(f"server CPU: {used:.1f} s = {used / max(1, len(every)) * 1000:.1f} ms per request")
    if "go" in cpu and stats.reports:
        burst_cpu = cpu["end"] - cpu["go"]
        print(
            f"  report phase: {burst_cpu:.1f} s CPU = "
            f"{burst_cpu / len(stats.reports) * 1000:.1f} ms per accepted report"
        )
        # Everything on this machine shares its cores: who spent what per report, and the
        # ceiling that total allows on the cores there are.
        per = {who: (end - go) / len(stats.reports) * 1000 for who, (go, end) in shares.items()}
        total = sum(per.values())
        cores = os.cpu_count() or 1
        print(
            "  CPU per accepted report: "
            + ", ".join(f"{who} {ms:.2f} ms" for who, ms in per.items())
            + f"; all told {total:.2f} ms = at most {cores * 1000 / total:.0f} reports/s "
            f"on {cores} cores"
        )
    print(
        f"errors: {len(stats.errors)}" + (f" (first: {stats.errors[:5]})" if stats.errors else "")
    )
    print(f"self-reports by status: {db['statuses']}")
    written = sum(stats.acknowledged.values())
    if db["transactions"]:
        print(
            f"transactions of the players' reports: {db['transactions']} for {written} reports "
            f"(group commit: {written / db['transactions']:.1f} reports per transaction)"
        )
    # Lost: both players were told their report was saved, yet the match holds no result.
    lost = [t for t in db["lost"] if stats.acknowledged.get(t, 0) >= 2]
    print(
        f"results: {len(tables) - len(db['lost'])} of {len(tables)} recorded "
        f"({len(db['lost']) - len(lost)} not reported: a player's request failed); "
        f"lost {len(lost)}, duplicated {len(db['doubled'])}, wrong {len(db['wrong'])}, "
        f"stray {len(db['strays'])}"
    )
    delays = []
    firsts = []  # to the first stream that heard it: the server's part, before the readers'
    missed = 0
    for table, at in db["reported_at"].items():
        got = heard.get(table)
        if got is None:
            missed += live
            continue
        count, last, earliest = got
        missed += max(0, live - count)
        commit = at.replace(tzinfo=at.tzinfo or UTC).timestamp()
        delays.append(last - commit)
        firsts.append(earliest - commit)
    print(
        f"live: commit → every stream: median {statistics.median(delays) if delays else 0:.3f} s, "
        f"p99 {percentile(delays, 99):.3f} s, max {max(delays) if delays else 0:.3f} s; "
        f"notices missed {missed} of {live * len(db['reported_at'])}"
    )
    print(
        f"  commit → the first stream: median {statistics.median(firsts) if firsts else 0:.3f} s, "
        f"p99 {percentile(firsts, 99):.3f} s"
    )


if __name__ == "__main__":
    main()
