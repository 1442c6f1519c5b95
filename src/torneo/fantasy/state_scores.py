"""A matchday's scores recomputed from its stored data (FAN-SCORE-1 … FAN-PEN-1, issue 18).

Every listed player's score is computed once per matchday and turned into whole numbers of a
small fraction of a point (:func:`torneo.fantasy.rules.totals.matchday_table`); then each
team's lineup is put on it (:func:`torneo.fantasy.rules.totals.team_total`): its own lineup,
or the last one it gave (FAN-LINEUP-1: then it is not eligible for the week's prize), against
its roster at the matchday's deadline (:mod:`.state_inputs`).

Only what the standings read is stored: the total, its eligibility and the digest of its inputs
(:mod:`.state_basis`). Issue 32 item 2: a season of 38 matchdays × 1,000 teams took 16–30 s,
most of it explaining every score (FAN-SUB-1, FAN-MOD-1, FAN-PEN-1 line by line) and writing
that breakdown, which only one team's score page reads; that page now explains the score
when it is read (:mod:`.state_explain`), from the same inputs by the same rules
(:func:`torneo.fantasy.rules.team_score.score_team`, whose total ``team_total`` equals:
``tests/fantasy/rules/test_totals.py``, ``tests/fantasy/test_explain.py``). Only the scores
whose digest changed are computed and written again, in bulk, after every matchday is worked
out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from torneo.fantasy.rules.team_score import Penalty
from torneo.fantasy.rules.totals import MatchdayTable, matchday_table, team_points
from torneo.fantasy.state import find_matchday
from torneo.fantasy.state_inputs import (
    LeagueInputs,
    load_inputs,
    matchday_keys,
    parse_lineup,
    penalties_of,
    player_scores,
    team_inputs,
)
from torneo.fantasy.state_score_rows import write_scores
from torneo.fantasy.tables import FantasyLeague, FantasyMatchday, FantasyScore


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
    numbers = [m.matchday for m in matchdays]
    loaded = load_inputs(session, league)
    extra = penalties_of(session, league, numbers)
    keys = matchday_keys(session, league, loaded, numbers)
    stored: dict[tuple[int, int], tuple[int, str | None]] = {
        (matchday, team): (row_id, basis)
        for row_id, matchday, team, basis in session.connection().execute(
            select(
                FantasyScore.id, FantasyScore.matchday, FantasyScore.team_id, FantasyScore.basis
            ).where(FantasyScore.league_id == league.id, FantasyScore.matchday.in_(set(numbers)))
        )
    }
    writes = _Writes([], [])
    for data in matchdays:
        _rescore_one(league, loaded, data, keys[data.matchday], extra, stored, writes)
    gone = [row_id for row_id, _ in stored.values()]  # teams no longer there
    if gone:
        session.execute(delete(FantasyScore).where(FantasyScore.id.in_(gone)))
    write_scores(session, writes.inserts, writes.updates)
    return len(loaded.teams) if matchdays else 0


@dataclass(frozen=True, slots=True)
class _Writes:
    updates: list[tuple[Any, ...]]  # state_score_rows.CHANGED, then the stored row's id
    inserts: list[tuple[Any, ...]]  # state_score_rows.INSERTED


def _rescore_one(
    league: FantasyLeague,
    loaded: LeagueInputs,
    data: FantasyMatchday,
    key: str,
    extra: dict[tuple[int, int], list[Penalty]],
    stored: dict[tuple[int, int], tuple[int, str | None]],
    writes: _Writes,
) -> None:
    rules, number, official = loaded.rules, data.matchday, data.official
    day = find_matchday(loaded.calendar, number)
    table: MatchdayTable | None = None  # worked out when a team needs it
    texts: dict[int, str] = {}  # a total in 1/scale points as stored: few distinct ones
    for team in loaded.teams:
        got = team_inputs(loaded, day, key, team, extra.get((number, team), ()))
        old = stored.pop((number, team), None)
        if old is not None and old[1] == got.basis:
            continue
        if got.text is None:
            total, eligible = "0", False
        else:
            if table is None:
                table = matchday_table(player_scores(loaded, day, data), loaded.roles, rules)
            lineup = parse_lineup(got.text)
            points = team_points(lineup, got.roster, table, rules, got.sold)
            if got.penalties:  # FAN-PEN-1, recorded by the administrator
                recorded = sum((p.points for p in got.penalties), Fraction(0))
                total = str(Fraction(points, table.scale) - recorded)
            else:
                total = texts.get(points) or texts.setdefault(
                    points, str(Fraction(points, table.scale))
                )
            eligible = got.reused is None
        if old is None:
            writes.inserts.append(
                (team, league.id, number, total, eligible, official, got.reused, got.basis)
            )
        else:
            writes.updates.append((total, eligible, official, got.reused, got.basis, old[0]))
