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
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from torneo.fantasy.rules.team_score import Penalty
from torneo.fantasy.rules.totals import MatchdayTable, matchday_table, team_points
from torneo.fantasy.state import Matchday, find_matchday
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
        for row_id, matchday, team, basis in session.connection()
        .execute(
            select(
                FantasyScore.id, FantasyScore.matchday, FantasyScore.team_id, FantasyScore.basis
            ).where(FantasyScore.league_id == league.id, FantasyScore.matchday.in_(set(numbers)))
        )
        .all()
    }
    writes = _Writes([], [])
    days = [
        _Day(d, find_matchday(loaded.calendar, d.matchday), keys[d.matchday]) for d in matchdays
    ]
    for team in loaded.teams:  # team by team: the rows go in the unique index's order
        _rescore_team(league, loaded, team, days, extra, stored, writes)
    gone = [row_id for row_id, _ in stored.values()]  # teams no longer there
    if gone:
        session.execute(delete(FantasyScore).where(FantasyScore.id.in_(gone)))
    write_scores(session, writes.inserts, writes.updates)
    return len(loaded.teams) if matchdays else 0


@dataclass(frozen=True, slots=True)
class _Writes:
    updates: list[tuple[Any, ...]]  # state_score_rows.CHANGED, then the stored row's id
    inserts: list[tuple[Any, ...]]  # state_score_rows.INSERTED


@dataclass(slots=True)
class _Day:
    """A matchday being recomputed; its players' points worked out when a team needs them."""

    data: FantasyMatchday
    day: Matchday
    key: str  # state_inputs.matchday_keys
    table: MatchdayTable | None = None
    texts: dict[int, str] = field(default_factory=dict)  # totals as stored: few distinct

    def points(self, loaded: LeagueInputs) -> MatchdayTable:
        if self.table is None:
            scores = player_scores(loaded, self.day, self.data)
            self.table = matchday_table(scores, loaded.roles, loaded.rules)
        return self.table

    def total(self, points: int, penalties: Sequence[Penalty]) -> str:
        """The total as stored; ``penalties``: recorded by the administrator (FAN-PEN-1)."""
        assert self.table is not None
        if penalties:
            recorded = sum((p.points for p in penalties), Fraction(0))
            return str(Fraction(points, self.table.scale) - recorded)
        found = self.texts.get(points)
        if found is None:
            found = self.texts[points] = str(Fraction(points, self.table.scale))
        return found


def _rescore_team(
    league: FantasyLeague,
    loaded: LeagueInputs,
    team: int,
    days: Sequence[_Day],
    extra: dict[tuple[int, int], list[Penalty]],
    stored: dict[tuple[int, int], tuple[int, str | None]],
    writes: _Writes,
) -> None:
    """One team's scores of these matchdays: those whose basis changed go to ``writes``."""
    rules = loaded.rules
    for one in days:
        number = one.data.matchday
        got = team_inputs(loaded, one.day, one.key, team, extra.get((number, team), ()))
        old = stored.pop((number, team), None)
        if old is not None and old[1] == got.basis:
            continue
        if got.text is None:
            total, eligible = "0", False
        else:
            table = one.points(loaded)
            lineup = parse_lineup(got.text)
            points = team_points(lineup, got.roster, table, rules, got.sold)
            total, eligible = one.total(points, got.penalties), got.reused is None
        official = one.data.official
        if old is None:
            writes.inserts.append(
                (team, league.id, number, total, eligible, official, got.reused, got.basis)
            )
        else:
            writes.updates.append((total, eligible, official, got.reused, got.basis, old[0]))
