"""What a window of live notices costs a worker per open stream (issue 32 item 4).

    .venv/bin/python bench/load/fanout.py [--streams 500] [--windows 60] [--notices 10]

Starts ``torneo serve --workers 1`` on a fresh PostgreSQL database with Redis, opens S live
streams of one event (``streams.py``'s readers, a process of their own), and publishes W windows
of N notices each through Redis, one window every 0.3 s (each its own 0.2 s window on the
worker). It prints the worker's CPU per window and per stream and window, less what the same
time costs with the streams open and nothing published, and the readers' CPU per window. Fewer
streams (``--streams 0``) give the fixed part: Redis, the encoding.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from streams import subscribers_main  # noqa: E402

from _common import host_line  # noqa: E402
from _servers import (  # noqa: E402
    REDIS_URL,
    cpu_seconds,
    create_database,
    drop_database,
    free_port,
    server_cpu_seconds,
    start_server,
    stop_server,
)
from torneo.cards import commands as events  # noqa: E402
from torneo.platform.live.broker import Notice, RedisBroker  # noqa: E402
from torneo.platform.store.db import make_engine  # noqa: E402
from torneo.platform.store.migrate import upgrade  # noqa: E402
from torneo.platform.store.uow import Actor, Store  # noqa: E402

SECRET = "fanout-bench-secret-" + "x" * 40
ORG = Actor("bench", frozenset({(1, "organizer")}))
GAP = 0.3  # seconds between windows: more than the hub's 0.2 s window


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--windows", type=int, default=60)
    parser.add_argument("--notices", type=int, default=10, help="notices in each window")
    args = parser.parse_args()
    print(host_line())
    name, url = create_database("torneo_fanout")
    prefix = f"torneo-fanout-{uuid.uuid4().hex[:8]}"
    server = None
    readers = None
    stop = mp.Event()
    try:
        engine = make_engine(url)
        upgrade(engine)
        event_id = events.create_event(
            Store(engine), ORG, name="Fan-out", preset="invasion-it-2012", held_on="2012-06-30"
        )
        engine.dispose()
        port = free_port()
        server = start_server(url, port, prefix, 1, SECRET, env="production")
        ready: mp.Queue[tuple[int, int]] = mp.Queue()
        out: mp.Queue[object] = mp.Queue()
        readers = mp.Process(
            target=subscribers_main, args=(port, event_id, args.streams, ready, stop, out)
        )
        readers.start()
        live, failed = ready.get(timeout=120)
        print(f"{live} streams live, {failed} refused")
        broker = RedisBroker(REDIS_URL, prefix=prefix)
        topic = f"event:{event_id}"
        seconds = args.windows * GAP

        time.sleep(1.0)
        idle_server, idle_readers = server_cpu_seconds(server), cpu_seconds(readers.pid or 0)
        time.sleep(seconds)
        idle_server = server_cpu_seconds(server) - idle_server
        idle_readers = cpu_seconds(readers.pid or 0) - idle_readers

        busy_server, busy_readers = server_cpu_seconds(server), cpu_seconds(readers.pid or 0)
        start = time.monotonic()
        for window in range(args.windows):
            notices = [
                Notice(topic, "result", {"round": 1, "table": window * args.notices + n + 1})
                for n in range(args.notices)
            ]
            broker.publish_all(notices)
            time.sleep(max(0.0, start + (window + 1) * GAP - time.monotonic()))
        time.sleep(0.5)
        busy_server = server_cpu_seconds(server) - busy_server
        busy_readers = cpu_seconds(readers.pid or 0) - busy_readers
        broker.close()
        time.sleep(2.0)
        stop.set()
        heard: dict[int, tuple[int, float, float]] = out.get(timeout=60)  # type: ignore[assignment]
        published = args.windows * args.notices
        missed = sum(live - heard.get(t, (0, 0.0, 0.0))[0] for t in range(1, published + 1))

        worker = (busy_server - idle_server) / args.windows
        per_stream = worker / max(live, 1)
        print(
            f"== {live} streams, {args.windows} windows of {args.notices} notices, 1 worker, "
            "PostgreSQL + Redis =="
        )
        print(
            f"worker CPU: {busy_server:.2f} s publishing, {idle_server:.2f} s idle for as long: "
            f"{worker * 1000:.2f} ms per window = {per_stream * 1e6:.1f} µs per stream and window"
        )
        print(
            f"readers' CPU: {(busy_readers - idle_readers) / args.windows * 1000:.2f} ms per "
            f"window; notices missed {missed} of {published * live}"
        )
    finally:
        stop.set()
        if readers is not None:
            readers.join(30)
        if server is not None:
            stop_server(server)
        drop_database(name)


if __name__ == "__main__":
    main()
