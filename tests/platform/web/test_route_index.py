"""The first-segment route index (torneo.platform.web.route_index): it only skips routes that
could not match, so every request reaches the route the whole router would have chosen."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.routing import APIWebSocketRoute
from fastapi.testclient import TestClient
from starlette.routing import BaseRoute, Match, Mount, WebSocketRoute

from tests.support.web import SECRET
from torneo.app import create_app
from torneo.platform.store.uow import Store
from torneo.platform.web.route_index import ANY, RouteIndex, first_segment, route_index_of
from torneo.platform.web.settings import WebSettings

PARAM = re.compile(r"\{([^}:]+)(:[^}]+)?\}")


def _scope(path: str, method: str) -> dict[str, Any]:
    return {
        "type": "websocket" if method == "WEBSOCKET" else "http",
        "method": method,
        "path": path,
        "root_path": "",
        "query_string": b"",
        "headers": [],
    }


def _first_match(routes: list[BaseRoute], path: str, method: str) -> BaseRoute | None:
    """What the router without the index picks: the first FULL match, else the first PARTIAL."""
    partial = None
    for route in routes:
        match, _ = route.matches(_scope(path, method))
        if match == Match.FULL:
            return route
        if match == Match.PARTIAL and partial is None:
            partial = route
    return partial


def _methods(route: BaseRoute) -> set[str] | None:
    if isinstance(route, WebSocketRoute | APIWebSocketRoute):
        return {"WEBSOCKET"}
    return getattr(route, "methods", None) or None


def _served(app: Any) -> list[tuple[str, str]]:
    """(sample path, method) of every route the app serves."""
    out = []
    for entry in app.router.routes:
        contexts = getattr(entry, "effective_route_contexts", None)
        served: list[tuple[str, set[str] | None]]
        if isinstance(entry, Mount):  # the static files: a file under its path
            served = [(f"{entry.path}/torneo.css", None)]
        elif contexts is None:
            served = [(str(getattr(entry, "path", "")), _methods(entry))]
        else:  # an included router: each path as served, with its includes' prefixes
            served = [
                (c.path_format or c.starlette_route.path, _methods(c.original_route))
                for c in contexts()
            ]
        for path, methods in served:
            for method in sorted(methods or {"GET"}):
                out.append((PARAM.sub("7", path) or "/", method))
    return out


def test_first_segment() -> None:
    assert first_segment("/events/{event_id}/report") == "events"
    assert first_segment("/") == ""
    assert first_segment("/{topic}") == ANY
    assert first_segment("/static") == "static"


def test_every_route_is_reached_as_the_whole_router_would(web_store: Store) -> None:
    app = create_app(web_store)
    index = route_index_of(app)
    assert isinstance(index, RouteIndex)
    served = _served(app)
    assert len(served) > 300  # every discipline's pages and API
    for path, method in served:
        whole = _first_match(app.router.routes, path, method)
        assert whole is not None, (path, method)
        candidates = index.candidates(path)
        assert _first_match(candidates, path, method) is whole, (path, method)
        # the candidates keep the router's order (earlier routes win, as without the index)
        positions = [app.router.routes.index(c) for c in candidates]
        assert positions == sorted(positions)


def _endpoint(entry: BaseRoute | None, path: str, method: str) -> Any:
    """The endpoint that answers: an included router is followed down to its route."""
    while entry is not None and hasattr(entry, "_match"):
        entry = entry._match(_scope(path, method))[2]
    return getattr(entry, "endpoint", None) or getattr(entry, "app", None)


def test_no_route_is_shadowed_by_one_matched_before_it(web_store: Store) -> None:
    """The order of the routers (app._routers) lets every route be reached at its own path: a
    router moved ahead (the phones' pages first) takes nothing that belongs to another."""
    app = create_app(web_store)
    for entry in app.router.routes:
        contexts = getattr(entry, "effective_route_contexts", None)
        if contexts is None:
            continue
        for context in contexts():
            path = PARAM.sub("7", context.path_format or context.starlette_route.path)
            for method in sorted(_methods(context.original_route) or {"GET"}):
                chosen = _endpoint(_first_match(app.router.routes, path, method), path, method)
                assert chosen is context.original_route.endpoint, (method, path, chosen)


def test_a_path_no_route_serves_is_404_and_a_wrong_method_405(anon: TestClient) -> None:
    assert anon.get("/no-such-page").status_code == 404
    assert anon.get("/events/1/no-such-page").status_code == 404
    assert anon.delete("/login").status_code == 405  # /login is served, not with DELETE


def test_pages_still_link_to_routes_of_other_segments(anon: TestClient) -> None:
    """url_for reads the app's router: a page of one segment links to pages of others."""
    page = anon.get("/login")
    assert page.status_code == 200
    assert 'href="/static/' in page.text


@pytest.mark.parametrize("path", ["/events/", "/login/"])
def test_the_trailing_slash_redirect_still_works(anon: TestClient, path: str) -> None:
    answer = anon.get(path, follow_redirects=False)
    assert answer.status_code in (307, 308)
    assert answer.headers["location"].endswith(path.rstrip("/"))


def test_an_app_served_under_a_path_prefix_routes_by_the_path_after_it(web_store: Store) -> None:
    """Behind a proxy that serves Torneo under /torneo (uvicorn --root-path), the index keys a
    request by the segment after the prefix, as Starlette's routing does."""
    app = create_app(web_store, settings=WebSettings(secret_key=SECRET, env="test"))
    with TestClient(app, root_path="/torneo") as client:
        page = client.get("/torneo/login")
        assert page.status_code == 200
        assert client.get("/torneo/no-such-page").status_code == 404


def test_a_lean_route_is_the_route_the_whole_router_picks(web_store: Store) -> None:
    """Issue 32 item 4: a lean handler answers before the router, so it must stand for the one
    route the whole router would pick for its method and path; add_lean refuses any other."""
    app = create_app(web_store)
    index = route_index_of(app)
    for leans in index.lean.values():
        for lean in leans:
            path = PARAM.sub("7", lean.route.path)
            assert lean.regex.match(path)
            chosen = _endpoint(
                _first_match(app.router.routes, path, lean.method), path, lean.method
            )
            assert chosen is lean.route.endpoint

    async def nothing(request: Any, params: dict[str, str]) -> None:
        return None

    with pytest.raises(ValueError, match="0 routes"):
        index.add_lean("POST", "/events/{event_id}/no-such-page", nothing)
    with pytest.raises(ValueError, match="0 routes"):
        index.add_lean("DELETE", "/events/{event_id}/report", nothing)
