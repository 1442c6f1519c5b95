"""The live pages of the load bench (bench/load/run.py): a process of their own that opens
Server-Sent Event streams on an event and notes when each result's notice reaches each one."""

from __future__ import annotations

import asyncio
import json
import time
from collections import defaultdict
from typing import Any

from _servers import open_live_stream


def subscribers_main(
    port: int, event_id: int, count: int, ready: Any, stop: Any, out: Any, first: int = 0
) -> None:
    """Open ``count`` streams, numbered from ``first`` (their addresses: several processes
    share the streams); report {table: (streams that heard it, last arrival, first arrival)}."""
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    heard: dict[int, list[float]] = defaultdict(list)
    live = 0
    failed = 0

    async def one(number: int) -> None:
        nonlocal live, failed
        # each reader its own address, like the phones
        n = first + number
        opened = await open_live_stream(
            port, f"event:{event_id}", f"10.250.{n // 250}.{n % 250 + 1}"
        )
        if opened is None:
            failed += 1
            return
        reader, writer = opened
        buffer = b""
        is_live = False
        try:
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    return
                now = time.time()
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    if not is_live and line.startswith(b"retry:"):
                        is_live = True
                        live += 1
                    elif line.startswith(b"data: ") and b'"kind":"result"' in line:
                        table = json.loads(line[6:])["data"]["table"]
                        heard[int(table)].append(now)
        finally:
            writer.close()

    async def main() -> None:
        tasks = [asyncio.create_task(one(n)) for n in range(count)]
        deadline = time.monotonic() + 60
        while live + failed < count and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        ready.put((live, failed))
        while not stop.is_set():
            await asyncio.sleep(0.1)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    out.put({t: (len(v), max(v), min(v)) for t, v in heard.items()})


def split_streams(streams: int, readers: int) -> list[tuple[int, int]]:
    """(first stream's number, streams) of each reading process: the streams split evenly."""
    readers = max(1, min(readers, streams))
    return [
        (n * streams // readers, (n + 1) * streams // readers - n * streams // readers)
        for n in range(readers)
    ]


def merge_heard(
    parts: list[dict[int, tuple[int, float, float]]],
) -> dict[int, tuple[int, float, float]]:
    """The readers' {table: (streams that heard it, last arrival, first arrival)} as one."""
    heard: dict[int, tuple[int, float, float]] = {}
    for part in parts:
        for table, (count, last, first) in part.items():
            if table in heard:
                was = heard[table]
                heard[table] = (was[0] + count, max(was[1], last), min(was[2], first))
            else:
                heard[table] = (count, last, first)
    return heard
