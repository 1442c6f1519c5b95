"""Chip counts and the chop through the services: counts must add up to the chips in play; the
chop at the final three ends the tournament with every cent paid."""

from __future__ import annotations

import pytest

from tests.conftest import FakeClock
from tests.support.poker import fingerprint, tuesday
from torneo.core.errors import TorneoError
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as poker_floor
from torneo.poker.floor import commands_chop as poker_chop


def test_chip_counts_not_adding_up(store: Store, organizer: Actor, clock: FakeClock) -> None:
    """Chip counts must add up to the chips in play; otherwise refused, nothing recorded."""
    tid = tuesday(store, organizer, players=3)
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    ids = [p.player_id for p in poker_views.tournament_view(store, tid).players]
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:
        poker_chop.record_chip_counts(
            store, organizer, tid, counts={ids[0]: 10_000, ids[1]: 10_000, ids[2]: 9_000}
        )
    assert err.value.field == "chip_counts"
    assert "29,000" in err.value.reason
    assert fingerprint(store, tid) == before
    poker_chop.record_chip_counts(
        store, organizer, tid, counts={ids[0]: 15_000, ids[1]: 10_000, ids[2]: 5_000}
    )
    assert poker_views.tournament_view(store, tid).players[0].chips == 15_000


@pytest.mark.parametrize("method", ["equal", "chips", "icm"])
def test_chop_at_the_final_three(
    sqlite_store: Store, organizer: Actor, clock: FakeClock, method: str
) -> None:
    """Chops share the prizes of the places left, to the euro, and end the tournament."""
    store = sqlite_store
    tid = tuesday(store, organizer, players=12)
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    ids = [p.player_id for p in poker_views.tournament_view(store, tid).players]
    for pid in ids[:9]:
        poker_floor.bust_out(store, organizer, tid, players=[pid])
    left = ids[9:]
    stacks = {left[0]: 70_000, left[1]: 30_000, left[2]: 20_000}
    shares = poker_chop.chop(store, organizer, tid, method=method, stacks=stacks)
    view = poker_views.tournament_view(store, tid)
    pool = view.cash.prize_pool  # 12 × 90 € = 1,080 €: the row up to 20 pays 4 places
    assert pool == 108_000
    fourth = next(f.cents for f in view.finishing if f.place == 4)
    assert sum(shares.values()) == pool - fourth
    assert all(v % 100 == 0 for v in shares.values())
    assert view.status == "finished"
    assert sum(f.cents for f in view.finishing) == pool
    if method == "equal":
        assert len(set(shares.values())) <= 2
    else:
        assert shares[left[0]] > shares[left[1]] > shares[left[2]]
