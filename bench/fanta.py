"""Fantasy league scoring (issue 18): one matchday for 10,000 teams, a 38-matchday season.

Run: ``.venv/bin/python bench/fanta.py [--teams 10000] [--matchdays 38] [--db-teams 1000]``.

- *matchday*: parse the vote file, every listed player's score (500 players, FAN-SCORE-1,
  FAN-SV-1) once, then each team's lineup on it (FAN-SUB-1 substitutions, FAN-MOD-1,
  FAN-PEN-1), for ``--teams`` teams: totals (``rules/batch.py``: the lineups checked against
  the rosters, then every team at once), and explained (every breakdown,
  ``rules/team_score.py``). Aim: under 1 s for 10,000 teams.
- *season*: the same for every matchday of a season (``--matchdays``), the standings (stage
  winners, totals, highest stage) at the end. The lineups are checked against the rosters
  again every matchday, as a real season's, which change every week (here they do not).
  Aim: under 10 s.
- *database*: the import of one matchday's file through the store (SQLite file: parse, match,
  load the rows, score, replace the scores' totals) for ``--db-teams`` teams;
  then the whole season recomputed through the store (``rescore_season``: every matchday's
  totals replaced, one transaction; issue 32 item 2: a score is explained when its page is
  read) for a league of ``--season-teams`` teams
  with ``--matchdays`` matchdays of data. Aim: under 10 s.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from torneo.fantasy.rules import samples
from torneo.fantasy.rules.batch import Squads, batch_totals, squads
from torneo.fantasy.rules.lineup import Lineup
from torneo.fantasy.rules.matchday import Facts, matchday_scores
from torneo.fantasy.rules.standings import StageScore, season_table
from torneo.fantasy.rules.team_score import score_team
from torneo.fantasy.rules.totals import matchday_table
from torneo.fantasy.rules.votes import parse_sheet
from torneo.presets.fantasy import FantasyRules

RULES = FantasyRules()
ROWS: dict[int, list[list[str]]] = {}  # the vote files, made before the clock starts


def _teams(
    season: samples.Season, count: int, rng: random.Random
) -> list[tuple[dict[int, str], Lineup]]:
    ids = {p.code: i for i, p in enumerate(season.players, start=1)}
    roles = {ids[p.code]: p.role for p in season.players}
    teams = []
    for _ in range(count):
        codes = samples.pick_roster(season.players, rng)
        roster = {ids[c]: roles[ids[c]] for c in codes}
        starters, bench = samples.pick_lineup(list(roster.items()), rng)
        teams.append((roster, Lineup(tuple(starters), tuple(bench))))
    return teams


def _roles(season: samples.Season) -> dict[int, str]:
    return {i: p.role for i, p in enumerate(season.players, start=1)}


def _squads(season: samples.Season, teams: list[tuple[dict[int, str], Lineup]]) -> Squads:
    return squads([(lineup, roster) for roster, lineup in teams], _roles(season), RULES)


def _matchday(
    season: samples.Season,
    day: int,
    teams: list[tuple[dict[int, str], Lineup]],
    checked: Squads | None = None,
) -> list[Fraction]:
    """The teams' totals of ``day`` (explained: ``checked`` left out, one breakdown a team)."""
    ids = {p.code: i for i, p in enumerate(season.players, start=1)}
    roles = _roles(season)
    sheet = parse_sheet(ROWS.get(day) or samples.vote_rows(season, day, seed=day), RULES)
    lines = {ids[line.code]: line for line in sheet.lines}
    facts = Facts(frozenset(sheet.clubs), True, {}, frozenset(), frozenset())
    players = [(ids[p.code], p.role, p.club) for p in season.players]
    scores = matchday_scores(players, lines, facts, RULES)
    if checked is None:
        return [score_team(lineup, roster, roles, scores, RULES).total for roster, lineup in teams]
    return batch_totals(checked, matchday_table(scores, roles, RULES), RULES)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--teams", type=int, default=10_000)
    parser.add_argument("--matchdays", type=int, default=38)
    parser.add_argument("--db-teams", type=int, default=1_000)
    parser.add_argument("--season-teams", type=int, default=10)
    args = parser.parse_args()
    rng = random.Random(18)
    season = samples.season(seed=18)
    teams = _teams(season, args.teams, rng)
    for day in range(1, args.matchdays + 1):
        ROWS[day] = samples.vote_rows(season, day, seed=day)

    start = time.perf_counter()
    _matchday(season, 1, teams, _squads(season, teams))
    one = time.perf_counter() - start
    print(f"one matchday, {args.teams} teams, totals: {one:.3f} s  (aim < 1 s)")
    start = time.perf_counter()
    _matchday(season, 1, teams)
    one = time.perf_counter() - start
    print(f"one matchday, {args.teams} teams, explained (breakdowns): {one:.3f} s")

    start, cpu = time.perf_counter(), time.process_time()
    stages = {}
    for day in range(1, args.matchdays + 1):
        totals = _matchday(season, day, teams, _squads(season, teams))
        stages[day] = [StageScore(t, total, True) for t, total in enumerate(totals)]
    season_table(list(range(len(teams))), stages)
    whole, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"season of {args.matchdays} matchdays, {args.teams} teams: {whole:.3f} s "
        f"(CPU {cpu:.3f} s)  (aim < 10 s)"
    )
    if args.db_teams:
        took, _ = _db(args.db_teams, 1)
        print(
            f"database: import and score one matchday, {args.db_teams} teams: "
            f"{took[0]:.3f} s (CPU {took[1]:.3f} s)"
        )
    if args.season_teams:
        _, season_took = _db(args.season_teams, args.matchdays)
        print(
            f"database: recompute a season of {args.matchdays} matchdays, "
            f"{args.season_teams} teams: {season_took[0]:.3f} s (CPU {season_took[1]:.3f} s)"
            "  (aim < 10 s)"
        )
    print(f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def _db(count: int, matchdays: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Build a league of ``count`` teams in an SQLite file; time the first matchday's import,
    import the others, then time the season's recomputation: (wall, CPU) seconds of each."""
    from torneo.core.policy import Actor
    from torneo.fantasy import commands as fantasy
    from torneo.fantasy import commands_votes as votes
    from torneo.fantasy.tables import FantasyHolding, FantasyLineup, FantasyTeam
    from torneo.platform.store.db import make_engine
    from torneo.platform.store.migrate import upgrade
    from torneo.platform.store.tables import User
    from torneo.platform.store.uow import Store

    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{folder}/bench.db")
        upgrade(engine)
        now = datetime(2026, 8, 1, tzinfo=UTC)
        store = Store(engine, lambda: now)
        system = Actor.system()
        first = datetime(2026, 8, 22, 18, 30, tzinfo=UTC)
        season = samples.season(seed=18, first=first)
        lid = fantasy.create_league(store, system, name="Bench", season="2026-27", club=1)
        fantasy.import_fixtures(store, system, lid, samples.fixtures_csv(season).encode())
        fantasy.import_prices(store, system, lid, samples.prices_csv(season.players).encode())
        rng = random.Random(5)
        with store.unit(system) as uow:
            from sqlalchemy import select

            from torneo.fantasy.tables import FantasyPlayer

            ids = dict(uow.session.execute(select(FantasyPlayer.code, FantasyPlayer.id)).all())
            roles = dict(uow.session.execute(select(FantasyPlayer.id, FantasyPlayer.role)).all())
            for n in range(count):
                user = User(
                    username=f"m{n}", display_name=f"m{n}", password_hash="-", created_at=now
                )
                uow.session.add(user)
                uow.session.flush()
                team = FantasyTeam(
                    league_id=lid, name=f"T{n}", manager_id=user.id, credits=0, created_at=now
                )
                codes = samples.pick_roster(season.players, rng)
                team.holdings = [
                    FantasyHolding(player_id=ids[c], price=1, bought_at=now) for c in codes
                ]
                uow.session.add(team)
                uow.session.flush()
                for day in range(1, matchdays + 1):
                    roster = [(ids[c], roles[ids[c]]) for c in codes]
                    starters, bench = samples.pick_lineup(roster, rng)
                    uow.session.add(
                        FantasyLineup(
                            team_id=team.id,
                            matchday=day,
                            starters=starters,
                            bench=bench,
                            submitted_at=now,
                            by="bench",
                        )
                    )
        data = samples.rows_csv(samples.vote_rows(season, 1, seed=1))
        start, cpu = time.perf_counter(), time.process_time()
        votes.import_votes(store, system, lid, 1, data, official=True)
        took = time.perf_counter() - start, time.process_time() - cpu
        for day in range(2, matchdays + 1):
            data = samples.rows_csv(samples.vote_rows(season, day, seed=day))
            votes.import_votes(store, system, lid, day, data, official=True)
        start, cpu = time.perf_counter(), time.process_time()
        votes.rescore_season(store, system, lid)
        season_took = time.perf_counter() - start, time.process_time() - cpu
        engine.dispose()
        return took, season_took


if __name__ == "__main__":
    main()
