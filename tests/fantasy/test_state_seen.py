"""The stamps of a matchday's data (issue 26 item 1) through the services, on SQLite and
PostgreSQL: an act based on an older stamp of *that* matchday is refused with nothing changed;
other matchdays' changes never refuse it; no stamp is not checked (the API and the CLI)."""

from __future__ import annotations

import pytest

from tests.conftest import FakeClock
from tests.fantasy.conftest import ADMIN, League
from torneo.core.errors import Conflict
from torneo.fantasy import commands_votes as votes
from torneo.fantasy import views
from torneo.fantasy.rules import samples
from torneo.fantasy.state_seen import NOTHING, seen_for
from torneo.platform.store.uow import Store


def _stamp(store: Store, league: League, day: int) -> str:
    found = seen_for(views.league_page(store, league.id).seen, day)
    assert found is not None
    return found


def test_fan_data_1_only_a_change_of_the_same_matchday_refuses(
    store: Store, league: League, clock: FakeClock
) -> None:
    clock.advance(days=13)
    first = samples.rows_csv(samples.vote_rows(league.season, 1, seed=1))
    second = samples.rows_csv(samples.vote_rows(league.season, 2, seed=2))
    day1, day2 = _stamp(store, league, 1), _stamp(store, league, 2)
    assert day1 == day2 == NOTHING
    votes.import_votes(store, ADMIN, league.id, 1, first, seen=day1)
    votes.import_votes(store, ADMIN, league.id, 2, second, seen=day2)  # matchday 1 changed: fine
    votes.add_penalty(store, ADMIN, league.id, league.teams[0], 2)  # a penalty adds, stamps stay
    now1 = _stamp(store, league, 1)
    assert now1 != day1
    before = views.matchday_page(store, league.id, 1)
    with pytest.raises(Conflict) as refused:
        votes.import_votes(store, ADMIN, league.id, 1, first, official=True, seen=day1)
    assert refused.value.field == "matchday"
    with pytest.raises(Conflict):
        votes.set_extras(store, ADMIN, league.id, 1, "rinviata; Nessuno", seen=day1)
    with pytest.raises(Conflict):
        votes.delete_matchday(store, ADMIN, league.id, 1, seen=day1)
    assert views.matchday_page(store, league.id, 1) == before
    votes.set_extras(store, ADMIN, league.id, 1, "rinviata; Nessuno", seen=now1)
    votes.import_votes(store, ADMIN, league.id, 1, first, official=True)  # no stamp: not checked
    # deleted and imported again: a stamp read before the deletion is stale
    stale = _stamp(store, league, 2)
    votes.delete_matchday(store, ADMIN, league.id, 2, seen=stale)
    clock.advance(minutes=1)
    votes.import_votes(store, ADMIN, league.id, 2, second)
    with pytest.raises(Conflict):
        votes.set_extras(store, ADMIN, league.id, 2, "rinviata; Nessuno", seen=stale)


def test_seen_for_reads_the_stamp_of_one_matchday() -> None:
    assert seen_for("1:4.2.17 2:0 10:7.1.18", 10) == "7.1.18"
    assert seen_for("1:4.2 2:0", 2) == NOTHING
    assert seen_for("1:4.2", 3) is None
    assert seen_for("", 1) is None
    assert seen_for(None, 1) is None
