"""Parts 5 and 6 of ``bench/security.py`` (issue 27): upload bombs and claim-code guessing.

5. **Upload bombs**: the vote file of a fantasy league (``POST /api/v1/fantasy/leagues/<id>/
   matchdays/1/votes``), sent by the league's organizer (the file is parsed: the worst case)
   and by the organizer of another club (refused before the file is read), with each bomb the
   tests build (``tests/support/upload_bombs.py``, never a committed file); prints each answer,
   its time, and each worker's peak resident memory above where it started (aim: under
   +100 MiB; the issue measured +773 MiB for the 1.6 KB file and +490 MiB for 2,000,000 rows).
6. **Claim-code guessing**: wrong codes posted to ``/account/claim`` by one account from one
   address, one after the other; prints the count at which 429 came (aim: at most 10), or
   "no 429" after :data:`CLAIM_TRIES`.
"""

from __future__ import annotations

import base64
import re
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support import upload_bombs  # noqa: E402

from _servers import session_cookie  # noqa: E402
from torneo.fantasy import commands as fantasy  # noqa: E402
from torneo.platform import accounts, clubs  # noqa: E402
from torneo.platform.store.db import make_engine  # noqa: E402
from torneo.platform.store.uow import Actor, Store  # noqa: E402

PASSWORD = "a-bench-password-never-guessed"
CLAIM_TRIES = 60
CLAIM_AIM = 10

BOMBS: list[tuple[str, Callable[[], bytes]]] = [
    ("1.6 KB claiming A1:XFD6000", upload_bombs.dimension_bomb),
    ("2,000,000 rows", upload_bombs.rows_bomb),
    ("a cell on row 1,048,576", upload_bombs.gap_bomb),
    ("a cell in column XFD", upload_bombs.wide_bomb),
    ("200 MB of zip", upload_bombs.inflation_bomb),
    ("200,000 shared strings", upload_bombs.strings_bomb),
    ("CSV of 700,000 line ends", lambda: upload_bombs.csv_bomb(700_000).encode()),
]


def seed(url: str) -> dict[str, int]:
    """A league of club 1, its organizer, another club's organizer and a player's account."""
    store = Store(make_engine(url))
    system = Actor.system()
    owner = accounts.create_user(
        store, system, username="lega-org", password=PASSWORD, role="organizer", club=1
    )
    admin = Actor("bench-admin", admin=True)
    clubs.create_club(store, admin, "Circolo rivale")
    rival = accounts.create_user(
        store, system, username="rival-org", password=PASSWORD, role="organizer",
        club="Circolo rivale",
    )  # fmt: skip
    player = accounts.create_user(
        store, system, username="guesser", password=PASSWORD, role="player"
    )
    league = fantasy.create_league(
        store, Actor("lega-org", frozenset({(1, "organizer")}), user_id=owner),
        name="Lega del banco", season="2026-27",
    )  # fmt: skip
    store.engine.dispose()
    return {"league": league, "owner": owner, "rival": rival, "player": player}


class Sampler(Protocol):
    """``security.Sampler``: each worker's peak resident memory while it runs."""

    peak: dict[int, float]
    stop: threading.Event

    def start(self) -> None: ...
    def join(self, timeout: float | None = None) -> None: ...


def _cookie(secret: str, user_id: int) -> dict[str, str]:
    return {"torneo_session": session_cookie(secret, user_id)}


def upload_bombs_part(
    base: str, secret: str, ids: dict[str, int], sampler_for: Callable[[], Sampler]
) -> None:
    """Part 5 (module doc): ``sampler_for`` makes a memory sampler of the workers."""
    print("   bomb                          | who      | answer | seconds | peak RSS  | reason")
    for name, build in BOMBS:
        body = {"file": base64.b64encode(build()).decode()}
        for who in ("rival", "owner"):
            sampler = sampler_for()
            before = dict(sampler.peak)
            sampler.start()
            with httpx.Client(base_url=base, timeout=300, cookies=_cookie(secret, ids[who])) as h:
                token = h.get("/api/v1/session").json().get("csrf_token", "")
                start = time.perf_counter()
                try:
                    answer = h.post(
                        f"/api/v1/fantasy/leagues/{ids['league']}/matchdays/1/votes",
                        json=body,
                        headers={"X-CSRF-Token": token},
                    )
                    status = str(answer.status_code)
                    reason = str(answer.json().get("reason", ""))[:50]
                except (httpx.HTTPError, ValueError) as err:
                    status, reason = type(err).__name__, ""
                took = time.perf_counter() - start
            sampler.stop.set()
            sampler.join()
            rise = max(sampler.peak[p] - before[p] for p in before)
            print(
                f"   {name:30s}| {who:8s} | {status:6s} | {took:7.2f} | +{rise:4.0f} MiB | {reason}"
            )


def claim_guessing_part(base: str, secret: str, ids: dict[str, int]) -> None:
    """Part 6 (module doc): wrong codes one after the other until 429."""
    cookies = _cookie(secret, ids["player"])
    statuses: list[int] = []
    with httpx.Client(base_url=base, timeout=30, cookies=cookies) as h:
        page = h.get("/account/claim").text
        found = re.search(r'name="csrf_token" value="([^"]+)"', page)
        token = found.group(1) if found else ""
        for i in range(CLAIM_TRIES):
            r = h.post(
                "/account/claim",
                data={"csrf_token": token, "code": f"WRONG{i:05d}"},
                headers={"X-Forwarded-For": "10.9.9.9"},
            )
            statuses.append(r.status_code)
            if r.status_code == 429:
                break
    if statuses and statuses[-1] == 429:
        print(
            f"   429 after {len(statuses) - 1} wrong codes (aim: at most {CLAIM_AIM}); "
            f"answers before it: {sorted(set(statuses[:-1]))}"
        )
    else:
        print(f"   no 429 after {len(statuses)} wrong codes; answers: {sorted(set(statuses))}")
