"""The live draft over HTTP: the WebSocket, its stream fallback and POST, the pages, the API.

ASGI tests (the TestClient) on SQLite; the browser test is tests/cards/test_draft_browser.py.
"""

from __future__ import annotations

import contextlib
import threading

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

from tests.support.draft import draft_event, pick_round, player_accounts, seat_players
from tests.support.servers import running
from tests.support.web import PASSWORD, SECRET, add_user, api_login, make_client
from torneo.app import create_app
from torneo.cards.draft.commands_presence import is_connected
from torneo.cards.draft.tables import DraftSeat
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings


def _client(store: Store, username: str | None) -> TestClient:
    client = make_client(store)
    client.__enter__()
    if username:
        api_login(client, username)
    return client


def test_ber_draft_1_a_player_picks_over_the_socket_and_a_reconnect_gets_it_back(
    world: tuple[Store, int, dict[tuple[int, int], int]],
) -> None:
    store, event, _ = world
    client = _client(store, "p1")
    with client.websocket_connect(f"/events/{event}/draft/ws") as ws:
        state = ws.receive_json()
        assert state["type"] == "state"
        assert state["state"] == "picking"
        assert (state["pod"], state["seat"], state["booster"], state["pick"]) == (1, 1, 1, 1)
        assert len(state["pack"]) == 7
        assert state["server_now"]
        assert state["deadline"]
        ws.send_json({"type": "pick", "card": "NOPE", "booster": 1, "pick": 1})
        wrong = ws.receive_json()
        assert wrong["type"] == "error"
        assert wrong["field"] == "card"
        assert wrong["status"] == 422
        assert "non è nel tuo booster" in wrong["reason"]  # Italian by default
        card = state["pack"][0]["id"]
        ws.send_json({"type": "pick", "card": card, "booster": 1, "pick": 1})
        answers = [ws.receive_json(), ws.receive_json()]
        assert {"type": "picked", "card": card, "booster": 1, "pick": 1} in answers
        assert {"type": "ready", "seats": [1], "booster": 1, "pick": 1} in answers
        ws.send_json({"type": "pick", "card": state["pack"][1]["id"], "booster": 1, "pick": 1})
        twice = ws.receive_json()
        assert twice["status"] == 409
        assert twice["field"] == "pick"
    with client.websocket_connect(f"/events/{event}/draft/ws") as ws:  # a reload: all of it back
        again = ws.receive_json()
        assert again["state"] == "waiting"
        assert [p["id"] for p in again["picks"]] == [card]
    client.__exit__(None, None, None)


def test_ber_draft_1_when_the_last_seat_picks_every_page_of_the_pod_gets_its_next_pack(
    world: tuple[Store, int, dict[tuple[int, int], int]],
) -> None:
    store, event, _ = world
    pick_round(store, event, skip=frozenset({4}))
    client = _client(store, "p1")
    last = _client(store, "p4")
    with client.websocket_connect(f"/events/{event}/draft/ws") as ws:
        assert ws.receive_json()["state"] == "waiting"
        with last.websocket_connect(f"/events/{event}/draft/ws") as other:
            pack = other.receive_json()["pack"]
            other.send_json({"type": "pick", "card": pack[0]["id"], "booster": 1, "pick": 1})
            message = ws.receive_json()
            while message["type"] != "pack":
                message = ws.receive_json()
    assert (message["booster"], message["pick"], len(message["pack"])) == (1, 2, 6)
    for c in (client, last):
        c.__exit__(None, None, None)


def test_only_a_logged_in_player_opens_the_socket_and_only_from_this_site(
    world: tuple[Store, int, dict[tuple[int, int], int]],
) -> None:
    store, event, _ = world
    for username in (None, "org"):
        client = _client(store, username)
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(f"/events/{event}/draft/ws") as ws,
        ):
            ws.receive_json()
        assert closed.value.code == 4401
        # who asks is judged first: nobody learns from the code which events exist
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(f"/events/{event + 1000}/draft/ws") as ws,
        ):
            ws.receive_json()
        assert closed.value.code == 4401
        client.__exit__(None, None, None)
    player = _client(store, "p1")
    with (
        pytest.raises(WebSocketDisconnect) as foreign,
        player.websocket_connect(
            f"/events/{event}/draft/ws", headers={"Origin": "http://evil.example"}
        ) as ws,
    ):
        ws.receive_json()
    assert foreign.value.code == 4403
    player.__exit__(None, None, None)


def test_a_page_that_closes_leaves_at_once(
    world: tuple[Store, int, dict[tuple[int, int], int]],
) -> None:
    """BER-DRAFT-2: a player whose page is closed at the timeout is not connected. The page
    counted itself among the player's open pages while it closed, so it was never marked left
    and looked connected for PRESENCE_SECONDS more."""
    store, event, seats = world
    client = _client(store, "p1")
    with client.websocket_connect(f"/events/{event}/draft/ws") as ws:
        assert ws.receive_json()["state"] == "picking"
        assert _connected(store, seats[(1, 1)])
    assert not _connected(store, seats[(1, 1)])
    client.__exit__(None, None, None)


def _connected(store: Store, player_id: int) -> bool:
    with store.read() as s:
        seat = s.scalars(select(DraftSeat).where(DraftSeat.player_id == player_id)).one()
        return is_connected(seat, store.clock())


def test_the_fallback_is_a_stream_and_a_post(
    world: tuple[Store, int, dict[tuple[int, int], int]],
) -> None:
    store, event, _ = world
    client = _client(store, "p2")
    me = client.get(f"/api/v1/events/{event}/draft/me").json()
    assert me["state"] == "picking"
    assert me["seat"] == 2
    wrong = client.post(
        f"/api/v1/events/{event}/draft/picks", json={"card": "NOPE", "booster": 1, "pick": 1}
    )
    assert wrong.status_code == 422
    assert wrong.json()["field"] == "card"
    done = client.post(
        f"/api/v1/events/{event}/draft/picks",
        json={"card": me["pack"][0]["id"], "booster": 1, "pick": 1},
    )
    assert done.status_code == 200, done.text
    assert done.json()["card"] == me["pack"][0]["id"]
    with client.stream("GET", f"/events/{event}/draft/stream") as stream:
        first = next(line for line in stream.iter_lines() if line.startswith("data:"))
    assert '"state": "waiting"' in first
    client.__exit__(None, None, None)


def test_the_judges_see_the_overview_and_export_the_pick_log(
    world: tuple[Store, int, dict[tuple[int, int], int]],
) -> None:
    store, event, seats = world
    pick_round(store, event)
    org = _client(store, "org")
    page = org.get(f"/events/{event}/draft/judge")
    assert page.status_code == 200
    assert "Gruppo 1" in page.text
    overview = org.get(f"/api/v1/events/{event}/draft").json()
    assert overview["pods"][0]["pick"] == 2
    assert overview["set"] == "DEMO"
    csv = org.get(f"/api/v1/events/{event}/draft/picks.csv?player={seats[(1, 3)]}")
    assert csv.status_code == 200
    assert len(csv.text.splitlines()) == 2
    player = _client(store, "p1")
    assert player.get(f"/api/v1/events/{event}/draft").status_code == 403
    assert player.get(f"/events/{event}/draft").status_code == 200
    for c in (org, player):
        c.__exit__(None, None, None)


def test_a_drafted_pool_builds_a_deck_of_the_formats_size(
    world: tuple[Store, int, dict[tuple[int, int], int]],
) -> None:
    store, event, _ = world
    for _ in range(7):
        pick_round(store, event)
    player = _client(store, "p1")
    page = player.get(f"/events/{event}/draft/deck")
    assert page.status_code == 200
    assert "7 carte" in page.text
    for c in (player,):
        c.__exit__(None, None, None)


def test_card_sets_are_imported_through_the_api_all_or_nothing(sqlite_store: Store) -> None:
    add_user(sqlite_store, "org", "organizer")
    with make_client(sqlite_store) as client:
        api_login(client, "org")
        bad = "id,name,rarity,faction,cost\nA1,Uno,common,F,1\nA1,Due,mythic,F,x\n"
        r = client.post(
            "/api/v1/card-sets", json={"format": "csv", "text": bad, "code": "B", "name": "Base"}
        )
        assert r.status_code == 422
        body = r.json()
        assert body["field"] == "card_set"
        for part in ("row 3, rarity", "row 3, cost", "row 3, id", "starter"):
            assert part in body["detail"], body
        assert client.get("/api/v1/card-sets").json() == []
        rows = "".join(f"C{i},Card {i},common,F,1\n" for i in range(30))
        good = client.post(
            "/api/v1/card-sets",
            json={
                "format": "csv",
                "text": "id,name,rarity,faction,cost\n" + rows,
                "code": "B",
                "name": "Base",
                "booster": "common=7",
                "starter": "common=30",
            },
        )
        assert good.status_code == 201, good.text
        assert client.get("/api/v1/card-sets/B").json()["cards"] == 30


def test_issue27_draft_stream_of_a_missing_event_is_404(
    world: tuple[Store, int, dict[tuple[int, int], int]],
) -> None:
    store, event, _ = world
    client = _client(store, "p1")
    assert client.get(f"/events/{event + 1000}/draft/stream").status_code == 404
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/events/{event + 1000}/draft/ws") as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4404
    client.__exit__(None, None, None)


def test_issue27_draft_streams_share_the_live_pages_caps(
    world: tuple[Store, int, dict[tuple[int, int], int]],
) -> None:
    """One account opened 3,000 draft streams; now the live pages' caps count them (429)."""
    store, event, _ = world
    settings = WebSettings(
        secret_key=SECRET, env="test", live_streams_per_address=2, live_streams_per_worker=4
    )
    app = create_app(store, settings=settings)
    with running(app) as base, contextlib.ExitStack() as held:
        players = []
        for seat in (1, 2, 3):  # a player's newer page ends his older one: three players
            http = held.enter_context(httpx.Client(base_url=base, timeout=5))
            login = http.post(
                "/api/v1/session", json={"username": f"p{seat}", "password": PASSWORD}
            )
            assert login.status_code == 200
            players.append(http)
        with contextlib.ExitStack() as streams:
            reading = []  # a dropped line iterator would close its stream
            for http in players[:2]:
                stream = streams.enter_context(http.stream("GET", f"/events/{event}/draft/stream"))
                assert stream.status_code == 200
                reading.append(stream.iter_lines())
                assert next(reading[-1]).startswith("data:")
            third = players[2].get(f"/events/{event}/draft/stream")
            assert third.status_code == 429
            assert int(third.headers["retry-after"]) >= 1
            # one cap for every long-lived answer: a live page is refused as well
            assert players[2].get(f"/live/event:{event}").status_code == 429
        hubs = list(app.state.live_hubs.values())
        for _ in range(10_000):  # bounded: the server sees both streams close
            if not any(h.open_streams for h in hubs):
                break
            threading.Event().wait(0.001)
        with players[2].stream("GET", f"/events/{event}/draft/stream") as stream:
            assert stream.status_code == 200


def test_issue31_a_page_reads_its_state_again_when_the_database_was_away(
    world: tuple[Store, int, dict[tuple[int, int], int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """BER-DRAFT-2 / issue 31: connections killed as a notice arrives left the page silent for
    the rest of the draft. A state the page could not read is read again by itself, and a pick
    or a state asked meanwhile answers 503 on the open socket."""
    from sqlalchemy.exc import OperationalError

    from torneo.cards.draft import api_live
    from torneo.platform.live.broker import Notice

    monkeypatch.setattr(api_live, "READ_AGAIN", 0.05)
    store, event, _ = world
    client = _client(store, "p1")
    real = api_live.Seat._state
    away = {"reads": 0}

    def flaky(seat: api_live.Seat) -> dict[str, object]:
        if away["reads"] > 0:
            away["reads"] -= 1
            raise OperationalError("SELECT 1", {}, Exception("terminating connection"))
        return real(seat)

    monkeypatch.setattr(api_live.Seat, "_state", flaky)
    with client.websocket_connect(f"/events/{event}/draft/ws") as ws:
        assert ws.receive_json()["type"] == "state"
        away["reads"] = 2  # the database away for the next two reads
        ws.send_json({"type": "state"})
        busy = ws.receive_json()
        assert busy["type"] == "error"
        assert busy["status"] == 503
        # A notice every page re-reads its state on, through the broker as a worker hears it.
        store.broker.publish(Notice(f"draft:{event}", "reconnect", {}))
        again = ws.receive_json()  # the failed read was tried again by itself
        assert again["type"] == "state"
        assert away["reads"] == 0


def test_issue31_a_page_that_missed_the_start_reads_its_state_at_its_pods_first_pick(
    sqlite_store: Store,
) -> None:
    """BER-DRAFT-2 / issue 31: the notice that the draft started was lost (a broker away a
    moment, a start made by a process whose notices reach no worker): an open page had no seat
    and ignored every notice of the pods, so it sat silent for the whole draft while the timer
    picked for it. The first notice of a pod tells it the draft is under way: it reads its
    state once and drafts from there."""
    import time

    from torneo.cards.draft import commands as draft
    from torneo.platform.live.broker import InProcessBroker

    add_user(sqlite_store, "org", "organizer")
    event = draft_event(sqlite_store, 4, format_key="draft_one_booster", start=False)
    ids = [player_id for player_id, _ in player_accounts(sqlite_store, event, "p")]
    client = _client(sqlite_store, "p1")
    with client.websocket_connect(f"/events/{event}/draft/ws") as ws:
        before = ws.receive_json()
        assert before["type"] == "state"
        assert before.get("seat") is None
        heard = sqlite_store.broker
        sqlite_store.broker = InProcessBroker()  # the start's notice reaches no page
        try:
            draft.start_draft(sqlite_store, Actor("org", frozenset({(1, "organizer")})), event)
        finally:
            sqlite_store.broker = heard
        seats = seat_players(sqlite_store, event)
        mine = next(seat for seat, pid in seats.items() if pid == ids[0])
        pick_round(sqlite_store, event, skip=frozenset({mine[1]}), pod_no=mine[0])
        time.sleep(1.0)  # the page hears the pick (a read, if it reads) before the probe below
        ws.send_json({"type": "probe"})
        first = ws.receive_json()
        assert first["type"] == "state", first  # not the probe's error: it read its state
        assert (first["pod"], first["seat"]) == mine
        assert first["state"] == "picking"
    client.__exit__(None, None, None)
