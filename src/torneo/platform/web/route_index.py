"""A first-segment index in front of the app's router: a request is matched only against the
routes that can match its path.

Why it is written here: FastAPI (0.165) keeps each included router as a nested branch and
matches a request by asking every branch in turn, each of which tries every one of its routes
(and a chosen branch matches again to dispatch). With 350 routes in some 30 routers that cost
about 0.7 ms of CPU per request, for every page, API call and report (issue 14: a report's whole
budget is a few milliseconds). Starlette and FastAPI have no index of their own.

How: every top-level entry of the app's router (an included router, a mount, a route) is filed
under the first path segment of each path it serves ("events" for ``/events/{event_id}``); an
entry with a path parameter as its first segment is filed under every key. A request's
candidates are the entries of its first segment, **in the router's own order**, and FastAPI's
own matching runs over them: a route that could not match the path is the only thing skipped,
so the chosen route, 405 for a wrong method, the trailing-slash redirect and 404 are what the
whole router would answer. ``request.url_for`` still sees every route (the scope's router is the
app's). The index is built once, when the app is built: routes are not added afterwards.

**Lean routes** (issue 32 item 4, :class:`Lean`): a route's hottest request may be answered by a
plain ``async (request, path_params) -> Response | None`` before FastAPI's router, skipping its
matching layers, its dependency solving and its form machinery (50-60 µs of a report, through
ASGI alone). The route stays FastAPI's, in ``app.routes`` (the route matrix, ``url_for``, the
metrics' label): the lean handler answers only the requests it knows to answer exactly as the
route would, and returns None for every other, which then goes to FastAPI as if the lean
handler were not there, with whatever body it read handed back (:class:`_Recorded`). Only
``(method, path format)`` pairs that no other route serves may be lean (checked when added).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRouter
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, compile_path
from starlette.types import ASGIApp, Message, Receive, Scope, Send

ANY = "{"  # the key of entries whose first segment is a parameter: they take every path


def first_segment(path: str) -> str:
    """``/events/12/report`` → ``events``; ``/`` → ``""``; a parameter → :data:`ANY`."""
    segment = path.lstrip("/").split("/", 1)[0]
    return ANY if "{" in segment else segment


def _paths(entry: BaseRoute) -> Iterator[str]:
    """Every path format an entry of the router serves (an included router: all of its).

    An included router's paths are its include prefixes joined to its routes' own paths, read
    from the include's records. Not through FastAPI's ``effective_route_contexts``: that builds
    every route's dependants and pydantic fields (about 1 s of CPU for the app's 360 routes,
    paid again by every app built, once per test), work FastAPI otherwise does lazily, for the
    branches a request actually tries."""
    for path, _ in _routes(entry):
        yield path


def _routes(entry: BaseRoute, prefix: str = "") -> Iterator[tuple[str, BaseRoute]]:
    """Every (path format, route) an entry of the router serves (:func:`_paths`, with routes)."""
    included = getattr(entry, "original_router", None)
    context = getattr(entry, "include_context", None)
    if included is not None and context is not None:  # an included router
        here = prefix + str(context.prefix)
        for route in included.routes:
            yield from _routes(route, here)
        return
    yield prefix + str(getattr(entry, "path", "")), entry


LeanHandler = Callable[[Request, dict[str, str]], Awaitable[Response | None]]


@dataclass(frozen=True, slots=True)
class Lean:
    """One lean route: its method, its path's pattern, its handler and FastAPI's own route."""

    method: str
    regex: Any  # re.Pattern[str]
    handler: LeanHandler
    route: BaseRoute


class _Recorded:
    """The request's ``receive``, keeping what the lean handler read, so that a request it
    declines reaches FastAPI's route with its body whole."""

    def __init__(self, receive: Receive) -> None:
        self._receive = receive
        self.read: list[Message] = []

    async def receive(self) -> Message:
        message = await self._receive()
        self.read.append(message)
        return message

    async def replay(self) -> Message:
        if self.read:
            return self.read.pop(0)
        return await self._receive()


class RouteIndex:
    """The ASGI app that replaces the router's dispatch (see the module doc)."""

    def __init__(self, router: APIRouter, dispatch: ASGIApp) -> None:
        self.router = router
        self.dispatch = dispatch  # the router's own: lifespan, and what the index cannot key
        keyed: dict[str, list[BaseRoute]] = {}
        anywhere: list[BaseRoute] = []
        order = {id(entry): n for n, entry in enumerate(router.routes)}
        for entry in router.routes:
            keys = {first_segment(p) for p in _paths(entry)}
            if ANY in keys or not keys:
                anywhere.append(entry)
            for key in keys - {ANY}:
                keyed.setdefault(key, []).append(entry)
        self.buckets: dict[str, APIRouter] = {}
        for key, entries in keyed.items():
            merged = sorted(
                {id(e): e for e in entries + anywhere}.values(), key=lambda e: order[id(e)]
            )
            self.buckets[key] = self._bucket(merged)
        self.rest = self._bucket(anywhere)
        self.lean: dict[str, list[Lean]] = {}

    def add_lean(self, method: str, path: str, handler: LeanHandler) -> Lean:
        """Answer ``method path`` by ``handler`` first (the module doc); FastAPI's route for it
        must exist, and be the only one serving that method and path format."""
        served = [
            route
            for entry in self.router.routes
            for found, route in _routes(entry)
            if found == path and method in (getattr(route, "methods", None) or ())
        ]
        if len(served) != 1:
            raise ValueError(f"{method} {path}: {len(served)} routes serve it, not one")
        regex, _, _ = compile_path(path)
        lean = Lean(method, regex, handler, served[0])
        self.lean.setdefault(first_segment(path), []).append(lean)
        return lean

    def _bucket(self, entries: list[BaseRoute]) -> APIRouter:
        bucket = APIRouter(redirect_slashes=self.router.redirect_slashes)
        bucket.routes = entries
        bucket.default = self.router.default  # the app's 404
        return bucket

    def candidates(self, path: str) -> list[BaseRoute]:
        """The entries a request for ``path`` is matched against (for the tests)."""
        return list(self._bucket_of(path).routes)

    def _bucket_of(self, path: str) -> APIRouter:
        return self.buckets.get(path.lstrip("/").split("/", 1)[0], self.rest)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.dispatch(scope, receive, send)
            return
        path: str = scope["path"]
        root: str = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        # url_for and the exception handlers read the app's router from the scope.
        scope.setdefault("router", self.router)
        bucket = self._bucket_of(path)
        if self.lean and scope["type"] == "http" and "fastapi.telemetry" not in scope:
            for lean in self.lean.get(path.lstrip("/").split("/", 1)[0], ()):
                if scope["method"] == lean.method:
                    found = lean.regex.match(path)
                    if found is not None:
                        await self._lean(lean, found.groupdict(), bucket, scope, receive, send)
                        return
        await bucket.app(scope, receive, send)

    async def _lean(
        self,
        lean: Lean,
        params: dict[str, str],
        bucket: APIRouter,
        scope: Scope,
        receive: Receive,
        send: Send,
    ) -> None:
        """The lean handler's answer; FastAPI's route (the body given back) if it declines.
        Its refusals (raised) go to the app's exception handlers, as a route's do."""
        # What FastAPI's matching would have put in the scope (the metrics, the access line).
        scope["route"], scope["path_params"] = lean.route, params
        scope["endpoint"] = getattr(lean.route, "endpoint", None)
        recorded = _Recorded(receive)
        response = await lean.handler(Request(scope, recorded.receive, send), params)
        if response is None:
            await bucket.app(scope, recorded.replay, send)
            return
        await response(scope, receive, send)


def install_route_index(app: FastAPI) -> RouteIndex:
    """Put the index in front of the app's router (called once its routes are all in)."""
    router = app.router
    index = RouteIndex(router, router.middleware_stack)
    router.middleware_stack = index
    return index


def route_index_of(app: FastAPI) -> Any:
    return app.router.middleware_stack
