"""How soon an open page shows a change made elsewhere (issue 26 item 2: "within 1 s").

A federation's setup: PostgreSQL, Redis, ``torneo serve`` with 2 workers. A poker night of 40
players and a RisiKo! evening of 40 are running; Chromium (Debian's, headless) keeps open the
pages a club has open that evening, each in its own window: the director's page, the desk, the
TV and a player's page of the poker night; the RisiKo! control room, its desk and its public page.
Another member of staff then busts players one by one and enters the RisiKo! results table by
table (the commands write through the same database and Redis, as a second server would), and
each page's next re-read after the change is timed: from the moment the change was committed
to the moment the page had swapped in what it re-read (htmx's ``afterSettle``). A change is
made every 2.5 s, as at a real table; figures are per page, in ms.

    .venv/bin/python bench/live_pages.py [--changes 12]
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "src"))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import Page  # noqa: E402

from _common import host_line, percentile  # noqa: E402
from _servers import (  # noqa: E402
    REDIS_URL,
    create_database,
    drop_database,
    free_port,
    start_server,
    stop_server,
)
from torneo.platform.store.uow import Actor, Store  # noqa: E402

PASSWORD = "bench-live-pages-2026"
SETTLED = "document.addEventListener('htmx:afterSettle', () => { window.__settled = Date.now(); });"
SPACING = 2.5  # seconds between two changes


def _prepare(url: str, prefix: str) -> tuple[Store, int, list[int], int, list[list[int]]]:
    os.environ["TORNEO_REDIS_PREFIX"] = prefix
    from torneo.platform import accounts
    from torneo.platform.live.broker import RedisBroker
    from torneo.poker import commands as poker
    from torneo.poker import commands_clock as poker_clock
    from torneo.poker import commands_entries as poker_entries
    from torneo.poker import commands_seats as poker_seats
    from torneo.poker import views as poker_views
    from torneo.risiko import commands as risiko
    from torneo.risiko import commands_roster as risiko_roster
    from torneo.risiko import commands_settings as risiko_settings

    store = Store.from_url(url, broker=RedisBroker(REDIS_URL, prefix=prefix))
    accounts.create_user(store, Actor.system(), username="org", password=PASSWORD, role="organizer")
    org = Actor("org", frozenset({(1, "organizer")}))
    tid = poker.create_tournament(store, org, template="tue", held_on="2026-12-08", seed=7)
    poker_entries.register_roster(store, org, tid, [f"Giocatore {i:02d}" for i in range(40)])
    poker_seats.draw_seats_now(store, org, tid)
    poker_clock.start_clock(store, org, tid)
    seated = [
        s.player_id
        for table in poker_views.tournament_view(store, tid).open_tables
        for s in table.seats
        if s.player_id
    ]
    rid = risiko.create_tournament(store, org, name="RisiKo!", held_on="2026-12-11", seed=7)
    names = "\n".join(f"Giocatrice {i:02d}, Club {i % 6}" for i in range(40))
    risiko_roster.register_roster(store, org, rid, names)
    regulation = {
        "formula": "Due partite di qualificazione, semifinali, finale a 4.",
        "referees": "Gli arbitri del club.",
        "not_allowed": "Telefoni al tavolo.",
        "sanctions": "Come il regolamento arbitrale.",
    }
    risiko_settings.save_regulation(store, org, rid, regulation, publish=True)
    risiko.draw_round(store, org, rid)
    with store.read() as s:
        from torneo.risiko.state import get_tournament

        tables = [list(t) for t in get_tournament(s, rid).rounds[-1].tables]
    return store, tid, seated, rid, tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=12, help="changes per discipline")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(host_line())
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    name, url = create_database("bench_live_pages")
    prefix = f"bench-live-{secrets.token_hex(4)}"
    env = {**os.environ, "TORNEO_DATABASE_URL": url}
    subprocess.run(
        [str(ROOT / ".venv/bin/torneo"), "db", "upgrade"], env=env, check=True, capture_output=True
    )
    store, tid, seated, rid, tables = _prepare(url, prefix)
    port = free_port()
    secret = secrets.token_urlsafe(48)
    server = start_server(url, port, prefix, workers=2, secret=secret, wait=300)
    base = f"http://127.0.0.1:{port}"
    org = Actor("org", frozenset({(1, "organizer")}))
    pages = {
        "poker director": (f"/poker/{tid}/director", True),
        "poker desk": (f"/poker/{tid}/desk", True),
        "poker TV": (f"/poker/{tid}/tv", False),
        "poker players' page": (f"/poker/{tid}", False),
        "RisiKo! control room": (f"/risiko/{rid}/manage", True),
        "RisiKo! desk": (f"/risiko/{rid}/desk", True),
        "RisiKo! public page": (f"/risiko/{rid}", False),
    }
    samples: dict[str, list[float]] = {label: [] for label in pages}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"]
            )
            opened: dict[str, Page] = {}
            for label, (path, staff) in pages.items():
                context = browser.new_context(bypass_csp=True)  # the bench polls with a script
                context.add_init_script(SETTLED)
                page = context.new_page()
                if staff:
                    page.goto(f"{base}/login")
                    page.fill("input[name=username]", "org")
                    page.fill("input[name=password]", PASSWORD)
                    page.click("form[action='/login'] button[type=submit]")
                    page.wait_for_url(f"{base}/")
                page.goto(base + path)
                opened[label] = page
            time.sleep(3)  # every stream open
            _run_changes(store, org, tid, seated, rid, tables, opened, samples, args.changes)
            browser.close()
    finally:
        stop_server(server)
        store.engine.dispose()
        drop_database(name)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print(
        f"{args.changes} changes per discipline, one every {SPACING} s; ms from the change's start to the page's swap"
    )
    for label, got in samples.items():
        if not got:
            print(f"  {label:24} no swap seen")
            continue
        got.sort()
        print(
            f"  {label:24} median {got[len(got) // 2]:6.0f}  p95 {percentile(got, 95):6.0f}"
            f"  max {got[-1]:6.0f}  ({len(got)} seen)"
        )


def _run_changes(
    store: Store,
    org: Actor,
    tid: int,
    seated: list[int],
    rid: int,
    tables: list[list[int]],
    opened: dict[str, Page],
    samples: dict[str, list[float]],
    changes: int,
) -> None:
    from torneo.poker.floor import commands as floor
    from torneo.risiko import commands_results as results

    def wait(labels: list[str], committed: float) -> None:
        for label in labels:
            page = opened[label]
            try:
                page.wait_for_function(
                    f"(window.__settled || 0) >= {committed}", timeout=10_000, polling=100
                )
            except PlaywrightError:  # a page that never re-read: counted as unseen
                continue
            samples[label].append(float(page.evaluate("window.__settled")) - committed)

    poker_pages = [label for label in opened if label.startswith("poker")]
    risiko_pages = [label for label in opened if label.startswith("RisiKo")]
    for i in range(changes):
        started = time.time() * 1000  # the change's own time is counted too
        floor.bust_out(store, org, tid, players=[seated[i]])
        wait(poker_pages, started)
        time.sleep(SPACING)
    for i in range(min(changes, len(tables))):
        seats = tables[i]
        played = [
            {"player": p, "table_points": 30 - 5 * n, "status": "survived"}
            for n, p in enumerate(seats)
        ]
        started = time.time() * 1000
        results.enter_result(store, org, rid, 1, i + 1, played)
        wait(risiko_pages, started)
        time.sleep(SPACING)


if __name__ == "__main__":
    main()
