"""The floor during play through the services: bust-outs (PKR-END-1), seats (PKR-TBL-1), balancing
(PKR-BAL-1) and the undo of a move."""

from __future__ import annotations

import pytest

from tests.conftest import FakeClock
from tests.support.poker import TUESDAY, fingerprint, tuesday
from torneo.core.errors import Conflict, TorneoError
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_entries as poker_entries
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as poker_floor


def test_PKR_END_1_bust_out_of_a_player_not_seated(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-END-1: only a seated player can bust; a booked player who never sat is refused."""
    tid = tuesday(store, organizer, players=10)
    booked = poker_entries.book_player(store, organizer, tid, name="Prenotato")
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_floor.bust_out(store, organizer, tid, players=[booked])
    assert err.value.field == "player"
    assert "not seated" in err.value.reason
    assert fingerprint(store, tid) == before


def test_PKR_TBL_1_two_players_in_one_seat(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-TBL-1: moving a player onto a taken seat is refused; nothing moves."""
    tid = tuesday(store, organizer, players=12)
    poker_seats.draw_seats_now(store, organizer, tid)
    view = poker_views.tournament_view(store, tid)
    a = view.tables[0].seats[0]
    b = view.tables[1].seats[0]
    assert a.player_id is not None
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_floor.move_player_to(
            store, organizer, tid, player_id=a.player_id, table=2, seat=b.seat
        )
    assert err.value.field == "seat"
    assert fingerprint(store, tid) == before


def test_PKR_BAL_1_threshold_three_moves_later(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-BAL-1: with the art. 16.2 threshold of 3, a difference of 2 stays; 3 is balanced."""
    tid = poker.create_tournament(
        store, organizer, template="tue", held_on=TUESDAY, seed=3, balance_threshold=3
    )
    poker_entries.register_roster(store, organizer, tid, [f"P{i}" for i in range(1, 21)])
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    view = poker_views.tournament_view(store, tid)
    table_one = [s.player_id for s in view.tables[0].seats if s.player_id]
    first = poker_floor.bust_out(store, organizer, tid, players=[table_one[0]])
    second = poker_floor.bust_out(store, organizer, tid, players=[table_one[1]])
    assert first.moves == ()
    assert second.moves == ()
    third = poker_floor.bust_out(store, organizer, tid, players=[table_one[2]])
    assert len(third.moves) == 1  # 7 v 10: one player moves (PKR-BAL-2)
    move = third.moves[0]
    assert (move.from_table, move.to_table) == (2, 1)
    assert move.reason == "balance"


def test_PKR_END_1_same_hand_busts_need_their_chips(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-END-1: two out in one hand rank by their chips at the start of the hand."""
    tid = tuesday(store, organizer, players=5)
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    ids = [p.player_id for p in poker_views.tournament_view(store, tid).players]
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:
        poker_floor.bust_out(store, organizer, tid, players=ids[:2])
    assert err.value.field == "chips_at_start"
    assert fingerprint(store, tid) == before
    result = poker_floor.bust_out(
        store, organizer, tid, players=ids[:2], chips_at_start={ids[0]: 3000, ids[1]: 8000}
    )
    assert dict(result.places) == {ids[1]: 4, ids[0]: 5}


def test_undo_last_move_puts_the_player_back(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """A balancing move undone: the player goes back to their seat, announced as a move."""
    tid = tuesday(store, organizer, players=20)
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    view = poker_views.tournament_view(store, tid)
    table_one = [s.player_id for s in view.tables[0].seats if s.player_id]
    poker_floor.bust_out(store, organizer, tid, players=[table_one[0]])
    moved = poker_floor.bust_out(store, organizer, tid, players=[table_one[1]]).moves
    assert len(moved) == 1
    back = poker_floor.undo_last_move(store, organizer, tid)
    assert (back.from_table, back.from_seat) == (moved[0].to_table, moved[0].to_seat)
    assert (back.to_table, back.to_seat) == (moved[0].from_table, moved[0].from_seat)
    assert back.reason == "undo"
    view = poker_views.tournament_view(store, tid)
    seat = next(p for p in view.players if p.player_id == moved[0].player_id)
    assert (seat.table, seat.seat) == (moved[0].from_table, moved[0].from_seat)
    with pytest.raises(Conflict) as err:
        poker_floor.undo_last_move(store, organizer, tid)
    assert err.value.field == "moves"
