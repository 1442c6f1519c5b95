"""RSK-PTS-1 table results, RSK-OUT-1 exclusions, RSK-OUT-2 withdrawals, and their bad input."""

import pytest

from tests.support.risiko_rules import P, alive, excluded, out, table
from torneo.core.errors import TorneoError
from torneo.risiko.rules.results import (
    ResultRules,
    SeatResult,
    SeatStatus,
    TableResult,
    check_table_result,
    record_round,
    record_table_result,
)


def test_RSK_PTS_1_winner_is_the_player_in_the_game_with_most_table_points() -> None:
    """RSK-PTS-1: the winner is derived; the first eliminated ranks last."""
    result = table(alive(1, 42), alive(2, 33), out(3, 2), out(4, 1))
    assert result.winners == (P(1),)
    assert result.positions() == {P(1): 1, P(2): 2, P(3): 3, P(4): 4}


def test_RSK_PTS_1_risiko_is_recorded_as_100_and_wins() -> None:
    """RSK-PTS-1: completing the objective is 100 (its territories are 86 of the board's 164, so
    the others hold at most 78 between them)."""
    result = table(alive(1, 60), alive(2, 100), alive(3, 10), alive(4, 0))
    assert result.winners == (P(2),)
    assert result.is_risiko(ResultRules())


def test_RSK_PTS_1_tied_top_players_are_co_winners() -> None:
    """RSK-PTS-1: co-winners when the event does not force a sole winner."""
    result = table(alive(1, 40), alive(2, 40), alive(3, 10), out(4, 1))
    assert result.winners == (P(1), P(2))
    assert result.positions()[P(3)] == 3


def test_RSK_PTS_1_table_points_above_the_objectives_maximum_are_refused() -> None:
    """RSK-PTS-1: 87..99 is impossible (86 is every objective's total, 100 is RisiKo!)."""
    with pytest.raises(TorneoError) as err:
        table(alive(1, 87), alive(2, 33), alive(3, 0))
    assert err.value.field == "table_points"
    assert "86" in err.value.reason
    assert err.value.accepted is not None
    assert "100" in err.value.accepted


def test_RSK_PTS_1_two_winners_when_the_event_forces_a_sole_winner_are_refused() -> None:
    """RSK-PTS-1: a forced sole winner needs the tie broken by the referee."""
    sole = ResultRules(sole_winner=True)
    with pytest.raises(TorneoError) as err:
        table(alive(1, 40), alive(2, 40), alive(3, 10), rules=sole)
    assert err.value.field == "winners"
    with pytest.raises(TorneoError) as err:
        table(alive(1, 40), alive(2, 40), alive(3, 10), winners=(1, 2), rules=sole)
    assert err.value.field == "winners"
    named = table(alive(1, 40), alive(2, 40), alive(3, 10), winners=(2,), rules=sole)
    assert named.winners == (P(2),)
    assert named.positions() == {P(2): 1, P(1): 2, P(3): 3}


def test_RSK_PTS_1_a_winner_without_the_most_points_is_refused() -> None:
    """RSK-PTS-1: the named winner must have the most table points."""
    with pytest.raises(TorneoError) as err:
        table(alive(1, 40), alive(2, 30), alive(3, 10), winners=(2,))
    assert err.value.field == "winners"


def test_RSK_PTS_1_an_elimination_order_with_gaps_is_refused() -> None:
    """RSK-PTS-1: eliminated players are numbered 1, 2, … without gaps."""
    with pytest.raises(TorneoError) as err:
        table(alive(1, 40), alive(2, 30), out(3, 1), out(4, 3))
    assert err.value.field == "eliminated"
    assert "1, 2" in (err.value.accepted or "")
    with pytest.raises(TorneoError):
        table(alive(1, 40), alive(2, 30), out(3, 1), out(4, 1))


def test_RSK_TBL_1_six_players_at_a_table_are_refused() -> None:
    """RSK-TBL-1: tables seat 3 to 5."""
    seats = tuple(alive(i, 10) for i in range(1, 7))
    with pytest.raises(TorneoError) as err:
        record_table_result(TableResult(1, 1, seats))
    assert err.value.field == "seats"
    assert "6 players" in err.value.reason


def test_RSK_TBL_1_a_player_at_two_tables_in_one_round_is_refused() -> None:
    """RSK-TBL-1: one table a player a round."""
    first = TableResult(1, 1, (alive(1, 40), alive(2, 30), alive(3, 20), alive(4, 10)))
    second = TableResult(1, 2, (alive(5, 40), alive(2, 30), alive(6, 20), alive(7, 10)))
    with pytest.raises(TorneoError) as err:
        record_round([first, second])
    assert err.value.field == "players"
    assert "table 1 and at table 2" in err.value.reason


def test_RSK_PTS_1_eliminated_players_hold_no_table_points() -> None:
    """RSK-PTS-1: an eliminated seat has 0 table points."""
    bad = TableResult(
        1, 1, (alive(1, 40), alive(2, 30), SeatResult(P(3), 5, SeatStatus.ELIMINATED, 1))
    )
    refusal = check_table_result(bad)
    assert refusal is not None
    assert refusal.field == "table_points"


def test_RSK_OUT_1_an_excluded_player_ranks_below_every_eliminated_player() -> None:
    """RSK-OUT-1: exclusion counts as eliminated first."""
    result = table(alive(1, 50), alive(2, 30), out(3, 2), out(4, 1), excluded(5))
    assert result.positions() == {P(1): 1, P(2): 2, P(3): 3, P(4): 4, P(5): 5}


def test_RSK_OUT_2_force_majeure_withdrawal_keeps_the_points_of_the_position() -> None:
    """RSK-OUT-2: a withdrawn player is ranked by the table points still held."""
    withdrawn = SeatResult(P(2), 35, SeatStatus.WITHDRAWN)
    result = table(alive(1, 50), withdrawn, alive(3, 20), out(4, 1))
    assert result.positions()[P(2)] == 2


def test_RSK_OUT_2_an_expelled_player_ranks_like_an_exclusion() -> None:
    """RSK-OUT-2: rejecting a ruling is an expulsion; at the table it counts as eliminated first."""
    expelled = SeatResult(P(4), 0, SeatStatus.EXPELLED)
    result = table(alive(1, 50), alive(2, 30), out(3, 1), expelled)
    assert result.positions()[P(4)] == 4


def test_RSK_PTS_1_nobody_left_in_the_game_is_refused() -> None:
    """RSK-PTS-1: somebody is still in the game at the end."""
    refusal = check_table_result(TableResult(1, 1, (out(1, 3), out(2, 2), out(3, 1))))
    assert refusal is not None
    assert refusal.field == "seats"


@pytest.mark.parametrize(
    ("seats", "reason"),
    [
        # Four players each near the objective's maximum: 85 + 80 + 0 + 0 = 165 > 164.
        ((alive(1, 85), alive(2, 80), out(3, 2), out(4, 1)), "165 table points in all"),
        ((alive(1, 60), alive(2, 50), alive(3, 40), alive(4, 20)), "170 table points in all"),
    ],
)
def test_RSK_PTS_1_a_table_total_above_the_boards_164_is_refused(
    seats: tuple[SeatResult, ...], reason: str
) -> None:
    """RSK-PTS-1: a territory is held by one player and counts its neighbours once: the whole
    board is worth 164, so a table's points cannot add up to more."""
    refusal = check_table_result(TableResult(1, 1, seats))
    assert refusal is not None
    assert refusal.field == "table_points"
    assert reason in refusal.text
    assert "above the board's 164" in refusal.text
    assert refusal.rule == "RSK-PTS-1"


def test_RSK_PTS_1_others_above_78_beside_a_risiko_are_refused() -> None:
    """RSK-PTS-1: a completed objective holds 86 of the board's 164: the others hold at most 78
    between them (the RisiKo! counts 86 of the board, though it is recorded as 100)."""
    for seats in (
        (alive(1, 100), alive(2, 79), out(3, 2), out(4, 1)),
        (alive(1, 100), alive(2, 50), alive(3, 29)),
    ):
        refusal = check_table_result(TableResult(1, 1, seats))
        assert refusal is not None
        assert refusal.field == "table_points"
        assert "at most 78" in refusal.text
    assert (
        check_table_result(TableResult(1, 1, (alive(1, 100), alive(2, 50), alive(3, 28)))) is None
    )


def test_RSK_PTS_1_86_without_risiko_is_refused() -> None:
    """RSK-PTS-1: 86 is the whole objective: a player holding it has completed RisiKo!, which is
    recorded as 100 when declared, and as an exclusion when not (RSK-OUT-1)."""
    for status in (SeatStatus.SURVIVED, SeatStatus.WITHDRAWN):
        seats = (SeatResult(P(1), 86, status), alive(2, 40), alive(3, 30))
        refusal = check_table_result(TableResult(1, 1, seats))
        assert refusal is not None
        assert refusal.field == "table_points"
        assert "the whole objective" in refusal.text
        assert refusal.accepted_message is not None
        assert "100 for a declared RisiKo!" in refusal.accepted_message.english()
    assert check_table_result(TableResult(1, 1, (alive(1, 85), alive(2, 40), alive(3, 30)))) is None
