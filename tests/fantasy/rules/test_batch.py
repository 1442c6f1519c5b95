"""The whole-league totals (``rules/batch.py``) equal the explained scores (``score_team``) of
every team of a generated league: lineups in every formation, in any order, with FAN-PEN-1
errors, over official and provisional matchdays with postponed matches (FAN-POST-1), keepers'
minutes (FAN-SV-1), FAN-SUB-1 substitutions of both kinds and every FAN-MOD-1 step; and the
season's standings from them equal those from the explained scores."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from torneo.fantasy.rules import samples
from torneo.fantasy.rules.batch import batch_totals, squads
from torneo.fantasy.rules.lineup import Lineup
from torneo.fantasy.rules.matchday import Facts, matchday_scores
from torneo.fantasy.rules.scoring import Fantavoto
from torneo.fantasy.rules.standings import StageScore, season_table
from torneo.fantasy.rules.substitutions import OTHER_ROLE, SAME_ROLE
from torneo.fantasy.rules.team_score import TeamScore, score_team
from torneo.fantasy.rules.totals import matchday_table
from torneo.fantasy.rules.votes import parse_sheet
from torneo.presets.fantasy import FantasyRules

Team = tuple[Lineup, dict[int, str]]

DEFAULT = FantasyRules()
# Other numbers of the preset: fewer substitutions and formations, a shorter bench, a modifier
# read on two defenders out of three.
CHANGED = FantasyRules(
    formations=["3-4-3", "4-4-2", "4-3-3", "5-3-2"],
    bench_size=5,
    max_substitutions=2,
    modifier_defenders=3,
    modifier_best_defenders=2,
    penalty_points=Fraction(5, 2),
)


def _teams(season: samples.Season, ids: dict[str, int], count: int, seed: int) -> list[Team]:
    """Random valid lineups, and every fifth-or-so one spoiled in a different way."""
    roles = {ids[p.code]: p.role for p in season.players}
    rng = random.Random(seed)
    teams: list[Team] = []
    for n in range(count):
        codes = samples.pick_roster(season.players, rng)
        roster = {ids[c]: roles[ids[c]] for c in codes}
        shape = rng.choice(["3-4-3", "3-5-2", "4-3-3", "4-4-2", "4-5-1", "5-3-2", "5-4-1"])
        starters, bench = samples.pick_lineup(list(roster.items()), rng, shape)
        if n % 3 == 0:
            rng.shuffle(starters)  # the rules read the lineup's order, not the roles'
        if n % 4 == 1:
            rng.shuffle(bench)  # a keeper anywhere on the bench, or none first
        spoil = n % 9
        if spoil == 1:
            del roster[starters[3]]  # sold since: not in the roster
        elif spoil == 2:
            bench = [*bench[:5], bench[0]]  # twice, and an empty place
        elif spoil == 3:
            starters = [*starters[:10], bench[-1]]  # maybe no formation
        elif spoil == 4:
            starters = starters[:9]  # too few
        elif spoil == 5:
            bench = [starters[2], *bench[1:]]  # a starter again on the bench
        elif spoil == 6:
            starters = [*starters, bench.pop()]  # twelve
        teams.append((Lineup(tuple(starters), tuple(bench)), roster))
    return teams


def _matchday(
    season: samples.Season, ids: dict[str, int], day: int, rules: FantasyRules
) -> dict[int, Fantavoto]:
    """Odd matchdays official, even ones provisional (half the clubs played); one postponed
    match with a suspended player; every keeper without a vote given 30 or 10 minutes."""
    official = day % 2 == 1
    clubs = None if official else season.clubs[: 8 + day % 5]
    sheet = parse_sheet(samples.vote_rows(season, day, seed=day, clubs=clubs), rules)
    lines = {ids[line.code]: line for line in sheet.lines}
    postponed = season.clubs[(day + 13) % len(season.clubs)]
    suspended = next(ids[p.code] for p in season.players if p.club == postponed)
    minutes = {pid: 30 if pid % 2 else 10 for pid, line in lines.items() if line.vote is None}
    facts = Facts(
        frozenset(sheet.clubs), official, minutes, frozenset({postponed}), frozenset({suspended})
    )
    players = ((ids[p.code], p.role, p.club) for p in season.players)
    return matchday_scores(players, lines, facts, rules)


@pytest.mark.parametrize("rules", [DEFAULT, CHANGED], ids=["preset", "changed"])
def test_fan_sub_1_fan_mod_1_fan_pen_1_league_totals_equal_the_explained_scores(
    rules: FantasyRules,
) -> None:
    season = samples.season(seed=7)
    ids = {p.code: i for i, p in enumerate(season.players, start=1)}
    roles = {ids[p.code]: p.role for p in season.players}
    teams = _teams(season, ids, 600, seed=7)
    checked = squads([(lineup, set(roster)) for lineup, roster in teams], roles, rules)
    seen: Counter[str] = Counter()
    stages_fast: dict[int, list[StageScore]] = {}
    stages_full: dict[int, list[StageScore]] = {}
    for day in range(1, 7):
        scores = _matchday(season, ids, day, rules)
        fast = batch_totals(checked, matchday_table(scores, roles, rules), rules)
        full: list[TeamScore] = [
            score_team(lineup, roster, roles, scores, rules) for lineup, roster in teams
        ]
        for n, (mine, explained) in enumerate(zip(fast, full, strict=True)):
            assert mine == explained.total, (day, n, teams[n][0])
            seen.update(s.why for s in explained.substitutions)
            seen[f"modifier {explained.modifier.points}"] += 1
            seen.update(p.what for p in explained.penalties)
            seen["pending"] += any(line.score.pending for line in explained.lines)
        stages_fast[day] = [StageScore(n, t, n % 10 != 0) for n, t in enumerate(fast)]
        stages_full[day] = [StageScore(n, s.total, n % 10 != 0) for n, s in enumerate(full)]
    # The league met every case the rules have, or the equality above proves little.
    steps = [f"modifier {step.points}" for step in rules.modifier_steps]
    for case in (SAME_ROLE, OTHER_ROLE, "modifier 0", *steps, "formation", "not_in_roster"):
        assert seen[case] >= 3, (case, seen)
    assert seen["bench"] >= 3
    assert seen["pending"] >= 3
    ids_all = list(range(len(teams)))
    assert season_table(ids_all, stages_fast) == season_table(ids_all, stages_full)


def test_fan_pen_1_recorded_penalties_are_taken_off_each_team() -> None:
    season = samples.season(seed=3)
    ids = {p.code: i for i, p in enumerate(season.players, start=1)}
    roles = {ids[p.code]: p.role for p in season.players}
    teams = _teams(season, ids, 20, seed=3)
    checked = squads([(lineup, set(roster)) for lineup, roster in teams], roles, DEFAULT)
    table = matchday_table(_matchday(season, ids, 1, DEFAULT), roles, DEFAULT)
    plain = batch_totals(checked, table, DEFAULT)
    extra = [Fraction(n % 3 * 5, 2) for n in range(len(teams))]
    assert batch_totals(checked, table, DEFAULT, extra) == [
        t - e for t, e in zip(plain, extra, strict=True)
    ]


def test_no_teams_no_totals() -> None:
    checked = squads([], {}, DEFAULT)
    season = samples.season(seed=3)
    ids = {p.code: i for i, p in enumerate(season.players, start=1)}
    roles = {ids[p.code]: p.role for p in season.players}
    table = matchday_table(_matchday(season, ids, 1, DEFAULT), roles, DEFAULT)
    assert batch_totals(checked, table, DEFAULT) == []
