"""Live draft under load (issue 16): 64 pods × 8 = 512 drafters over WebSockets, 2 workers.

What it does: a PostgreSQL database of its own, the demo set, a berserk-online event of 512
players in ``draft_standard`` (4 boosters, 28 picks each), one player account per player (the
bench signs their session cookies with the server's secret: no 512 password checks), then
``torneo serve --workers 2`` with Redis. 512 simulated drafters connect over WebSockets on
loopback; the judge starts the draft; each drafter waits for its pack, "thinks" 1-4 s and picks
a random card. In 8 pods seat 8 stalls on the first pick of every booster, so the server's timer
picks for it (its page stays open: it is connected, not disqualified). When booster 2 starts one
worker is killed (SIGKILL): its drafters reconnect, get their state back and go on.

Figures:
- pick-to-next-pack latency: from the last pick of a pass being sent to each seat of the pod
  receiving its next pack (median, p99), and the pick's own answer (send → ``picked``). A pass
  made by the server's timer (a seat picked for at its deadline) is left out: its packs follow
  the deadline, not a pick, and count in the timer's figures;
- timer accuracy: when a stalled seat received its next pack, against the deadline the server
  had announced (0 is exact), and the server's side: when each timeout's transaction began;
- CPU seconds per worker process (its ``/proc`` times: the machine's other load does not count
  in), per stored pick, and the wall time; the same CPU split in two: the pages connecting before
  the start (per page) and the draft from its start (per pick). Counted from when every process
  of the server is up (a standby that takes over from the killed worker loaded the app before:
  not counted); a standby started meanwhile is printed, not counted;
- lost or doubled picks: every seat must end with exactly 28 picks, every card of every opened
  booster picked exactly once, and every pick a drafter was told was taken must be stored.

The drafters read their socket without pause and think in a task of their own, and pick each
position once, as the page does (before 2026-12-02 a drafter's thinking delayed its reading and
every ``state`` asked after a refusal picked again: earlier figures are not comparable).

Figures, before and after, on the loaded and on the quiet machine: docs/deploy.md, "Live
draft under load".

``--sqlite`` runs the default install instead (issue 32): a SQLite file, one worker, no Redis
(its notices in-process), 2 pods (16 drafters) unless ``--pods`` says otherwise; the judge starts
the draft through the API (the bench's own process cannot reach the worker's in-process
broker), and no worker is killed (one worker: uvicorn has no supervisor to restart it).

Run: ``.venv/bin/python bench/draft.py`` (needs PostgreSQL and Redis on 127.0.0.1; options:
``--pods``, ``--seconds``, ``--think-min``/``--think-max``, ``--no-kill``, ``--progress``,
``--sqlite``, ``--dump FILE`` for the raw latencies by pod and pick).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from base64 import b64encode
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
import itsdangerous
from sqlalchemy import insert, select

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _draft_figures import Drafter, Figures, report
from _servers import (
    REDIS_URL,
    create_database,
    drop_database,
    free_port,
    server_cpu_seconds,
    server_pids,
    session_cookie,
    start_server,
    stop_server,
    worker_pids,
)
from torneo.cards import commands as events
from torneo.cards.draft import commands as draft
from torneo.cards.draft.tables import DraftPod, DraftSeat
from torneo.cards.rules.set_files import read_json
from torneo.cards.sets import commands as sets
from torneo.platform.live.broker import RedisBroker
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Actor, Store

SECRET = "bench-draft-" + uuid.uuid4().hex
SPREAD_AFTER_KILL = 15.0  # seconds: the pages of the killed worker have reconnected by then
ORG = Actor.system()


def cookie_for(user_id: int) -> str:
    return "torneo_session=" + session_cookie(SECRET, user_id)


def judge_cookie(user_id: int) -> tuple[str, str]:
    """An administrator's session cookie with its CSRF token, and the token (the judge's POST
    that starts the draft on a server without Redis)."""
    token = secrets.token_urlsafe(16)
    data = json.dumps({"uid": user_id, "gen": 0, "csrf": token}).encode()
    signed = itsdangerous.TimestampSigner(SECRET).sign(b64encode(data)).decode()
    return "torneo_session=" + signed, token


def add_judge(url: str) -> int:
    """An administrator account, for the judge's POST (``--sqlite``)."""
    engine = make_engine(url)
    with Store(engine).unit(ORG) as uow:
        judge = User(
            username="bench-judge",
            display_name="Judge",
            password_hash="!bench: no login",
            created_at=datetime.now(UTC),
            version=1,
            session_generation=0,
            disabled=False,
            is_admin=True,
        )
        uow.session.add(judge)
        uow.session.flush()
        judge_id = judge.id
    engine.dispose()
    return judge_id


def prepare(url: str, pods: int, seconds: int) -> tuple[int, list[Drafter]]:
    engine = make_engine(url)
    upgrade(engine)
    store = Store(engine)
    demo = read_json(
        (resources.files("torneo.cards.sets") / "data" / "demo-set.json").read_text("utf-8")
    )
    sets.import_set(store, ORG, demo, source="demo", shared=True)
    event = events.create_event(
        store, ORG, name="Bench draft", preset="berserk-online", held_on="2026-12-01", seed=16
    )
    players = pods * 8
    events.register_roster(
        store, ORG, event, "\n".join(f"Drafter {i:03d},,{3000 - i}" for i in range(players))
    )
    events.start_event(store, ORG, event)
    sets.setup_event(
        store, ORG, event, set_code="DEMO", format_key="draft_standard", pick_seconds=seconds
    )
    from torneo.cards.tables import Registration

    with store.unit(ORG) as uow:
        ids = list(
            uow.session.scalars(
                select(Registration.player_id).where(Registration.event_id == event)
            )
        )
        now = datetime.now(UTC)
        uow.session.execute(
            insert(User),
            [
                {
                    "username": f"drafter{pid}",
                    "display_name": f"Drafter {pid}",
                    "password_hash": "!bench: no login",
                    "player_id": pid,
                    "created_at": now,
                    "version": 1,
                    "session_generation": 0,
                    "disabled": False,
                    "is_admin": False,
                }
                for pid in ids
            ],
        )
    with store.read() as s:
        users = dict(
            s.execute(select(User.player_id, User.id).where(User.player_id.is_not(None))).all()
        )
    engine.dispose()
    return event, [Drafter(pid, users[pid], cookie_for(users[pid])) for pid in ids]


async def drafter(
    me: Drafter, port: int, event: int, think: tuple[float, float], fig: Figures, rng: random.Random
) -> None:
    """One player's page: pick from each pack after thinking; stall on pick 1 if told to.

    The socket is read without pause (a message's time is its arrival, not the end of some
    thinking), the thinking is a task of its own, and a position is picked at most once: a
    ``state`` asked after a refusal, or a pack the page already holds, does not pick again
    (as the player's page does), so one late pick does not start a chain of refused ones."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import WebSocketException

    uri = f"ws://127.0.0.1:{port}/events/{event}/draft/ws"
    stalled: tuple[tuple[int, int], float] | None = None  # (position, its deadline)
    handled: set[tuple[int, int]] = set()  # positions whose pick was sent

    async def pick_later(ws: Any, b: int, k: int, cards: list[dict[str, Any]]) -> None:
        await asyncio.sleep(rng.uniform(*think))
        card = rng.choice(cards)["id"]
        sent = time.time()
        fig.sent[(me.pod, b, k)].append(sent)
        fig.answer_sent[(me.player_id, b, k)] = sent
        with contextlib.suppress(WebSocketException):  # the reader sees the drop and reconnects
            await ws.send(json.dumps({"type": "pick", "card": card, "booster": b, "pick": k}))
            handled.add((b, k))

    while not me.done:
        thinking: asyncio.Task[None] | None = None
        pending: tuple[int, int] | None = None  # the position being thought about
        try:
            async with connect(
                uri, additional_headers={"Cookie": me.cookie}, open_timeout=30
            ) as ws:
                async for raw in ws:
                    now = time.time()
                    m = json.loads(raw)
                    kind = m["type"]
                    if kind == "picked":
                        me.picks_told.add((m["booster"], m["pick"], m["card"]))
                        sent_at = fig.answer_sent.get((me.player_id, m["booster"], m["pick"]))
                        if sent_at is not None:
                            fig.answers.append(now - sent_at)
                        continue
                    if kind == "error":
                        reason = "".join("#" if c.isdigit() else c for c in str(m.get("reason")))
                        fig.errors[f"{m.get('field')}: {reason}"] += 1
                        await ws.send(json.dumps({"type": "state"}))
                        continue
                    if kind not in ("state", "pack"):
                        continue
                    if kind == "state":
                        fig.connected.add(me.player_id)
                        me.pod, me.seat = m.get("pod") or 0, m.get("seat") or 0
                        me.stall = me.seat == 8 and 1 <= me.pod <= 8
                    if m.get("state") in ("done", "out") or m.get("status") == "done":
                        me.done = True  # "out": disqualified, the server picks for the seat
                        return
                    if kind == "state" and m["state"] != "picking":
                        continue
                    b, k = m["booster"], m["pick"]
                    if kind == "pack":
                        fig.received[(me.pod, b, k)].append(now)
                    if stalled is not None and stalled[0] != (b, k):
                        fig.late.append(now - stalled[1])  # the server's timer picked for us
                        stalled = None
                    if (b, k) in handled or (b, k) == pending:
                        continue
                    if me.stall and k == 1:
                        stalled = ((b, k), datetime.fromisoformat(m["deadline"]).timestamp())
                        continue
                    if thinking is not None:
                        thinking.cancel()  # the timer picked for the pack we were thinking on
                    pending = (b, k)
                    thinking = asyncio.create_task(pick_later(ws, b, k, m["pack"]))
        except (OSError, WebSocketException, TimeoutError):
            me.reconnects += 1
            await asyncio.sleep(0.5 + rng.random())
        finally:
            if thinking is not None:
                thinking.cancel()


async def workers_ready(
    server: subprocess.Popen[bytes], port: int, expected: int, wait: float = 180
) -> list[int]:
    """The workers, once ``expected`` of them serve and every process of the server is idle:
    the server answers as soon as one worker does, and on a loaded host the other came up
    seconds later, after every page had connected to the first (none to it) and after the draft
    had started (its timer re-armed every deadline 30 s away, BER-DRAFT-2); the standby loads
    the app once both serve. Starting costs a few CPU seconds: a process whose CPU time stands
    still for a second is up."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        found = worker_pids(server, port)
        if len(found) >= expected:
            before = server_cpu_seconds(server)
            await asyncio.sleep(1.0)
            if server_cpu_seconds(server) - before < 0.05:
                return found
        else:
            await asyncio.sleep(0.5)
    raise RuntimeError(f"{expected} workers did not come up in {wait:.0f} s")


def sockets_of(pid: int) -> int:
    """How many sockets process ``pid`` holds open (how the pages spread over the workers)."""
    try:
        return sum(
            1 for fd in os.listdir(f"/proc/{pid}/fd") if "socket:" in _link(f"/proc/{pid}/fd/{fd}")
        )
    except OSError:
        return 0


def _link(path: str) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return ""


def cpu_seconds(pid: int) -> float:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


async def run(args: argparse.Namespace) -> None:
    folder = tempfile.mkdtemp(prefix="torneo-bench-draft-") if args.sqlite else None
    if folder is not None:
        name, url = None, f"sqlite:///{folder}/torneo.db"
    else:
        name, url = create_database("torneo_bench_draft")
    prefix = f"bench-draft-{uuid.uuid4().hex[:6]}"
    server = None
    try:
        event, drafters = prepare(url, args.pods, args.seconds)
        judge = add_judge(url) if args.sqlite else None
        port = free_port()
        server = start_server(
            url, port, prefix, 1 if args.sqlite else 2, SECRET, redis=not args.sqlite
        )
        # the workers are children of the `torneo serve` process (one worker: itself)
        workers = await workers_ready(server, port, 1 if args.sqlite else 2)
        # every process of the server, not only the two serving: the standby has loaded the
        # app by now (workers_ready), and its load was counted as the draft's when it took over
        # from the killed worker (about 5 s, 0.35 ms a pick, until 2026-12-06)
        cpu_before = {pid: cpu_seconds(pid) for pid in server_pids(server)}
        fig = Figures()
        tasks = [
            asyncio.create_task(
                drafter(
                    d,
                    port,
                    event,
                    (args.think_min, args.think_max),
                    fig,
                    random.Random(d.player_id),
                )
            )
            for d in drafters
        ]
        # every page connected and listening (its first state) before the judge starts
        waited = time.monotonic()
        while len(fig.connected) < len(drafters) and time.monotonic() - waited < 60:
            await asyncio.sleep(0.2)
        print(
            f"pages connected {len(fig.connected)}/{len(drafters)}; open sockets per worker "
            "(pages, database, Redis): "
            + ", ".join(f"pid {pid} {sockets_of(pid)}" for pid in workers),
            flush=True,
        )
        store = Store(
            make_engine(url), broker=None if args.sqlite else RedisBroker(REDIS_URL, prefix)
        )
        started, bench_cpu = time.time(), time.process_time()
        # the pages' connections (session, state, presence) before the start: a cost per page,
        # not per pick, printed apart from the draft's own (bench/_draft_figures.report)
        connecting = sum(cpu_seconds(pid) - cpu_before.get(pid, 0.0) for pid in workers)
        if judge is not None:  # the worker's in-process broker: the judge asks the server
            cookie, token = judge_cookie(judge)
            async with httpx.AsyncClient() as client:
                answer = await client.post(
                    f"http://127.0.0.1:{port}/api/v1/events/{event}/draft/start",
                    headers={"Cookie": cookie, "X-CSRF-Token": token},
                )
            answer.raise_for_status()
        else:
            draft.start_draft(store, ORG, event)
        with store.read() as s:
            seats = {
                (pid): (pod, seat)
                for pid, pod, seat in s.execute(
                    select(DraftSeat.player_id, DraftPod.pod_no, DraftSeat.seat_no).join(
                        DraftPod, DraftPod.id == DraftSeat.pod_id
                    )
                )
            }
        for d in drafters:
            d.pod, d.seat = seats[d.player_id]
        killed = None
        shown = time.time()
        spread_after: float | None = None  # when to print the sockets per worker after the kill
        while not all(t.done() for t in tasks):
            await asyncio.sleep(0.5)
            if args.progress and time.time() - shown > 5:
                shown = time.time()
                print(
                    f"{shown - started:.0f} s: picks sent {sum(map(len, fig.sent.values()))}, packs {sum(map(len, fig.received.values()))}, done {sum(d.done for d in drafters)}, errors {dict(fig.errors)}",
                    flush=True,
                )
            if killed is None and not args.no_kill and any(k[1] == 2 for k in fig.received):
                victim = worker_pids(server, port)[0]
                cpu_before.setdefault(victim, 0.0)
                killed = (victim, cpu_seconds(victim))
                os.kill(victim, signal.SIGKILL)
                print(f"killed worker {victim} at booster 2", flush=True)
                spread_after = time.time() + SPREAD_AFTER_KILL
            if spread_after is not None and time.time() > spread_after:
                spread_after = None  # where the pages went back (issue 32 item 1)
                print(
                    f"{SPREAD_AFTER_KILL:.0f} s after the kill, open sockets per worker: "
                    + ", ".join(f"pid {p} {sockets_of(p)}" for p in worker_pids(server, port)),
                    flush=True,
                )
            if time.time() - started > args.timeout:
                print("timeout: the draft did not finish", flush=True)
                break
        wall, bench_cpu = time.time() - started, time.process_time() - bench_cpu
        for t in tasks:
            t.cancel()
        cpu = {
            pid: cpu_seconds(pid) - cpu_before.get(pid, 0.0) for pid in worker_pids(server, port)
        }
        if killed:
            cpu[killed[0]] = killed[1] - cpu_before.get(killed[0], 0.0)
        report(store, event, drafters, fig, wall, cpu, killed, args, connecting)
        # the supervisor's new standby after a kill loads the app meanwhile: said, not counted
        spawned = [p for p in server_pids(server) if p not in cpu_before and p not in cpu]
        if spawned:
            print(
                "processes started during the draft (the new standby, not counted above): "
                + ", ".join(f"pid {p} {cpu_seconds(p):.1f} s" for p in spawned)
            )
        print(f"the bench client's own CPU (every page, one process): {bench_cpu:.1f} s")
        store.engine.dispose()
    finally:
        if server is not None:
            stop_server(server)
        if name is not None:
            drop_database(name)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pods", type=int, help="pods of 8 (default 64; 2 with --sqlite)")
    parser.add_argument("--seconds", type=int, default=5, help="seconds per pick (BER-DRAFT-2: 60)")
    parser.add_argument("--think-min", type=float, default=1.0)
    parser.add_argument("--think-max", type=float, default=4.0)
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--no-kill", action="store_true")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--dump", help="a JSON file for the raw samples (latency by pod and pick)")
    parser.add_argument(
        "--sqlite", action="store_true", help="the default install: SQLite, 1 worker, no Redis"
    )
    args = parser.parse_args()
    if args.pods is None:
        args.pods = 2 if args.sqlite else 64
    if args.sqlite:
        args.no_kill = True  # one worker: nothing restarts it
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
