"""Sanctions through the services (PKR-PEN-1): repeats escalate, a disqualification removes the
player's chips and rebalances."""

from __future__ import annotations

import pytest

from tests.conftest import FakeClock
from tests.support.poker import fingerprint, tuesday
from torneo.core.errors import Conflict
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.floor import commands_sanctions as poker_sanctions


def test_PKR_PEN_1_sanctions_escalate_and_disqualify(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """PKR-PEN-1: a warning, then missed hands (orbits × players at the table), then a
    disqualification that removes the chips from play."""
    tid = tuesday(store, organizer, players=8)
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    view = poker_views.tournament_view(store, tid)
    pid = view.players[0].player_id
    poker_sanctions.sanction_player(
        store, judge, tid, player_id=pid, kind="warning", infraction="Linguaggio"
    )
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_sanctions.sanction_player(
            store, judge, tid, player_id=pid, kind="warning", infraction="Ancora"
        )
    assert err.value.field == "kind"
    assert fingerprint(store, tid) == before
    missed = poker_sanctions.sanction_player(
        store, judge, tid, player_id=pid, kind="missed_hands", orbits=2, infraction="Carte esposte"
    )
    assert missed.hands == 2 * 8  # one table of eight
    dq = poker_sanctions.sanction_player(
        store,
        judge,
        tid,
        player_id=pid,
        kind="disqualification",
        infraction="Chip passing",
        stack=10_000,
    )
    assert dq.chips_removed == 10_000
    view = poker_views.tournament_view(store, tid)
    assert view.cash.chips_in_play == 70_000
    assert next(p for p in view.players if p.player_id == pid).status == "disqualified"
    assert len(view.sanctions) == 3
