"""A fantasy score's one foreign key: its team in its league (issue 32 item 2, migration 0027).

The scores had two foreign keys (the team, the league); PostgreSQL checks a COPY's keys once it
ends, a lookup per row and key, so the recomputation now writes under one composite key. These
tests pin what the key must still guarantee, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, func, insert, select
from sqlalchemy.exc import IntegrityError

from tests.conftest import FakeClock
from tests.fantasy.conftest import League
from tests.fantasy.test_rescore_basis import _played_season
from torneo.fantasy.tables import FantasyLeague, FantasyScore, FantasyTeam
from torneo.platform.store.uow import Store


def _scores(store: Store, team_id: int) -> int:
    with store.read() as session:
        return (
            session.scalar(
                select(func.count(FantasyScore.id)).where(FantasyScore.team_id == team_id)
            )
            or 0
        )


def test_a_score_in_another_league_than_its_teams_is_refused(
    store: Store, clock: FakeClock, league: League
) -> None:
    """The key is the team in its league: a score naming its team with another league of the
    club (two separate keys took it) or a team that does not exist is refused by the database
    itself, and nothing is written."""
    team = league.teams[0]
    with store.engine.begin() as connection:  # a second league of the same club, no teams
        first = (
            connection.execute(select(FantasyLeague).where(FantasyLeague.id == league.id))
            .mappings()
            .one()
        )
        other = connection.execute(
            insert(FantasyLeague)
            .values({**{k: v for k, v in first.items() if k != "id"}, "name": "Altra lega"})
            .returning(FantasyLeague.id)
        ).scalar_one()
    row = {"matchday": 30, "total": "66", "eligible": True, "official": True}
    for team_id, league_id in ((team, other), (max(league.teams) + 100, league.id)):
        with pytest.raises(IntegrityError), store.engine.begin() as connection:
            connection.execute(
                insert(FantasyScore).values(team_id=team_id, league_id=league_id, **row)
            )
    assert _scores(store, team) == 0
    with store.engine.begin() as connection:  # the right pair is taken
        connection.execute(insert(FantasyScore).values(team_id=team, league_id=league.id, **row))
    assert _scores(store, team) == 1


def test_a_team_deleted_takes_its_scores_with_it(
    store: Store, clock: FakeClock, league: League
) -> None:
    """ON DELETE CASCADE through the composite key: a team's scores go with the team (as a
    league's teams go with the league), the other teams' stay."""
    _played_season(store, clock, league)
    gone, kept = league.teams[0], league.teams[1]
    assert _scores(store, gone) == 3
    with store.engine.begin() as connection:
        connection.execute(delete(FantasyTeam).where(FantasyTeam.id == gone))
    assert _scores(store, gone) == 0
    assert _scores(store, kept) == 3
