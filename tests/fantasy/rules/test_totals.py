"""The fast totals (``rules/totals.py``) equal the explained scores (``score_team``) for random
teams, lineups with errors (FAN-PEN-1) and partial provisional data included."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from torneo.fantasy.rules import samples
from torneo.fantasy.rules.lineup import Lineup
from torneo.fantasy.rules.matchday import Facts, matchday_scores
from torneo.fantasy.rules.team_score import Penalty, score_team
from torneo.fantasy.rules.totals import matchday_table, team_total
from torneo.fantasy.rules.votes import parse_sheet
from torneo.presets.fantasy import FantasyRules

RULES = FantasyRules()


@pytest.mark.parametrize("official", [True, False])
def test_fan_sub_1_fast_totals_equal_the_explained_scores(official: bool) -> None:
    season = samples.season(seed=4)
    ids = {p.code: i for i, p in enumerate(season.players, start=1)}
    roles = {ids[p.code]: p.role for p in season.players}
    clubs = None if official else season.clubs[:12]
    sheet = parse_sheet(samples.vote_rows(season, 1, seed=4, clubs=clubs), RULES)
    lines = {ids[line.code]: line for line in sheet.lines}
    facts = Facts(frozenset(sheet.clubs), official, {}, frozenset({season.clubs[13]}), frozenset())
    scores = matchday_scores(
        ((ids[p.code], p.role, p.club) for p in season.players), lines, facts, RULES
    )
    table = matchday_table(scores, roles, RULES)
    rng = random.Random(4)
    for n in range(400):
        codes = samples.pick_roster(season.players, rng)
        roster = {ids[c]: roles[ids[c]] for c in codes}
        starters, bench = samples.pick_lineup(list(roster.items()), rng)
        if n % 5 == 1:
            del roster[starters[3]]  # sold since: not in the roster
        if n % 7 == 2:
            bench = [*bench[:5], bench[0]]  # a bench error and an empty place
        if n % 11 == 3:
            starters = [*starters[:10], bench[-1]]  # maybe an invalid formation
        lineup = Lineup(tuple(starters), tuple(bench))
        extra = [Penalty("wrong_transfer", Fraction(10))] if n % 13 == 4 else []
        full = score_team(lineup, roster, roles, scores, RULES, extra)
        fast = team_total(
            lineup, set(roster), table, RULES, sum((p.points for p in extra), Fraction(0))
        )
        assert fast == full.total, (n, lineup)
