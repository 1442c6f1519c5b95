"""The flows ``bench/faults.py --part disciplines`` keeps going through each fault (issue 31 item 5):
a poker floor busting players, a league's organizer importing matchdays' vote files, and a live
draft of two pods of eight. Each flow writes over HTTP as its page or script does, retrying on a
transport error or a 5xx, and then says what was stored, lost and doubled, read from the
database.
"""

from __future__ import annotations

import asyncio
import base64
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from importlib import resources

import httpx
from sqlalchemy import func, insert, select

from torneo.cards import commands as events
from torneo.cards.draft import commands as draft
from torneo.cards.draft.tables import DraftPick, DraftPod, DraftSeat
from torneo.cards.rules.set_files import read_json
from torneo.cards.sets import commands as sets
from torneo.cards.tables import Registration
from torneo.fantasy import commands as fantasy
from torneo.fantasy import commands_market as market
from torneo.fantasy.rules import samples
from torneo.fantasy.tables import FantasyMatchday, FantasyScore
from torneo.platform import accounts
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_entries as poker_entries
from torneo.poker import commands_seats as poker_seats
from torneo.poker.tables import PokerBust, PokerEntrant

ORG = Actor("org", frozenset({(1, "organizer")}))
BUSTS = 24  # players busted per fault, one a hand
MATCHDAYS = 4  # vote files imported per fault
PODS = 2  # drafters: PODS x 8
PICK_SECONDS = 8  # a stalled seat waits this long for the server's timer (BER-DRAFT-2)


@dataclass
class Sent:
    """What a flow was told: stored (2xx), already there (the retry of a lost answer), retries."""

    sent: int = 0
    already: int = 0
    retries: int = 0


def _post(url: str, headers: dict[str, str], body: dict[str, object], already: set[int]) -> str:
    """One write, retried on a transport error or a 5xx until the answer says it is stored or
    already was; any other refusal is printed and ends it (a defect of the bench or the app)."""
    for _attempt in range(240):
        try:
            r = httpx.post(url, json=body, headers=headers, timeout=30)
            if r.status_code < 300:
                return "sent"
            if r.status_code in already:
                return "already"
            if r.status_code < 500:
                print(f"refused {r.status_code}: {url} {r.text[:300]}", flush=True)
                return "refused"
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    return "lost"


# --- poker busts --------------------------------------------------------------------------------


def prepare_poker(store: Store, players: int) -> tuple[int, list[int]]:
    """A running Tuesday tournament of ``players``: its id and its players in bust order."""
    today = datetime.now(UTC).date()
    tuesday = today + timedelta(days=(1 - today.weekday()) % 7)  # the template is played then
    tid = poker.create_tournament(store, ORG, template="tue", held_on=tuesday)
    poker_entries.register_roster(store, ORG, tid, [f"Giocatore {i:03d}" for i in range(players)])
    poker_seats.draw_seats_now(store, ORG, tid)
    poker_clock.start_clock(store, ORG, tid)
    with store.read() as s:
        ids = list(
            s.scalars(select(PokerEntrant.player_id).where(PokerEntrant.tournament_id == tid))
        )
    random.Random(tid).shuffle(ids)
    return tid, sorted(set(ids), key=ids.index)


def bust_players(
    base: str, headers: dict[str, str], tid: int, players: list[int], pause: float
) -> Sent:
    out = Sent()
    for player in players:
        # 409/422 "already out": the retry of a bust whose answer was lost
        said = _post(
            f"{base}/api/v1/poker/tournaments/{tid}/bust-outs",
            headers,
            {"players": [player]},
            {409, 422},
        )
        out.sent += said == "sent"
        out.already += said == "already"
        time.sleep(pause)
    return out


def busts_stored(store: Store, tid: int) -> tuple[int, int]:
    """(players busted, doubled bust rows)."""
    with store.read() as s:
        rows = s.scalars(select(PokerBust.player_id).where(PokerBust.tournament_id == tid)).all()
    counts = Counter(rows)
    return len(counts), sum(n - 1 for n in counts.values())


# --- fantasy vote imports --------------------------------------------------------------------------


@dataclass
class League:
    id: int
    season: samples.Season
    teams: int


def prepare_league(store: Store, teams: int = 6) -> League:
    """A league whose season started ten weeks ago: its first matchdays are played."""
    season = samples.season(seed=5, first=datetime.now(UTC) - timedelta(days=70))
    lid = fantasy.create_league(store, ORG, name="Lega dei guasti", season="2026-27")
    fantasy.import_fixtures(store, ORG, lid, samples.fixtures_csv(season).encode())
    fantasy.import_prices(store, ORG, lid, samples.prices_csv(season.players).encode())
    rng = random.Random(5)
    for i in range(teams):
        uid = accounts.create_user(
            store, Actor.system(), username=f"mister{lid}x{i}", password="x" * 20, role="player"
        )
        who = Actor(f"mister{lid}x{i}", user_id=uid)
        tid = fantasy.add_team(store, ORG, lid, name=f"Squadra {i}", manager=who.name)
        market.set_roster(store, who, lid, tid, samples.pick_roster(season.players, rng))
    return League(lid, season, teams)


def import_votes(
    base: str, headers: dict[str, str], league: League, days: range, pause: float
) -> Sent:
    out = Sent()
    for day in days:
        data = samples.rows_xlsx(samples.vote_rows(league.season, day, seed=day))
        body = {"file": base64.b64encode(data).decode(), "official": True, "source": f"g{day}"}
        said = _post(
            f"{base}/api/v1/fantasy/leagues/{league.id}/matchdays/{day}/votes", headers, body, set()
        )
        out.sent += said == "sent"
        time.sleep(pause)
    return out


def votes_stored(store: Store, league: League) -> tuple[int, int]:
    """(matchdays stored, doubled rows: a matchday or a team's score of it kept twice)."""
    with store.read() as s:
        days = s.scalars(
            select(FantasyMatchday.matchday).where(FantasyMatchday.league_id == league.id)
        ).all()
        scores = s.execute(
            select(FantasyScore.team_id, FantasyScore.matchday).where(
                FantasyScore.league_id == league.id
            )
        ).all()
    doubled = sum(n - 1 for n in Counter(days).values())
    doubled += sum(n - 1 for n in Counter(map(tuple, scores)).values())
    return len(set(days)), doubled


# --- a live draft ----------------------------------------------------------------------------------


def import_demo_set(store: Store) -> None:
    demo = read_json(
        (resources.files("torneo.cards.sets") / "data" / "demo-set.json").read_text("utf-8")
    )
    sets.import_set(store, Actor.system(), demo, source="demo", shared=True)


def prepare_draft(store: Store, tag: str) -> tuple[int, dict[int, int]]:
    """A berserk-online event of PODS x 8 players set up to draft (not started), one account
    per player: (event, player id → user id)."""
    event = events.create_event(
        store, ORG, name=f"Draft {tag}", preset="berserk-online", held_on="2026-12-01", seed=16
    )
    names = "\n".join(f"Drafter {tag} {i:03d},,{3000 - i}" for i in range(PODS * 8))
    events.register_roster(store, ORG, event, names)
    events.start_event(store, ORG, event)
    sets.setup_event(
        store, ORG, event, set_code="DEMO", format_key="draft_standard", pick_seconds=PICK_SECONDS
    )
    with store.unit(ORG) as uow:
        ids = list(
            uow.session.scalars(
                select(Registration.player_id).where(Registration.event_id == event)
            )
        )
        now = datetime.now(UTC)
        uow.session.execute(
            insert(User),
            [
                {
                    "username": f"drafter{pid}",
                    "display_name": f"Drafter {pid}",
                    "password_hash": "!bench: no login",
                    "player_id": pid,
                    "created_at": now,
                    "version": 1,
                    "session_generation": 0,
                    "disabled": False,
                    "is_admin": False,
                }
                for pid in ids
            ],
        )
    with store.read() as s:
        users = {
            int(pid): uid
            for pid, uid in s.execute(
                select(User.player_id, User.id).where(User.player_id.in_(ids))
            ).all()
            if pid is not None
        }
    return event, users


@dataclass
class DraftRun:
    event: int
    drafters: list[object] = field(default_factory=list)
    reconnects: int = 0
    finished: float = float("nan")


def run_draft(
    store: Store, port: int, event: int, users: dict[int, int], run: DraftRun, limit: float
) -> None:
    """The drafters of bench/draft.py (their pages reconnect by themselves) until every seat is
    done or ``limit`` seconds passed; the draft is started once they listen."""
    import draft as draft_bench  # bench/draft.py: its simulated players
    from _draft_figures import Drafter, Figures

    drafters = [Drafter(pid, uid, draft_bench.cookie_for(uid)) for pid, uid in users.items()]
    run.drafters = list(drafters)
    fig = Figures()

    async def everyone() -> None:
        tasks = [
            asyncio.create_task(
                draft_bench.drafter(d, port, event, (0.1, 0.4), fig, random.Random(d.player_id))
            )
            for d in drafters
        ]
        await asyncio.sleep(2.0)
        started = time.monotonic()
        draft.start_draft(store, ORG, event)
        _done, pending = await asyncio.wait(tasks, timeout=limit)
        run.finished = time.monotonic() - started if not pending else float("nan")
        for t in pending:
            t.cancel()

    asyncio.run(everyone())
    run.reconnects = sum(d.reconnects for d in drafters)


def timer_picks(store: Store, event: int) -> int:
    """Picks the server's timer made (BER-DRAFT-2: a seat whose page did not pick in time)."""
    with store.read() as s:
        n = s.scalar(
            select(func.count())
            .select_from(DraftPick)
            .join(DraftPod, DraftPod.id == DraftPick.pod_id)
            .where(DraftPod.event_id == event, DraftPick.how != "player")
        )
    return int(n or 0)


def draft_stored(store: Store, run: DraftRun) -> tuple[int, int, int, int]:
    """(picks stored, picks a page was told of and not stored, doubled picks, disqualified)."""
    with store.read() as s:
        picks = s.execute(
            select(
                DraftSeat.player_id, DraftPick.booster_no, DraftPick.pick_no, DraftPick.card_code
            )
            .join(DraftPod, DraftPod.id == DraftPick.pod_id)
            .join(
                DraftSeat,
                (DraftSeat.pod_id == DraftPick.pod_id) & (DraftSeat.seat_no == DraftPick.seat_no),
            )
            .where(DraftPod.event_id == run.event)
        ).all()
        out = s.scalar(
            select(func.count())
            .select_from(DraftSeat)
            .where(DraftSeat.event_id == run.event, DraftSeat.disqualified)
        )
    stored = {(p, b, k): c for p, b, k, c in picks}
    doubled = len(picks) - len(stored)
    lost = sum(
        True
        for d in run.drafters
        for b, k, c in getattr(d, "picks_told", set())
        if stored.get((d.player_id, b, k)) != c  # type: ignore[attr-defined]
    )
    return len(picks), lost, doubled, int(out or 0)
