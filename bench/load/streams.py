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
    blocks = Blocks()
    windows: list[tuple[tuple[int, ...], float]] = []  # (tables a read carried, when)
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
                tables, buffer, retry = blocks.read(buffer + chunk if buffer else chunk)
                if retry and not is_live:
                    is_live = True
                    live += 1
                if tables:
                    windows.append((tables, now))
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
    heard: dict[int, list[float]] = defaultdict(list)
    for tables, when in windows:  # every notice of every stream, counted once the run is over
        for table in tables:
            heard[table].append(when)
    out.put({t: (len(v), max(v), min(v)) for t, v in heard.items()})


class Blocks:
    """What the bytes of one read of a stream say: the tables of the results they carry, the
    bytes of an unfinished line left over, and whether a ``retry:`` line (the stream is live)
    was among them. The hub hands the same block of bytes to every stream of a worker
    (platform/web/live.py): a block read whole by 250 streams is parsed once, not 250 times,
    so the bench's live pages cost the shared cores less (issue 32 item 4: --rate 1000). Each
    stream still counts every notice it read (a read split differently is parsed anew)."""

    LIMIT = 512  # distinct reads kept: a few windows' worth of both workers' blocks

    def __init__(self) -> None:
        self.known: dict[bytes, tuple[tuple[int, ...], bytes, bool]] = {}
        self.parsed = 0  # distinct reads parsed (for the tests)

    def read(self, data: bytes) -> tuple[tuple[int, ...], bytes, bool]:
        found = self.known.get(data)
        if found is None:
            *lines, rest = data.split(b"\n")
            tables = tuple(
                int(json.loads(line[6:])["data"]["table"])
                for line in lines
                if line.startswith(b"data: ") and b'"kind":"result"' in line
            )
            retry = any(line.startswith(b"retry:") for line in lines)
            found = (tables, rest, retry)
            if len(self.known) >= self.LIMIT:
                self.known.clear()
            self.known[data] = found
            self.parsed += 1
        return found


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
