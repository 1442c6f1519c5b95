"""The fantasy league of the demo (``torneo demo``, issue 18): a league of 10 managers of the
demo club, two matchdays played and scored, the third being played (a provisional file), the
fourth open for lineups.

Everything goes through the ordinary use cases, as the league's administrator and as each
manager, on the made-up season of :mod:`torneo.fantasy.rules.samples`; the store's clock is
moved back while the past matchdays are replayed (lineups before each deadline), then put back.
One manager, ``allenatore``, logs in with the demo's password; the other nine accounts get a
random one. The tenth team forgets matchday 2's lineup: the first one stands and the team
cannot win that stage (FAN-LINEUP-1).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta

from torneo.fantasy import commands as fantasy
from torneo.fantasy import commands_lineups as lineups
from torneo.fantasy import commands_market as market
from torneo.fantasy import commands_votes as votes
from torneo.fantasy import views_team
from torneo.fantasy.rules import samples
from torneo.fantasy.state import league_players
from torneo.platform import accounts
from torneo.platform.store.uow import Actor, Store

MANAGER = "allenatore"  # logs in with the demo's password
TEAMS = (
    "Real Tirabaci",
    "Atletico Ma Non Troppo",
    "Sporting Lasagna",
    "Dinamo Divano",
    "Olimpic Polenta",
    "Inter Nos",
    "Longobarda",
    "Borussia Porchetta",
    "Virtus Pizzeria",
    "Aston Birra",
)
SEED = 2026


def _at(store: Store, moment: datetime) -> Callable[[], datetime]:
    clock = store.clock
    store.clock = lambda: moment
    return clock


def load(store: Store, organizer: Actor, password: str) -> int:
    """The demo league; its id."""
    rng = random.Random(SEED)
    now = store.clock()
    first = (now - timedelta(days=20)).replace(hour=18, minute=30, second=0, microsecond=0)
    season = samples.season(seed=SEED, first=first)
    lid = fantasy.create_league(
        store,
        organizer,
        name="Lega del circolo",
        season=f"{first.year}-{(first.year + 1) % 100:02d}",
        club=1,
    )
    fantasy.import_fixtures(store, organizer, lid, samples.fixtures_csv(season).encode())
    fantasy.import_prices(store, organizer, lid, samples.prices_csv(season.players).encode())
    managers: list[tuple[int, Actor]] = []
    rosters: list[list[tuple[int, str]]] = []
    with store.read() as session:
        ids = {p.code: (p.id, p.role) for p in league_players(session, lid)}
    back = _at(store, first - timedelta(days=3))
    try:
        for n, name in enumerate(TEAMS):
            username = MANAGER if n == 0 else f"{MANAGER}{n + 1}"
            uid = accounts.create_user(
                store,
                Actor.system(),
                username=username,
                role="player",
                password=password if n == 0 else secrets.token_urlsafe(18),
                display_name=f"Allenatore {n + 1}",
            )
            who = Actor(username, user_id=uid)
            tid = fantasy.add_team(store, organizer, lid, name=name, manager=username)
            codes = samples.pick_roster(season.players, rng)
            market.set_roster(store, who, lid, tid, codes)
            managers.append((tid, who))
            rosters.append([ids[c] for c in codes])
        for day in (1, 2, 3):
            _at(store, first + timedelta(days=7 * (day - 1), hours=-2))
            for i, (tid, who) in enumerate(managers):
                if day == 2 and i == len(managers) - 1:
                    continue  # forgotten: matchday 1's lineup stands
                starters, bench = samples.pick_lineup(rosters[i], rng)
                lineups.submit_lineup(store, who, lid, tid, day, starters=starters, bench=bench)
            if day == 2:  # the first manager sells his dearest forward for a cheaper one
                tid, who = managers[0]
                page = views_team.team_page(store, lid, tid)
                sell = max((p for p in page.roster if p.role == "A"), key=lambda p: p.price)
                buy = next(p for p in page.market if p.role == "A" and p.price < sell.price)
                market.transfer(store, who, lid, tid, sell=sell.code, buy=buy.code)
                rosters[0] = [
                    ids[buy.code] if pid == ids[sell.code][0] else (pid, role)
                    for pid, role in rosters[0]
                ]
    finally:
        store.clock = back
    for day in (1, 2):
        data = samples.rows_xlsx(samples.vote_rows(season, day, seed=SEED))
        votes.import_votes(
            store, organizer, lid, day, data, official=True, source=f"giornata-{day}.xlsx"
        )
    partial = samples.vote_rows(season, 3, seed=SEED, clubs=season.clubs[:8])
    votes.import_votes(
        store, organizer, lid, 3, samples.rows_csv(partial), source="giornata-3-parziale.csv"
    )
    return lid
