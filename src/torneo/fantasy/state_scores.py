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
whose digest changed are computed and written again, in bulk: first every digest is worked
out (which rows change, which stored rows they replace), then the changed rows are computed
as :mod:`.state_score_rows` writes them (on PostgreSQL each row goes into a ``COPY`` as soon
as it is computed, so the server's work overlaps the process's).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.fantasy.rules.team_score import Penalty
from torneo.fantasy.rules.totals import MatchdayTable, lineup_points, matchday_table
from torneo.fantasy.state import Matchday, find_matchday
from torneo.fantasy.state_inputs import (
    LeagueInputs,
    TeamInputs,
    lineup_ids,
    load_inputs,
    matchday_keys,
    penalties_of,
    player_scores,
    team_inputs,
)
from torneo.fantasy.state_score_rows import Row, write_scores
from torneo.fantasy.tables import FantasyLeague, FantasyMatchday, FantasyScore
from torneo.presets.fantasy import FantasyRules


def rescore(session: Session, league: FantasyLeague, data: FantasyMatchday) -> int:
    """Replace the matchday's scores; the number of teams scored."""
    return rescore_matchdays(session, league, [data])


def rescore_matchdays(
    session: Session, league: FantasyLeague, matchdays: Sequence[FantasyMatchday]
) -> int:
    """Bring the scores of these matchdays up to date, the league read once for all of them;
    the number of teams scored (of the last matchday).

    Issue 32 item 2: a score whose basis (:mod:`.state_basis`) is the stored one is left as
    it is; the others are computed and written (:func:`.state_score_rows.write_scores`): on
    SQLite after all are computed, so the transaction holds the write lock only for the writes
    (a lineup sent meanwhile waits for them, not for the whole recomputation); on PostgreSQL
    while they are computed (it locks only the rows written)."""
    with _no_cycle_collection():
        return _rescore(session, league, matchdays)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Issue 32 item 2: a season of 10,000 teams keeps a million small objects alive at once
    (the inputs of each changed score until its row is written, the lineups' texts, the rows),
    none in a cycle, and the collector's full passes over them were a tenth of the
    recomputation's CPU. Reference counting frees them as before; cycles made meanwhile (by
    this thread or another) wait for the next collection."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _rescore(session: Session, league: FantasyLeague, matchdays: Sequence[FantasyMatchday]) -> int:
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
    days = [
        _Day(
            d, d.matchday, d.official, find_matchday(loaded.calendar, d.matchday), keys[d.matchday]
        )
        for d in matchdays
    ]
    changed: list[_Changed] = []
    for team in loaded.teams:  # team by team: the rows go in the unique index's order
        _rescore_team(loaded, team, days, extra, stored, changed)
    for one in {id(c[0]): c[0] for c in changed if c[2].text is not None}.values():
        one.points(loaded)  # its vote file read now: not while the rows are being copied
    gone = [row_id for row_id, _ in stored.values()]  # teams no longer there
    replaced = [old for _, _, _, old in changed if old is not None]
    rows = _rows(league.id, loaded.rules, changed)
    write_scores(session, rows, len(changed), replaced, gone)
    return len(loaded.teams) if matchdays else 0


@dataclass(slots=True)
class _Day:
    """A matchday being recomputed; its players' points worked out when a team needs them."""

    data: FantasyMatchday
    number: int  # data's, read once (an ORM attribute read per row cost 1.1 million reads)
    official: bool
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


# A score whose inputs changed: its matchday, team, inputs, and the stored row's id (None:
# none stored).
_Changed = tuple[_Day, int, TeamInputs, int | None]


def _rescore_team(
    loaded: LeagueInputs,
    team: int,
    days: Sequence[_Day],
    extra: dict[tuple[int, int], list[Penalty]],
    stored: dict[tuple[int, int], tuple[int, str | None]],
    changed: list[_Changed],
) -> None:
    """One team's scores of these matchdays whose basis changed go to ``changed``."""
    for one in days:
        number = one.number
        got = team_inputs(loaded, one.day, one.key, team, extra.get((number, team), ()))
        old = stored.pop((number, team), None)
        if old is None:
            changed.append((one, team, got, None))
        elif old[1] != got.basis:
            changed.append((one, team, got, old[0]))


def _rows(league: int, rules: FantasyRules, changed: list[_Changed]) -> Iterator[Row]:
    """The rows of the changed scores, each computed as it is asked for (on PostgreSQL while
    the rows before it are being copied: ``state_score_rows``)."""
    for one, team, got, old in changed:
        if got.text is None:
            total, eligible = "0", False
        else:
            assert one.table is not None  # worked out before the rows (rescore_matchdays)
            starters, bench = lineup_ids(got.text)
            points = lineup_points(starters, bench, got.roster, one.table, rules, got.sold)
            total, eligible = one.total(points, got.penalties), got.reused is None
        yield old, (team, league, one.number, total, eligible, one.official, got.reused, got.basis)
