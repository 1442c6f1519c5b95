"""A matchday's scores recomputed from its stored data (FAN-SCORE-1 … FAN-PEN-1, issue 18).

Every listed player's score is computed once (:func:`torneo.fantasy.rules.matchday.matchday_scores`),
then each team's lineup is put on it (:func:`torneo.fantasy.rules.team_score.score_team`): its
own lineup, or the last one it gave (FAN-LINEUP-1: then it is not eligible for the week's
prize), against its roster at the matchday's deadline. The scores of the matchday are replaced
whole, in the caller's transaction, with each team's breakdown in a compact JSON form
(:func:`breakdown_json`; the read models give it names).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.orm import Session, selectinload

from torneo.fantasy.rules.lineup import lineup_for
from torneo.fantasy.rules.matchday import Facts, matchday_scores
from torneo.fantasy.rules.team_score import Penalty, TeamScore, score_team
from torneo.fantasy.rules.votes import VoteLine
from torneo.fantasy.state import calendar, find_matchday, holdings_at, lineups_of, rules_of
from torneo.fantasy.tables import (
    FantasyLeague,
    FantasyMatchday,
    FantasyPenalty,
    FantasyPlayer,
    FantasyScore,
    FantasyTeam,
)

LINE_FIELDS = (
    "goals",
    "conceded",
    "penalties_saved",
    "penalties_missed",
    "penalties_scored",
    "own_goals",
    "yellow",
    "red",
    "assists",
)


def line_json(player_id: int, line: VoteLine) -> list[Any]:
    vote = None if line.vote is None else str(line.vote)
    counts = [getattr(line, f) for f in LINE_FIELDS]
    return [player_id, line.line, line.club, line.code, line.role, line.name, vote, *counts]


def line_from_json(data: list[Any]) -> tuple[int, VoteLine]:
    pid, number, club, code, role, name, vote, *counts = data
    values = dict(zip(LINE_FIELDS, (int(c) for c in counts), strict=True))
    line = VoteLine(
        number, club, code, role, name, None if vote is None else Fraction(vote), **values
    )
    return int(pid), line


def _f(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def breakdown_json(score: TeamScore) -> dict[str, Any]:
    """The breakdown as stored: lists, exact numbers as strings."""
    return {
        "formation": score.formation,
        "players": str(score.players),
        "counted": score.counted,
        "modifier": [
            str(score.modifier.points),
            _f(score.modifier.average),
            [str(v) for v in score.modifier.votes],
        ],
        "penalties": [[p.what, str(p.points), p.player_id, p.note] for p in score.penalties],
        "lines": [
            [
                line.player_id,
                line.role,
                int(line.bench),
                int(line.counted),
                _f(line.score.points),
                line.score.reason,
                [[p.what, p.count, str(p.points)] for p in line.score.parts],
                line.entered_for,
                line.replaced_by,
                line.why,
                line.error,
            ]
            for line in score.lines
        ],
    }


def rescore(session: Session, league: FantasyLeague, data: FantasyMatchday) -> int:
    """Replace the matchday's scores; the number of teams scored."""
    rules = rules_of(league)
    day = find_matchday(calendar(league, rules), data.matchday)
    players = session.execute(
        select(FantasyPlayer.id, FantasyPlayer.role, FantasyPlayer.club).where(
            FantasyPlayer.league_id == league.id
        )
    ).all()
    roles = {pid: role for pid, role, _ in players}
    lines = dict(line_from_json(item) for item in data.votes)
    extras = data.extras or {}
    facts = Facts(
        clubs=frozenset(data.clubs),
        official=data.official,
        minutes={int(k): int(v) for k, v in (extras.get("minutes") or {}).items()},
        postponed=frozenset(extras.get("postponed") or ()),
        suspended=frozenset(int(p) for p in extras.get("suspended") or ()),
    )
    scores = matchday_scores(((p, r, c) for p, r, c in players), lines, facts, rules)
    teams = session.scalars(
        select(FantasyTeam)
        .where(FantasyTeam.league_id == league.id)
        .options(selectinload(FantasyTeam.holdings))
    ).all()
    lineups = lineups_of(session, league.id)
    extra: dict[int, list[Penalty]] = {}
    for pen in session.scalars(
        select(FantasyPenalty)
        .join(FantasyTeam, FantasyTeam.id == FantasyPenalty.team_id)
        .where(FantasyTeam.league_id == league.id, FantasyPenalty.matchday == data.matchday)
    ):
        extra.setdefault(pen.team_id, []).append(
            Penalty(pen.what, Fraction(pen.points), None, pen.note)
        )
    rows: list[dict[str, Any]] = []
    for team in teams:
        lineup, reused = lineup_for(data.matchday, lineups.get(team.id, {}))
        base = {
            "team_id": team.id,
            "league_id": league.id,
            "matchday": data.matchday,
            "official": data.official,
            "lineup_from": reused,
        }
        if lineup is None:
            rows.append({**base, "total": "0", "eligible": False, "breakdown": {"lines": []}})
            continue
        roster = {h.player_id: roles[h.player_id] for h in holdings_at(team, day.deadline)}
        result = score_team(lineup, roster, roles, scores, rules, extra.get(team.id, ()))
        rows.append(
            {
                **base,
                "total": str(result.total),
                "eligible": reused is None,
                "breakdown": breakdown_json(result),
            }
        )
    session.execute(
        delete(FantasyScore).where(
            FantasyScore.league_id == league.id, FantasyScore.matchday == data.matchday
        )
    )
    if rows:
        session.execute(insert(FantasyScore), rows)
    return len(rows)
