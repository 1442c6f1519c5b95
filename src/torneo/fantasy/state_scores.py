"""A matchday's scores recomputed from its stored data (FAN-SCORE-1 … FAN-PEN-1, issue 18).

Every listed player's score is computed once (:func:`torneo.fantasy.rules.matchday.matchday_scores`),
then each team's lineup is put on it (:func:`torneo.fantasy.rules.team_score.score_team`): its
own lineup, or the last one it gave (FAN-LINEUP-1: then it is not eligible for the week's
prize), against its roster at the matchday's deadline. The scores are stored in the caller's
transaction, with each team's breakdown in a compact JSON form (:func:`breakdown_json`; the
read models give it names) and the digest of its inputs (:mod:`.state_basis`): only the scores
whose inputs changed are computed and written again, in bulk (issue 32 item 2). A season's
recomputation (:func:`rescore_matchdays`) reads the league's players, teams, holdings, lineups
and penalties once, as plain rows, for all its matchdays.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import Text, cast, delete, insert, select, update
from sqlalchemy.orm import Session

from torneo.fantasy.rules.lineup import Lineup, lineup_for
from torneo.fantasy.rules.matchday import Facts, matchday_scores, postponed_clubs
from torneo.fantasy.rules.scoring import Fantavoto
from torneo.fantasy.rules.team_score import Penalty, TeamScore, score_team
from torneo.fantasy.rules.votes import VoteLine
from torneo.fantasy.state import Matchday, calendar, find_matchday, rules_of, utc
from torneo.fantasy.state_basis import Rosters, league_key, matchday_key, team_basis
from torneo.fantasy.tables import (
    FantasyHolding,
    FantasyLeague,
    FantasyLineup,
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


def _score_json(score: Fantavoto) -> list[Any]:
    """A player's score in the breakdown: points, reason, parts."""
    return [
        _f(score.points),
        score.reason,
        [[p.what, p.count, str(p.points)] for p in score.parts],
    ]


def breakdown_json(
    score: TeamScore, cache: dict[int, tuple[Fantavoto, list[Any]]] | None = None
) -> dict[str, Any]:
    """The breakdown as stored: lists, exact numbers as strings. ``cache``: each player's
    score as text by the score's identity, shared by the teams of one matchday (issue 32: a
    season's breakdowns wrote the same 500 players' scores 10,000 times each)."""
    cache = {} if cache is None else cache

    def scored(value: Fantavoto) -> list[Any]:
        found = cache.get(id(value))
        if found is None or found[0] is not value:  # an id is unique while its object lives
            found = cache[id(value)] = (value, _score_json(value))
        return found[1]

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
                *scored(line.score),
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
    objects (issue 18: 300 teams' season took 45 s, most of it building objects). The lineups
    stay their stored JSON text until one is scored (issue 32 item 2: the text is part of the
    score's basis, and most scores of a recomputation are not computed again)."""

    rules: FantasyRules
    calendar: list[Matchday]
    players: list[tuple[int, str, str]]  # id, role, club
    roles: dict[int, str]
    teams: list[int]
    rosters: Rosters
    lineups: dict[int, dict[int, str]]  # team -> matchday -> "starters|bench" as stored
    key: str  # state_basis.league_key


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
    lineups: dict[int, dict[int, str]] = {}
    for team, matchday, starters, bench in session.execute(
        select(
            FantasyLineup.team_id,
            FantasyLineup.matchday,
            cast(FantasyLineup.starters, Text),
            cast(FantasyLineup.bench, Text),
        )
        .join(FantasyTeam, FantasyTeam.id == FantasyLineup.team_id)
        .where(FantasyTeam.league_id == league.id)
    ):
        lineups.setdefault(team, {})[matchday] = f"{starters}|{bench}"
    roles = {pid: role for pid, role, _ in players}
    return _League(
        rules,
        calendar(league, rules),
        players,
        roles,
        teams,
        Rosters(holdings, roles),
        lineups,
        league_key(rules, players),
    )


def _lineup(text: str) -> Lineup:
    starters, bench = text.split("|")
    return Lineup(
        tuple(int(p) for p in json.loads(starters)), tuple(int(p) for p in json.loads(bench))
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
    """Bring the scores of these matchdays up to date, the league read once for all of them;
    the number of teams scored (of the last matchday).

    Issue 32 item 2: a score whose basis (:mod:`.state_basis`) is the stored one is left as
    it is; the others are computed and written, after every matchday is worked out, so the
    transaction holds SQLite's write lock only for the writes (a lineup sent meanwhile waits
    for them, not for the whole recomputation; PostgreSQL locks only the rows written)."""
    loaded = _load(session, league)
    extra = _penalties(session, league, [m.matchday for m in matchdays])
    stored: dict[tuple[int, int], tuple[int, str | None]] = {
        (matchday, team): (row_id, basis)
        for row_id, matchday, team, basis in session.execute(
            select(
                FantasyScore.id, FantasyScore.matchday, FantasyScore.team_id, FantasyScore.basis
            ).where(
                FantasyScore.league_id == league.id,
                FantasyScore.matchday.in_({m.matchday for m in matchdays}),
            )
        )
    }
    texts = {  # the data as stored, for the bases (the caller has flushed its changes)
        matchday: f"{votes}|{clubs}|{extras}"
        for matchday, votes, clubs, extras in session.execute(
            select(
                FantasyMatchday.matchday,
                cast(FantasyMatchday.votes, Text),
                cast(FantasyMatchday.clubs, Text),
                cast(FantasyMatchday.extras, Text),
            ).where(
                FantasyMatchday.league_id == league.id,
                FantasyMatchday.matchday.in_({m.matchday for m in matchdays}),
            )
        )
    }
    writes = _Writes([], [])
    teams = 0
    for data in matchdays:
        key = matchday_key(
            loaded.key,
            find_matchday(loaded.calendar, data.matchday),
            texts[data.matchday],
            data.official,
        )
        teams = _rescore_one(league, loaded, data, key, extra, stored, writes)
    gone = [row_id for (matchday, _), (row_id, _) in stored.items()]  # teams no longer there
    if gone:
        session.execute(delete(FantasyScore).where(FantasyScore.id.in_(gone)))
    if writes.updates:
        session.execute(update(FantasyScore), writes.updates)
    if writes.inserts:
        session.execute(insert(FantasyScore), writes.inserts)
    return teams


@dataclass(frozen=True, slots=True)
class _Writes:
    updates: list[dict[str, Any]]  # with the stored row's id
    inserts: list[dict[str, Any]]


def _rescore_one(
    league: FantasyLeague,
    loaded: _League,
    data: FantasyMatchday,
    key: str,
    extra: dict[tuple[int, int], list[Penalty]],
    stored: dict[tuple[int, int], tuple[int, str | None]],
    writes: _Writes,
) -> int:
    rules, roles = loaded.rules, loaded.roles
    day = find_matchday(loaded.calendar, data.matchday)
    scores: dict[int, Fantavoto] | None = None  # worked out when a team needs them
    cached: dict[int, tuple[Fantavoto, list[Any]]] = {}  # each player's score as text, once
    for team in loaded.teams:
        text, reused = lineup_for(data.matchday, loaded.lineups.get(team, {}))
        roster_key, roster, sold = loaded.rosters.at(team, day.deadline)
        penalties = extra.get((data.matchday, team), ())
        basis = team_basis(key, text or "", reused, roster_key, repr(penalties))
        old = stored.pop((data.matchday, team), None)
        if old is not None and old[1] == basis:
            continue
        row: dict[str, Any] = {
            "team_id": team,
            "league_id": league.id,
            "matchday": data.matchday,
            "official": data.official,
            "lineup_from": reused,
            "basis": basis,
        }
        if text is None:
            row.update(total="0", eligible=False, breakdown={"lines": []})
        else:
            if scores is None:
                scores = _matchday_scores(loaded, day, data, data.extras or {})
            result = score_team(_lineup(text), roster, roles, scores, rules, penalties, sold)
            row.update(
                total=str(result.total),
                eligible=reused is None,
                breakdown=breakdown_json(result, cached),
            )
        if old is None:
            writes.inserts.append(row)
        else:
            writes.updates.append({"id": old[0], **row})
    return len(loaded.teams)


def _matchday_scores(
    loaded: _League, day: Matchday, data: FantasyMatchday, extras: dict[str, Any]
) -> dict[int, Fantavoto]:
    lines = dict(line_from_json(item) for item in data.votes)
    facts = Facts(
        clubs=frozenset(data.clubs),
        official=data.official,
        minutes={int(k): int(v) for k, v in (extras.get("minutes") or {}).items()},
        postponed=postponed_clubs(
            extras.get("postponed") or (), [(home, away) for _, home, away in day.fixtures]
        ),
        suspended=frozenset(int(p) for p in extras.get("suspended") or ()),
    )
    return dict(matchday_scores(loaded.players, lines, facts, loaded.rules))
