"""A league of 10 managers on a migrated store: fixtures, prices, teams and rosters from the
sample generator (``torneo.fantasy.rules.samples``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime

import pytest

from tests.conftest import FakeClock
from tests.support.web import PASSWORD
from torneo.fantasy import commands as fantasy
from torneo.fantasy import commands_market as market
from torneo.fantasy.rules import samples
from torneo.fantasy.rules.calendar import ITALY
from torneo.platform import accounts
from torneo.platform.store.uow import Actor, Store

ADMIN = Actor("org", frozenset({(1, "organizer")}))
FIRST_KICKOFF = datetime(2026, 12, 5, 18, 30, tzinfo=ITALY)  # 17:30 UTC; the clock: Nov 30


@dataclass
class League:
    id: int
    season: samples.Season
    teams: list[int]
    managers: list[Actor]
    rosters: list[list[str]]


def manager(store: Store, name: str) -> Actor:
    uid = accounts.create_user(
        store, Actor.system(), username=name, password=PASSWORD, role="player"
    )
    return Actor(name, user_id=uid)


def build_league(
    store: Store, teams: int = 10, seed: int = 7, first: datetime = FIRST_KICKOFF
) -> League:
    season = samples.season(seed=seed, first=first)
    lid = fantasy.create_league(store, ADMIN, name="Lega del circolo", season="2026-27")
    fantasy.import_fixtures(store, ADMIN, lid, samples.fixtures_csv(season).encode())
    fantasy.import_prices(store, ADMIN, lid, samples.prices_csv(season.players).encode())
    rng = random.Random(seed)
    out = League(lid, season, [], [], [])
    for i in range(teams):
        who = manager(store, f"mister{i}")
        tid = fantasy.add_team(store, ADMIN, lid, name=f"Squadra {i}", manager=who.name)
        codes = samples.pick_roster(season.players, rng)
        market.set_roster(store, who, lid, tid, codes)
        out.teams.append(tid)
        out.managers.append(who)
        out.rosters.append(codes)
    return out


@pytest.fixture
def league(store: Store, clock: FakeClock) -> League:
    return build_league(store)
