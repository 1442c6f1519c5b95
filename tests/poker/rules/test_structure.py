"""Blind structures (PKR-BTN-1), the generator, and the club presets (PKR-SCHED-1, PKR-LEAGUE-3)."""

from __future__ import annotations

import pytest

from torneo.core.errors import TorneoError
from torneo.poker.rules.presets import final_structure, league_row, weekly, weekly_structure
from torneo.poker.rules.structure import (
    BlindLevel,
    Break,
    make_structure,
    propose_structure,
    structure_from_ladder,
)
from torneo.presets import load_preset

CHIPS = (25, 100, 500, 1000, 5000)


def test_PKR_BTN_1_a_big_blind_smaller_than_the_small_blind_is_refused() -> None:
    """PKR-BTN-1: the big blind is (twice) the small blind; smaller is refused."""
    with pytest.raises(TorneoError) as err:
        BlindLevel(200, 100, 15)
    assert err.value.field == "big_blind"
    assert "smaller than small blind" in err.value.reason


def test_PKR_BTN_1_a_structure_with_no_levels_is_refused() -> None:
    """PKR-BTN-1: a published schedule has at least one level."""
    with pytest.raises(TorneoError) as err:
        make_structure([])
    assert err.value.field == "levels"
    with pytest.raises(TorneoError):
        make_structure([Break(10)])


def test_PKR_BTN_1_blinds_never_go_down_and_must_be_payable() -> None:
    """PKR-BTN-1: blinds rise; after a colour-up they must be payable with the chips left."""
    with pytest.raises(TorneoError) as err:
        make_structure([BlindLevel(100, 200, 15), BlindLevel(50, 100, 15)])
    assert err.value.field == "levels[2]"
    with pytest.raises(TorneoError) as err:
        make_structure(
            [BlindLevel(100, 200, 15), Break(10, (25,)), BlindLevel(150, 300, 15)], CHIPS
        )
    assert err.value.field == "levels[2].small_blind"
    with pytest.raises(TorneoError):
        make_structure([BlindLevel(100, 200, 15), Break(10, (50,))], CHIPS)  # not in play


def test_structure_numbers_levels_and_tracks_the_smallest_chip() -> None:
    s = make_structure(
        [
            BlindLevel(25, 50, 15),
            BlindLevel(50, 100, 15),
            Break(10, (25,)),
            BlindLevel(100, 200, 15),
        ],
        CHIPS,
    )
    assert [lv.big_blind for lv in s.levels] == [50, 100, 200]
    assert s.level_number(3) == 3
    assert s.level_number(2) is None
    assert s.smallest_chip_at(1) == 25
    assert s.smallest_chip_at(3) == 100
    assert s.total_minutes == 55


def test_generator_proposes_a_playable_structure_near_the_target() -> None:
    """The generator: from ~100 big blinds to about 1/20 of the chips at the target time."""
    s = propose_structure(10_000, 240, CHIPS, expected_entries=30, level_minutes=15)
    first = s.levels[0]
    assert (first.small_blind, first.big_blind) == (50, 100)
    bbs = [lv.big_blind for lv in s.levels]
    assert bbs == sorted(set(bbs))
    # the level running at the target has a big blind near 300,000 / 20 = 15,000
    minutes, at_target = 0, None
    for step in s.steps:
        minutes += step.minutes
        if isinstance(step, BlindLevel) and minutes >= 240 and at_target is None:
            at_target = step
    assert at_target is not None
    assert 7_500 <= at_target.big_blind <= 30_000
    assert len(s.levels) > 240 // 15  # levels beyond the target, so the clock never runs out
    assert any(isinstance(st, Break) and st.colour_up for st in s.steps)


def test_generator_with_antes() -> None:
    s = propose_structure(4_000, 150, CHIPS, level_minutes=10, ante="big_blind", ante_from_level=3)
    assert s.levels[0].ante == 0
    assert s.levels[2].big_blind_ante
    assert s.levels[2].ante == s.levels[2].big_blind


def test_PKR_SCHED_1_club_tournaments_have_their_stack_and_level_length() -> None:
    """PKR-SCHED-1: Tue 90+10+20, 10,000 chips, 15-minute levels; Fri 12; Mon 10."""
    rules = load_preset("lifeclub-poker").poker
    assert rules is not None
    tue = weekly(rules, "tue")
    assert tue.starting_stack == 10_000
    structure = weekly_structure(rules, tue)
    assert {lv.minutes for lv in structure.levels} == {15}
    assert (structure.levels[0].small_blind, structure.levels[0].big_blind) == (50, 100)
    assert {lv.minutes for lv in weekly_structure(rules, weekly(rules, "fri")).levels} == {12}
    mon = weekly_structure(rules, weekly(rules, "mon"))
    assert {lv.minutes for lv in mon.levels} == {10}
    assert mon.levels[0].big_blind == 50


def test_PKR_LEAGUE_3_finals_start_at_50_100_with_30_and_20_minute_levels() -> None:
    """PKR-LEAGUE-3: the finals' own level length (30 or 20 minutes) from 50/100."""
    rules = load_preset("lifeclub-poker").poker
    assert rules is not None
    campione = final_structure(rules, league_row(rules, "campione"))
    mister = final_structure(rules, league_row(rules, "mister-allin"))
    for s, minutes in ((campione, 30), (mister, 20)):
        assert (s.levels[0].small_blind, s.levels[0].big_blind) == (50, 100)
        assert {lv.minutes for lv in s.levels} == {minutes}


def test_ladder_needs_the_start_level() -> None:
    with pytest.raises(TorneoError) as err:
        structure_from_ladder([(25, 50, 0), (50, 100, 0)], 15, CHIPS, start_big_blind=80)
    assert err.value.field == "start_big_blind"
