"""A structure from nothing through the services (issue 15 item 8; PKR-BTN-1, PKR-RACE-1): one
level to start, levels and breaks added, moved and removed, levels generated; every refusal names
the field and the level and changes nothing; nothing changes once the clock runs."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.conftest import FakeClock
from tests.support.poker import fingerprint, tuesday
from torneo.core.errors import Conflict, TorneoError
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.structure import commands as structures


def _blinds(store: Store, tid: int) -> list[str]:
    return [
        "break" if s.is_break else f"{s.small_blind}/{s.big_blind}"
        for s in poker_views.tournament_view(store, tid).steps
    ]


def test_PKR_BTN_1_a_structure_built_from_nothing(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    tid = tuesday(store, organizer, players=0)
    structures.start_over(
        store, organizer, tid, step={"small_blind": 25, "big_blind": 50, "minutes": 20}
    )
    assert _blinds(store, tid) == ["25/50"]
    structures.add_step(
        store, organizer, tid, step={"small_blind": "100", "big_blind": "200", "minutes": "20"}
    )
    structures.add_step(
        store, organizer, tid, step={"small_blind": 50, "big_blind": 100, "minutes": 20}, position=2
    )
    structures.add_step(
        store, organizer, tid, step={"type": "break", "minutes": 10, "colour_up": "25"}, position=3
    )
    assert _blinds(store, tid) == ["25/50", "50/100", "break", "100/200"]
    view = poker_views.tournament_view(store, tid)
    assert view.steps[2].colour_up == (25,)
    structures.move_step(store, organizer, tid, position=3, to=4)
    structures.remove_step(store, organizer, tid, position=4)
    assert _blinds(store, tid) == ["25/50", "50/100", "100/200"]
    with store.read() as s:
        audits = s.scalars(select(AuditEntry).where(AuditEntry.action == "poker.structure")).all()
    assert [a.after["how"] for a in audits if a.after] == [
        "new",
        "add",
        "add",
        "add",
        "move",
        "remove",
    ]
    assert all(a.before for a in audits)


def test_PKR_BTN_1_refusals_name_the_level_and_change_nothing(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    tid = tuesday(store, organizer, players=0)
    structures.start_over(
        store, organizer, tid, step={"small_blind": 100, "big_blind": 200, "minutes": 20}
    )
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:  # blinds going down, as level 2
        structures.add_step(
            store, organizer, tid, step={"small_blind": 25, "big_blind": 50, "minutes": 20}
        )
    assert (err.value.field, err.value.rule) == ("levels[2]", "PKR-BTN-1")
    with pytest.raises(TorneoError) as err:  # BB < SB, named as the level it would be
        structures.add_step(
            store,
            organizer,
            tid,
            step={"small_blind": 400, "big_blind": 300, "minutes": 20},
            position=1,
        )
    assert err.value.field == "levels[1].big_blind"
    with pytest.raises(TorneoError) as err:
        structures.add_step(
            store, organizer, tid, step={"type": "break", "minutes": "x"}, position=2
        )
    assert err.value.field == "steps[2].minutes"
    with pytest.raises(TorneoError) as err:
        structures.remove_step(store, organizer, tid, position=1)
    assert err.value.field == "levels"
    with pytest.raises(TorneoError) as err:
        structures.move_step(store, organizer, tid, position=1, to=5)
    assert err.value.field == "to"
    assert fingerprint(store, tid) == before


def test_PKR_BTN_1_generated_levels(store: Store, organizer: Actor, clock: FakeClock) -> None:
    tid = tuesday(store, organizer, players=0)
    structures.generate_structure(
        store,
        organizer,
        tid,
        start_small_blind="25",
        level_minutes="15",
        levels="10",
        growth="1,5",
        break_every="5",
        ante="classic",
        ante_from_level="4",
    )
    view = poker_views.tournament_view(store, tid)
    levels = [s for s in view.steps if not s.is_break]
    assert [s.small_blind for s in levels] == [25, 50, 75, 100, 150, 200, 300, 400, 600, 800]
    assert [s.minutes for s in levels] == [15] * 10
    assert levels[2].ante == 0
    assert levels[3].ante > 0
    assert sum(1 for s in view.steps if s.is_break) == 1
    before = fingerprint(store, tid)
    for field, kwargs in (
        ("growth", {"growth": "abc"}),
        ("growth", {"growth": "7"}),
        ("start_small_blind", {"start_small_blind": "30"}),
        ("ante", {"ante": "sometimes"}),
    ):
        args = {
            "start_small_blind": "25",
            "level_minutes": "15",
            "levels": "10",
            "growth": "1.5",
            **kwargs,
        }
        with pytest.raises(TorneoError) as err:
            structures.generate_structure(store, organizer, tid, **args)  # type: ignore[arg-type]
        assert err.value.field == field
    assert fingerprint(store, tid) == before


def test_PKR_BTN_1_the_structure_is_fixed_once_the_clock_runs(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-BTN-1: the schedule is published before the start."""
    tid = tuesday(store, organizer, players=4)
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        structures.add_step(
            store, organizer, tid, step={"type": "break", "minutes": 10}, position=2
        )
    assert err.value.field == "structure"
    assert fingerprint(store, tid) == before


def test_a_judge_may_not_build_the_structure(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    tid = tuesday(store, organizer, players=0)
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:
        structures.remove_step(store, judge, tid, position=1)
    assert err.value.status == 403
    assert fingerprint(store, tid) == before
