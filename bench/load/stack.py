"""What each layer in front of a route costs a request (issue 32 item 4), through ASGI alone.

    .venv/bin/python bench/load/stack.py

Calls a POST of the report's size through the app's middlewares one at a time (each wrapping
an app that answers at once), and through the whole built stack of ``create_app`` in front of
a route that answers at once; prints the CPU per request of each, less the bare app's.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from _common import host_line  # noqa: E402

BODY = b"table=12&code=ABC123&result=2-1&csrf_token=" + b"x" * 43
N = 4000
_APP = SimpleNamespace(state=SimpleNamespace())


def _scope(path: str, cookie: bytes | None) -> dict[str, Any]:
    headers = [
        (b"host", b"torneo.example"),
        (b"content-type", b"application/x-www-form-urlencoded"),
        (b"content-length", str(len(BODY)).encode()),
        (b"hx-request", b"true"),
    ]
    if cookie:
        headers.append((b"cookie", cookie))
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "https",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": headers,
        "client": ("10.1.2.3", 40000),
        "server": ("torneo.example", 443),
        "app": _APP,  # what RequestMetrics reads (the app sets its own)
    }


async def _bare(scope: Any, receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    await receive()
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


async def _cost(app: Any, path: str = "/x", cookie: bytes | None = None) -> float:
    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": BODY, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        return None

    for _ in range(200):
        await app(_scope(path, cookie), receive, send)
    start = time.process_time()
    for _ in range(N):
        await app(_scope(path, cookie), receive, send)
    return (time.process_time() - start) / N * 1e6


async def main() -> None:
    os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp())
    from fastapi import FastAPI
    from fastapi.responses import PlainTextResponse
    from starlette.middleware.sessions import SessionMiddleware

    from torneo.app import create_app
    from torneo.platform.store.db import make_engine
    from torneo.platform.store.migrate import upgrade
    from torneo.platform.store.uow import Store
    from torneo.platform.web import metrics
    from torneo.platform.web.arrival import StampArrival
    from torneo.platform.web.headers import SecurityHeaders
    from torneo.platform.web.limits import BodyLimit
    from torneo.platform.web.request_ids import RequestIds
    from torneo.platform.web.settings import WebSettings

    bare = await _cost(_bare)
    print(host_line())
    print(f"bare ASGI app: {bare:.1f} µs per request (the caller's own)")
    engine = make_engine(f"sqlite:///{tempfile.mkdtemp()}/stack.db")
    upgrade(engine)
    store = Store(engine)
    secret = "stack-bench-" + "x" * 40
    signer = SessionMiddleware(_bare, secret_key=secret).signer
    cookie = b"torneo_session=" + signer.sign(b"eyJjc3JmIjoieCJ9")  # {"csrf":"x"}
    layers: list[tuple[str, Any]] = [
        ("StampArrival", StampArrival(_bare)),
        ("RequestIds (id, access line)", RequestIds(_bare)),
        ("RequestMetrics", metrics.RequestMetrics(_bare, pool=store.engine.pool)),
        ("BodyLimit", BodyLimit(_bare, max_bytes=1_000_000)),
        ("SecurityHeaders", SecurityHeaders(_bare, hsts=True)),
        ("SessionMiddleware, no cookie", SessionMiddleware(_bare, secret_key=secret)),
    ]
    for name, layer in layers:
        print(f"  {name}: +{await _cost(layer) - bare:.1f} µs")
    session = SessionMiddleware(_bare, secret_key=secret, session_cookie="torneo_session")
    with_cookie = await _cost(session, cookie=cookie) - bare
    print(f"  SessionMiddleware, a session cookie read: +{with_cookie:.1f} µs")

    settings = WebSettings(secret_key=secret, env="production")
    app = create_app(store, settings=settings)

    @app.post("/bench-stack")
    async def answer() -> PlainTextResponse:
        return PlainTextResponse("ok")

    # the route index again, with this route in it (Starlette builds the stack when None)
    app.router.middleware_stack = None  # type: ignore[assignment]
    from torneo.platform.web.route_index import install_route_index

    install_route_index(app)
    whole = await _cost(app, "/bench-stack", cookie) - bare
    plain = FastAPI()
    plain.post("/bench-stack")(answer)
    bare_fastapi = await _cost(plain, "/bench-stack") - bare
    print(f"FastAPI alone, one async route: +{bare_fastapi:.1f} µs")
    print(f"create_app's whole stack and router, one async route, a session: +{whole:.1f} µs")


if __name__ == "__main__":
    asyncio.run(main())
