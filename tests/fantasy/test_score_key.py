"""A fantasy score's keys (issue 32 item 2, migration 0027): the team's foreign key only.

PostgreSQL checks a COPY's foreign keys once it ends, a lookup per row and key, so the league's
key, which repeats the team's, was dropped. These tests pin what the team's key must still
guarantee, on SQLite and PostgreSQL, and that the recomputation writes each score's league from
its team."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, func, insert, select
from sqlalchemy.exc import IntegrityError

from tests.conftest import FakeClock
from tests.fantasy.conftest import League
from tests.fantasy.test_rescore_basis import _played_season
from torneo.fantasy.tables import FantasyScore, FantasyTeam
from torneo.platform.store.uow import Store


def _scores(store: Store, team_id: int) -> int:
    with store.read() as session:
        return (
            session.scalar(
                select(func.count(FantasyScore.id)).where(FantasyScore.team_id == team_id)
            )
            or 0
        )


def test_a_score_of_a_team_that_does_not_exist_is_refused(
    store: Store, clock: FakeClock, league: League
) -> None:
    """The team's key stays: a score naming no team is refused by the database itself."""
    row = {"matchday": 30, "total": "66", "eligible": True, "official": True}
    with pytest.raises(IntegrityError), store.engine.begin() as connection:
        connection.execute(
            insert(FantasyScore).values(team_id=max(league.teams) + 100, league_id=league.id, **row)
        )
    with store.read() as session:
        assert session.scalar(select(func.count(FantasyScore.id))) == 0


def test_a_team_deleted_takes_its_scores_and_each_score_has_its_teams_league(
    store: Store, clock: FakeClock, league: League
) -> None:
    """ON DELETE CASCADE through the team's key: a team's scores go with the team (as a league's
    teams go with the league), the other teams' stay; every score written by the
    recomputation names its team's league (what the dropped key no longer checks)."""
    _played_season(store, clock, league)
    with store.read() as session:
        pairs = session.execute(
            select(FantasyScore.league_id, FantasyTeam.league_id).join(
                FantasyTeam, FantasyTeam.id == FantasyScore.team_id
            )
        ).all()
    assert len(pairs) == 3 * len(league.teams)
    assert all(score == team == league.id for score, team in pairs)
    gone, kept = league.teams[0], league.teams[1]
    assert _scores(store, gone) == 3
    with store.engine.begin() as connection:
        connection.execute(delete(FantasyTeam).where(FantasyTeam.id == gone))
    assert _scores(store, gone) == 0
    assert _scores(store, kept) == 3
