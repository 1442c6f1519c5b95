"""Faults survived (issue 31 item 5): a worker killed, the whole server restarted, Redis
restarted, while an organizer's results arrive and a live page listens.

    .venv/bin/python bench/faults.py            # every fault, every part (minutes on 2 cores)
    .venv/bin/python bench/faults.py --quick    # 16 tables instead of 32
    .venv/bin/python bench/faults.py --part disciplines   # poker busts, a live draft, votes

On 127.0.0.1 only, every loop bounded; it stops by itself and cleans up. For each fault it
prints: results sent, stored, lost and doubled (audit rows ``match.report`` per table: exactly one
is right), the seconds until the server answered again, and the seconds until a live page that
reconnects as ``torneo.js`` does (every 3 s at most) heard a change made after the fault (aim:
under 5 s). The fast, deterministic faults (PostgreSQL connections killed) are tests in
``tests/faults/``; these need real processes and take minutes, so they are a bench.

Redis is a server of the bench's own (``redis-server`` on a free port), so restarting it touches
nobody else's.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from datetime import date
from pathlib import Path

import httpx
from sqlalchemy import func, select

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from _common import host_line  # noqa: E402
from _servers import (  # noqa: E402
    create_database,
    drop_database,
    free_port,
    start_server,
    stop_server,
    worker_pids,
)
from torneo.cards import commands as events  # noqa: E402
from torneo.cards.tables import Match  # noqa: E402
from torneo.platform import accounts  # noqa: E402
from torneo.platform.store.db import make_engine  # noqa: E402
from torneo.platform.store.migrate import upgrade  # noqa: E402
from torneo.platform.store.tables import AuditEntry  # noqa: E402
from torneo.platform.store.uow import Actor, Store  # noqa: E402

PASSWORD = "bench-faults-password-1"
START_SECONDS = 300  # a loaded 2-core host starts 2 workers slowly: waited for, not a fault
ACTOR = Actor.system()


def own_redis() -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    server = subprocess.Popen(
        [
            shutil.which("redis-server") or "redis-server",
            "--port",
            str(port),
            "--save",
            "",
            "--appendonly",
            "no",
            "--bind",
            "127.0.0.1",
        ],
        stdout=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    return server, port


def prepare(url: str, tables: int) -> int:
    store = Store(make_engine(url))
    upgrade(store.engine)
    accounts.create_user(store, ACTOR, username="org", password=PASSWORD, role="organizer")
    event_id = events.create_event(
        store, ACTOR, name="Faults", preset="invasion-it-2012", held_on=date.today()
    )
    names = "\n".join(f"Giocatore {i:03d}" for i in range(tables * 2))
    events.register_roster(store, ACTOR, event_id, names)
    events.start_event(store, ACTOR, event_id)
    events.pair_next_round(store, ACTOR, event_id)
    store.engine.dispose()
    return event_id


def login(base: str) -> dict[str, str]:
    deadline = time.monotonic() + 120
    while True:
        try:
            r = httpx.post(
                f"{base}/api/v1/session", json={"username": "org", "password": PASSWORD}, timeout=30
            )
            r.raise_for_status()
            return {
                "X-CSRF-Token": r.json()["csrf_token"],
                "Cookie": r.headers["set-cookie"].split(";", 1)[0],
            }
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def send_results(
    base: str, headers: dict[str, str], event_id: int, tables: range, pause: float
) -> dict[str, int]:
    """Each table's result once, retried on a transport error or a 5xx until the answer says
    it is stored (2xx) or already was (409: the retry of a result whose answer was lost)."""
    outcome = {"sent": 0, "retries": 0, "already": 0}
    for table in tables:
        url = f"{base}/api/v1/events/{event_id}/rounds/1/tables/{table}/result"
        for _attempt in range(120):
            try:
                r = httpx.post(url, json={"result": "2-0"}, headers=headers, timeout=15)
                if r.status_code < 300:
                    outcome["sent"] += 1
                    break
                if r.status_code == 409:
                    outcome["already"] += 1
                    break
            except httpx.TransportError:
                pass
            outcome["retries"] += 1
            time.sleep(0.5)
        time.sleep(pause)
    return outcome


def stored(url: str, event_id: int) -> tuple[int, int]:
    store = Store(make_engine(url))
    with store.read() as s:
        results = s.scalar(
            select(func.count())
            .select_from(Match)
            .where(Match.event_id == event_id, Match.wins_a.is_not(None))
        )
        audits = s.scalars(
            select(AuditEntry.after).where(AuditEntry.action == "match.report")
        ).all()
    store.engine.dispose()
    per_table: dict[object, int] = {}
    for after in audits:
        key = (after or {}).get("table")
        per_table[key] = per_table.get(key, 0) + 1
    doubled = sum(n - 1 for n in per_table.values() if n > 1)
    return int(results or 0), doubled


def wait_up(base: str, limit: float = 180) -> float:
    start = time.monotonic()
    while time.monotonic() - start < limit:
        try:
            if httpx.get(f"{base}/readyz", timeout=3).status_code == 200:
                return time.monotonic() - start
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    return float("nan")


def hear_change(base: str, topic: str, changed: dict[str, float], limit: float = 30) -> float:
    """Seconds from the change (``changed["at"]``, set by the writer) until a live stream
    delivers a notice of ``topic`` (``event:12``, ``poker:3``, ``fantasy:1``). Like torneo.js, it reopens every 3 s at most after a fault,
    sending back when its page was last read (``?since=``), so a change made while it was
    closed arrives as a "missed" notice."""
    deadline = time.monotonic() + 600  # the fault and the restart come first
    since = time.time()  # the page was read now
    while time.monotonic() < min(deadline, changed.get("at", deadline) + limit):
        try:
            timeout = httpx.Timeout(5, read=20)
            url = f"{base}/live/{topic}?since={since:.3f}"
            with httpx.stream("GET", url, timeout=timeout) as r:
                for line in r.iter_lines():
                    if not line.startswith("data:"):
                        continue
                    if "at" in changed:
                        return time.monotonic() - changed["at"]
                    since = time.time()  # the page refreshed on this notice
        except httpx.HTTPError:
            pass
        time.sleep(min(3.0, max(0.0, deadline - time.monotonic())))
    return float("nan")


def scenario(
    name: str, fault: Callable[[], None], url: str, base: str, event_id: int, tables: range
) -> None:
    """The results flow on while the fault happens (a third of them in); a live page opened
    before the fault stays open across it, or reopens as torneo.js does."""
    headers = login(base)
    third = len(tables) // 3
    first = range(tables.start, tables.start + third)
    during = range(tables.start + third, tables.start + 2 * third)
    last = range(tables.start + 2 * third, tables.stop)
    changed: dict[str, float] = {}
    heard: list[float] = []
    listener = threading.Thread(
        target=lambda: heard.append(hear_change(base, f"event:{event_id}", changed))
    )
    listener.start()
    before = send_results(base, headers, event_id, first, 0.05)
    outcomes: list[dict[str, int]] = []
    sender = threading.Thread(
        target=lambda: outcomes.append(send_results(base, headers, event_id, during, 0.2))
    )
    start = time.monotonic()
    sender.start()
    time.sleep(0.5)
    fault_at = time.monotonic()
    fault()
    wait_up(base)
    up = time.monotonic() - fault_at  # a restart's own start included
    sender.join(600)
    headers = login(base)  # a restarted server's sessions are still valid: same secret
    changed["at"] = time.monotonic()
    after = send_results(base, headers, event_id, last, 0.05)
    listener.join(90)
    results, doubled = stored(url, event_id)
    parts = [before, *outcomes, after]
    sent = sum(o["sent"] + o["already"] for o in parts)
    retries = sum(o["retries"] for o in parts)
    print(
        f"{name:22} sent {sent:3}  stored {results:3}/{tables.stop - 1}  doubled {doubled}  "
        f"retries {retries:3}  up again {up:5.1f} s  live page heard "
        f"{heard[0] if heard else float('nan'):4.1f} s  ({time.monotonic() - start:.0f} s)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--part",
        choices=("results", "disciplines", "all"),
        default="all",
        help="results: an organizer's results; disciplines: poker busts, a live draft and vote "
        "imports, all at once through each fault",
    )
    args = parser.parse_args()
    print(host_line())
    if args.part in ("disciplines", "all"):
        from _faults_disciplines import run_disciplines

        run_disciplines(own_redis, wait_up, hear_change, login)
    if args.part == "disciplines":
        return 0
    tables = 16 if args.quick else 32
    redis, redis_port = own_redis()
    os.environ["TORNEO_BENCH_REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
    import _servers as servers

    servers.REDIS_URL = os.environ["TORNEO_BENCH_REDIS_URL"]
    name, url = create_database("torneo_faults")
    secret = uuid.uuid4().hex * 2
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    box: dict[str, subprocess.Popen[bytes]] = {}
    try:
        event_id = prepare(url, tables * 3)
        box["server"] = start_server(
            url, port, f"faults-{uuid.uuid4().hex[:6]}", 2, secret, wait=START_SECONDS
        )

        def kill_a_worker() -> None:
            # a serving worker (not the standby, nor multiprocessing's resource tracker)
            workers = worker_pids(box["server"], port)
            os.kill(random.Random(1).choice(workers), signal.SIGKILL)

        def restart_server() -> None:
            stop_server(box["server"])
            box["server"] = start_server(
                url, port, f"faults-{uuid.uuid4().hex[:6]}", 2, secret, wait=START_SECONDS
            )

        def restart_redis() -> None:
            nonlocal redis
            redis.kill()
            redis.wait()
            time.sleep(1)
            redis = subprocess.Popen(
                [
                    shutil.which("redis-server") or "redis-server",
                    "--port",
                    str(redis_port),
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--bind",
                    "127.0.0.1",
                ],
                stdout=subprocess.DEVNULL,
            )

        scenario("a worker SIGKILLed", kill_a_worker, url, base, event_id, range(1, tables + 1))
        scenario(
            "the server restarted",
            restart_server,
            url,
            base,
            event_id,
            range(tables + 1, 2 * tables + 1),
        )
        scenario(
            "Redis restarted",
            restart_redis,
            url,
            base,
            event_id,
            range(2 * tables + 1, 3 * tables + 1),
        )
    finally:
        if "server" in box:
            stop_server(box["server"])
        redis.kill()
        drop_database(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
