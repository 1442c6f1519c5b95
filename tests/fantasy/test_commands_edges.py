"""Issue 28 through the fantasy use cases, on SQLite and PostgreSQL: a due date typed through the
API and on the form means the same Italian time (item 10), and refusals show it."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select

from tests.conftest import FakeClock
from tests.fantasy.conftest import ADMIN, League, manager
from torneo.core.errors import Conflict, NotFound
from torneo.fantasy import commands as fantasy
from torneo.fantasy import commands_market as market
from torneo.fantasy import commands_votes as votes
from torneo.fantasy import views
from torneo.fantasy.rules import samples
from torneo.fantasy.rules.lineup import late_refusal
from torneo.fantasy.tables import FantasyLeague
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store


def _audit(store: Store) -> int:
    with store.read() as s:
        return s.scalar(select(func.count(AuditEntry.id))) or 0


def _due(store: Store, lid: int) -> datetime | None:
    with store.read() as s:
        row = s.get(FantasyLeague, lid)
        assert row is not None
        due = row.roster_due
    return None if due is None else due.replace(tzinfo=UTC) if due.tzinfo is None else due


def test_fan_roster_1_a_due_date_is_italian_time_through_the_api_and_the_form(
    store: Store, clock: FakeClock
) -> None:
    """Issue 28 item 10: "2026-12-05 20:00" typed on the form (text) and sent to the API (a
    datetime without an offset) are both 20:00 in Rome, 19:00 UTC; one with an offset keeps it.
    Changing a roster after it is refused with that time as Italians read it."""
    typed = fantasy.create_league(
        store, ADMIN, name="Form", season="2026-27", roster_due="2026-12-05 20:00"
    )
    sent = fantasy.create_league(
        store, ADMIN, name="API", season="2026-27", roster_due=datetime(2026, 12, 5, 20, 0)
    )
    aware = fantasy.create_league(
        store,
        ADMIN,
        name="UTC",
        season="2026-27",
        roster_due=datetime(2026, 12, 5, 20, 0, tzinfo=UTC),
    )
    assert _due(store, typed) == _due(store, sent) == datetime(2026, 12, 5, 19, 0, tzinfo=UTC)
    assert _due(store, aware) == datetime(2026, 12, 5, 20, 0, tzinfo=UTC)

    season = samples.season(seed=7, first=datetime(2026, 12, 12, 18, 30, tzinfo=UTC))
    fantasy.import_fixtures(store, ADMIN, sent, samples.fixtures_csv(season).encode())
    fantasy.import_prices(store, ADMIN, sent, samples.prices_csv(season.players).encode())
    who = manager(store, "mister")
    tid = fantasy.add_team(store, ADMIN, sent, name="Squadra", manager=who.name)
    codes = samples.pick_roster(season.players, random.Random(1))
    market.set_roster(store, who, sent, tid, codes)
    clock.now = datetime(2026, 12, 5, 19, 0, tzinfo=UTC)
    with pytest.raises(Conflict) as caught:
        market.set_roster(store, who, sent, tid, codes)
    assert "2026-12-05 20:00 CET" in caught.value.reason
    assert "UTC" not in caught.value.reason


def test_fan_lineup_1_a_late_lineup_is_refused_with_italian_times() -> None:
    """Issue 28 item 10, the same mistake nearby: the lineup's deadline and the refused moment
    in Italian time (summer and winter), not UTC."""
    due = datetime(2026, 8, 23, 16, 0, tzinfo=UTC)
    refusal = late_refusal(due, due)
    assert refusal is not None
    text = refusal.text
    assert "2026-08-23 18:00:00 CEST" in text
    assert "UTC" not in text


def test_fan_data_1_votes_of_a_matchday_not_played_are_refused_and_a_wrong_import_deleted(
    store: Store, clock: FakeClock, league: League
) -> None:
    """Issue 28 item 11: before matchday 1's lineups are due its votes (and its facts) are
    refused, naming the deadline in Italian time, nothing written; after, a wrong import is
    deleted with its scores (audited), and its review rows are in the matchday's read model
    that the API and the CLI show."""
    data = samples.rows_csv(samples.vote_rows(league.season, 1, seed=1))
    before = _audit(store)
    with pytest.raises(Conflict) as caught:
        votes.import_votes(store, ADMIN, league.id, 1, data)
    assert caught.value.field == "matchday"
    assert "2026-12-05 18:00 CET" in caught.value.reason
    with pytest.raises(Conflict):
        votes.set_extras(store, ADMIN, league.id, 1, "rinviata; Inter")
    assert _audit(store) == before
    clock.advance(days=6)
    rows = samples.vote_rows(league.season, 1, seed=1)
    rows[4][0], rows[4][2] = "99999", "Nessuno Sconosciuto"  # not in the list: for review
    votes.import_votes(store, ADMIN, league.id, 1, samples.rows_csv(rows))
    page = views.matchday_page(store, league.id, 1)
    assert page.official is False
    assert [r.code for r in page.review] == ["99999"]
    assert len(views.matchday_page(store, league.id, 1).ranking) == len(league.teams)
    assert votes.delete_matchday(store, ADMIN, league.id, 1) == len(league.teams)
    page = views.matchday_page(store, league.id, 1)
    assert (page.official, page.ranking, page.review) == (None, (), ())
    with store.read() as s:
        action = s.scalars(select(AuditEntry.action).order_by(AuditEntry.id.desc())).first()
    assert action == "fantasy.votes_deleted"
    with pytest.raises(NotFound):
        votes.delete_matchday(store, ADMIN, league.id, 1)
