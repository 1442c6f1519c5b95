import pytest

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.seasons.rules.multiplayer_rating import TableRating, rate_table

A, B, C, D = (PlayerId(i) for i in range(1, 5))


def test_rate_table_moves_the_winner_up_and_the_last_down() -> None:
    new = rate_table({}, [A, B, C, D])
    assert new[A].mu > new[B].mu > new[C].mu > new[D].mu
    assert new[A].mu > 25 > new[D].mu
    assert all(r.sigma < 25 / 3 for r in new.values())  # everyone is better known afterwards
    assert new[A].ordinal > new[D].ordinal


def test_shared_places_get_equal_ratings() -> None:
    new = rate_table({}, [A, (B, C), D])
    assert new[B] == new[C]


def test_beating_a_strong_player_is_worth_more() -> None:
    strong = {B: TableRating(35, 3)}
    upset = rate_table(strong, [A, B, C])
    normal = rate_table({}, [A, B, C])
    assert upset[A].mu > normal[A].mu
    assert upset[B].mu < 35


def test_only_the_table_is_returned_and_results_are_reproducible() -> None:
    ratings = {A: TableRating(30, 5), PlayerId(99): TableRating(40, 2)}
    first = rate_table(ratings, [C, A, B])
    assert set(first) == {A, B, C}
    assert rate_table(ratings, [C, A, B]) == first


@pytest.mark.parametrize("order", [[A], [A, A, B], [A, ()]])
def test_bad_finishing_orders_are_refused(order: list[PlayerId]) -> None:
    with pytest.raises(TorneoError) as err:
        rate_table({}, order)
    assert err.value.field == "finishing_order"
