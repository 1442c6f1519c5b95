"""Who a registered player is (issue 12 item 8), the same in every discipline."""

from __future__ import annotations

import pytest

from torneo.cards import commands as events
from torneo.core.errors import Conflict
from torneo.core.policy import Actor
from torneo.platform.store.uow import Store
from torneo.poker import commands as poker
from torneo.poker import commands_entries as poker_entries
from torneo.risiko import commands as risiko


def test_every_discipline_asks_before_merging_a_known_name(store: Store, organizer: Actor) -> None:
    event = events.create_event(
        store, organizer, name="Serata", preset="invasion-it-2012", held_on="2012-03-10"
    )
    gino = events.register_player(store, organizer, event, name="Gino Sala", club="Nord")
    rid = risiko.create_tournament(store, organizer, name="RisiKo", held_on="2016-05-01")
    with pytest.raises(Conflict) as asked:
        risiko.register_player(store, organizer, rid, name="gino sala")
    assert asked.value.field == "player"
    assert f"#{gino}, club Nord" in asked.value.reason
    assert risiko.register_player(store, organizer, rid, name="Gino Sala", player=gino) == gino
    tid = poker.create_tournament(store, organizer, template="tue", held_on="2025-12-02")
    with pytest.raises(Conflict):
        poker_entries.register_player(store, organizer, tid, name="Gino Sala")
    entry = poker_entries.register_player(store, organizer, tid, name="Gino Sala", player="new")
    assert entry.player_id != gino
