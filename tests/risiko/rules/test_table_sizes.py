"""RSK-TBL-1/2 table-size policy: which fields each policy seats, and the refusals."""

import pytest

from torneo.core.errors import TorneoError
from torneo.risiko.rules.table_sizes import TablePolicy, can_seat, seatable_counts, table_sizes

FIVES = TablePolicy.FOURS_THEN_FIVES
THREES = TablePolicy.FOURS_THEN_THREES


def test_RSK_TBL_2_fours_and_fives_seat_every_field_but_1_2_3_6_7_11() -> None:
    """RSK-TBL-2: 4a + 5b; the gaps are exactly 1, 2, 3, 6, 7 and 11."""
    assert set(range(1, 200)) - set(seatable_counts(FIVES, 199)) == {1, 2, 3, 6, 7, 11}


def test_RSK_TBL_2_fours_and_threes_seat_every_field_but_1_2_5() -> None:
    """RSK-TBL-2: 4a + 3b; the gaps are exactly 1, 2 and 5."""
    assert set(range(1, 200)) - set(seatable_counts(THREES, 199)) == {1, 2, 5}


@pytest.mark.parametrize(
    ("n", "policy", "sizes"),
    [
        (40, FIVES, (4,) * 10),
        (41, FIVES, (4,) * 9 + (5,)),
        (42, FIVES, (4,) * 8 + (5, 5)),
        (43, FIVES, (4,) * 7 + (5, 5, 5)),
        (13, FIVES, (4, 4, 5)),
        (15, FIVES, (5, 5, 5)),
        (41, THREES, (4,) * 8 + (3, 3, 3)),
        (42, THREES, (4,) * 9 + (3, 3)),
        (43, THREES, (4,) * 10 + (3,)),
        (3, THREES, (3,)),
        (9, THREES, (3, 3, 3)),
    ],
)
def test_RSK_TBL_2_fewest_off_size_tables(
    n: int, policy: TablePolicy, sizes: tuple[int, ...]
) -> None:
    """RSK-TBL-2: tables of 4 first, as few 5s (or 3s) as possible, last."""
    assert table_sizes(n, policy) == sizes
    assert sum(sizes) == n


@pytest.mark.parametrize(("n", "other_works"), [(6, True), (7, True), (11, True), (2, False)])
def test_RSK_TBL_2_unseatable_field_is_refused_with_the_reason(n: int, other_works: bool) -> None:
    """RSK-TBL-2: refused naming the policy, the nearest fields and whether 3s would do."""
    refusal = can_seat(n, FIVES)
    assert refusal is not None
    assert refusal.field == "players"
    assert refusal.rule == "RSK-TBL-2"
    assert f"{n} players cannot be seated at tables of 4 and 5" in refusal.text
    assert ("tables of 4 and 3 seat it" in refusal.text) is other_works
    with pytest.raises(TorneoError):
        table_sizes(n, FIVES)


def test_RSK_TBL_2_refusal_names_the_nearest_seatable_fields() -> None:
    """RSK-TBL-2: 11 players at 4+5: 10 or 12 would do."""
    refusal = can_seat(11, FIVES)
    assert refusal is not None
    assert str(refusal.accepted_message) == "a field of 10 or 12 players with tables of 4 and 5"
    five = can_seat(5, THREES)
    assert five is not None
    assert str(five.accepted_message) == "a field of 4 or 6 players with tables of 4 and 3"
