"""A table's result against its referee console (issue 13 item 8): the console is the referee's
record; a result that contradicts it is refused naming the difference."""

from tests.support.risiko_rules import P, alive, excluded, out
from torneo.risiko.rules import roll as rolls
from torneo.risiko.rules.console_agreement import check_against_console
from torneo.risiko.rules.results import SeatResult, SeatStatus, TableResult
from torneo.risiko.rules.roll import RollState
from torneo.risiko.rules.sanctions import Infraction

ORDER = (P(1), P(2), P(3), P(4))


def _result(*seats: SeatResult) -> TableResult:
    return TableResult(1, 1, seats)


def _excluded_then_ended() -> RollState:
    """Player 4 excluded for an undeclared RisiKo!, player 3 eliminated, then a roll ends it."""
    state = rolls.start_game(ORDER)
    state = rolls.exclude(state, P(4), Infraction.UNDECLARED_RISIKO)
    state = rolls.eliminate(state, P(3))
    state = rolls.time_over(state)
    for _ in range(4):
        state = rolls.end_turn(state)
    return rolls.roll(state, 3)


def test_RSK_OUT_1_an_exclusion_on_the_console_is_an_exclusion_in_the_result() -> None:
    """RSK-OUT-1: the console excluded player 4 (undeclared RisiKo!): entered as the last
    eliminated (3rd) instead, it would rank above nobody it should; refused naming the player."""
    state = _excluded_then_ended()
    assert state.ended is rolls.EndReason.ROLL
    agrees = _result(alive(1, 40), alive(2, 30), out(3, 1), excluded(4))
    assert check_against_console(agrees, state) is None
    assert agrees.positions()[P(4)] == 4  # eliminated first: below the eliminated player 3
    wrong = _result(alive(1, 40), alive(2, 30), out(3, 1), out(4, 2))
    refusal = check_against_console(wrong, state)
    assert refusal is not None
    assert refusal.field == "seats"
    assert refusal.text.startswith("player 4: the console of table 1 records excluded")
    assert "the result says eliminated" in refusal.text
    survived = _result(alive(1, 40), alive(2, 30), out(3, 1), alive(4, 10))
    assert check_against_console(survived, state) is not None


def test_RSK_OUT_1_an_exclusion_the_console_does_not_record_is_refused() -> None:
    """RSK-OUT-1: an exclusion is the referee's decision, on the console; the result cannot add
    one, nor leave out of the game a player the ended console left in it."""
    state = _excluded_then_ended()
    refusal = check_against_console(
        _result(alive(1, 40), excluded(2), out(3, 1), excluded(4)), state
    )
    assert refusal is not None
    assert "player 2: the console of table 1 records active" in refusal.text
    refusal = check_against_console(_result(alive(1, 40), out(2, 2), out(3, 1), excluded(4)), state)
    assert refusal is not None
    assert "player 2" in refusal.text


def test_RSK_PTS_1_the_elimination_order_is_the_consoles() -> None:
    """RSK-PTS-1: eliminated players rank in reverse order of elimination: the order typed must
    be the console's."""
    state = rolls.start_game(ORDER)
    state = rolls.eliminate(state, P(3))
    state = rolls.eliminate(state, P(2))
    agrees = _result(alive(1, 40), out(2, 2), out(3, 1), alive(4, 30))
    assert check_against_console(agrees, state) is None
    swapped = _result(alive(1, 40), out(2, 1), out(3, 2), alive(4, 30))
    refusal = check_against_console(swapped, state)
    assert refusal is not None
    assert refusal.field == "eliminated"
    assert "which records 1. 3, 2. 2" in refusal.text
    # The console was not followed to the end: player 4 eliminated later, after the console's.
    later = _result(alive(1, 40), out(2, 2), out(3, 1), out(4, 3))
    assert check_against_console(later, state) is None
    before = _result(alive(1, 40), out(2, 3), out(3, 2), out(4, 1))
    assert check_against_console(before, state) is not None


def test_RSK_OUT_2_withdrawals_are_the_consoles() -> None:
    """RSK-OUT-2: a force-majeure withdrawal on the console is a withdrawal in the result (or an
    elimination, once the neutral territories are all taken); one it lacks is refused."""
    state = rolls.withdraw(rolls.start_game(ORDER), P(2))
    withdrawn = SeatResult(P(2), 12, SeatStatus.WITHDRAWN)
    assert (
        check_against_console(_result(alive(1, 40), withdrawn, alive(3, 9), alive(4, 3)), state)
        is None
    )
    conquered = _result(alive(1, 40), out(2, 1), alive(3, 9), alive(4, 3))
    assert check_against_console(conquered, state) is None
    missing = _result(alive(1, 40), alive(2, 12), alive(3, 9), alive(4, 3))
    refusal = check_against_console(missing, state)
    assert refusal is not None
    assert "records withdrawn" in refusal.text
    added = _result(alive(1, 40), withdrawn, SeatResult(P(3), 9, SeatStatus.WITHDRAWN), alive(4, 3))
    assert check_against_console(added, state) is not None


def test_RSK_ROLL_3_a_game_still_in_its_final_rolls_has_no_result() -> None:
    """RSK-ROLL-3: game time over, the roll under way and no roll has ended it yet."""
    state = rolls.time_over(rolls.start_game(ORDER))
    for _ in range(8):
        state = rolls.end_turn(state)
    state = rolls.roll(state, 9)
    refusal = check_against_console(
        _result(alive(1, 40), alive(2, 30), alive(3, 20), alive(4, 10)), state
    )
    assert refusal is not None
    assert refusal.field == "table"
    assert "still in its final rolls" in refusal.text
    assert refusal.rule == "RSK-ROLL-3"


def test_RSK_PTS_1_a_risiko_is_the_one_the_console_records() -> None:
    """RSK-PTS-1: the console's RisiKo! is the declarer's 100; a 100 the console does not record
    (its game ended by a roll) is refused, and so is a declared RisiKo! entered without its 100."""
    state = rolls.declare_risiko(rolls.start_game(ORDER), P(1))
    assert (
        check_against_console(
            _result(alive(1, 100), alive(2, 30), alive(3, 20), alive(4, 10)), state
        )
        is None
    )
    refusal = check_against_console(
        _result(alive(1, 80), alive(2, 30), alive(3, 20), alive(4, 10)), state
    )
    assert refusal is not None
    assert "RisiKo! declared by player 1" in refusal.text
    ended = _excluded_then_ended()
    refusal = check_against_console(
        _result(alive(1, 100), alive(2, 30), out(3, 1), excluded(4)), ended
    )
    assert refusal is not None
    assert "ended by roll" in refusal.text
