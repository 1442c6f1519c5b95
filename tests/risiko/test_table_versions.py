"""Issue 26 item 1: a referee's write carries the version of the table it changes, not the
tournament's: two referees at two tables never refuse each other, one table twice still
conflicts (a clear refusal, nothing changed). On SQLite and PostgreSQL (``store``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.support.risiko import current_tables, fingerprint, invented_seats, tournament
from torneo.core.errors import Conflict
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands as risiko
from torneo.risiko import commands_swaps as risiko_swaps
from torneo.risiko import views as risiko_views
from torneo.risiko.commands_results import enter_result


def _version(store: Store, tid: int) -> int:
    return risiko_views.tournament_page(store, tid).summary.version


def _seats(players: list[int]) -> list[dict[str, Any]]:
    return invented_seats(players, random.Random(len(players)))


def test_issue26_two_referees_at_two_tables_never_refuse_each_other(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    tid = tournament(store, organizer, 12)
    risiko.draw_round(store, organizer, tid)
    _, tables = current_tables(store, tid)
    seen = _version(store, tid)  # both referees load the page at the same version
    enter_result(store, judge, tid, 1, 1, _seats(tables[0]), version=seen)
    enter_result(store, organizer, tid, 1, 2, _seats(tables[1]), version=seen)
    enter_result(store, judge, tid, 1, 3, _seats(tables[2]), version=seen)
    assert _version(store, tid) == seen + 3


def test_issue26_one_table_twice_is_refused_naming_the_table(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    tid = tournament(store, organizer, 12)
    risiko.draw_round(store, organizer, tid)
    _, tables = current_tables(store, tid)
    seen = _version(store, tid)
    enter_result(store, judge, tid, 1, 1, _seats(tables[0]), version=seen)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:  # the second referee typed over a result never seen
        enter_result(
            store,
            organizer,
            tid,
            1,
            1,
            _seats(tables[0]),
            correction=True,
            reason="typed twice",
            version=seen,
        )
    assert fingerprint(store, tid) == before
    assert err.value.field == "version"
    assert "table 1 of round 1 changed after the version you loaded" in err.value.reason
    assert f"yours {seen}, changed at {seen + 1}" in err.value.reason


def test_issue26_a_version_the_tournament_never_had_is_refused(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    tid = tournament(store, organizer, 12)
    risiko.draw_round(store, organizer, tid)
    _, tables = current_tables(store, tid)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        enter_result(store, judge, tid, 1, 1, _seats(tables[0]), version=_version(store, tid) + 5)
    assert err.value.field == "version"
    assert fingerprint(store, tid) == before


def test_issue26_a_swap_at_the_table_makes_the_referees_page_stale(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    """A hand swap changes the round's tables: a result typed on the page before it is refused,
    even for the players still at the table."""
    tid = tournament(store, organizer, 12)
    risiko.draw_round(store, organizer, tid)
    _, tables = current_tables(store, tid)
    seen = _version(store, tid)
    risiko_swaps.swap_players(store, organizer, tid, 1, tables[1][0], tables[2][0])
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        enter_result(store, judge, tid, 1, 1, _seats(tables[0]), version=seen)
    assert err.value.field == "version"
    assert fingerprint(store, tid) == before
    enter_result(store, judge, tid, 1, 1, _seats(tables[0]), version=_version(store, tid))
