"""RSK-TBL-1/2 table-size policy: which fields each policy seats, and the refusals."""

import pytest

from torneo.core.errors import TorneoError
from torneo.risiko.rules.table_sizes import (
    TablePolicy,
    can_seat,
    is_seatable,
    seatable_counts,
    table_sizes,
)

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


@pytest.mark.parametrize(
    ("n", "policy", "sizes"),
    [
        (11, FIVES, (4, 4, 3)),
        (7, FIVES, (4, 3)),
        (6, FIVES, (3, 3)),
        (3, FIVES, (3,)),
        (5, THREES, (5,)),
    ],
)
def test_RSK_TBL_1_any_field_of_3_or_more_is_seated_mixing_3_4_5(
    n: int, policy: TablePolicy, sizes: tuple[int, ...]
) -> None:
    """RSK-TBL-1: a table seats 3 to 5, so every field of 3 or more can play. These fields used
    to be refused because the policy alone cannot seat them; the other off size is mixed in, as
    few tables of it as possible."""
    assert can_seat(n, policy) is None
    assert table_sizes(n, policy) == sizes


def test_RSK_TBL_1_every_field_from_3_seats_at_legal_tables() -> None:
    """RSK-TBL-1: 3..5 at every table, the policy's sizes whenever they can do it alone."""
    for policy in TablePolicy:
        for n in range(3, 120):
            sizes = table_sizes(n, policy)
            assert sum(sizes) == n
            assert all(3 <= s <= 5 for s in sizes)
            if is_seatable(n, policy):
                assert set(sizes) <= {4, policy.off_size}


def test_RSK_TBL_1_fewer_than_3_players_are_refused() -> None:
    """RSK-TBL-1: nobody to seat, or fewer than one table."""
    for n in (0, 1, 2):
        refusal = can_seat(n, FIVES)
        assert refusal is not None
        assert refusal.field == "players"
        assert refusal.rule == "RSK-TBL-1"
        assert refusal.accepted_message is not None
        assert str(refusal.accepted_message) == "at least 3 players"
        with pytest.raises(TorneoError):
            table_sizes(n, FIVES)
