"""A season's recomputation writes only the scores whose inputs changed (issue 32 item 2,
``torneo.fantasy.state_basis``), gives what scoring each matchday alone gives, and lets a
manager send a lineup while it runs (FAN-LINEUP-1), on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import delete, event, insert, select, update

from tests.conftest import FakeClock
from tests.fantasy.conftest import ADMIN, League
from tests.fantasy.test_rescore import _lineups
from torneo.fantasy import commands as fantasy_commands
from torneo.fantasy import commands_votes as votes
from torneo.fantasy import state_score_rows, state_scores
from torneo.fantasy.rules import samples, totals
from torneo.fantasy.state import get_league
from torneo.fantasy.tables import FantasyMatchday, FantasyPenalty, FantasyScore
from torneo.platform.store.uow import Store


def _rows(store: Store, league: League) -> dict[tuple[int, int], tuple[Any, ...]]:
    """(matchday, team) -> everything stored of the score but its row id."""
    with store.read() as session:
        found = session.execute(
            select(
                FantasyScore.matchday,
                FantasyScore.team_id,
                FantasyScore.total,
                FantasyScore.eligible,
                FantasyScore.official,
                FantasyScore.lineup_from,
                FantasyScore.basis,
            ).where(FantasyScore.league_id == league.id)
        ).all()
    return {(r[0], r[1]): tuple(r[2:]) for r in found}


def _played_season(store: Store, clock: FakeClock, league: League) -> None:
    """Lineups of matchdays 1 and 2 (matchday 3 reuses them), three official files."""
    _lineups(store, league, 1, range(10), seed=1)
    clock.advance(days=6)
    _lineups(store, league, 2, range(10), seed=2)
    clock.advance(days=14)
    for day in (1, 2, 3):
        data = samples.rows_csv(samples.vote_rows(league.season, day, seed=day))
        votes.import_votes(store, ADMIN, league.id, day, data, official=True)


def _writes(store: Store) -> tuple[Counter[str], Callable[[], None]]:
    """Rows written to fantasy_scores by statement kind, and how to stop counting."""
    counted: Counter[str] = Counter()

    def count(_conn: Any, _cursor: Any, sql: str, params: Any, _ctx: Any, many: bool) -> None:
        if "fantasy_scores" in sql and sql.split()[0] in ("INSERT", "UPDATE", "DELETE"):
            counted[sql.split()[0]] += len(params) if many else 1

    event.listen(store.engine, "before_cursor_execute", count)
    return counted, lambda: event.remove(store.engine, "before_cursor_execute", count)


def test_fan_score_1_fan_pen_1_a_recompute_writes_only_what_changed_and_equals_each_matchday(
    store: Store, clock: FakeClock, league: League
) -> None:
    _played_season(store, clock, league)
    before = _rows(store, league)
    assert len(before) == 30
    assert all(row[-1] for row in before.values())  # every score has its basis

    counted, stop = _writes(store)
    assert votes.rescore_season(store, ADMIN, league.id) == 3
    assert counted == Counter()  # nothing changed: nothing written
    stop()

    # Corrections behind the commands' back (as a restored backup or a fixed file would leave
    # them): a vote of matchday 2 raised, a penalty on team 3's matchday 1.
    with store.engine.begin() as db:
        row = db.execute(
            select(FantasyMatchday.id, FantasyMatchday.votes).where(
                FantasyMatchday.league_id == league.id, FantasyMatchday.matchday == 2
            )
        ).one()
        changed = [list(line) for line in row.votes]
        voted = next(line for line in changed if line[6] is not None)
        voted[6] = "10"
        db.execute(
            update(FantasyMatchday).where(FantasyMatchday.id == row.id).values(votes=changed)
        )
        db.execute(
            insert(FantasyPenalty).values(
                team_id=league.teams[3],
                matchday=1,
                what="other",
                points="10",
                note="",
                at=clock.now,
                by="org",
            )
        )
    counted, stop = _writes(store)
    votes.rescore_season(store, ADMIN, league.id)
    stop()
    after = _rows(store, league)
    # Matchday 2's data changed: its 10 scores; matchday 1: team 3's only; matchday 3: none.
    assert counted == Counter({"UPDATE": 11})
    assert {key for key in after if key[0] != 2 and after[key] != before[key]} == {
        (1, league.teams[3])
    }
    assert after[(1, league.teams[3])][0] != before[(1, league.teams[3])][0]  # the penalty

    # What each matchday scored alone, from nothing stored, gives.
    with store.unit(ADMIN) as uow:
        uow.session.execute(delete(FantasyScore).where(FantasyScore.league_id == league.id))
        stored = get_league(uow.session, league.id)
        for day in uow.session.scalars(
            select(FantasyMatchday).where(FantasyMatchday.league_id == league.id)
        ):
            state_scores.rescore(uow.session, stored, day)
    assert _rows(store, league) == after


def _sent_during(
    store: Store, clock: FakeClock, league: League, patch: Callable[[Callable[..., Any]], None]
) -> Counter[str]:
    """A recompute of every score of matchday 1 during which, at the first call of the function
    ``patch`` replaces, a manager sends matchday 2's lineup from another thread: it is
    accepted without waiting for the recompute's commit. The rows the recompute wrote, by
    statement (:func:`_writes`)."""
    _lineups(store, league, 1, range(10), seed=1)
    clock.advance(days=6)  # matchday 1 played, matchday 2 still open
    data = samples.rows_csv(samples.vote_rows(league.season, 1, seed=1))
    votes.import_votes(store, ADMIN, league.id, 1, data, official=True)
    with store.engine.begin() as db:  # every score to be written again
        db.execute(update(FantasyScore).values(basis=None))
    sent: list[int] = []

    def send() -> None:
        sent.extend(_lineups(store, league, 2, range(1), seed=5)[0])

    def sending(original: Callable[..., Any]) -> Callable[..., Any]:
        def during(*args: Any, **kwargs: Any) -> Any:
            result = original(*args, **kwargs)
            if not sent:
                worker = threading.Thread(target=send)
                worker.start()
                worker.join(timeout=20)
                assert sent, "the lineup waited for the recompute"
            return result

        return during

    patch(sending)
    counted, stop = _writes(store)
    assert votes.rescore_season(store, ADMIN, league.id) == 1
    stop()
    assert len(sent) == 11
    with store.read() as session:
        assert session.scalars(select(FantasyScore.basis)).all().count(None) == 0
    return counted


def test_fan_lineup_1_a_lineup_sent_during_a_recompute_is_accepted(
    store: Store, clock: FakeClock, league: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The recompute's transaction does not hold back a manager's lineup: on SQLite it is sent
    while the season is being worked out (the write lock is taken only for the final bulk
    writes), on PostgreSQL after the scores are written, before the commit."""

    def patch(sending: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        if store.engine.dialect.name == "sqlite":
            monkeypatch.setattr(state_scores, "_rescore_team", sending(state_scores._rescore_team))
        else:
            monkeypatch.setattr(votes, "audit", sending(fantasy_commands.audit))

    _sent_during(store, clock, league, patch)


def test_fan_lineup_1_a_lineup_sent_while_the_scores_are_copied_is_accepted(
    store: Store, clock: FakeClock, league: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32 item 2: on PostgreSQL the rows go into ``COPY`` as they are computed, after
    the stored rows they replace are deleted; a lineup sent meanwhile (between two rows of
    the copy) does not wait for the recompute either. On SQLite every row is computed before
    the first write, as above."""
    monkeypatch.setattr(state_score_rows, "COPY_FROM", 1)  # 10 rows: copied on PostgreSQL

    def patch(sending: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        monkeypatch.setattr(state_scores, "lineup_points", sending(totals.lineup_points))

    counted = _sent_during(store, clock, league, patch)
    # Through the driver's COPY (no statement SQLAlchemy sees) on PostgreSQL; one UPDATE a row
    # on SQLite (the lineup's own row is an INSERT into fantasy_lineups).
    sqlite = store.engine.dialect.name == "sqlite"
    assert counted == (Counter({"UPDATE": 10}) if sqlite else Counter())
