"""FAN-SUB-1 substitutions and FAN-PEN-1 penalties, through a whole team's score."""

from __future__ import annotations

from fractions import Fraction as Q

from torneo.fantasy.rules.lineup import Lineup
from torneo.fantasy.rules.scoring import NOT_COUNTED, PENDING_SCORE, Fantavoto
from torneo.fantasy.rules.substitutions import OTHER_ROLE, SAME_ROLE, substitutions
from torneo.fantasy.rules.team_score import BENCH, FORMATION, NOT_IN_ROSTER, Penalty, score_team
from torneo.presets.fantasy import FORMATIONS, FantasyRules

RULES = FantasyRules()
ROLES_343 = ["P", "D", "D", "D", "C", "C", "C", "C", "A", "A", "A"]


def test_fan_sub_1_example_343_missing_a_forward_the_defender_enters_442() -> None:
    scored: list[bool | None] = [*[True] * 10, False]
    subs, shape = substitutions(
        ROLES_343, scored, ["D", "C", "A"], [True, True, False], FORMATIONS, 3
    )
    assert [(s.slot, s.bench, s.why) for s in subs] == [(10, 0, OTHER_ROLE)]
    assert shape == "4-4-2"


def test_fan_sub_1_midfielder_first_on_the_bench_makes_352() -> None:
    scored: list[bool | None] = [*[True] * 10, False]
    subs, shape = substitutions(
        ROLES_343, scored, ["C", "D", "A"], [True, True, False], FORMATIONS, 3
    )
    assert subs[0].bench == 0
    assert shape == "3-5-2"


def test_fan_sub_1_same_role_first_whatever_the_bench_order() -> None:
    scored: list[bool | None] = [*[True] * 10, False]
    subs, shape = substitutions(ROLES_343, scored, ["D", "A"], [True, True], FORMATIONS, 3)
    assert [(s.bench, s.why) for s in subs] == [(1, SAME_ROLE)]
    assert shape == "3-4-3"


def test_fan_sub_1_at_most_three_and_the_formation_rechecked_after_each() -> None:
    roles = ["P", "D", "D", "D", "D", "C", "C", "C", "C", "A", "A"]  # 4-4-2
    scored: list[bool | None] = [
        True,
        True,
        True,
        True,
        True,
        False,
        False,
        False,
        False,
        True,
        True,
    ]
    # four midfielders missing, only defenders on the bench: 5-3-2 then 6-2-2 is no formation
    subs, shape = substitutions(roles, scored, ["D", "D", "D", "D"], [True] * 4, FORMATIONS, 3)
    assert len(subs) == 1
    assert shape == "5-3-2"
    # plenty of midfielders: at most three enter
    subs, _ = substitutions(roles, scored, ["C"] * 4, [True] * 4, FORMATIONS, 3)
    assert len(subs) == 3


def test_fan_sub_1_goalkeeper_only_for_a_goalkeeper_and_pending_not_replaced() -> None:
    scored: list[bool | None] = [False] + [True] * 9 + [None]
    subs, _ = substitutions(ROLES_343, scored, ["D", "A", "P"], [True, True, True], FORMATIONS, 3)
    assert [(s.slot, s.bench) for s in subs] == [(0, 2)]


def _team() -> tuple[dict[int, str], dict[int, Fantavoto], Lineup]:
    roles = dict(enumerate(ROLES_343, start=1))  # 1..11
    roles.update({12: "D", 13: "C", 14: "A", 15: "P", 16: "D", 17: "C", 18: "C"})
    scores = {pid: Fantavoto(Q(6), Q(6), "voted") for pid in roles}
    lineup = Lineup(tuple(range(1, 12)), tuple(range(12, 19)))
    return roles, scores, lineup


def test_fan_sub_1_team_score_explains_who_came_on_for_whom() -> None:
    roles, scores, lineup = _team()
    scores[11] = NOT_COUNTED
    scores[14] = NOT_COUNTED
    result = score_team(lineup, roles, roles, scores, RULES)
    assert result.formation == "4-4-2"
    came_on = next(line for line in result.lines if line.player_id == 12)
    assert (came_on.entered_for, came_on.why, came_on.counted) == (11, OTHER_ROLE, True)
    assert result.players == Q(66)
    assert result.counted == 11


def test_fan_sub_1_nobody_can_enter_the_team_plays_with_fewer() -> None:
    roles, scores, lineup = _team()
    for pid in (1, 15):
        scores[pid] = NOT_COUNTED  # both goalkeepers without a score
    result = score_team(lineup, roles, roles, scores, RULES)
    assert result.counted == 10
    assert result.modifier.average is None


def test_fan_sub_1_provisional_pending_starter_is_kept() -> None:
    roles, scores, lineup = _team()
    scores[5] = PENDING_SCORE
    result = score_team(lineup, roles, roles, scores, RULES)
    assert result.substitutions == ()
    assert result.counted == 10


def test_fan_pen_1_player_not_in_roster_costs_10_and_the_bench_enters() -> None:
    roles, scores, lineup = _team()
    roster = {pid: r for pid, r in roles.items() if pid != 9}
    result = score_team(lineup, roster, roles, scores, RULES)
    assert [(p.what, p.points, p.player_id) for p in result.penalties] == [
        (NOT_IN_ROSTER, Q(10), 9)
    ]
    assert result.substitutions[0].bench == 2  # the first forward on the bench
    assert result.total == Q(66) + result.modifier.points - 10


def test_fan_pen_1_invalid_formation_and_each_bench_error() -> None:
    roles, scores, _ = _team()
    four_forwards = Lineup((1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 14), (12, 13, 12, 99, 16, 17))
    roster = dict(roles)
    result = score_team(four_forwards, roster, roles | {99: "C"}, scores, RULES)
    kinds = [p.what for p in result.penalties]
    assert kinds[0] == FORMATION
    # 12 twice, 99 not in the roster, one empty place of seven: three bench errors
    assert kinds.count(BENCH) == 3
    assert result.total == result.players + result.modifier.points - 40


def test_fan_pen_1_administrator_penalty_for_a_wrong_transfer() -> None:
    roles, scores, lineup = _team()
    result = score_team(lineup, roles, roles, scores, RULES, [Penalty("wrong_transfer", Q(10))])
    assert result.total == result.players + result.modifier.points - 10


def test_fan_mod_1_in_a_team_uses_the_playing_defenders() -> None:
    roles, scores, lineup = _team()
    for pid, vote in ((1, "6.5"), (2, "6.5"), (3, "5"), (4, "6")):
        scores[pid] = Fantavoto(Q(vote), Q(vote), "voted")
    scores[12] = Fantavoto(Q("6.5"), Q("6.5"), "voted")
    scores[9] = scores[14] = NOT_COUNTED  # a forward out, the bench defender enters: 4-4-2
    result = score_team(lineup, roles, roles, scores, RULES)
    assert result.modifier.average == Q("6.375")
    assert result.modifier.points == 1


def test_fan_sub_1_four_missing_the_bench_enters_in_the_managers_order() -> None:
    """Issue 28 item 8: a defender, two midfielders and a forward miss; three may enter. The
    bench, in the manager's order, is forward, midfielder, defender, midfielder: those three
    first enter (for the forward, the first midfielder, the defender), not the three that the
    lineup's order would reach first (defender, midfielder, midfielder)."""
    scored: list[bool | None] = [
        True,
        False,
        True,
        True,
        False,
        False,
        True,
        True,
        False,
        True,
        True,
    ]
    subs, shape = substitutions(ROLES_343, scored, ["A", "C", "D", "C"], [True] * 4, FORMATIONS, 3)
    assert [(s.bench, s.slot, s.why) for s in subs] == [
        (0, 8, SAME_ROLE),
        (1, 4, SAME_ROLE),
        (2, 1, SAME_ROLE),
    ]
    assert shape == "3-4-3"
