"""The live draft's messages written by the hub straight to each page's WebSocket (issue 32,
torneo.platform.web.socket_direct) on a real uvicorn server, and the ASGI way wherever the
server's protocol is not uvicorn's sans-I/O websockets (its legacy one, the TestClient)."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any, cast

import httpx
import pytest
from fastapi import FastAPI
from websockets.sync.client import ClientConnection, connect

from tests.cards.draft.test_api_live import _client
from tests.support.servers import running
from tests.support.web import PASSWORD, SECRET
from torneo.app import create_app
from torneo.cards.draft.api_hub import Listener, hub_of
from torneo.platform.store.uow import Store
from torneo.platform.web.settings import WebSettings

World = tuple[Store, int, dict[tuple[int, int], int]]


@contextlib.contextmanager
def _page(base: str, event: int, username: str) -> Iterator[ClientConnection]:
    """A player's draft page: logged in over HTTP, then its socket (its first ``state`` read)."""
    with httpx.Client(base_url=base, timeout=5) as http:
        login = http.post("/api/v1/session", json={"username": username, "password": PASSWORD})
        assert login.status_code == 200, login.text
        cookie = "; ".join(f"{name}={value}" for name, value in http.cookies.items())
    uri = base.replace("http://", "ws://", 1) + f"/events/{event}/draft/ws"
    with connect(uri, additional_headers={"Cookie": cookie}, open_timeout=5) as ws:
        assert _next(ws)["type"] == "state"
        yield ws


def _next(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=5))
    return message


def _until(ws: ClientConnection, kind: str) -> list[dict[str, Any]]:
    """The page's messages up to the first of ``kind``, that one included."""
    seen = [_next(ws)]
    while seen[-1]["type"] != kind:
        seen.append(_next(ws))
    return seen


def _listeners(app: FastAPI, event: int, pages: int) -> list[Listener]:
    """The event's pages on the server, once ``pages`` of them have begun listening."""
    hub = hub_of(app)
    deadline = time.monotonic() + 5
    while len(hub.listeners.get(event, ())) < pages or any(
        x.seat is None for x in hub.listeners.get(event, ())
    ):
        assert time.monotonic() < deadline, "the pages did not open"
        time.sleep(0.02)
    return list(hub.listeners[event])


@pytest.mark.parametrize(
    ("ws", "deflate", "direct"),
    [
        ("auto", False, True),  # torneo serve's: each message framed by Torneo
        ("auto", True, True),  # compressed: framed by websockets (conn.send_text)
        pytest.param(  # uvicorn's legacy protocol: through ASGI
            "websockets",
            False,
            False,
            marks=pytest.mark.filterwarnings("ignore::DeprecationWarning"),
        ),
    ],
)
def test_ber_draft_1_a_pod_drafts_a_pass_over_a_real_server(
    world: World, ws: str, deflate: bool, direct: bool
) -> None:
    """The same conversation whichever way it is written: a pick's answer, the pod's ready
    seats as one message, and the next pack to every page, the picker's after its answer."""
    store, event, _ = world
    app = create_app(store, settings=WebSettings(secret_key=SECRET, env="test"))
    with running(app, ws=ws, deflate=deflate) as base, contextlib.ExitStack() as pages:
        socket = {n: pages.enter_context(_page(base, event, f"p{n}")) for n in (1, 2, 3, 4)}
        listeners = _listeners(app, event, 4)
        assert all((x.speak is not None) is direct for x in listeners)
        packs = {n: _card_of(socket[n]) for n in (1, 2, 3)}
        first = packs[1]
        socket[1].send(json.dumps({"type": "pick", "card": first, "booster": 1, "pick": 1}))
        heard = _until(socket[1], "picked")
        assert heard[-1] == {"type": "picked", "card": first, "booster": 1, "pick": 1}
        # the ready seats: one message for the pod's pages, the picker's too
        assert _until(socket[2], "ready")[-1] == {
            "type": "ready",
            "seats": [1],
            "booster": 1,
            "pick": 1,
        }
        assert _until(socket[1], "ready")[-1]["seats"] == [1]
        for n in (2, 3):
            socket[n].send(json.dumps({"type": "pick", "card": packs[n], "booster": 1, "pick": 1}))
            assert _until(socket[n], "picked")[-1]["card"] == packs[n]
        last = _card_of(socket[4])
        socket[4].send(json.dumps({"type": "pick", "card": last, "booster": 1, "pick": 1}))
        kinds = [m["type"] for m in _until(socket[4], "pack")]
        assert "picked" in kinds  # the last seat's answer came before the pack its pick made
        for n in (1, 2, 3):
            pack = _until(socket[n], "pack")[-1]
            assert (pack["booster"], pack["pick"], len(pack["pack"])) == (1, 2, 6)
        listeners = _listeners(app, event, 4)
    hub = hub_of(app)
    deadline = time.monotonic() + 5  # the pages closed: the hub lets them go
    while hub.listeners and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not hub.listeners
    assert all(x.speak is None for x in listeners)


def _card_of(ws: ClientConnection) -> str:
    """The first card of the page's pack, from a ``state`` it asks for."""
    ws.send(json.dumps({"type": "state"}))
    state = _until(ws, "state")[-1]
    card: str = state["pack"][0]["id"]
    return card


def test_under_the_test_client_the_messages_go_through_asgi(world: World) -> None:
    """No server's socket behind the TestClient: the page's task writes through ASGI."""
    store, event, _ = world
    client = _client(store, "p1")
    with client.websocket_connect(f"/events/{event}/draft/ws") as ws:
        state = ws.receive_json()
        assert state["type"] == "state"
        (listener,) = hub_of(cast(FastAPI, client.app)).listeners[event]
        assert listener.speak is None
        card = state["pack"][0]["id"]
        ws.send_json({"type": "pick", "card": card, "booster": 1, "pick": 1})
        assert ws.receive_json() == {"type": "picked", "card": card, "booster": 1, "pick": 1}
    client.__exit__(None, None, None)
