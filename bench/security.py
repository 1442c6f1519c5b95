"""Security under load (issue 12): logins under attack and live streams, on 2 workers.

    .venv/bin/python bench/security.py            # the issue's figures (about a minute)
    .venv/bin/python bench/security.py --quick    # fewer requests and streams

What it does, on 127.0.0.1 only (it stops by itself; every loop and wait is bounded):

1. creates a fresh PostgreSQL database (dropped at the end) with one account and a few events,
   and starts ``torneo serve --workers 2`` on it with Redis (its own key prefix, deleted at the
   end);
2. **concurrent failed logins for one user from one address**: C wrong passwords at once, for
   several C; prints how many passwords were checked (answers 401) before the throttle answered
   429 (aim: exactly the limit, 5, at any concurrency);
3. **concurrent failed logins from one address for many user names** (spraying): prints how many
   were checked (aim: at most the address limit, 50; 503 answers were not checked);
4. **a login storm**: 200 logins at once, each from its own address (``X-Forwarded-For``, which
   uvicorn trusts from 127.0.0.1: the worst case, a botnet, where the throttle lets every one
   through to the password check); prints each worker's resident memory before and at its peak
   (aim: under +300 MiB) and the answers (401 checked, 503 refused while busy); each a user
   name of its own, so that no limit stops them before the check;
5. **1,000 open live streams** on 10 events (each stream from its own address, under the
   per-address cap): prints how many Redis clients the workers hold for them (aim: one per
   worker), read from Redis' ``CLIENT LIST`` by the connections' name;
6. **upload bombs** (issue 27): each bomb of the tests sent as a league's vote file by its
   organizer and by another club's; prints the answers and each worker's peak memory increase
   (aim: under +100 MiB) (``bench/_security_uploads.py``);
7. **claim-code guessing** (issue 27): wrong codes from one account and address until 429;
   prints the count at which it came (aim: at most 10), or "no 429".

``--parts 5,6`` runs only those parts (numbered as printed) (the server and its data are the same).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import sys
import threading
import time
import uuid
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))


import _security_uploads  # noqa: E402
from _servers import (  # noqa: E402
    REDIS_URL,
    create_database,
    drop_database,
    free_port,
    open_live_stream,
    start_server,
    stop_server,
    worker_pids,
)
from torneo.cards import commands as events  # noqa: E402
from torneo.platform import accounts  # noqa: E402
from torneo.platform.store.db import make_engine  # noqa: E402
from torneo.platform.store.migrate import upgrade  # noqa: E402
from torneo.platform.store.uow import Actor, Store  # noqa: E402

SECRET = "security-bench-secret-" + "x" * 40
PASSWORD = "a-bench-password-never-guessed"
ORG = Actor("bench", frozenset({(1, "organizer")}))
LIMIT = 5  # WebSettings.login_failures
ADDRESS_LIMIT = 50  # × ADDRESS_FACTOR


def seed(url: str, n_events: int) -> list[int]:
    engine = make_engine(url)
    upgrade(engine)
    store = Store(engine)
    accounts.create_user(
        store, Actor.system(), username="victim", password=PASSWORD, role="organizer"
    )
    ids = [
        events.create_event(
            store, ORG, name=f"Evento {i}", preset="invasion-it-2012", held_on="2026-12-20", seed=i
        )
        for i in range(n_events)
    ]
    engine.dispose()
    return ids


def reset_limits(prefix: str) -> None:
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(f"{prefix}:*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


# --- the server (as bench/load/run.py starts it) ---------------------------------------------


# --- logins ----------------------------------------------------------------------------------


async def logins(base: str, bodies: list[dict[str, str]], addresses: list[str]) -> dict[int, int]:
    """All at once (each its own connection); the count of each answer's status."""
    limits = httpx.Limits(max_connections=len(bodies) + 10, max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        start = asyncio.Event()

        async def one(body: dict[str, str], address: str) -> int:
            await start.wait()
            try:
                r = await client.post(
                    "/api/v1/session", json=body, headers={"X-Forwarded-For": address}
                )
            except httpx.HTTPError:
                return 0
            return r.status_code

        tasks = [asyncio.create_task(one(b, a)) for b, a in zip(bodies, addresses, strict=True)]
        await asyncio.sleep(0.2)
        start.set()
        statuses = await asyncio.gather(*tasks)
    return dict(sorted(collections.Counter(statuses).items()))


def rss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Sampler(threading.Thread):
    """Peak resident memory of each worker, sampled every 20 ms until stopped."""

    def __init__(self, pids: list[int]) -> None:
        super().__init__(daemon=True)
        self.pids = pids
        self.peak = {p: rss_mib(p) for p in pids}
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.wait(0.02):
            for p in self.pids:
                self.peak[p] = max(self.peak[p], rss_mib(p))


# --- live streams ----------------------------------------------------------------------------


async def open_streams(port: int, ids: list[int], count: int, hold: float) -> tuple[int, int]:
    """Open ``count`` streams (each from its own address); returns (live, failed) while open."""
    live = failed = 0
    writers: list[asyncio.StreamWriter] = []

    async def one(i: int) -> None:
        nonlocal live, failed
        address = f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"
        opened = await open_live_stream(port, f"event:{ids[i % len(ids)]}", address)
        if opened is None:
            failed += 1
            return
        reader, writer = opened
        writers.append(writer)
        try:
            head = await asyncio.wait_for(reader.readuntil(b"retry:"), 30)
        except (TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, OSError):
            failed += 1
            return
        if b" 200 " in head.split(b"\r\n", 1)[0]:
            live += 1
        else:
            failed += 1

    tasks = [asyncio.create_task(one(i)) for i in range(count)]
    await asyncio.wait(tasks, timeout=90)
    result = (live, failed)
    await asyncio.sleep(hold)
    for w in writers:
        w.close()
    return result


def redis_clients(name: str) -> int:
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    listed = client.client_list()
    client.close()
    return sum(1 for c in listed if c.get("name") == name)


# --- the run ---------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer requests and streams")
    parser.add_argument("--parts", default="1,2,3,4,5,6", help="which parts, e.g. 5,6")
    args = parser.parse_args()
    parts = {int(p) for p in args.parts.split(",") if p.strip()}
    concurrencies = [5, 20, 60] if args.quick else [5, 20, 60, 200]
    storm = 60 if args.quick else 200
    streams = 200 if args.quick else 1000

    name, url = create_database("torneo_security")
    prefix = f"torneo-bench-{uuid.uuid4().hex[:8]}"
    server = None
    try:
        ids = seed(url, 10)
        uploads = _security_uploads.seed(url)
        port = free_port()
        server = start_server(url, port, prefix, 2, SECRET)
        base = f"http://127.0.0.1:{port}"
        pids = worker_pids(server, port)
        print(f"2 workers (pids {pids}) on PostgreSQL + Redis, 127.0.0.1:{port}")

        if 1 in parts:
            print(f"\n1. concurrent wrong passwords for one user from one address (limit {LIMIT})")
            print("   at once | passwords checked (401) | refused before the check (429) | other")
            for n in concurrencies:
                reset_limits(prefix)
                wrong = [{"username": "victim", "password": f"guess-{i:04d}-x"} for i in range(n)]
                got = asyncio.run(logins(base, wrong, ["127.0.0.1"] * n))
                other = {k: v for k, v in got.items() if k not in (401, 429)}
                print(f"   {n:7d} | {got.get(401, 0):23d} | {got.get(429, 0):30d} | {other or '-'}")

        if 2 in parts:
            print(f"\n2. one address, many user names at once (address limit {ADDRESS_LIMIT})")
            reset_limits(prefix)
            n = 200
            spray = [{"username": f"user{i:03d}", "password": "guess-number-1"} for i in range(n)]
            got = asyncio.run(logins(base, spray, ["127.0.0.1"] * n))
            print(
                f"   {n} at once: checked {got.get(401, 0)}, 429 {got.get(429, 0)}, "
                f"503 (busy, not checked) {got.get(503, 0)}, other "
                f"{ {k: v for k, v in got.items() if k not in (401, 429, 503)} or '-' }"
            )

        if 3 in parts:
            print(f"\n3. login storm: {storm} at once, each from its own address")
            reset_limits(prefix)
            before = {p: rss_mib(p) for p in pids}
            sampler = Sampler(pids)
            sampler.start()
            bodies = [
                {"username": f"storm{i:03d}", "password": "storm-guess-x"} for i in range(storm)
            ]
            addresses = [f"10.1.{i // 256}.{i % 256}" for i in range(storm)]
            start = time.perf_counter()
            got = asyncio.run(logins(base, bodies, addresses))
            took = time.perf_counter() - start
            sampler.stop.set()
            sampler.join()
            for p in pids:
                print(
                    f"   worker {p}: {before[p]:.0f} MiB before, peak {sampler.peak[p]:.0f} MiB "
                    f"(+{sampler.peak[p] - before[p]:.0f} MiB)"
                )
            print(f"   answers in {took:.1f} s: {got} (401 checked, 503 busy: try again later)")

        if 4 in parts:
            print(f"\n4. {streams} open live streams on {len(ids)} events")
            reset_limits(prefix)
            before_clients = redis_clients(f"{prefix}:live")
            counted: list[int] = []

            async def streams_and_count() -> tuple[int, int]:
                task = asyncio.create_task(open_streams(port, ids, streams, hold=2.0))
                while not task.done():
                    await asyncio.sleep(0.5)
                    counted.append(await asyncio.to_thread(redis_clients, f"{prefix}:live"))
                return await task

            live, failed = asyncio.run(streams_and_count())
            print(
                f"   streams live {live}, failed {failed}; Redis clients of the workers' live "
                f"notices: {max(counted, default=0)} at most while open (before: {before_clients}; "
                "aim: 1 per worker)"
            )

        if 5 in parts:
            print(
                "\n5. upload bombs: a league's vote file, by another club's organizer, then its own"
            )
            _security_uploads.upload_bombs_part(base, SECRET, uploads, lambda: Sampler(pids))

        if 6 in parts:
            print("\n6. claim-code guessing: wrong codes from one account and address")
            reset_limits(prefix)
            _security_uploads.claim_guessing_part(base, SECRET, uploads)
    finally:
        if server is not None:
            stop_server(server)
        reset_limits(prefix)
        drop_database(name)


if __name__ == "__main__":
    os.environ.setdefault("TORNEO_ENV", "development")
    main()
