"""Setting up a tournament through the services (PKR-BTN-1): the structure checked and editable
until the start, and the payout table adding up to 100%."""

from __future__ import annotations

import pytest

from tests.conftest import FakeClock
from tests.support.poker import fingerprint, tuesday
from torneo.core.errors import Conflict, TorneoError
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_seats as poker_seats
from torneo.poker import commands_setup as poker_setup
from torneo.poker import views as poker_views


def test_PKR_BTN_1_big_blind_smaller_than_small_blind(store: Store, organizer: Actor) -> None:
    """PKR-BTN-1: a level with BB < SB is refused, naming the level and the field."""
    tid = tuesday(store, organizer, players=0)
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:
        poker_setup.edit_structure(
            store,
            organizer,
            tid,
            steps=[
                {"small_blind": 25, "big_blind": 50, "minutes": 15},
                {"small_blind": 100, "big_blind": 50, "minutes": 15},
            ],
        )
    assert err.value.field == "levels[2].big_blind"
    assert fingerprint(store, tid) == before


def test_structure_with_no_levels_is_refused(store: Store, organizer: Actor) -> None:
    """A structure of breaks only (or nothing) has no levels: refused, nothing changed."""
    tid = tuesday(store, organizer, players=0)
    before = fingerprint(store, tid)
    for steps in ([], [{"type": "break", "minutes": 10}]):
        with pytest.raises(TorneoError) as err:
            poker_setup.edit_structure(store, organizer, tid, steps=steps)
        assert err.value.field == "levels"
    assert fingerprint(store, tid) == before


def test_structure_edit_before_start_and_refused_after(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    tid = tuesday(store, organizer, players=4)
    poker_setup.edit_structure(
        store,
        organizer,
        tid,
        steps=[
            {"small_blind": "50", "big_blind": "100", "minutes": "20"},
            {"type": "break", "minutes": 10, "colour_up": "25"},
            {"small_blind": 100, "big_blind": 200, "ante": 100, "minutes": 20},
        ],
        chip_set=[25, 100, 500],
    )
    view = poker_views.tournament_view(store, tid)
    assert [s.big_blind for s in view.steps] == [100, 0, 200]
    assert view.steps[1].colour_up == (25,)
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_setup.edit_structure(
            store, organizer, tid, steps=[{"small_blind": 1, "big_blind": 2, "minutes": 5}]
        )
    assert err.value.field == "structure"
    assert fingerprint(store, tid) == before


def test_payout_table_not_adding_to_100(store: Store, organizer: Actor) -> None:
    """Payout percentages that add up to 99% are refused, naming the row."""
    tid = tuesday(store, organizer, players=0)
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:
        poker_setup.set_payouts(
            store, organizer, tid, rows=[(10, ["50", "30", "19"]), (None, ["100"])]
        )
    assert err.value.field == "payouts[1].percentages"
    assert "99" in err.value.reason
    assert fingerprint(store, tid) == before
    poker_setup.set_payouts(
        store, organizer, tid, rows=[(10, ["50", "30", "20"]), (None, ["60", "40"])]
    )
    assert poker_views.tournament_view(store, tid).payout_rows[0] == (10, ("50", "30", "20"))


def test_PKR_BTN_1_the_big_blind_is_double_the_small_blind(store: Store, organizer: Actor) -> None:
    """Issue 28 item 6 (art. 5): a 100/150 level is refused, naming the level and the double."""
    tid = tuesday(store, organizer, players=0)
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:
        poker_setup.edit_structure(
            store,
            organizer,
            tid,
            steps=[
                {"small_blind": 50, "big_blind": 100, "minutes": 15},
                {"small_blind": 100, "big_blind": 150, "minutes": 15},
            ],
        )
    assert err.value.field == "levels[2].big_blind"
    assert err.value.rule == "PKR-BTN-1"
    assert "200" in (err.value.accepted or "")
    assert fingerprint(store, tid) == before


def test_pkr_sched_1_rebuy_and_add_on_chips_are_checked_even_without_a_price(
    store: Store, organizer: Actor
) -> None:
    """Issue 28 item 6: rebuy chips of -6000 are refused (they answered 200 and were ignored);
    chips alone change the rebuy's chips; chips for a purchase not offered are refused."""
    tid = tuesday(store, organizer, players=0)
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:
        poker_setup.set_entry_options(store, organizer, tid, rebuy_chips=-6000)
    assert err.value.field == "rebuy_chips"
    with pytest.raises(TorneoError) as err:
        poker_setup.set_entry_options(store, organizer, tid, add_on_chips="0")
    assert err.value.field == "add_on_chips"
    assert fingerprint(store, tid) == before
    poker_setup.set_entry_options(store, organizer, tid, rebuy_chips=6000)
    view = poker_views.tournament_view(store, tid)
    assert view.options.rebuy is not None
    assert view.options.rebuy.chips == 6000
    poker_setup.set_entry_options(store, organizer, tid, no_add_on=True)
    with pytest.raises(TorneoError) as err:
        poker_setup.set_entry_options(store, organizer, tid, no_add_on=False, add_on_chips=5000)
    assert err.value.field == "add_on_chips"


def test_pkr_brk_1_the_break_order_names_each_table_of_the_tournament_once(
    store: Store, organizer: Actor
) -> None:
    """Issue 28 item 6 (PKR-BRK-1): a table twice, or a table the tournament does not have, is
    refused; its own tables in any order are kept."""
    tid = tuesday(store, organizer, players=25)
    poker_seats.draw_seats_now(store, organizer, tid)
    with pytest.raises(TorneoError) as err:
        poker_setup.set_floor_options(store, organizer, tid, break_order=[2, 2, 1])
    assert err.value.field == "break_order"
    with pytest.raises(TorneoError) as err:
        poker_setup.set_floor_options(store, organizer, tid, break_order=[3, 9])
    assert "no table 9" in err.value.reason
    poker_setup.set_floor_options(store, organizer, tid, break_order=[3, 1, 2])
