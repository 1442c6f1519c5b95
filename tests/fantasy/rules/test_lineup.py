"""FAN-LINEUP-1: lineups, the deadline to the second, the missing lineup."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from torneo.fantasy.rules.formations import formation_of
from torneo.fantasy.rules.lineup import Lineup, deadline, late_refusal, lineup_for, lineup_problems
from torneo.presets.fantasy import FORMATIONS, FantasyRules

RULES = FantasyRules()
KICKOFF = datetime(2025, 9, 14, 15, 0, tzinfo=UTC)


def test_fan_lineup_1_due_30_minutes_before_the_first_kickoff_to_the_second() -> None:
    due = deadline(KICKOFF, RULES)
    assert due == datetime(2025, 9, 14, 14, 30, tzinfo=UTC)
    assert late_refusal(due - timedelta(seconds=1), due) is None
    refusal = late_refusal(due, due)
    assert refusal is not None
    assert refusal.rule == "FAN-LINEUP-1"
    assert late_refusal(due + timedelta(minutes=1), due) is not None


@pytest.mark.parametrize("shape", FORMATIONS)
def test_fan_lineup_1_every_valid_formation(shape: str) -> None:
    d, c, a = (int(n) for n in shape.split("-"))
    assert formation_of(["P"] + ["D"] * d + ["C"] * c + ["A"] * a) == shape


def _roster() -> dict[int, str]:
    roles = ["P"] * 3 + ["D"] * 8 + ["C"] * 8 + ["A"] * 6
    return dict(enumerate(roles, start=1))


def test_fan_lineup_1_eleven_in_a_valid_formation_and_seven_on_the_bench() -> None:
    roster = _roster()
    names = {pid: f"N{pid}" for pid in roster}
    ok = Lineup((1, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21), (2, 8, 9, 16, 17, 22, 23))
    assert lineup_problems(ok, roster, names, RULES) == []
    four_forwards = Lineup((1, 4, 5, 6, 12, 13, 14, 20, 21, 22, 23), (2, 8, 9, 16, 17, 15, 7))
    problems = [p.english() for p in lineup_problems(four_forwards, roster, names, RULES)]
    assert problems == [
        "formation 3-3-4: one goalkeeper and 3-4-3, 3-5-2, 4-3-3, 4-4-2, 4-5-1, 5-3-2, 5-4-1 accepted"
    ]
    short = Lineup((1, 4, 5), (99, 4))
    problems = [p.english() for p in lineup_problems(short, roster, names, RULES)]
    assert problems == [
        "3 starters: exactly 11 accepted",
        "2 on the bench: exactly 7 accepted",
        "player 99 is not in the roster",
        "N4 is listed twice",
    ]


def test_fan_lineup_1_missing_lineup_the_last_one_stands() -> None:
    first = Lineup((1,), (2,))
    third = Lineup((3,), (4,))
    given = {1: first, 3: third}
    assert lineup_for(1, given) == (first, None)
    assert lineup_for(2, given) == (first, 1)
    assert lineup_for(5, given) == (third, 3)
    assert lineup_for(1, {}) == (None, None)
