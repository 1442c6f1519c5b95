"""Web speed: the event page and the standings API of a 256-player event, through the ASGI app.

Run: ``.venv/bin/python bench/web.py [--requests 200] [--rounds 5]``. The event is built through
the services on a temporary SQLite file (256 players, ``--rounds`` Swiss rounds paired with random
best-of-three results, the next round paired and half reported, as in the middle of a day), then
each URL is requested in-process through ``TestClient`` (httpx over ASGI) and the median and p95
latency are printed. Aim (issue 2): event page p95 < 50 ms on this machine.

Pages are served from a read cache checked against the database on every request
(``torneo.cards.cache``): the "cold" lines show the first view after a change, which rebuilds the
standings (the engine's time) and the sections.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from _common import peak_rss_mib, summary_ms, timed
from torneo.app import create_app
from torneo.cards import commands as events
from torneo.cards.state import get_event
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings

RESULTS = ["2-0", "2-1", "1-2", "0-2", "2-0", "0-2", "1-1-1"]


def _open_tables(store: Store, event_id: int) -> tuple[int, list[int]]:
    with store.read() as s:
        event = get_event(s, event_id)
        current = max(m.round_no for m in event.matches)
        tables = [
            m.table_no
            for m in event.matches
            if m.round_no == current and m.player_b_id is not None and m.wins_a is None
        ]
    return current, tables


def build_event(store: Store, players: int, rounds: int, rng: random.Random) -> int:
    org = Actor.system()
    event_id = events.create_event(
        store, org, name="Bench 256", preset="invasion-it-2012", held_on="2012-03-10", seed=256
    )
    roster = "\n".join(f"Giocatore {i:03d},Club {i % 17}" for i in range(1, players + 1))
    events.register_roster(store, org, event_id, roster)
    events.start_event(store, org, event_id)
    for round_no in range(1, rounds + 2):
        events.pair_next_round(store, org, event_id)
        current, tables = _open_tables(store, event_id)
        if round_no == rounds + 1:
            tables = tables[: len(tables) // 2]  # the round being played: half reported
        for table in tables:
            events.report_result(store, org, event_id, current, table, rng.choice(RESULTS))
    return event_id


def measure(client: TestClient, url: str, n: int, *, cold: bool = False) -> list[float]:
    """Latencies of ``n`` GETs; ``cold`` empties the read cache first (as after each result)."""
    for _ in range(5):  # warm-up: templates compiled, connections pooled
        assert client.get(url).status_code == 200
    cache = client.app.state.read_cache  # type: ignore[attr-defined]
    samples = []
    for _ in range(n):
        if cold:
            cache.clear()
        start = time.perf_counter()
        response = client.get(url)
        samples.append(time.perf_counter() - start)
        assert response.status_code == 200, response.text[:200]
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=5, help="complete Swiss rounds (of 6)")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--cold", type=int, default=40, help="requests with an empty cache")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'bench.db'}")
        upgrade(engine)
        store = Store(engine)
        event_id, seconds = timed(
            lambda: build_event(store, args.players, args.rounds, random.Random(1))
        )
        print(
            f"event: {args.players} players, {args.rounds} rounds + 1 half reported, "
            f"built through the services in {seconds:.1f} s"
        )
        settings = WebSettings(secret_key="bench-secret-key-0123456789-0123456789", env="test")
        with TestClient(create_app(store, settings=settings)) as client:
            for label, url in [
                ("event page (HTML, it)", f"/events/{event_id}"),
                ("event page (HTML, en)", f"/events/{event_id}?lang=en"),
                ("standings API (JSON)", f"/api/v1/events/{event_id}/standings"),
                ("pairings API (JSON)", f"/api/v1/events/{event_id}/pairings"),
                ("event list (HTML)", "/"),
            ]:
                samples = measure(client, url, args.requests)
                size = len(client.get(url).content) / 1024
                print(
                    f"{label:24s} {args.requests} requests: {summary_ms(samples)} ({size:.0f} KiB)"
                )
            # The first view after each change rebuilds the read model and the sections.
            for label, url in [
                ("event page, cold cache", f"/events/{event_id}"),
                ("standings API, cold", f"/api/v1/events/{event_id}/standings"),
            ]:
                samples = measure(client, url, args.cold, cold=True)
                print(f"{label:24s} {args.cold} requests: {summary_ms(samples)}")
        engine.dispose()
    print(f"peak memory {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
