"""FAN-SCORE-1 and FAN-SV-1: a player's score, with the issue's cases of players without a vote."""

from __future__ import annotations

from fractions import Fraction as Q

import pytest

from torneo.fantasy.rules import scoring
from torneo.fantasy.rules.scoring import fantavoto, postponed_score
from torneo.fantasy.rules.votes import VoteLine
from torneo.presets.fantasy import FantasyRules

RULES = FantasyRules()


def line(vote: Q | None, role: str = "C", **events: int) -> VoteLine:
    return VoteLine(1, "Inter", "100", role, "Rossi", vote, **events)


@pytest.mark.parametrize(
    ("events", "points"),
    [
        ({}, Q(6)),
        ({"goals": 2}, Q(12)),
        ({"assists": 1}, Q(7)),
        ({"yellow": 1}, Q(11, 2)),
        ({"red": 1}, Q(5)),
        ({"own_goals": 1}, Q(4)),
        ({"penalties_missed": 1}, Q(3)),
        ({"goals": 1, "assists": 2, "yellow": 1}, Q(21, 2)),
        ({"penalties_scored": 1, "goals": 1}, Q(9)),  # a penalty goal is a goal, no more
    ],
)
def test_fan_score_1_vote_plus_bonus_minus_malus(events: dict[str, int], points: Q) -> None:
    assert fantavoto(line(Q(6), "C", **events), "C", None, RULES).points == points


def test_fan_score_1_goalkeeper_conceded_and_saved() -> None:
    score = fantavoto(line(Q(13, 2), "P", conceded=2, penalties_saved=1), "P", 90, RULES)
    assert score.points == Q(15, 2)
    assert [p.what for p in score.parts] == ["vote", "penalty_saved", "conceded"]
    # a defender's "goals conceded" column is not his malus
    assert fantavoto(line(Q(6), "D", conceded=3), "D", 90, RULES).points == Q(6)


def test_fan_sv_1_no_vote_and_a_goal_is_9() -> None:
    score = fantavoto(line(None, goals=1), "A", None, RULES)
    assert score.points == Q(9)
    assert score.reason == scoring.SV_BONUS
    assert score.base == Q(6)


def test_fan_sv_1_no_vote_and_sent_off_is_4() -> None:
    score = fantavoto(line(None, red=1), "C", None, RULES)
    assert score.points == Q(4)
    assert score.reason == scoring.SV_SENT_OFF
    assert score.base == Q(5)  # the modifier reads it without the red card's malus


def test_fan_sv_1_no_vote_and_booked_only_is_not_counted() -> None:
    score = fantavoto(line(None, yellow=1), "C", None, RULES)
    assert score.points is None
    assert score.reason == scoring.SV_BOOKED
    assert fantavoto(line(None), "C", None, RULES).reason == scoring.SV


def test_fan_sv_1_no_vote_and_own_goal_is_4() -> None:
    assert fantavoto(line(None, own_goals=1), "D", None, RULES).points == Q(4)


def test_fan_sv_1_no_vote_and_missed_penalty_is_3() -> None:
    score = fantavoto(line(None, penalties_missed=1), "A", None, RULES)
    assert score.points == Q(3)
    assert score.reason == scoring.SV_MALUS


def test_fan_sv_1_goalkeeper_30_minutes_one_conceded_is_5() -> None:
    score = fantavoto(line(None, "P", conceded=1), "P", 30, RULES)
    assert score.points == Q(5)
    assert score.reason == scoring.SV_GOALKEEPER


def test_fan_sv_1_goalkeeper_10_minutes_no_events_is_not_counted() -> None:
    score = fantavoto(line(None, "P"), "P", 10, RULES)
    assert score.points is None
    assert score.reason == scoring.SV_GK_SHORT


def test_fan_sv_1_goalkeeper_threshold_is_25_minutes_and_a_setting() -> None:
    assert fantavoto(line(None, "P"), "P", 25, RULES).points == Q(6)
    assert fantavoto(line(None, "P"), "P", 24, RULES).points is None
    assert fantavoto(line(None, "P"), "P", None, RULES).reason == scoring.SV_GK_UNKNOWN
    shorter = FantasyRules(sv_goalkeeper_minutes=20)
    assert fantavoto(line(None, "P"), "P", 20, shorter).points == Q(6)


def test_fan_sv_1_goalkeeper_with_a_save_counts_whatever_the_minutes() -> None:
    assert fantavoto(line(None, "P", penalties_saved=1), "P", 5, RULES).points == Q(9)


def test_fan_post_1_postponed_match_gives_6_except_the_suspended() -> None:
    assert postponed_score(RULES, suspended=False).points == Q(6)
    assert postponed_score(RULES, suspended=True).points is None
    assert postponed_score(FantasyRules(postponed_vote=Q(11, 2)), suspended=False).points == Q(
        11, 2
    )
