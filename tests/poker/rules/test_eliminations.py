"""PKR-END-1: bust-outs, the finishing order and the end of the event."""

from __future__ import annotations

import pytest

from tests.support.poker import P, room, table
from torneo.core.errors import Conflict
from torneo.poker.rules.eliminations import (
    Field,
    bust_out,
    disqualify,
    enter,
    field_of,
    finishing_order,
    readmit,
)
from torneo.poker.rules.seating import Seating


def five() -> tuple[Field, Seating]:
    seating = room(table(1, {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}))
    return field_of([P(i) for i in range(1, 6)]), seating


def test_PKR_END_1_finishing_order_is_the_reverse_of_elimination() -> None:
    """PKR-END-1: first out finishes last; the event ends when the runner-up busts."""
    field, seating = five()
    field, seating, (f5,) = bust_out(field, seating, {P(5): 1000}, hand=12)
    assert f5.place == 5
    field, seating, _ = bust_out(field, seating, {P(2): 1000})
    field, seating, _ = bust_out(field, seating, {P(4): 1000})
    assert not field.is_over
    field, seating, (runner_up,) = bust_out(field, seating, {P(1): 1000})
    assert runner_up.place == 2
    assert field.is_over
    assert field.winner == P(3)
    assert [(f.player, f.place) for f in finishing_order(field)] == [
        (P(3), 1),
        (P(1), 2),
        (P(4), 3),
        (P(2), 4),
        (P(5), 5),
    ]
    assert seating.player_count == 1


def test_PKR_END_1_same_hand_busts_rank_by_chips_at_the_start_of_the_hand() -> None:
    """PKR-END-1: out on the same hand, more chips at the start of it ranks higher."""
    field, seating = five()
    field, seating, finishes = bust_out(field, seating, {P(1): 2000, P(2): 7000, P(4): 500})
    places = {f.player: f.place for f in finishes}
    assert places == {P(2): 3, P(1): 4, P(4): 5}


def test_PKR_END_1_equal_starting_stacks_share_the_place() -> None:
    """PKR-END-1 (decided): equal stacks on the same hand share the better place."""
    field, seating = five()
    _, _, finishes = bust_out(field, seating, {P(1): 2000, P(2): 2000, P(4): 500})
    assert {(f.player, f.place, f.tied_with) for f in finishes} == {
        (P(1), 3, 2),
        (P(2), 3, 2),
        (P(4), 5, 1),
    }


def test_PKR_END_1_bust_out_of_a_player_not_seated_is_refused() -> None:
    """PKR-END-1: only a seated player still in can bust; nothing changes otherwise."""
    field, seating = five()
    field = enter(field, P(9))  # entered, but not seated
    with pytest.raises(Conflict) as err:
        bust_out(field, seating, {P(9): 1000})
    assert err.value.field == "player"
    assert field.busts == ()
    with pytest.raises(Conflict):
        bust_out(field, seating, {P(8): 1000})


def test_PKR_END_1_the_last_player_cannot_bust() -> None:
    """PKR-END-1: someone wins the last hand; all remaining players cannot bust together."""
    field, seating = five()
    with pytest.raises(Conflict):
        bust_out(field, seating, {P(i): 100 for i in range(1, 6)})
    field, seating, _ = bust_out(field, seating, {P(1): 1, P(2): 1, P(3): 1, P(4): 1})
    assert field.is_over
    with pytest.raises(Conflict):
        bust_out(field, seating, {P(5): 100})


def test_PKR_REG_1_re_entry_keeps_one_finishing_place_per_player() -> None:
    """PKR-REG-1: after a re-entry the player's earlier bust no longer counts."""
    field, seating = five()
    field, seating, _ = bust_out(field, seating, {P(5): 1000})
    field = readmit(field, P(5))
    assert P(5) in field.alive
    with pytest.raises(Conflict):
        readmit(field, P(1))


def test_PKR_PEN_1_disqualified_player_has_no_place() -> None:
    """PKR-PEN-1: a disqualified player leaves without a finishing place."""
    field, seating = five()
    field = disqualify(field, P(2))
    field, seating, (f,) = bust_out(field, seating, {P(5): 1000})
    assert f.place == 4
    assert P(2) not in {x.player for x in finishing_order(field)}
