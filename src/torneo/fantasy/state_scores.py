"""A matchday's scores recomputed from its stored data (FAN-SCORE-1 … FAN-PEN-1, issue 18).

Every listed player's score is computed once (:func:`torneo.fantasy.rules.matchday.matchday_scores`),
then each team's lineup is put on it (:func:`torneo.fantasy.rules.team_score.score_team`): its
own lineup, or the last one it gave (FAN-LINEUP-1: then it is not eligible for the week's
prize), against its roster at the matchday's deadline. The scores of the matchday are replaced
whole, in the caller's transaction, with each team's breakdown in a compact JSON form
(:func:`breakdown_json`; the read models give it names): one delete and one bulk insert a
matchday. A season's recomputation (:func:`rescore_matchdays`) reads the league's players,
teams, holdings, lineups and penalties once, as plain rows, for all its matchdays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.orm import Session

from torneo.fantasy.rules.lineup import Lineup, lineup_for
from torneo.fantasy.rules.matchday import Facts, matchday_scores, postponed_clubs
from torneo.fantasy.rules.team_score import Penalty, TeamScore, score_team
from torneo.fantasy.rules.votes import VoteLine
from torneo.fantasy.state import Matchday, calendar, find_matchday, lineups_of, rules_of, utc
from torneo.fantasy.tables import (
    FantasyHolding,
    FantasyLeague,
    FantasyMatchday,
    FantasyPenalty,
    FantasyPlayer,
    FantasyScore,
    FantasyTeam,
)
from torneo.presets.fantasy import FantasyRules

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


@dataclass(frozen=True, slots=True)
class _League:
    """What scoring any matchday of a league reads, loaded once as plain rows: a season's
    recomputation used to load every team, holding and lineup again for each matchday, as ORM
    objects (issue 18: 300 teams' season took 45 s, most of it building objects)."""

    rules: FantasyRules
    calendar: list[Matchday]
    players: list[tuple[int, str, str]]  # id, role, club
    roles: dict[int, str]
    teams: list[int]
    holdings: dict[int, list[tuple[int, datetime, datetime | None]]]  # player, bought, sold
    lineups: dict[int, dict[int, Lineup]]


def _load(session: Session, league: FantasyLeague) -> _League:
    rules = rules_of(league)
    players = [
        (pid, role, club)
        for pid, role, club in session.execute(
            select(FantasyPlayer.id, FantasyPlayer.role, FantasyPlayer.club).where(
                FantasyPlayer.league_id == league.id
            )
        )
    ]
    teams = list(
        session.scalars(
            select(FantasyTeam.id)
            .where(FantasyTeam.league_id == league.id)
            .order_by(FantasyTeam.id)
        )
    )
    holdings: dict[int, list[tuple[int, datetime, datetime | None]]] = {}
    for team, player, bought, sold in session.execute(
        select(
            FantasyHolding.team_id,
            FantasyHolding.player_id,
            FantasyHolding.bought_at,
            FantasyHolding.sold_at,
        )
        .join(FantasyTeam, FantasyTeam.id == FantasyHolding.team_id)
        .where(FantasyTeam.league_id == league.id)
        .order_by(FantasyHolding.id)
    ):
        holdings.setdefault(team, []).append(
            (player, utc(bought), None if sold is None else utc(sold))
        )
    return _League(
        rules,
        calendar(league, rules),
        players,
        {pid: role for pid, role, _ in players},
        teams,
        holdings,
        lineups_of(session, league.id),
    )


def _penalties(
    session: Session, league: FantasyLeague, matchdays: Sequence[int]
) -> dict[tuple[int, int], list[Penalty]]:
    """The recorded penalties (FAN-PEN-1) of these matchdays by (matchday, team)."""
    found: dict[tuple[int, int], list[Penalty]] = {}
    for team, matchday, what, points, note in session.execute(
        select(
            FantasyPenalty.team_id,
            FantasyPenalty.matchday,
            FantasyPenalty.what,
            FantasyPenalty.points,
            FantasyPenalty.note,
        )
        .join(FantasyTeam, FantasyTeam.id == FantasyPenalty.team_id)
        .where(FantasyTeam.league_id == league.id, FantasyPenalty.matchday.in_(set(matchdays)))
        .order_by(FantasyPenalty.id)
    ):
        found.setdefault((matchday, team), []).append(Penalty(what, Fraction(points), None, note))
    return found


def rescore(session: Session, league: FantasyLeague, data: FantasyMatchday) -> int:
    """Replace the matchday's scores; the number of teams scored."""
    return rescore_matchdays(session, league, [data])


def rescore_matchdays(
    session: Session, league: FantasyLeague, matchdays: Sequence[FantasyMatchday]
) -> int:
    """Replace the scores of these matchdays, the league read once for all of them; the
    number of teams scored (of the last matchday)."""
    loaded = _load(session, league)
    extra = _penalties(session, league, [m.matchday for m in matchdays])
    teams = 0
    for data in matchdays:
        teams = _rescore_one(session, league, loaded, data, extra)
    return teams


def _rescore_one(
    session: Session,
    league: FantasyLeague,
    loaded: _League,
    data: FantasyMatchday,
    extra: dict[tuple[int, int], list[Penalty]],
) -> int:
    rules, roles = loaded.rules, loaded.roles
    day = find_matchday(loaded.calendar, data.matchday)
    lines = dict(line_from_json(item) for item in data.votes)
    extras = data.extras or {}
    facts = Facts(
        clubs=frozenset(data.clubs),
        official=data.official,
        minutes={int(k): int(v) for k, v in (extras.get("minutes") or {}).items()},
        postponed=postponed_clubs(
            extras.get("postponed") or (), [(home, away) for _, home, away in day.fixtures]
        ),
        suspended=frozenset(int(p) for p in extras.get("suspended") or ()),
    )
    scores = matchday_scores(loaded.players, lines, facts, rules)
    rows: list[dict[str, Any]] = []
    for team in loaded.teams:
        lineup, reused = lineup_for(data.matchday, loaded.lineups.get(team, {}))
        base = {
            "team_id": team,
            "league_id": league.id,
            "matchday": data.matchday,
            "official": data.official,
            "lineup_from": reused,
        }
        if lineup is None:
            rows.append({**base, "total": "0", "eligible": False, "breakdown": {"lines": []}})
            continue
        roster = {  # the roster at the deadline (FAN-LINEUP-1), as state.holdings_at
            player: roles[player]
            for player, bought, sold in loaded.holdings.get(team, ())
            if bought <= day.deadline and (sold is None or sold > day.deadline)
        }
        sold = {  # issue 28 item 9: sold by the deadline, not bought back
            player
            for player, _, sold_at in loaded.holdings.get(team, ())
            if sold_at is not None and sold_at <= day.deadline and player not in roster
        }
        penalties = extra.get((data.matchday, team), ())
        result = score_team(lineup, roster, roles, scores, rules, penalties, sold)
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
