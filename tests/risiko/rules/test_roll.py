"""RSK-ROLL-1..3 the end-of-game roll assistant, as a state machine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.risiko_rules import P
from torneo.core.errors import Conflict, TorneoError
from torneo.risiko.rules.results import SeatStatus
from torneo.risiko.rules.roll import (
    EndReason,
    RollDue,
    RollOutcome,
    RollPhase,
    RollState,
    Seat,
    declare_risiko,
    eliminate,
    end_turn,
    exclude,
    next_roll,
    roll,
    seat_statuses,
    start_game,
    time_over,
    withdraw,
)
from torneo.risiko.rules.sanctions import Infraction, SanctionKind

ORDER = [P(1), P(2), P(3), P(4)]


def _turns(state: RollState, count: int) -> RollState:
    for _ in range(count):
        state = end_turn(state)
    return state


def _to_first_roll() -> RollState:
    """Time over during round 1; round 2 is the last full round; the 4th rolls at its end."""
    state = time_over(start_game(ORDER))
    return _turns(state, 4 + 3)  # round 1, then players 1-3 of round 2


def test_RSK_ROLL_3_phases_from_time_over_to_the_first_roll() -> None:
    """RSK-ROLL-3: the round in progress is the penultimate, one more round, then the last rolls."""
    state = start_game(ORDER)
    assert state.phase is RollPhase.PLAYING
    state = end_turn(state)
    state = time_over(state)  # during player 2's turn of round 1
    assert state.phase is RollPhase.PENULTIMATE_ROUND
    state = _turns(state, 3)
    assert state.phase is RollPhase.LAST_ROUND
    assert state.round_no == 2
    state = _turns(state, 3)
    assert state.pending == ()
    assert next_roll(state) == RollDue(P(4), P(4), 4, 2)  # announced during the 4th's turn
    state = end_turn(state)
    assert state.phase is RollPhase.ROLLING
    assert state.pending == (RollDue(P(4), P(4), 4, 2),)
    assert state.to_play == P(1)


def test_RSK_ROLL_3_a_sum_at_or_under_the_threshold_ends_the_game() -> None:
    """RSK-ROLL-3: 2d6 ≤ 4 ends the game."""
    state = roll(end_turn(_to_first_roll()), 4)
    assert state.ended is EndReason.ROLL
    assert state.rolls[-1].outcome is RollOutcome.ENDS_GAME
    with pytest.raises(Conflict):
        end_turn(state)


def test_RSK_ROLL_3_threshold_rises_each_full_cycle_up_to_seven() -> None:
    """RSK-ROLL-3: after a full cycle of rolls without ending the threshold +1, up to 7."""
    state = _to_first_roll()
    thresholds = []
    for _ in range(20):
        state = end_turn(state)
        thresholds.append(state.pending[0].threshold)
        state = roll(state, 12)
    assert thresholds == [4] * 4 + [5] * 4 + [6] * 4 + [7] * 8
    assert [r.due.roller for r in state.rolls[:5]] == [P(4), P(1), P(2), P(3), P(4)]


def test_RSK_ROLL_3_a_player_who_conquered_more_than_two_territories_does_not_roll() -> None:
    """RSK-ROLL-3: more than 2 conquests in the turn: no roll."""
    state = roll(end_turn(_to_first_roll()), 9)  # 4th rolled with 4
    state = end_turn(state, conquered=3)  # 1st conquered 3: skips
    assert state.pending == ()
    assert state.rolls[-1].outcome is RollOutcome.SKIPPED
    state = end_turn(state, conquered=2)  # 2nd conquered 2: rolls
    assert state.pending == (RollDue(P(2), P(2), 4, 3),)


def test_RSK_ROLL_1_seed_example_third_eliminates_fourth_and_rolls_with_five() -> None:
    """RSK-ROLL-1: the 4th rolls with 4, then 1st and 2nd with 4; the 3rd eliminates the 4th
    during their turn and rolls not only with 4 but also with 5 (seed casebook example)."""
    state = _to_first_roll()
    state = roll(end_turn(state), 8)  # the 4th, with 4
    state = roll(end_turn(state), 9)  # the 1st, with 4
    state = roll(end_turn(state), 10)  # the 2nd, with 4
    assert [(r.due.roller, r.due.threshold) for r in state.rolls] == [
        (P(4), 4),
        (P(1), 4),
        (P(2), 4),
    ]
    assert state.to_play == P(3)
    state = eliminate(state, P(4))  # the 3rd eliminates the 4th
    assert next_roll(state) == RollDue(P(3), P(3), 5, 3)
    state = end_turn(state)
    assert state.pending == (RollDue(P(3), P(3), 5, 3),)
    ends_with_five = roll(state, 5)
    assert ends_with_five.ended is EndReason.ROLL
    goes_on = roll(state, 6)
    assert goes_on.ended is None
    # The 3rd is now the last of the order: the next cycle rolls with 5 from the 1st on.
    after = end_turn(goes_on)
    assert after.pending == (RollDue(P(1), P(1), 5, 4),)


def test_RSK_ROLL_1_last_player_eliminated_before_rolling_the_one_before_rolls_first() -> None:
    """RSK-ROLL-1: if the last player is eliminated the player before them rolls (with 4)."""
    state = time_over(start_game(ORDER))
    state = _turns(state, 4 + 2)  # round 1; players 1-2 of round 2
    state = eliminate(state, P(4))  # by the 3rd, during the last round
    state = end_turn(state)
    assert state.pending == (RollDue(P(3), P(3), 4, 2),)


def test_RSK_ROLL_1_back_two_seats_when_the_last_two_are_eliminated() -> None:
    """RSK-ROLL-1: "and so on back": with the 4th and 3rd out, the 2nd rolls first."""
    state = time_over(start_game(ORDER))
    state = end_turn(state)  # the 1st plays round 1
    state = eliminate(eliminate(state, P(4)), P(3))  # by the 2nd
    state = _turns(state, 1 + 1)  # the 2nd ends round 1, the 1st plays round 2
    assert state.round_no == 2
    assert state.to_play == P(2)
    state = end_turn(state)
    assert state.pending == (RollDue(P(2), P(2), 4, 2),)


def test_RSK_ROLL_2_a_forgotten_roll_may_be_rolled_while_the_next_player_plays() -> None:
    """RSK-ROLL-2: still rollable during the next player's turn."""
    state = end_turn(_to_first_roll())  # the 4th owes a roll; the 1st is playing
    assert state.to_play == P(1)
    state = roll(state, 11)
    assert state.rolls[-1].due.roller == P(4)
    assert state.sanctions == ()


def test_RSK_ROLL_2_forgotten_twice_warning_then_exclusion() -> None:
    """RSK-ROLL-2: lapses when the next turn ends; warning first, exclusion (RSK-OUT-1) second."""
    state = end_turn(_to_first_roll())  # the 4th owes a roll
    state = end_turn(state)  # the 1st ends: the 4th's roll lapses
    assert state.rolls[-1].outcome is RollOutcome.FORGOTTEN
    assert [(s.player, s.kind) for s in state.sanctions] == [(P(4), SanctionKind.WARNING)]
    assert state.pending == (RollDue(P(1), P(1), 4, 3),)
    state = roll(state, 9)
    state = roll(end_turn(state), 9)  # 2nd
    state = roll(end_turn(state), 9)  # 3rd
    state = end_turn(state)  # the 4th, with 5, forgets again
    assert state.pending == (RollDue(P(4), P(4), 5, 3),)
    state = end_turn(state)  # the 1st ends: lapse, second time
    assert state.sanctions[-1].kind is SanctionKind.EXCLUSION
    assert state.seat_of(P(4)) is Seat.EXCLUDED
    statuses = {p: s for p, s, _ in seat_statuses(state)}
    assert statuses[P(4)] is SeatStatus.EXCLUDED
    assert state.pending == (RollDue(P(1), P(1), 5, 4),)


def test_RSK_OUT_2_a_withdrawn_players_roll_is_thrown_by_the_player_before() -> None:
    """RSK-OUT-2: the withdrawn player's dice are rolled by the player before them."""
    state = time_over(start_game(ORDER))
    state = withdraw(state, P(4))
    state = _turns(state, 3 + 2)  # round 1 (the 4th's turn is skipped), 1st-2nd of round 2
    assert state.to_play == P(3)
    state = end_turn(state)
    assert state.pending == (RollDue(P(3), P(4), 4, 2),)
    state = roll(state, 9)
    state = roll(end_turn(state), 9)  # 1st with 4
    state = roll(end_turn(state), 9)  # 2nd with 4
    state = end_turn(state)  # 3rd with 4, then the 4th's with 5
    assert state.pending == (RollDue(P(3), P(3), 4, 3), RollDue(P(3), P(4), 5, 3))


def test_RSK_OUT_2_withdrawal_rejecting_a_ruling_expels() -> None:
    """RSK-OUT-2: rejecting a ruling is an expulsion."""
    state = withdraw(start_game(ORDER), P(2), rejects_ruling=True)
    assert state.seat_of(P(2)) is Seat.EXPELLED
    assert state.sanctions[-1].kind is SanctionKind.EXPULSION


def test_RSK_OUT_1_undeclared_risiko_excludes_the_player() -> None:
    """RSK-OUT-1: exclusion; the player to play changes if they were playing."""
    state = exclude(start_game(ORDER), P(1), Infraction.UNDECLARED_RISIKO)
    assert state.seat_of(P(1)) is Seat.EXCLUDED
    assert state.to_play == P(2)


def test_RSK_ROLL_3_a_roll_outside_2_to_12_is_refused() -> None:
    """RSK-ROLL-3: two dice sum to 2..12."""
    state = end_turn(_to_first_roll())
    for bad in (1, 13, 0, -4):
        with pytest.raises(TorneoError) as err:
            roll(state, bad)
        assert err.value.field == "total"
    assert state.pending
    assert state.rolls == ()


def test_RSK_ROLL_3_nobody_owes_a_roll_before_the_roll_phase() -> None:
    """RSK-ROLL-3: no roll while playing."""
    with pytest.raises(Conflict):
        roll(start_game(ORDER), 7)


def test_RSK_ROLL_1_the_player_to_play_cannot_be_eliminated() -> None:
    """RSK-ROLL-1: eliminations happen to opponents of the player to play."""
    with pytest.raises(Conflict):
        eliminate(start_game(ORDER), P(1))


def test_RSK_ROLL_1_the_last_player_standing_ends_the_game() -> None:
    """RSK-ROLL-1: everybody else out: the game is over."""
    state = start_game([P(1), P(2), P(3)])
    state = eliminate(eliminate(state, P(2)), P(3))
    assert state.ended is EndReason.LAST_PLAYER
    assert [s for _, s, _ in seat_statuses(state)] == [
        SeatStatus.SURVIVED,
        SeatStatus.ELIMINATED,
        SeatStatus.ELIMINATED,
    ]
    assert [n for _, _, n in seat_statuses(state)] == [None, 1, 2]


def test_RSK_PTS_1_declaring_risiko_ends_the_game() -> None:
    """RSK-PTS-1: RisiKo! ends the game at once."""
    state = declare_risiko(start_game(ORDER), P(1))
    assert state.ended is EndReason.RISIKO


def test_RSK_TBL_1_turn_order_of_six_is_refused() -> None:
    """RSK-TBL-1: 3 to 5 seats."""
    with pytest.raises(TorneoError) as err:
        start_game([P(i) for i in range(1, 7)])
    assert err.value.field == "order"


_ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["end", "end", "end", "roll", "roll", "elim", "time", "withdraw"]),
        st.integers(0, 12),
    ),
    max_size=150,
)


@settings(max_examples=300, deadline=None)
@given(size=st.integers(3, 5), actions=_ACTIONS)
def test_RSK_ROLL_3_machine_invariants(size: int, actions: list[tuple[str, int]]) -> None:
    """RSK-ROLL-3: whatever happens, thresholds stay 4..7 and rolls are owed by players in it."""
    state = start_game([P(i) for i in range(1, size + 1)])
    for action, n in actions:
        if state.ended is not None:
            break
        try:
            if action == "end":
                state = end_turn(state, n % 5)
            elif action == "roll" and state.pending:
                state = roll(state, max(2, n))
            elif action == "time" and state.final_round is None:
                state = time_over(state)
            elif action in ("elim", "withdraw"):
                target = state.order[n % size]
                if target != state.to_play and state.seat_of(target).is_in_game:
                    state = (
                        eliminate(state, target)
                        if action == "elim"
                        else withdraw(state, target)
                        if state.seat_of(target) is Seat.ACTIVE
                        else state
                    )
        except Conflict:
            pass
        if state.ended is None:
            assert state.seat_of(state.to_play) is Seat.ACTIVE
        for due in state.pending:
            assert 4 <= due.threshold <= 7
            assert state.seat_of(due.roller) is Seat.ACTIVE
            assert state.seat_of(due.for_player).is_in_game
        assert state.cycle < 0 or state.final_round is not None


def test_RSK_OUT_2_a_roll_owed_by_a_player_who_withdraws_passes_to_the_player_before() -> None:
    """RSK-OUT-2: the 4th owes a roll and withdraws while the 1st plays: the 3rd throws it."""
    state = end_turn(_to_first_roll())
    state = withdraw(state, P(4))
    assert state.pending == (RollDue(P(3), P(4), 4, 2),)


def test_RSK_OUT_2_withdrawing_during_ones_turn_passes_the_rolls_to_the_player_before() -> None:
    """RSK-OUT-2: the 3rd withdraws during their turn; the 2nd throws the 3rd's and 4th's rolls."""
    state = time_over(start_game(ORDER))
    state = withdraw(state, P(4))
    state = _turns(state, 3 + 2)  # round 1, then the 1st and 2nd of round 2
    assert state.to_play == P(3)
    state = withdraw(state, P(3))
    assert state.pending == (RollDue(P(2), P(4), 4, 2),)
    assert state.to_play == P(1)
