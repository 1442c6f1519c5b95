"""PKR-BTN-1: the tournament clock from stored timestamps; new blinds from the next hand."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from torneo.core.errors import Conflict
from torneo.poker.rules import clock
from torneo.poker.rules.structure import BlindLevel, Break, make_structure

T0 = datetime(2025, 12, 2, 21, 0)
STRUCTURE = make_structure(
    [
        BlindLevel(25, 50, 15),
        BlindLevel(50, 100, 15),
        Break(10, (25,)),
        BlindLevel(100, 200, 15),
        BlindLevel(200, 400, 15),
    ],
    (25, 100, 500),
)


def minutes(m: float) -> timedelta:
    return timedelta(minutes=m)


def started() -> clock.TournamentClock:
    return clock.start(clock.TournamentClock(STRUCTURE), T0)


def test_PKR_BTN_1_new_blinds_apply_from_the_next_hand() -> None:
    """PKR-BTN-1: a hand keeps the blinds in force when it started; the next hand gets the new."""
    c = started()
    hand_started = T0 + minutes(14.5)
    assert clock.level_for_hand(c, hand_started).big_blind == 50
    assert clock.level_for_new_hand(c, T0 + minutes(15)).big_blind == 100
    # a hand starting during the break is dealt at the level after it
    assert clock.level_for_new_hand(c, T0 + minutes(32)).big_blind == 200


def test_clock_view_shows_level_next_level_time_left_and_break() -> None:
    c = started()
    v = clock.view(c, T0 + minutes(20), players_left=45, chips_in_play=450_000)
    assert v.level_number == 2
    assert v.level is not None
    assert v.level.big_blind == 100
    assert v.next_level is not None
    assert v.next_level.big_blind == 200
    assert v.time_left == minutes(10)
    assert v.time_to_break == minutes(10)
    assert v.average_stack == 10_000
    assert v.smallest_chip == 25
    on_break = clock.view(c, T0 + minutes(35), 45, 450_000)
    assert on_break.on_break is not None
    assert on_break.level is None
    assert on_break.time_left == minutes(5)
    assert on_break.smallest_chip == 100
    after = clock.view(c, T0 + minutes(45), 45, 450_000)
    assert after.time_to_break is None
    over = clock.view(c, T0 + minutes(500), 2, 450_000)
    assert over.level is not None
    assert over.level.big_blind == 400
    assert over.time_left == minutes(0)


def test_pause_resume_and_two_screens_agree() -> None:
    """Computed from stored timestamps: a paused clock stands still; any reader agrees."""
    c = clock.pause(started(), T0 + minutes(10))
    assert clock.view(c, T0 + minutes(50), 10, 1).time_left == minutes(5)
    c = clock.resume(c, T0 + minutes(50))
    stored = (c.structure, c.watch, c.started_at, c.extensions)
    rebuilt = clock.TournamentClock(*stored)  # another worker reading the same row
    assert clock.view(rebuilt, T0 + minutes(53), 10, 1) == clock.view(c, T0 + minutes(53), 10, 1)
    assert clock.view(c, T0 + minutes(53), 10, 1).time_left == minutes(2)
    with pytest.raises(Conflict):
        clock.start(c, T0)


def test_add_time_lengthens_only_the_running_level() -> None:
    c = started()
    c = clock.add_time(c, minutes(5), T0 + minutes(16))  # one minute into level 2
    v = clock.view(c, T0 + minutes(16), 10, 1)
    assert v.level_number == 2
    assert v.time_left == minutes(19)
    c = clock.add_time(c, minutes(-60), T0 + minutes(16))  # shortening ends it now, no further
    assert clock.view(c, T0 + minutes(16), 10, 1).on_break is not None


def test_jump_to_level_forward_and_back() -> None:
    c = clock.jump_to_level(started(), 4, T0 + minutes(3))
    v = clock.view(c, T0 + minutes(3), 10, 1)
    assert v.level_number == 4
    assert v.time_left == minutes(15)
    c = clock.jump_to_level(c, 1, T0 + minutes(10))
    v = clock.view(c, T0 + minutes(11), 10, 1)
    assert v.level_number == 1
    assert v.time_left == minutes(14)
