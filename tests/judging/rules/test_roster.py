"""Judges of an event: INV-JUDGE-1 head judge and advice, INV-STRUCT-5 player-judge rounds."""

import pytest

from tests.support.judging import EVENT, FLOOR, HEAD, OUTSIDER, roster, rules
from torneo.core.errors import Conflict, NotFound
from torneo.core.ids import PlayerId, UserId
from torneo.engines.records import Stage
from torneo.judging.rules import (
    Judge,
    JudgeRoster,
    appoint_head_judge,
    appoint_judge,
    can_act_as_judge,
    can_appoint_judge,
    remove_judge,
    roster_problems,
    round_minutes_for,
    staffing_advice,
)
from torneo.presets import load_preset

MATCH = load_preset("invasion-it-2012").match


def test_INV_JUDGE_1_an_event_without_a_judge_is_irregular() -> None:
    """INV-JUDGE-1 / INV-LEGAL-3: every tournament has a judge."""
    (problem,) = roster_problems(JudgeRoster(EVENT))
    assert problem.rule == "INV-JUDGE-1"
    assert problem.field == "judges"


def test_INV_JUDGE_1_a_sole_judge_is_the_head_judge() -> None:
    """INV-JUDGE-1: one judge needs no naming; they have the last word."""
    sole = appoint_judge(JudgeRoster(EVENT), Judge(UserId(5), "Unico"))
    assert sole.head is None
    assert sole.is_head_judge(UserId(5))
    assert roster_problems(sole) == ()


def test_INV_JUDGE_1_the_first_judge_stays_head_when_a_second_arrives() -> None:
    """INV-JUDGE-1: with more than one judge, one is the head judge."""
    two = appoint_judge(
        appoint_judge(JudgeRoster(EVENT), Judge(UserId(5), "Primo")), Judge(UserId(6), "Secondo")
    )
    assert two.head == UserId(5)
    assert appoint_head_judge(two, UserId(6)).is_head_judge(UserId(6))


def test_INV_JUDGE_1_several_judges_without_a_head_is_a_problem() -> None:
    """INV-JUDGE-1: removing the head judge leaves the head to be named again."""
    without_head = remove_judge(roster(), HEAD)
    assert without_head.judges == (Judge(FLOOR, "Arbitro"),)
    assert roster_problems(without_head) == ()  # a sole judge again
    three = appoint_judge(roster(), Judge(UserId(102), "Terzo"))
    (problem,) = roster_problems(remove_judge(three, HEAD))
    assert problem.field == "head_judge"
    assert problem.rule == "INV-JUDGE-1"


def test_appointments_refuse_duplicates_and_strangers() -> None:
    assert can_appoint_judge(roster(), Judge(FLOOR, "Ancora")) is not None
    with pytest.raises(Conflict):
        appoint_judge(roster(), Judge(HEAD, "Ancora"))
    with pytest.raises(NotFound):
        appoint_head_judge(roster(), OUTSIDER)
    with pytest.raises(NotFound):
        remove_judge(roster(), OUTSIDER)
    with_player = roster(player_judge=PlayerId(4))
    assert can_appoint_judge(with_player, Judge(UserId(103), "Gemello", PlayerId(4))) is not None


@pytest.mark.parametrize(
    ("players", "judges", "recommended"),
    [(8, 1, None), (10, 1, None), (11, 1, 2), (25, 2, 3), (25, 3, None), (40, 2, 4)],
)
def test_INV_JUDGE_1_one_judge_per_ten_players_is_advice(
    players: int, judges: int, recommended: int | None
) -> None:
    """INV-JUDGE-1: advice (never an error) below one judge for each started ten players."""
    r = JudgeRoster(EVENT, tuple(Judge(UserId(i), f"J{i}") for i in range(judges)))
    advice = staffing_advice(r, players, rules("invasion-it-2012"))
    if recommended is None:
        assert advice is None
    else:
        assert advice is not None
        assert (advice.judges, advice.recommended, advice.rule) == (
            judges,
            recommended,
            "INV-JUDGE-1",
        )
        assert str(players) in advice.describe()


def test_INV_JUDGE_1_no_advice_when_the_preset_gives_none() -> None:
    """INV-JUDGE-1 is an Invasion recommendation; Berserk says nothing."""
    assert staffing_advice(JudgeRoster(EVENT), 100, rules("berserk-online")) is None


def test_INV_STRUCT_5_a_player_judges_match_gets_60_minutes() -> None:
    """INV-STRUCT-5: 60 minutes for a player-judge's match, 55 for the others (INV-STRUCT-3)."""
    r = roster(player_judge=PlayerId(4))
    assert round_minutes_for((PlayerId(3), PlayerId(4)), r, MATCH) == 60
    assert round_minutes_for((PlayerId(1), PlayerId(2)), r, MATCH) == 55
    assert round_minutes_for((PlayerId(4), None), r, MATCH) == 60


def test_INV_STRUCT_3_INV_STRUCT_4_top_x_untimed_third_place_timed() -> None:
    """INV-STRUCT-3, INV-STRUCT-4: no limit in Top X; the 3rd/4th-place match is timed as Swiss."""
    r = roster(player_judge=PlayerId(4))
    assert round_minutes_for((PlayerId(3), PlayerId(4)), r, MATCH, Stage.TOP) is None
    assert round_minutes_for((PlayerId(1), PlayerId(2)), r, MATCH, Stage.THIRD_PLACE) == 55


def test_only_judges_of_the_event_act_as_judges() -> None:
    assert can_act_as_judge(HEAD, roster())
    assert can_act_as_judge(FLOOR, roster())
    assert not can_act_as_judge(OUTSIDER, roster())
