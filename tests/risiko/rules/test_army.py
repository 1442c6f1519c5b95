"""RSK-ARMY-1 the army-excess calculator."""

import pytest

from torneo.core.errors import TorneoError
from torneo.risiko.rules.army import FoundBy, board_excess, reinforcement_excess


def test_RSK_ARMY_EX1_cap_130_with_134_found_by_an_opponent() -> None:
    """RSK-ARMY-EX1: cap 130, 134 on the board found by an opponent → remove 8, cap 126."""
    ruling = board_excess(134, FoundBy.OPPONENT, cap=130)
    assert (ruling.excess, ruling.remove, ruling.cap) == (4, 8, 126)


def test_RSK_ARMY_1_declared_excess_on_the_board_removes_it_and_keeps_the_cap() -> None:
    """RSK-ARMY-1: declared by the player: remove the excess, cap unchanged."""
    ruling = board_excess(134, FoundBy.PLAYER_DECLARED)
    assert (ruling.excess, ruling.remove, ruling.cap) == (4, 4, 130)


def test_RSK_ARMY_1_a_lowered_cap_applies_to_the_next_finding() -> None:
    """RSK-ARMY-1: the lowered cap stays for the rest of the game."""
    first = board_excess(134, FoundBy.REFEREE)
    assert first.cap == 126
    again = board_excess(128, FoundBy.REFEREE, cap=first.cap or 130)
    assert (again.excess, again.remove, again.cap) == (2, 4, 124)


def test_RSK_ARMY_1_no_excess_removes_nothing() -> None:
    """RSK-ARMY-1: at or under the cap nothing happens."""
    ruling = board_excess(130, FoundBy.OPPONENT)
    assert (ruling.excess, ruling.remove, ruling.cap) == (0, 0, 130)


def test_RSK_ARMY_1_reinforcement_excess_doubles_from_those_just_placed_then_any() -> None:
    """RSK-ARMY-1: 3 placed, 1 due, found: remove 4, the 3 just placed and 1 of any."""
    found = reinforcement_excess(placed=3, due=1, found_by=FoundBy.REFEREE)
    assert (found.excess, found.remove, found.from_just_placed, found.from_any) == (2, 4, 3, 1)
    assert found.cap is None
    declared = reinforcement_excess(placed=9, due=7, found_by=FoundBy.PLAYER_DECLARED)
    assert (declared.remove, declared.from_just_placed, declared.from_any) == (2, 2, 0)


def test_RSK_ARMY_1_negative_counts_are_refused() -> None:
    """RSK-ARMY-1: counts are 0 or more."""
    with pytest.raises(TorneoError) as err:
        board_excess(-1, FoundBy.OPPONENT)
    assert err.value.field == "on_board"
