"""Shared by the benches that run real servers (bench/load/run.py, bench/security.py): a
PostgreSQL database of their own, and ``torneo serve`` workers on 127.0.0.1 with Redis."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import time
import uuid
from base64 import b64encode
from pathlib import Path

import httpx
import itsdangerous
from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = os.environ.get(
    "TORNEO_BENCH_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)
REDIS_URL = os.environ.get("TORNEO_BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")


def create_database(prefix: str) -> tuple[str, str]:
    """A new database named ``<prefix>_<random>``: its name and its URL."""
    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return name, PG_ADMIN.rsplit("/", 1)[0] + "/" + name


def drop_database(name: str) -> None:
    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    url: str,
    port: int,
    prefix: str,
    workers: int,
    secret: str,
    env: str = "development",
    threads: int | None = None,
    wait: float = 60,
    redis: bool = True,
) -> subprocess.Popen[bytes]:
    """``torneo serve`` on 127.0.0.1:``port``, once it answers (or RuntimeError after ``wait`` s).
    ``env`` is ``TORNEO_ENV``: production is how a club runs it (templates not reloaded,
    secure cookies: a client must send them back over plain HTTP, as bench/load/phones does);
    ``threads`` is ``TORNEO_WORKER_THREADS`` (None: the server's default); ``redis=False``
    serves without Redis (the default install: one worker, its notices in-process)."""
    environment = {
        **os.environ,
        "TORNEO_DATABASE_URL": url,
        "TORNEO_REDIS_URL": REDIS_URL,
        "TORNEO_REDIS_PREFIX": prefix,
        "TORNEO_SECRET_KEY": secret,
        "TORNEO_ENV": env,
    }
    if not redis:
        environment.pop("TORNEO_REDIS_URL")
    if threads is not None:
        environment["TORNEO_WORKER_THREADS"] = str(threads)
    command = [
        str(ROOT / ".venv/bin/torneo"),
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--no-access-log",
    ]
    server = subprocess.Popen(command, env=environment, start_new_session=True)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=2).status_code == 200:
                _settle(server, deadline)
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    stop_server(server)
    raise RuntimeError("the server did not start")


def _settle(server: subprocess.Popen[bytes], deadline: float) -> None:
    """Until every process of the server stands still for a second (or ``deadline``): it
    answers once one worker does, while the others, then the standby that takes a dead worker's
    place (torneo.cli.workers), still load the app: seconds of CPU a bench would count."""
    while time.monotonic() < deadline:
        before = server_cpu_seconds(server)
        time.sleep(1.0)
        if server_cpu_seconds(server) - before < 0.05:
            return


def worker_pids(server: subprocess.Popen[bytes], port: int) -> list[int]:
    """The server's processes serving ``port``: those holding a listening socket on it (the
    workers; not the supervisor, whose copies are not in its children, nor the standby, which
    has none until a worker dies, nor multiprocessing's helpers); the server itself when it
    runs one worker."""
    listening = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and int(fields[1].split(":")[1], 16) == port:
                listening.add(f"socket:[{fields[9]}]")
    found = [
        pid
        for pid in _descendants(server.pid)
        if pid != server.pid and listening & set(_socket_links(pid))
    ]
    return found or [server.pid]


def _socket_links(pid: int) -> list[str]:
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return []
    links = []
    for fd in fds:
        with contextlib.suppress(OSError):
            links.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
    return links


def server_pids(server: subprocess.Popen[bytes]) -> list[int]:
    """The server's process and every process it started (its workers, a standby, helpers)."""
    return _descendants(server.pid)


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo += children.get(current, [])
    return found


def server_cpu_seconds(server: subprocess.Popen[bytes]) -> float:
    """CPU seconds (user + system) the server and its workers have used so far (Linux /proc):
    what the machine's other load does not count in, unlike the wall time."""
    return _cpu_of(_descendants(server.pid))


def _cpu_of(pids: list[int]) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


def cpu_seconds(pid: int) -> float:
    """CPU seconds process ``pid`` and its children have used so far."""
    return _cpu_of(_descendants(pid))


def postgres_cpu_seconds(database: str) -> float:
    """CPU seconds the PostgreSQL backends serving ``database`` have used so far, plus the WAL
    writer's (the server runs on this machine: its share of the cores is part of the cost)."""
    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        pids = c.execute(
            text(
                "SELECT pid FROM pg_stat_activity WHERE datname = :db OR backend_type = 'walwriter'"
            ),
            {"db": database},
        ).scalars()
        found = [int(p) for p in pids]
    admin.dispose()
    return _cpu_of(found)


def stop_server(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def session_cookie(secret: str, user_id: int) -> str:
    """A logged-in session cookie's value for ``user_id``, signed with the server's secret as
    its session middleware does (no password checks for hundreds of simulated players)."""
    signer = itsdangerous.TimestampSigner(secret)
    data = b64encode(json.dumps({"uid": user_id, "gen": 0}).encode())
    return signer.sign(data).decode()


async def open_live_stream(
    port: int, topic: str, address: str
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
    """A browser's ``GET /live/<topic>`` on 127.0.0.1 from ``address`` (``X-Forwarded-For``,
    which uvicorn trusts from there: the streams are capped per address), sent raw; the
    connection, or None when it could not be opened."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return None
    request = (
        f"GET /live/{topic} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"X-Forwarded-For: {address}\r\nAccept: text/event-stream\r\n\r\n"
    )
    writer.write(request.encode())
    await writer.drain()
    return reader, writer
