"""BER-POD-1..3: pods for Draft and the seating of Constructed and Sealed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from torneo.cards.rules.pods import Pod, advancing_per_pod, default_top, form_pods, rounds_in_pod
from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId


def ranked(n: int) -> list[PlayerId]:
    """Players 1..n, best first."""
    return [PlayerId(i) for i in range(1, n + 1)]


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (4, [4]),
        (8, [8]),
        (9, [5, 4]),
        (16, [8, 8]),
        (17, [5, 4, 4, 4]),
        (32, [8, 8, 8, 8]),
        (33, [5, 4, 4, 4, 4, 4, 4, 4]),
        (65, [5] + [4] * 15),
    ],
)
def test_BER_POD_1_pods_are_a_power_of_two_as_equal_as_possible(
    players: int, sizes: list[int]
) -> None:
    """BER-POD-1: 1, 2, 4, 8, ... pods, at most 8 each, sizes as equal as possible."""
    assert [p.size for p in form_pods(ranked(players))] == sizes


@given(st.integers(min_value=4, max_value=600), st.integers(min_value=2, max_value=8))
def test_BER_POD_1_any_field(players: int, max_size: int) -> None:
    """BER-POD-1: every player seated once; power-of-two pods; sizes within one; ≤ max_size."""
    pods = form_pods(ranked(players), max_size)
    count = len(pods)
    assert count & (count - 1) == 0
    assert sorted(p for pod in pods for p in pod.players) == ranked(players)
    sizes = [p.size for p in pods]
    assert max(sizes) <= max_size
    assert max(sizes) - min(sizes) <= 1
    assert count == 1 or -(-players // (count // 2)) > max_size  # no fewer pods would do


def test_BER_POD_2_snake_order_balances_skill() -> None:
    """BER-POD-2 Resolution: players ranked best first are dealt in snake order."""
    pods = form_pods(ranked(16))
    assert pods[0].players == tuple(PlayerId(i) for i in (1, 4, 5, 8, 9, 12, 13, 16))
    assert pods[1].players == tuple(PlayerId(i) for i in (2, 3, 6, 7, 10, 11, 14, 15))
    assert sum(pods[0].players) == sum(pods[1].players)
    four = form_pods(ranked(32))
    assert [pod.players[:2] for pod in four] == [
        (PlayerId(1), PlayerId(8)),
        (PlayerId(2), PlayerId(7)),
        (PlayerId(3), PlayerId(6)),
        (PlayerId(4), PlayerId(5)),
    ]


@pytest.mark.parametrize(
    ("size", "rounds"),
    [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 3), (8, 3), (9, 4), (11, 4), (12, 4)],
)
def test_BER_POD_3_rounds_as_if_an_odd_pod_were_even(size: int, rounds: int) -> None:
    """BER-POD-3: 7 → 8 → 3 rounds, 11 → 12 → 4."""
    assert rounds_in_pod(size) == rounds
    assert Pod(1, tuple(ranked(size))).rounds == rounds


@pytest.mark.parametrize(
    ("players", "top", "each"), [(8, 4, 4), (16, 4, 2), (32, 8, 2), (32, 4, 1)]
)
def test_BER_POD_1_the_same_number_advances_from_every_pod(
    players: int, top: int, each: int
) -> None:
    """BER-POD-1: the same number of players advances from every pod."""
    assert advancing_per_pod(form_pods(ranked(players)), top) == each


@pytest.mark.parametrize(("players", "top"), [(16, 6), (32, 2), (9, 16), (16, 12)])
def test_BER_POD_1_a_top_that_cannot_take_evenly_is_refused(players: int, top: int) -> None:
    with pytest.raises(TorneoError) as err:
        advancing_per_pod(form_pods(ranked(players)), top)
    assert err.value.field == "top"


@pytest.mark.parametrize(("players", "top"), [(6, 4), (8, 4), (16, 4), (32, 8), (4, 4)])
def test_BER_TOP_1_default_top_one_pod_four_else_two_each(players: int, top: int) -> None:
    """BER-TOP-1/2: one pod → Top 4; several pods → two from each."""
    assert default_top(form_pods(ranked(players))) == top


@pytest.mark.parametrize("players", [0, 1, 3])
def test_BER_POD_1_fewer_than_four_players_are_refused(players: int) -> None:
    """docs/rules.md §2: every format needs at least 4 players."""
    with pytest.raises(TorneoError) as err:
        form_pods(ranked(players))
    assert err.value.field == "players"
    assert err.value.accepted is not None
    assert "4" in err.value.accepted


def test_bad_pod_input_is_refused() -> None:
    with pytest.raises(TorneoError) as err:
        form_pods([PlayerId(1), PlayerId(2), PlayerId(1), PlayerId(3)])
    assert err.value.field == "players"
    with pytest.raises(TorneoError) as err:
        form_pods(ranked(8), max_size=9)
    assert err.value.field == "max_size"
    with pytest.raises(TorneoError) as err:
        rounds_in_pod(1)
    assert err.value.field == "size"
