"""A blind structure built from nothing (issue 15 item 8): steps added, removed and moved with
the checks of PKR-BTN-1 (blinds never go down, BB ≥ SB, payable) and PKR-RACE-1 (colour-ups), and
the generator (growth rounded to what the chips in play can pay)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from torneo.core.errors import TorneoError
from torneo.poker.rules.structure import BlindLevel, Break, check_structure
from torneo.poker.rules.structure_builder import generate, insert_step, move_step, remove_step

CHIPS = (25, 100, 500, 1000, 5000)
L1 = BlindLevel(25, 50, 20)
L2 = BlindLevel(50, 100, 20)
L3 = BlindLevel(100, 200, 20)


def test_PKR_BTN_1_built_level_by_level_from_nothing() -> None:
    steps = insert_step((), L1, CHIPS)
    steps = insert_step(steps, L3, CHIPS)
    steps = insert_step(steps, L2, CHIPS, position=2)
    steps = insert_step(steps, Break(10, (25,)), CHIPS, position=3)
    assert steps == (L1, L2, Break(10, (25,)), L3)


def test_PKR_BTN_1_a_level_whose_blinds_go_down_is_refused_naming_it() -> None:
    """PKR-BTN-1: blinds never go down: a 25/50 put after 100/200 is refused as level 2."""
    with pytest.raises(TorneoError) as err:
        insert_step((L3,), L1, CHIPS)
    assert err.value.field == "levels[2]"
    assert err.value.rule == "PKR-BTN-1"
    with pytest.raises(TorneoError) as err:
        move_step((L1, L2, L3), 1, 3, CHIPS)  # 25/50 after 100/200: level 3
    assert err.value.field == "levels[3]"


def test_PKR_BTN_1_the_last_level_cannot_be_removed() -> None:
    with pytest.raises(TorneoError) as err:
        remove_step((L1, Break(5)), 1, CHIPS)
    assert err.value.field == "levels"
    assert remove_step((L1, Break(5), L2), 2, CHIPS) == (L1, L2)


def test_positions_out_of_range_name_the_field() -> None:
    with pytest.raises(TorneoError) as err:
        insert_step((L1,), L2, CHIPS, position=3)
    assert (err.value.field, err.value.accepted) == ("position", "1 to 2")
    with pytest.raises(TorneoError) as err:
        remove_step((L1, L2), 3, CHIPS)
    assert err.value.field == "position"
    with pytest.raises(TorneoError) as err:
        move_step((L1, L2), 1, 0, CHIPS)
    assert err.value.field == "to"


def test_PKR_RACE_1_a_colour_up_of_a_chip_still_needed_is_refused() -> None:
    """PKR-RACE-1: after the 25s are raced off a 75 small blind cannot be paid (level 2)."""
    with pytest.raises(TorneoError) as err:
        insert_step((L1, Break(10, (25,))), BlindLevel(75, 150, 20), CHIPS)
    assert err.value.field == "levels[2].small_blind"


def test_PKR_BTN_1_generated_levels_grow_by_the_factor_rounded_to_payable_values() -> None:
    """PKR-BTN-1: the big blind twice the small; each small blind the payable familiar value
    nearest 1.5 times the one before, and larger; PKR-RACE-1 colour-ups at the breaks."""
    s = generate(25, 20, 12, Fraction(3, 2), CHIPS, break_every=4)
    sbs = [lv.small_blind for lv in s.levels]
    assert sbs == [25, 50, 75, 100, 150, 200, 300, 400, 600, 800, 1200, 2000]
    assert all(lv.big_blind == 2 * lv.small_blind for lv in s.levels)
    assert all(lv.minutes == 20 for lv in s.levels)
    assert [i for i, st in enumerate(s.steps) if isinstance(st, Break)] == [4, 9]
    assert check_structure(s.steps, s.chip_set) is None


def test_PKR_BTN_1_generated_antes_from_a_level() -> None:
    s = generate(100, 15, 8, Fraction(2), CHIPS, ante="big_blind", ante_from_level=3)
    assert [lv.ante for lv in s.levels[:3]] == [0, 0, s.levels[2].big_blind]
    assert s.levels[2].big_blind_ante


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"start_small_blind": 30}, "start_small_blind"),
        ({"growth": Fraction(1)}, "growth"),
        ({"growth": Fraction(5)}, "growth"),
        ({"levels": 0}, "levels"),
        ({"level_minutes": 0}, "level_minutes"),
    ],
)
def test_generator_refusals_name_the_field(kwargs: dict[str, object], field: str) -> None:
    args: dict[str, object] = {
        "start_small_blind": 25,
        "level_minutes": 20,
        "levels": 10,
        "growth": Fraction(3, 2),
        "chip_set": CHIPS,
        **kwargs,
    }
    with pytest.raises(TorneoError) as err:
        generate(**args)  # type: ignore[arg-type]
    assert err.value.field == field
