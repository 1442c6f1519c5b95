"""``bench/faults.py --part disciplines`` (issue 31 item 5): poker busts, a live draft and vote
imports all flow at once while one fault happens: a worker SIGKILLed, the whole server
restarted, Redis (the bench's own) restarted, every PostgreSQL connection of the database killed.

For each fault it prints: busts sent, stored and doubled; matchdays imported, stored and doubled
(a matchday or a team's score kept twice); the draft's picks stored, picks a page was told of
but not stored (lost), doubled picks, players disqualified (must be 0: nobody is penalised for
the server's outage, BER-DRAFT-2), the seconds the draft took and its pages' reconnections;
the seconds until the server answered again, and until a live page of the poker tournament
and of the league heard a change made after the fault (reopening every 3 s at most, with
``?since=``, as torneo.js does).
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import create_engine, text

from _faults_flows import (
    BUSTS,
    MATCHDAYS,
    DraftRun,
    Sent,
    bust_players,
    busts_stored,
    draft_stored,
    import_demo_set,
    import_votes,
    prepare_draft,
    prepare_league,
    prepare_poker,
    run_draft,
    timer_picks,
    votes_stored,
)
from _servers import (
    create_database,
    drop_database,
    free_port,
    start_server,
    stop_server,
    worker_pids,
)
from torneo.platform import accounts
from torneo.platform.live.broker import RedisBroker
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.uow import Actor, Store

PASSWORD = "bench-faults-password-1"
START_SECONDS = 300
FAULTS = ("a worker SIGKILLed", "the server restarted", "Redis restarted", "PG connections killed")


def _redis(port: int) -> subprocess.Popen[bytes]:
    command = [shutil.which("redis-server") or "redis-server", "--port", str(port)]
    command += ["--save", "", "--appendonly", "no", "--bind", "127.0.0.1"]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL)


def run_disciplines(
    own_redis: Callable[[], tuple[subprocess.Popen[bytes], int]],
    wait_up: Callable[[str], float],
    hear_change: Callable[[str, str, dict[str, float]], float],
    login: Callable[[str], dict[str, str]],
) -> None:
    import _servers as servers
    import draft as draft_bench  # bench/draft.py: its drafters' cookies are signed with its secret

    redis, redis_port = own_redis()
    servers.REDIS_URL = f"redis://127.0.0.1:{redis_port}/0"
    name, url = create_database("torneo_faults_more")
    # The draft is started from here: its notice reaches the workers' pages through their
    # Redis, as a start from the organizer's page does (without it the pages never heard the
    # start and sat silent until a reconnect, which the last session read as a fault's harm).
    store = Store(make_engine(url), broker=RedisBroker(servers.REDIS_URL, "faults-more"))
    port = free_port()
    box: dict[str, Any] = {"redis": redis}
    secret = draft_bench.SECRET
    try:
        upgrade(store.engine)
        accounts.create_user(
            store, Actor.system(), username="org", password=PASSWORD, role="organizer"
        )
        import_demo_set(store)
        tid, players = prepare_poker(store, BUSTS * len(FAULTS) + 20)
        league = prepare_league(store)
        drafts = [prepare_draft(store, str(i)) for i in range(len(FAULTS))]
        box["server"] = start_server(url, port, "faults-more", 2, secret, wait=START_SECONDS)

        def kill_a_worker() -> None:
            # a serving worker (not the standby, nor multiprocessing's resource tracker)
            workers = worker_pids(box["server"], port)
            os.kill(random.Random(1).choice(workers), signal.SIGKILL)

        def restart_server() -> None:
            stop_server(box["server"])
            box["server"] = start_server(url, port, "faults-more", 2, secret, wait=START_SECONDS)

        def restart_redis() -> None:
            box["redis"].kill()
            box["redis"].wait()
            time.sleep(1)
            box["redis"] = _redis(redis_port)

        def kill_connections() -> None:
            admin = create_engine(servers.PG_ADMIN, isolation_level="AUTOCOMMIT")
            with admin.connect() as c:
                c.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = :name AND pid <> pg_backend_pid()"
                    ),
                    {"name": name},
                )
            admin.dispose()

        faults = (kill_a_worker, restart_server, restart_redis, kill_connections)
        for i, (title, fault) in enumerate(zip(FAULTS, faults, strict=True)):
            event, users = drafts[i]
            busts = players[i * BUSTS : (i + 1) * BUSTS]
            # the first 2 x MATCHDAYS matchdays are played; the later faults import them again
            # (a file sent again replaces the first: stored once, never doubled)
            first = (i % 2) * MATCHDAYS + 1
            days = range(first, first + MATCHDAYS)
            _one(
                title,
                fault,
                store,
                port,
                (tid, busts),
                (league, days),
                (event, users),
                wait_up,
                hear_change,
                login,
            )
    finally:
        if "server" in box:
            stop_server(box["server"])
        box["redis"].kill()
        store.broker.close()
        store.engine.dispose()
        drop_database(name)


def _one(
    title: str,
    fault: Callable[[], None],
    store: Store,
    port: int,
    poker: tuple[int, list[int]],
    votes: tuple[Any, range],
    drafting: tuple[int, dict[int, int]],
    wait_up: Callable[[str], float],
    hear_change: Callable[[str, str, dict[str, float]], float],
    login: Callable[[str], dict[str, str]],
) -> None:
    base = f"http://127.0.0.1:{port}"
    tid, busts = poker
    league, days = votes
    event, users = drafting
    headers = login(base)
    changed: dict[str, dict[str, float]] = {t: {} for t in (f"poker:{tid}", f"fantasy:{league.id}")}
    heard: dict[str, float] = {}
    listeners = [
        threading.Thread(
            daemon=True, target=lambda t=t: heard.__setitem__(t, hear_change(base, t, changed[t]))
        )
        for t in changed
    ]
    outcomes: dict[str, Sent] = {}
    run = DraftRun(event)
    half = len(busts) // 2
    flows = [
        threading.Thread(
            daemon=True,
            target=lambda: outcomes.__setitem__(
                "busts", bust_players(base, headers, tid, busts[:half], 0.3)
            ),
        ),
        threading.Thread(
            daemon=True,
            target=lambda: outcomes.__setitem__(
                "votes", import_votes(base, headers, league, days[:-1], 1.0)
            ),
        ),
        threading.Thread(
            daemon=True, target=lambda: run_draft(store, port, event, users, run, 400)
        ),
    ]
    for thread in [*listeners, *flows]:
        thread.start()
    time.sleep(6)  # the draft under way, busts and imports in flight
    fault_at = time.monotonic()
    fault()
    wait_up(base)
    up = time.monotonic() - fault_at
    for thread in flows[:2]:
        thread.join(600)
    headers = login(base)
    # made after the fault; each page's clock starts at its own write
    changed[f"poker:{tid}"]["at"] = time.monotonic()
    after = bust_players(base, headers, tid, busts[half:], 0.1)
    changed[f"fantasy:{league.id}"]["at"] = time.monotonic()
    late = import_votes(base, headers, league, days[-1:], 0.1)
    flows[2].join(600)
    for thread in listeners:
        thread.join(90)
    busted, bust_doubles = busts_stored(store, tid)
    stored_days, day_doubles = votes_stored(store, league)
    picks, lost, pick_doubles, out = draft_stored(store, run)
    by_timer = timer_picks(store, event)
    done = sum(bool(getattr(d, "done", False)) for d in run.drafters)
    sent_busts = outcomes["busts"].sent + outcomes["busts"].already + after.sent + after.already
    print(
        f"{title:22} up again {up:5.1f} s | busts sent {sent_busts:2} stored {busted:3} "
        f"doubled {bust_doubles} heard {heard.get(f'poker:{tid}', float('nan')):4.1f} s | "
        f"matchdays sent {outcomes['votes'].sent + late.sent} stored {stored_days:2} doubled "
        f"{day_doubles} heard {heard.get(f'fantasy:{league.id}', float('nan')):4.1f} s | "
        f"draft picks {picks} (timer {by_timer}) lost {lost} doubled {pick_doubles} "
        f"disqualified {out} "
        f"seats done {done}/{len(users)} in {run.finished:5.1f} s reconnects {run.reconnects}",
        flush=True,
    )
