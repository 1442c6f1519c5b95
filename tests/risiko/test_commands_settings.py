"""Changing a RisiKo! tournament's structure between rounds (RSK-TBL-1/2): any field of 3 or
more seated, the warning when the structure cannot reach its final table, and the change of
table sizes and semifinal tables with a reason, on SQLite and PostgreSQL."""

from __future__ import annotations

import random

import pytest

from tests.support.risiko import current_tables, fingerprint, play_round, tournament
from torneo.core.errors import Conflict, TorneoError
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands as risiko
from torneo.risiko import commands_settings as risiko_settings
from torneo.risiko import views as risiko_views
from torneo.risiko.commands_results import enter_result


def test_RSK_TBL_1_a_field_the_policy_cannot_seat_alone_is_seated(
    store: Store, organizer: Actor
) -> None:
    """RSK-TBL-1: 7 players at tables of 4 and 5 used to be refused; they sit at 4 + 3. The
    structure (4 semifinal tables, the best 16) cannot be reached by 7: the first draw warns,
    on the page and on the audit row."""
    from sqlalchemy import select

    from torneo.platform.store.tables import AuditEntry

    tid = tournament(store, organizer, 7)
    warning = risiko_views.tournament_page(store, tid).structure_warning
    assert warning is not None
    assert warning.field == "semifinal_tables"
    assert "7 players cannot fill 4 semifinal tables" in warning.text
    risiko.draw_round(store, organizer, tid)
    assert sorted(len(t) for t in current_tables(store, tid)[1]) == [3, 4]
    with store.read() as s:
        row = s.scalars(
            select(AuditEntry).where(AuditEntry.action == "risiko.draw").order_by(AuditEntry.id)
        ).all()[-1]
        assert row.after is not None
        assert "cannot fill 4 semifinal tables" in row.after["structure_warning"]


def test_RSK_TBL_2_the_structure_changes_between_rounds_with_a_reason(
    store: Store, organizer: Actor, judge: Actor
) -> None:
    """RSK-TBL-2: the field shrank: between rounds the organizer lowers the semifinal tables
    and changes the table sizes, with a reason on the audit log; not during a round, not
    without a reason, and not once that stage is drawn; the scoring stays fixed."""
    rng = random.Random(4)
    tid = tournament(store, organizer, 13, semifinal_tables=4)
    assert risiko_views.tournament_page(store, tid).structure_warning is not None
    risiko.draw_round(store, organizer, tid)
    change = risiko_settings.change_structure
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as conflict:  # round 1 is still being played
        change(store, organizer, tid, reason="fewer players", semifinal_tables=2)
    assert conflict.value.field == "round_no"
    play_round(store, judge, tid, rng)
    with pytest.raises(TorneoError) as err:
        change(store, organizer, tid, reason=" ", semifinal_tables=2)
    assert err.value.field == "reason"
    with pytest.raises(TorneoError) as err:
        change(store, organizer, tid, reason="why not", formula="master")
    assert err.value.field == "formula"
    assert fingerprint(store, tid)[0] == before[0] + 3  # only the 3 results were written
    change(
        store,
        organizer,
        tid,
        reason="three players did not come",
        semifinal_tables=2,
        table_policy="fours_then_threes",
    )
    page = risiko_views.tournament_page(store, tid)
    assert page.rules.semifinal_tables == 2
    assert page.rules.table_policy == "fours_then_threes"
    assert page.structure_warning is None
    risiko.draw_round(store, organizer, tid)
    assert sorted(len(t) for t in current_tables(store, tid)[1]) == [3, 3, 3, 4]
    play_round(store, judge, tid, rng)
    risiko.draw_round(store, organizer, tid)  # the semifinals: 2 tables
    assert len(current_tables(store, tid)[1]) == 2
    play_round_sole(store, judge, tid)
    with pytest.raises(Conflict) as conflict:
        change(store, organizer, tid, reason="late", semifinal_tables=1)
    assert conflict.value.field == "semifinal_tables"
    assert "RSK-TBL-2" in conflict.value.reason


def play_round_sole(store: Store, judge: Actor, tid: int) -> None:
    """Every table of the current round with a sole winner (distinct table points)."""
    number, tables = current_tables(store, tid)
    for t, seats in enumerate(tables, start=1):
        points = [40, 30, 20, 10, 5][: len(seats)]
        line = [{"player": p, "table_points": n} for p, n in zip(seats, points, strict=True)]
        enter_result(store, judge, tid, number, t, line)
