"""The season pages through the ASGI app (issue 5 figures, beside bench/season.py's domain ones).

A season of 2,000 tournaments and 60,000 results (stores holding one tournament a fortnight,
five Majors, a pool of 4,000 players) is written as the import CSV, imported through the service
(``import_season_csv``: parse, validate, sanction, score, save), then its public page is fetched
through the ASGI app: the first request (read, rank, render) and the next ones (the read model
is cached under the season's fingerprint: one cheap query, then render), the CSV export, a
player's history page and the JSON standings.

    .venv/bin/python bench/season_page.py [--tournaments N] [--results M] [--requests K]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from fastapi.testclient import TestClient

from _common import peak_rss_mib, summary_ms, timed
from torneo.app import create_app
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.settings import WebSettings
from torneo.seasons import commands as seasons

HEADER = "tournament,date,store,major,player,place,swiss_points,topcut_wins,dropped"
SEASON = ("2011-09-18", "2012-06-30")


def _structure(n: int) -> tuple[int, int]:
    """INV-STRUCT-1: Swiss rounds and Top size for n players."""
    if n <= 8:
        return 3, 4
    if n <= 12:
        return 4, 4
    if n <= 16:
        return 4, 8
    if n <= 30:
        return 5, 8
    return 6, 8


def _top_wins(place: int, top: int) -> int:
    return 0 if place > top else (top.bit_length() - 1) - (place - 1).bit_length()


def _sizes(rng: random.Random, tournaments: int, results: int) -> list[int]:
    base, extra = divmod(results, tournaments)
    sizes = [base + (1 if i < extra else 0) for i in range(tournaments)]
    for _ in range(tournaments * 4):  # spread the sizes, keeping the total exact
        i, j = rng.randrange(tournaments), rng.randrange(tournaments)
        k = rng.randint(0, 10)
        if i != j and sizes[i] + k <= 52 and sizes[j] - k >= 8:
            sizes[i] += k
            sizes[j] -= k
    return sizes


def make_csv(rng: random.Random, tournaments: int, results: int, pool: int = 4000) -> str:
    """A legal-looking season: stores every 14 days, 5 Majors with their quiet weeks kept."""
    start, end = date.fromisoformat(SEASON[0]), date.fromisoformat(SEASON[1])
    days = (end - start).days
    majors = [start + timedelta(days=days * (k + 1) // 6) for k in range(5)]
    sizes = _sizes(rng, tournaments, results)
    big = sorted(range(tournaments), key=lambda i: -sizes[i])[:5]
    # Each store plays every other Saturday-ish slot; a slot within 7 days of a Major is skipped.
    slots = [start + timedelta(days=d) for d in range(0, days + 1, 14)]
    slots = [s for s in slots if all(abs((s - m).days) >= 7 for m in majors)]
    names = [f"Giocatore {i:04d}" for i in range(1, pool + 1)]
    lines = [HEADER]
    minor = [i for i in range(tournaments) if i not in big]
    per_store = len(slots)
    for k, i in enumerate(big):
        lines += _rows(rng, f"Tappa {k + 1}", majors[k], f"Major {k + 1}", True, sizes[i], names)
    for k, i in enumerate(minor):
        store, slot = divmod(k, per_store)
        offset = store % 7  # stores play on different weekdays
        day = min(slots[slot] + timedelta(days=offset), end)
        if any(abs((day - m).days) < 7 for m in majors):
            day = slots[slot]
        lines += _rows(rng, f"Torneo {k + 1}", day, f"Negozio {store + 1}", False, sizes[i], names)
    return "\n".join(lines) + "\n"


def _rows(
    rng: random.Random, name: str, day: date, store: str, major: bool, n: int, pool: list[str]
) -> list[str]:
    rounds, top = _structure(n)
    top = min(top, 1 << (n.bit_length() - 1))
    players = rng.sample(pool, n)
    swiss = sorted(sum(rng.choice((0, 0, 1, 3, 3)) for _ in range(rounds)) for _ in range(n))
    swiss.reverse()
    tag = "yes" if major else "no"
    out = []
    for place, player in enumerate(players, start=1):
        sp = min(swiss[place - 1], 3 * rounds)
        out.append(
            f"{name},{day.isoformat()},{store},{tag},{player},{place},{sp},"
            f"{_top_wins(place, top)},no"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tournaments", type=int, default=2000)
    parser.add_argument("--results", type=int, default=60_000)
    parser.add_argument("--requests", type=int, default=10)
    args = parser.parse_args()
    rng = random.Random(20120630)
    text = make_csv(rng, args.tournaments, args.results)
    folder = Path(tempfile.mkdtemp(prefix="torneo-season-page-"))
    engine = make_engine(f"sqlite:///{folder / 'season.db'}")
    upgrade(engine)
    store = Store(engine, lambda: datetime(2012, 7, 1, 12, tzinfo=UTC))
    organizer = Actor("bench", frozenset({(1, "organizer")}))
    summary, import_s = timed(
        lambda: seasons.import_season_csv(store, organizer, "Bench", "invasion-it-2012", text)
    )
    print(
        f"import: {summary.tournaments} tournaments, {summary.results} results "
        f"({len(summary.void)} void) in {import_s:.2f} s"
    )
    app = create_app(store, settings=WebSettings(secret_key="b" * 48, env="test"))
    with TestClient(app) as client:
        sid = summary.season_id
        url = f"/seasons/{sid}"
        first, cold = timed(lambda: client.get(url))
        assert first.status_code == 200, first.text[:500]
        warm: list[float] = []
        for _ in range(args.requests):
            t0 = time.perf_counter()
            r = client.get(url)
            warm.append(time.perf_counter() - t0)
            assert r.status_code == 200
        print(
            f"season page: first {cold * 1000:.0f} ms ({len(first.content) / 1024:.0f} KiB), "
            f"cached {summary_ms(warm)}"
        )
        full, full_s = timed(lambda: client.get(url + "?all=1"))
        print(
            f"season page, all {full.text.count('<tr') - 1} rows: {full_s * 1000:.0f} ms "
            f"({len(full.content) / 1024:.0f} KiB)"
        )
        csv, csv_s = timed(lambda: client.get(f"/seasons/{sid}/standings.csv"))
        print(f"standings CSV: {csv_s * 1000:.0f} ms ({csv.text.count(chr(10)) - 1} rows)")
        api, api_s = timed(lambda: client.get(f"/api/v1/seasons/{sid}/standings"))
        print(f"standings JSON: {api_s * 1000:.0f} ms ({len(api.json())} rows)")
        pid = api.json()[0]["player_id"]
        player, player_s = timed(lambda: client.get(f"{url}/players/{pid}"))
        assert player.status_code == 200
        print(f"player page: {player_s * 1000:.0f} ms")
    print(f"peak RSS: {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
