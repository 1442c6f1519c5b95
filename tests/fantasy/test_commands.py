"""A league of 10 managers through the use cases, on SQLite and PostgreSQL (issue 18)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from tests.conftest import FakeClock
from tests.fantasy.conftest import ADMIN, League, build_league, manager
from torneo.core.errors import Conflict, Forbidden, TorneoError
from torneo.fantasy import commands as fantasy
from torneo.fantasy import commands_lineups as lineups
from torneo.fantasy import commands_market as market
from torneo.fantasy import commands_votes as votes
from torneo.fantasy import views, views_team
from torneo.fantasy.rules import samples
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store


def _audit(store: Store) -> int:
    with store.read() as s:
        return s.scalar(select(func.count(AuditEntry.id))) or 0


def roster_of(store: Store, league: League, i: int) -> list[tuple[int, str]]:
    page = views_team.team_page(store, league.id, league.teams[i])
    return [(p.id, p.role) for p in page.roster]


def test_a_season_of_ten_managers(store: Store, clock: FakeClock, league: League) -> None:
    rng = random.Random(1)
    for i, tid in enumerate(league.teams):
        starters, bench = samples.pick_lineup(roster_of(store, league, i), rng)
        lineups.submit_lineup(
            store, league.managers[i], league.id, tid, 1, starters=starters, bench=bench
        )
    clock.advance(days=6)  # after the deadline of matchday 1
    data = samples.rows_xlsx(samples.vote_rows(league.season, 1, seed=1))
    counts = votes.import_votes(store, ADMIN, league.id, 1, data, official=True)
    assert counts["teams"] == 10
    assert counts["review"] == 0
    page = views.league_page(store, league.id)
    assert len(page.standings) == 10
    assert page.stage_winners[1]
    score = views.score_view(store, league.id, league.teams[0], 1)
    assert score.counted <= 11
    assert score.total == sum((line.points or 0) for line in score.lines if line.counted) + (
        score.modifier
    ) - sum(p.points for p in score.penalties)


def test_fan_lineup_1_late_lineup_refused_to_the_second(
    store: Store, clock: FakeClock, league: League
) -> None:
    starters, bench = samples.pick_lineup(roster_of(store, league, 0), random.Random(2))
    page = views.league_page(store, league.id)
    due = page.matchdays[0].deadline
    clock.now = due - timedelta(seconds=1)
    lineups.submit_lineup(
        store, league.managers[0], league.id, league.teams[0], 1, starters=starters, bench=bench
    )
    clock.now = due
    before = _audit(store)
    with pytest.raises(Conflict) as caught:
        lineups.submit_lineup(
            store, league.managers[0], league.id, league.teams[0], 1, starters=starters, bench=bench
        )
    assert caught.value.rule == "FAN-LINEUP-1"
    assert _audit(store) == before


def test_fan_lineup_1_missing_lineup_reused_and_not_eligible(
    store: Store, clock: FakeClock, league: League
) -> None:
    rng = random.Random(3)
    for i in (0, 1):
        starters, bench = samples.pick_lineup(roster_of(store, league, i), rng)
        lineups.submit_lineup(
            store, league.managers[i], league.id, league.teams[i], 1, starters=starters, bench=bench
        )
    clock.advance(days=13)  # past matchday 2's deadline: team 1 gave only matchday 1's
    starters, bench = samples.pick_lineup(roster_of(store, league, 0), rng)
    with pytest.raises(Conflict):
        lineups.submit_lineup(
            store, league.managers[0], league.id, league.teams[0], 2, starters=starters, bench=bench
        )
    data = samples.rows_csv(samples.vote_rows(league.season, 2, seed=2))
    votes.import_votes(store, ADMIN, league.id, 2, data, official=True)
    score = views.score_view(store, league.id, league.teams[1], 2)
    assert score.lineup_from == 1
    assert not score.eligible
    empty = views.score_view(store, league.id, league.teams[5], 2)
    assert empty.total == 0
    assert not empty.eligible


def test_only_the_manager_or_the_administrator_acts_for_a_team(
    store: Store, league: League
) -> None:
    starters, bench = samples.pick_lineup(roster_of(store, league, 0), random.Random(4))
    stranger = manager(store, "stranger")
    before = _audit(store)
    for who in (stranger, league.managers[1]):
        with pytest.raises(Forbidden):
            lineups.submit_lineup(
                store, who, league.id, league.teams[0], 1, starters=starters, bench=bench
            )
        with pytest.raises(Forbidden):
            market.transfer(store, who, league.id, league.teams[0], sell="101", buy="102")
    assert _audit(store) == before
    lineups.submit_lineup(
        store, ADMIN, league.id, league.teams[0], 1, starters=starters, bench=bench
    )
    with pytest.raises(Forbidden):
        lineups.submit_lineup(
            store,
            league.managers[0],
            league.id,
            league.teams[0],
            1,
            starters=starters,
            bench=bench,
            as_received=True,
        )


def test_fan_roster_1_over_budget_or_four_goalkeepers_refused(store: Store, league: League) -> None:
    codes = league.rosters[0]
    goalkeepers = [p.code for p in league.season.players if p.role == "P"]
    extra_gk = next(c for c in goalkeepers if c not in codes)
    defender = next(
        c for c in codes if next(p for p in league.season.players if p.code == c).role == "D"
    )
    wrong = [extra_gk if c == defender else c for c in codes]
    before = _audit(store)
    with pytest.raises(TorneoError) as caught:
        market.set_roster(store, league.managers[0], league.id, league.teams[0], wrong)
    text = caught.value.reason_message.english()
    assert "4 players of role P: exactly 3 accepted" in text
    assert "7 players of role D: exactly 8 accepted" in text
    dear = sorted(league.season.players, key=lambda p: -p.price)
    rich = [p.code for role, n in samples.PER_CLUB for p in [q for q in dear if q.role == role][:n]]
    with pytest.raises(TorneoError) as caught:
        market.set_roster(store, league.managers[0], league.id, league.teams[0], rich)
    assert "credits: at most 250" in caught.value.reason_message.english()
    assert _audit(store) == before


def test_fan_mkt_1_transfers_same_role_credits_and_limit(
    store: Store, clock: FakeClock, league: League
) -> None:
    team, who = league.teams[0], league.managers[0]
    roles = {p.code: p for p in league.season.players}
    owned = league.rosters[0]
    sell = next(c for c in owned if roles[c].role == "D")
    cheap_mid = next(
        p.code
        for p in sorted(league.season.players, key=lambda p: p.price)
        if p.role == "C" and p.code not in owned
    )
    with pytest.raises(TorneoError) as caught:
        market.transfer(store, who, league.id, team, sell=sell, buy=cheap_mid)
    assert caught.value.accepted == "a player of the same role"
    candidates = sorted(
        (p for p in league.season.players if p.role == "D" and p.code not in owned),
        key=lambda p: p.price,
    )
    page = views_team.team_page(store, league.id, team)
    credits = page.credits
    assert credits >= 0
    current = sell
    for n in range(12):
        credits = market.transfer(
            store, who, league.id, team, sell=current, buy=candidates[n].code
        ).credits
        assert credits >= 0
        current = candidates[n].code
    with pytest.raises(Conflict) as caught:
        market.transfer(
            store, who, league.id, team, sell=candidates[11].code, buy=candidates[12].code
        )
    assert caught.value.field == "transfers"


def test_fan_data_1_bad_file_imports_nothing(
    store: Store, clock: FakeClock, league: League
) -> None:
    rows = samples.vote_rows(league.season, 1, seed=1)
    rows[4][3] = "11"
    before = _audit(store)
    with pytest.raises(TorneoError) as caught:
        votes.import_votes(store, ADMIN, league.id, 1, samples.rows_csv(rows))
    assert "vote '11'" in caught.value.reason_message.english()
    assert _audit(store) == before
    assert views.league_page(store, league.id).imported == ()


def test_fan_post_1_provisional_then_official(
    store: Store, clock: FakeClock, league: League
) -> None:
    rng = random.Random(5)
    for i, tid in enumerate(league.teams):
        starters, bench = samples.pick_lineup(roster_of(store, league, i), rng)
        lineups.submit_lineup(
            store, league.managers[i], league.id, tid, 1, starters=starters, bench=bench
        )
    clock.advance(days=6)
    first = league.season.clubs[:4]
    partial = samples.rows_csv(samples.vote_rows(league.season, 1, seed=1, clubs=first))
    votes.import_votes(store, ADMIN, league.id, 1, partial)
    score = views.score_view(store, league.id, league.teams[0], 1)
    assert not score.official
    assert any(line.reason == "pending" for line in score.lines)
    votes.set_extras(store, ADMIN, league.id, 1, f"rinviata;{league.season.clubs[5]}")
    full = samples.rows_csv(samples.vote_rows(league.season, 1, seed=1))
    votes.import_votes(store, ADMIN, league.id, 1, full, official=True)
    score = views.score_view(store, league.id, league.teams[0], 1)
    assert score.official
    assert not any(line.reason == "pending" for line in score.lines)
    votes.add_penalty(store, ADMIN, league.id, league.teams[0], 1, what="wrong_transfer")
    after = views.score_view(store, league.id, league.teams[0], 1)
    assert after.total == score.total - 10
    assert votes.rescore_season(store, ADMIN, league.id) == 1
    assert views.score_view(store, league.id, league.teams[0], 1) == after


def test_ten_managers_league_builds(sqlite_store: Store, clock: FakeClock) -> None:
    built = build_league(sqlite_store, teams=3, seed=9)
    assert len(built.teams) == 3
    with pytest.raises(Conflict):
        fantasy.add_team(sqlite_store, ADMIN, built.id, name="Squadra 0", manager="mister1")


def test_fan_roster_1_roster_changes_by_transfers_after_its_date(
    sqlite_store: Store, clock: FakeClock
) -> None:
    season = samples.season(seed=3, first=clock.now + timedelta(days=10))
    lid = fantasy.create_league(
        sqlite_store, ADMIN, name="Lega", season="2026-27", roster_due=clock.now + timedelta(days=1)
    )
    fantasy.import_fixtures(sqlite_store, ADMIN, lid, samples.fixtures_csv(season).encode())
    fantasy.import_prices(sqlite_store, ADMIN, lid, samples.prices_csv(season.players).encode())
    who = manager(sqlite_store, "tardivo")
    tid = fantasy.add_team(sqlite_store, ADMIN, lid, name="Tardivi", manager=who.name)
    rng = random.Random(3)
    market.set_roster(sqlite_store, who, lid, tid, samples.pick_roster(season.players, rng))
    market.set_roster(sqlite_store, who, lid, tid, samples.pick_roster(season.players, rng))
    clock.advance(days=2)
    with pytest.raises(Conflict) as caught:
        market.set_roster(sqlite_store, who, lid, tid, samples.pick_roster(season.players, rng))
    assert caught.value.rule == "FAN-ROSTER-1"
