"""The round clock: INV-STRUCT-3 (55 min, 2 extra turns), INV-STRUCT-4/5, table extensions."""

from dataclasses import asdict
from datetime import timedelta

import pytest

from tests.support.judging import FLOOR, T0, at, roster
from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.records import MatchRecord, Stage
from torneo.judging.rules import RoundClock, round_clock_for
from torneo.presets import load_preset

MATCH = load_preset("invasion-it-2012").match
MIN = timedelta(minutes=1)


def _swiss(round_no: int = 2) -> list[MatchRecord]:
    return [
        MatchRecord(round_no, 1, PlayerId(1), PlayerId(2), None),
        MatchRecord(round_no, 2, PlayerId(3), PlayerId(4), None),  # 4 is a player-judge
        MatchRecord(round_no, 3, PlayerId(5), PlayerId(6), None),
        MatchRecord(round_no, 4, PlayerId(7), None, None),  # the bye has no clock
    ]


def _clock() -> RoundClock:
    return round_clock_for(2, _swiss(), roster(player_judge=PlayerId(4)), MATCH).start(T0)


def test_INV_STRUCT_3_a_swiss_round_lasts_55_minutes() -> None:
    """INV-STRUCT-3: 55 minutes; at time, 2 more turns each."""
    clock = _clock()
    view = clock.view(at(20))
    assert view.remaining == 35 * MIN
    assert not view.is_time
    assert view.extra_turns == 0
    assert view.is_running
    at_time = clock.view(at(55))
    assert at_time.remaining == timedelta(0)
    assert at_time.is_time
    assert at_time.extra_turns == 2
    assert clock.view(at(90)).remaining == timedelta(0)  # never negative


def test_INV_STRUCT_5_the_player_judges_table_runs_60_minutes() -> None:
    """INV-STRUCT-5: the player-judge's table is still playing when the round calls time."""
    view = _clock().view(at(57))
    assert view.is_time
    judge_table = view.table(2)
    assert judge_table is not None
    assert judge_table.remaining == 3 * MIN
    assert not judge_table.is_time
    assert judge_table.extra_turns == 0
    other = view.table(1)
    assert other is not None
    assert other.is_time
    assert other.extra_turns == 2
    assert view.table(4) is None  # the bye


def test_a_judge_gives_one_table_extra_time() -> None:
    """A judge call or a deck check: one table's clock runs later, recorded with who and why."""
    clock = _clock().extend_table(3, 7 * MIN, judge=FLOOR, reason="deck check", at=at(1))
    view = clock.view(at(56))
    assert view.is_time
    table = view.table(3)
    assert table is not None
    assert (table.remaining, table.extended_by, table.is_time) == (6 * MIN, 7 * MIN, False)
    again = clock.extend_table(3, 2 * MIN, judge=FLOOR, reason="chiamata arbitro", at=at(30))
    assert again.extended_by(3) == 9 * MIN
    assert [e.reason for e in again.extensions] == ["deck check", "chiamata arbitro"]


@pytest.mark.parametrize(
    ("table", "amount", "reason", "error"),
    [
        (9, 5 * MIN, "x", NotFound),
        (4, 5 * MIN, "x", NotFound),  # the bye has no clock
        (1, timedelta(0), "x", TorneoError),
        (1, -MIN, "x", TorneoError),
        (1, 61 * MIN, "x", TorneoError),
        (1, 5 * MIN, "  ", TorneoError),
    ],
)
def test_bad_extensions_are_refused(
    table: int, amount: timedelta, reason: str, error: type[TorneoError]
) -> None:
    clock = _clock()
    assert clock.can_extend_table(table, amount, reason) is not None
    with pytest.raises(error):
        clock.extend_table(table, amount, judge=FLOOR, reason=reason, at=T0)


def test_pause_and_resume_keep_the_remaining_time() -> None:
    clock = _clock().pause(at(10))
    assert clock.view(at(40)).remaining == 45 * MIN
    assert not clock.view(at(40)).is_running
    resumed = clock.resume(at(40))
    assert resumed.view(at(50)).remaining == 35 * MIN
    with pytest.raises(Conflict):
        resumed.resume(at(51))


def test_time_for_the_whole_round() -> None:
    clock = _clock().add_time(5 * MIN)
    view = clock.view(at(55))
    assert view.remaining == 5 * MIN
    table = view.table(2)
    assert table is not None
    assert table.remaining == 10 * MIN
    with pytest.raises(TorneoError):
        clock.add_time(timedelta(0))


def test_INV_STRUCT_3_INV_STRUCT_4_top_x_has_no_clock_but_the_third_place_match_has() -> None:
    """INV-STRUCT-3, INV-STRUCT-4: the final is untimed; the 3rd/4th-place match keeps the Swiss limit."""
    top = [
        MatchRecord(6, 1, PlayerId(1), PlayerId(2), None, Stage.TOP),
        MatchRecord(6, 2, PlayerId(3), PlayerId(4), None, Stage.THIRD_PLACE),
    ]
    clock = round_clock_for(6, top, roster(), MATCH).start(T0)
    view = clock.view(at(70))
    final, third = view.tables
    assert (final.remaining, final.is_time) == (None, False)
    assert third.is_time
    with pytest.raises(Conflict):
        clock.extend_table(1, MIN, judge=FLOOR, reason="x", at=T0)
    only_final = round_clock_for(
        7, [MatchRecord(7, 1, PlayerId(1), PlayerId(3), None, Stage.TOP)], roster(), MATCH
    )
    untimed = only_final.start(T0).view(at(500))
    assert (untimed.remaining, untimed.is_time, untimed.extra_turns) == (None, False, 0)


def test_the_clock_is_rebuilt_from_its_stored_fields_without_drift() -> None:
    """Stored timestamps only: a clock rebuilt after a restart shows exactly the same."""
    clock = _clock().extend_table(1, 3 * MIN, judge=FLOOR, reason="giudice", at=at(5)).pause(at(12))
    clock = clock.resume(at(14))
    stored = asdict(clock)
    rebuilt = RoundClock(
        round_no=stored["round_no"],
        table_durations=clock.table_durations,
        extra_turns=stored["extra_turns"],
        watch=clock.watch,
        extensions=clock.extensions,
    )
    for minute in (0, 14, 30, 56, 59, 61):
        assert rebuilt.view(at(minute)) == clock.view(at(minute))
    assert clock.view(at(30)).remaining == 27 * MIN  # 55 − (30 − 2 paused)
