"""What a team's matchday score is computed from, read from the database (issue 32 item 2).

Two readers share it, so they read the same inputs the same way: a season's recomputation
(:mod:`.state_scores`: every team, totals only) and the explanation of one team's score when
its page is read (:mod:`.state_explain`: FAN-SUB-1, FAN-MOD-1, FAN-PEN-1 line by line). For a
team and a matchday (:func:`team_inputs`): the lineup that stands (its own or the last one it
gave, FAN-LINEUP-1), its roster and the players it sold at the deadline (issue 28 item 9), the
administrator's penalties (FAN-PEN-1), and the digest of all that with the matchday's data
(:mod:`.state_basis`): equal digests, equal scores.

The league's players, teams, holdings and lineups are read once, as plain rows (issue 18: a
season's recomputation used to load them again for each matchday, as ORM objects). The
lineups stay their stored JSON text until one is scored: the text is part of the digest, and
most scores of a recomputation are not computed again.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any, NamedTuple

from sqlalchemy import Connection, Select, Text, cast, select
from sqlalchemy.orm import Session

from torneo.fantasy.rules.lineup import Lineup, lineup_for
from torneo.fantasy.rules.matchday import Facts, matchday_scores, postponed_clubs
from torneo.fantasy.rules.scoring import Fantavoto
from torneo.fantasy.rules.team_score import Penalty
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
    """A matched row of a vote file as stored in ``FantasyMatchday.votes``."""
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


@dataclass(frozen=True, slots=True)
class LeagueInputs:
    """What scoring any matchday of a league (or of one of its teams) reads, as plain rows."""

    rules: FantasyRules
    calendar: list[Matchday]
    players: list[tuple[int, str, str]]  # id, role, club: every listed player
    roles: dict[int, str]
    teams: list[int]
    rosters: Rosters
    lineups: dict[int, dict[int, str]]  # team -> matchday -> "starters|bench" as stored
    key: str  # state_basis.league_key


def _of_teams(query: Any, league: FantasyLeague, team: int | None, column: Any) -> Any:
    query = query.join(FantasyTeam, FantasyTeam.id == column).where(
        FantasyTeam.league_id == league.id
    )
    return query if team is None else query.where(column == team)


_HELD = select(
    FantasyHolding.team_id,
    FantasyHolding.player_id,
    FantasyHolding.bought_at,
    FantasyHolding.sold_at,
).order_by(FantasyHolding.id)
_GIVEN = select(
    FantasyLineup.team_id,
    FantasyLineup.matchday,
    cast(FantasyLineup.starters, Text),
    cast(FantasyLineup.bench, Text),
)


def _plain_rows(connection: Connection, query: Select[Any]) -> list[Any]:
    """The driver's rows as they come (issue 32 item 2: a season's 380,000 lineups and
    250,000 holdings; building a row object for each cost more than the query). Only for
    columns the driver already gives as the values wanted (numbers, text), or converted by
    the caller."""
    result = connection.execute(query)
    try:
        return list(result.cursor.fetchall()) if result.cursor is not None else []
    finally:
        result.close()


def _holdings(
    connection: Connection, query: Select[Any]
) -> dict[int, list[tuple[int, datetime, datetime | None]]]:
    """Each team's holdings: player, bought, sold (UTC). A moment as the driver gives it (text
    on SQLite) is converted once per distinct value: most of a league's rosters were bought
    at a handful of moments."""
    dialect = connection.dialect
    convert = _HELD.selected_columns[2].type.dialect_impl(dialect).result_processor(dialect, None)
    moments: dict[Any, datetime] = {}

    def moment(raw: Any) -> datetime:
        found = moments.get(raw)
        if found is None:
            value = convert(raw) if convert else raw
            assert isinstance(value, datetime)  # a purchase or a sale has its moment
            found = moments[raw] = utc(value)
        return found

    holdings: dict[int, list[tuple[int, datetime, datetime | None]]] = {}
    for owner, player, bought, sold in _plain_rows(connection, query):
        holdings.setdefault(owner, []).append(
            (player, moment(bought), None if sold is None else moment(sold))
        )
    return holdings


def load_inputs(session: Session, league: FantasyLeague, team: int | None = None) -> LeagueInputs:
    """The league's players, and its teams' holdings and lineups (``team``'s only, if given)."""
    rules = rules_of(league)
    players = [
        (pid, role, club)
        for pid, role, club in session.execute(
            select(FantasyPlayer.id, FantasyPlayer.role, FantasyPlayer.club).where(
                FantasyPlayer.league_id == league.id
            )
        )
    ]
    teams_query = select(FantasyTeam.id).where(FantasyTeam.league_id == league.id)
    if team is not None:
        teams_query = teams_query.where(FantasyTeam.id == team)
    teams = list(session.scalars(teams_query.order_by(FantasyTeam.id)))
    connection = session.connection()
    holdings = _holdings(connection, _of_teams(_HELD, league, team, FantasyHolding.team_id))
    lineups: dict[int, dict[int, str]] = {}
    for owner, matchday, starters, bench in _plain_rows(
        connection, _of_teams(_GIVEN, league, team, FantasyLineup.team_id)
    ):
        lineups.setdefault(owner, {})[matchday] = f"{starters}|{bench}"
    roles = {pid: role for pid, role, _ in players}
    return LeagueInputs(
        rules,
        calendar(league, rules),
        players,
        roles,
        teams,
        Rosters(holdings, roles),
        lineups,
        league_key(rules, players),
    )


def penalties_of(
    session: Session, league: FantasyLeague, matchdays: Collection[int], team: int | None = None
) -> dict[tuple[int, int], list[Penalty]]:
    """The recorded penalties (FAN-PEN-1) of these matchdays by (matchday, team)."""
    found: dict[tuple[int, int], list[Penalty]] = {}
    query = select(
        FantasyPenalty.team_id,
        FantasyPenalty.matchday,
        FantasyPenalty.what,
        FantasyPenalty.points,
        FantasyPenalty.note,
    ).where(FantasyPenalty.matchday.in_(set(matchdays)))
    for owner, matchday, what, points, note in session.execute(
        _of_teams(query, league, team, FantasyPenalty.team_id).order_by(FantasyPenalty.id)
    ):
        found.setdefault((matchday, owner), []).append(Penalty(what, Fraction(points), None, note))
    return found


def matchday_keys(
    session: Session, league: FantasyLeague, loaded: LeagueInputs, matchdays: Collection[int]
) -> dict[int, str]:
    """Each matchday's part of the digests: its data as stored (the caller has flushed its
    changes), read as text, not decoded (a recomputation that changes nothing never decodes a
    vote file), with its deadline and fixtures and the league's key."""
    return {
        matchday: matchday_key(
            loaded.key,
            find_matchday(loaded.calendar, matchday),
            f"{votes}|{clubs}|{extras}",
            official,
        )
        for matchday, votes, clubs, extras, official in session.execute(
            select(
                FantasyMatchday.matchday,
                cast(FantasyMatchday.votes, Text),
                cast(FantasyMatchday.clubs, Text),
                cast(FantasyMatchday.extras, Text),
                FantasyMatchday.official,
            ).where(
                FantasyMatchday.league_id == league.id,
                FantasyMatchday.matchday.in_(set(matchdays)),
            )
        )
    }


class TeamInputs(NamedTuple):
    """A team's inputs of one matchday; ``text`` None: the team never gave a lineup. (A
    named tuple: one is made for each team and matchday of a season's recomputation, 380,000
    for 10,000 teams, and a frozen dataclass cost twice as much to make.)"""

    text: str | None  # the lineup that stands, as stored
    reused: int | None  # FAN-LINEUP-1: the matchday whose lineup stands instead of its own
    roster: dict[int, str]  # at the deadline, with roles
    sold: frozenset[int]
    penalties: Sequence[Penalty]
    basis: str  # state_basis.team_basis


def team_inputs(
    loaded: LeagueInputs, day: Matchday, key: str, team: int, penalties: Sequence[Penalty]
) -> TeamInputs:
    text, reused = lineup_for(day.number, loaded.lineups.get(team, {}))
    roster_key, roster, sold = loaded.rosters.at(team, day.deadline)
    basis = team_basis(key, text or "", reused, roster_key, repr(penalties))
    return TeamInputs(text, reused, roster, sold, penalties, basis)


def parse_lineup(text: str) -> Lineup:
    """A lineup from its stored text, ``[ids]|[ids]`` (see :func:`load_inputs`)."""
    return Lineup(*lineup_ids(text))


def lineup_ids(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The starters and the bench of a lineup's stored text, ``[ids]|[ids]``: its lists read
    as numbers split by commas (issue 32 item 2: 380,000 lineups a season, and ``json.loads``
    was a tenth of the recomputation), by the JSON parser when they hold anything else (an
    empty list, spaces inside its brackets)."""
    cut = text.find("|")
    try:
        return (
            tuple(map(int, text[1 : cut - 1].split(","))),
            tuple(map(int, text[cut + 2 : -1].split(","))),
        )
    except ValueError:
        starters, _, bench = text.partition("|")
        return (
            tuple(int(p) for p in json.loads(starters)),
            tuple(int(p) for p in json.loads(bench)),
        )


def player_scores(
    loaded: LeagueInputs, day: Matchday, data: FantasyMatchday
) -> dict[int, Fantavoto]:
    """Every listed player's score of the matchday (FAN-SCORE-1, FAN-SV-1, FAN-POST-1)."""
    extras: Mapping[str, Any] = data.extras or {}
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
