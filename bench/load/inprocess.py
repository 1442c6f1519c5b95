"""A player's report through the app alone: CPU per request, and where it goes (issue 32 item 4).

    .venv/bin/python bench/load/inprocess.py [--players 400] [--profile out.prof] [--sqlite]

Builds the load bench's event (bench/load/run.py's seed, fewer players), builds the app as
``torneo serve`` does (production settings), and calls it through ASGI with a minimal client
(no sockets, no uvicorn, no HTTP client): each phone opens its match by its slip's code (GET,
then the POST that shows the match), then posts its result with htmx, one request at a time.
It prints the process's CPU per report request (``time.process_time``, the threads' included)
and, with ``--profile``, writes a cProfile of the report requests alone. What uvicorn adds
(parsing, writing) is not in it: this is the app's share of the request path.

``--compare`` sends every other report through FastAPI's route instead of the lean one
(``cards/self_report/pages_lean.py``, issue 32 item 4) and prints the event loop's CPU per
report of each: the same process, the same database, the two paths interleaved, so a busy
neighbour on the host weighs on both alike.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import re
import sys
import tempfile
import time
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "bench" / "load"))

from seed import SECRET, seed_event  # noqa: E402

from _common import host_line  # noqa: E402
from _servers import create_database, drop_database  # noqa: E402
from torneo.platform.web.route_index import route_index_of  # noqa: E402

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


class Phone:
    """One phone's cookies and address, calling the app through ASGI."""

    def __init__(self, app: Any, address: str) -> None:
        self.app = app
        self.address = address
        self.cookies: dict[str, str] = {}

    async def call(
        self, method: str, path: str, form: dict[str, str] | None = None, hx: bool = False
    ) -> tuple[int, str]:
        body = urlencode(form or {}).encode()
        headers = [(b"host", b"torneo.example"), (b"user-agent", b"phone")]
        if method == "POST":
            headers += [
                (b"content-type", b"application/x-www-form-urlencoded"),
                (b"content-length", str(len(body)).encode()),
                (b"origin", b"https://torneo.example"),
            ]
        if hx:
            headers.append((b"hx-request", b"true"))
        if self.cookies:
            jar = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            headers.append((b"cookie", jar.encode()))
        path, _, query = path.partition("?")
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "https",
            "path": path,
            "raw_path": path.encode(),
            "root_path": "",
            "query_string": query.encode(),
            "headers": headers,
            "client": (self.address, 40000),
            "server": ("torneo.example", 443),
        }
        sent = False
        status = 0
        location = ""
        chunks: list[bytes] = []

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if sent:
                await asyncio.sleep(3600)
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status, location
            if message["type"] == "http.response.start":
                status = message["status"]
                for name, value in message.get("headers", ()):
                    if name.lower() == b"location":
                        location = value.decode()
                    if name.lower() == b"set-cookie":
                        for key, morsel in SimpleCookie(value.decode()).items():
                            self.cookies[key] = morsel.value
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        if status == 303:  # Post/Redirect/Get, as a browser follows it
            return await self.call("GET", location.removeprefix("https://torneo.example"))
        return status, b"".join(chunks).decode()


async def drive(
    app: Any, event_id: int, slips: list[Any], profile: str | None, compare: bool = False
) -> None:
    url = f"/events/{event_id}/report"
    phones: list[tuple[Phone, dict[str, Any]]] = []
    for n, slip in enumerate(slips):
        phone = Phone(app, f"10.9.{n // 250}.{n % 250 + 1}")
        status, page = await phone.call("GET", f"{url}?table={slip.table}&code={slip.code}")
        found = TOKEN.search(page)
        assert status == 200, (status, page[:300])
        assert found, page[:300]
        form = {"csrf_token": found[1], "table": str(slip.table), "code": str(slip.code)}
        status, page = await phone.call("POST", url, form)
        assert status == 200, (status, page[:300])
        first = not phones or phones[-1][1]["table"] != form["table"]
        phones.append((phone, form | {"result": "2-1" if first else "1-2"}))  # one score
    profiler = cProfile.Profile() if profile else None
    cpu, wall, loop = time.process_time(), time.perf_counter(), time.thread_time()
    if profiler:
        profiler.enable()
    refused = 0
    index = route_index_of(app)
    lean = dict(index.lean)
    spent = {"lean": 0.0, "FastAPI's route": 0.0}
    for n, (phone, form) in enumerate(phones):
        path = "FastAPI's route" if compare and n % 2 else "lean"
        index.lean = lean if path == "lean" else {}
        before = time.thread_time()
        status, page = await phone.call("POST", url, form, hx=True)
        spent[path] += time.thread_time() - before
        bad = status != 200 or 'class="alert ok"' not in page
        if bad and not refused:
            print(status, re.findall(r"class=\"alert[^<]*<[^<]*", page))
        refused += bad
    if profiler and profile:
        profiler.disable()
        profiler.dump_stats(profile)
    loop = time.thread_time() - loop
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    n = len(phones)
    print(
        f"{n} report requests, one at a time: {cpu / n * 1000:.3f} ms CPU per request, "
        f"{loop / n * 1000:.3f} ms of it in the event loop's thread "
        f"({wall / n * 1000:.3f} ms wall), {refused} refused"
    )
    if compare:
        for path, seconds in spent.items():
            print(f"  through {path}: {seconds / (n / 2) * 1000:.3f} ms of the event loop a report")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--profile", help="write a cProfile of the report requests here")
    parser.add_argument(
        "--compare", action="store_true", help="every other report through FastAPI's route"
    )
    args = parser.parse_args()
    print(host_line())
    name, url = create_database("torneo_inproc")
    try:
        event_id, slips, _ = seed_event(url, args.players)
        os.environ.update(
            {
                "TORNEO_DATABASE_URL": url,
                "TORNEO_SECRET_KEY": SECRET,
                "TORNEO_ENV": "production",
                "TORNEO_TRUSTED_PROXIES": "",
            }
        )
        os.environ.pop("TORNEO_REDIS_URL", None)
        os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp())
        from torneo.app import create_app

        app = create_app()

        async def run() -> None:
            async with app.router.lifespan_context(app):
                await drive(app, event_id, slips, args.profile, args.compare)

        asyncio.run(run())
        app.state.store.engine.dispose()
    finally:
        drop_database(name)


if __name__ == "__main__":
    main()
