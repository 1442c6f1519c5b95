"""First-round seeding of the Top X: INV-TOP-1, INV-TOP-2, INV-TOP-3, BER-TOP-1, BER-TOP-2."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.knockout import (
    Bracket,
    bracket_from_records,
    can_pick,
    choice_bracket,
    choice_options,
    cross_pod_bracket,
    next_round,
    report_result,
    round_records,
    seed_bracket,
    standard_order,
)
from torneo.engines.results import GameScore
from torneo.presets.models import TopRules

# Players 101, 102, ... are seeds 1, 2, ... so pairs read as seed numbers.
SEEDS = [PlayerId(100 + s) for s in range(1, 33)]


def seed_pairs(bracket: Bracket) -> list[tuple[int, int]]:
    return [(m.seed_a, m.seed_b) for m in bracket.current_round]


@pytest.mark.parametrize(
    ("size", "pairs"),
    [
        (2, [(1, 2)]),
        (4, [(1, 4), (2, 3)]),
        (8, [(1, 8), (4, 5), (2, 7), (3, 6)]),
        (16, [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]),
    ],
)
def test_INV_TOP_1_standard_seeding(size: int, pairs: list[tuple[int, int]]) -> None:
    """INV-TOP-1: 1-8, 4-5, 2-7, 3-6 (Top 4: 1-4, 2-3; Top 16 likewise; Top 2 = the final)."""
    bracket = seed_bracket(SEEDS, size)
    assert seed_pairs(bracket) == pairs
    assert [(int(m.player_a), int(m.player_b)) for m in bracket.current_round] == [
        (100 + a, 100 + b) for a, b in pairs
    ]
    assert [m.slot for m in bracket.current_round] == list(range(size // 2, size))


def test_INV_TOP_1_seed_one_meets_four_or_five_in_the_semifinal() -> None:
    """INV-TOP-1: bracket order puts 1-8 beside 4-5, so the favourites meet in the semifinal."""
    bracket = seed_bracket(SEEDS, 8)
    for m in bracket.current_round:
        bracket = report_result(bracket, m.slot, GameScore(2, 0))  # the better seed wins
    semis = next_round(bracket).current_round
    assert [(m.seed_a, m.seed_b) for m in semis] == [(1, 4), (2, 3)]


@given(st.sampled_from([2, 4, 8, 16, 32, 64]))
def test_INV_TOP_1_standard_order_is_a_balanced_bracket(size: int) -> None:
    """INV-TOP-1: every first-round pair adds up to size + 1 and the top seeds are spread."""
    order = standard_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[k] + order[k + 1] == size + 1 for k in range(0, size, 2))
    # the best 2^k seeds fall in distinct blocks of size / 2^k
    k = 1
    while k <= size:
        blocks = [order[i : i + size // k] for i in range(0, size, size // k)]
        assert all(sum(1 for s in block if s <= k) == 1 for block in blocks)
        k *= 2


def test_INV_TOP_1_the_top_is_cut_from_the_standings() -> None:
    bracket = seed_bracket(SEEDS[:13], 8)
    assert bracket.seeds == tuple(SEEDS[:8])


@pytest.mark.parametrize(
    ("players", "size", "field"), [(5, 8, "size"), (8, 6, "size"), (8, 0, "size")]
)
def test_INV_TOP_1_bad_sizes_are_refused(players: int, size: int, field: str) -> None:
    with pytest.raises(TorneoError) as err:
        seed_bracket(SEEDS[:players], size)
    assert err.value.field == field


def test_INV_TOP_1_a_player_seeded_twice_is_refused() -> None:
    with pytest.raises(TorneoError) as err:
        seed_bracket([SEEDS[0], SEEDS[1], SEEDS[0], SEEDS[3]], 4)
    assert err.value.field == "seeds"


def test_INV_TOP_2_the_better_seed_chooses_to_start_in_the_first_round_only() -> None:
    """INV-TOP-2: "per il primo accoppiamento" of the Top, at every table the better seed
    chooses whether to start; later rounds have no die advantage (the players roll)."""
    bracket = seed_bracket(SEEDS, 8)
    assert [m.chooses_to_start for m in bracket.current_round] == [
        SEEDS[0],
        SEEDS[3],
        SEEDS[1],
        SEEDS[2],
    ]
    # 8 beats 1 and 5 beats 4: in the semifinal 5 is the better seed and chooses.
    bracket = report_result(bracket, 4, GameScore(0, 2))
    bracket = report_result(bracket, 5, GameScore(1, 2))
    bracket = report_result(bracket, 6, GameScore(2, 0))
    bracket = report_result(bracket, 7, GameScore(2, 1))
    semi = next_round(bracket).current_round[0]
    assert (semi.seed_a, semi.seed_b, semi.chooses_to_start) == (5, 8, None)
    # Rebuilt from its stored rows, the bracket says the same.
    rebuilt = bracket_from_records(SEEDS[:8], round_records(bracket, 1))
    assert [m.chooses_to_start for m in rebuilt.matches] == [SEEDS[0], SEEDS[3], SEEDS[1], SEEDS[2]]


def test_INV_TOP_2_without_the_die_rule_nobody_is_named() -> None:
    """INV-TOP-2: a preset without the die rule leaves the choice to a die roll."""
    bracket = seed_bracket(SEEDS, 4, rules=TopRules(die_rule=False))
    assert {m.chooses_to_start for m in bracket.current_round} == {None}


def test_INV_TOP_3_choice_rule_best_seeds_pick_in_order() -> None:
    """INV-TOP-3: 1st picks among 5th-8th, then 2nd among those left, ..."""
    top8 = SEEDS[:8]
    assert choice_options(top8, []) == top8[4:]
    # seed 1 picks 6, seed 2 picks 5, seed 3 picks 8, seed 4 gets 7
    picks = [top8[5], top8[4], top8[7]]
    assert choice_options(top8, picks) == [top8[6]]
    bracket = choice_bracket(top8, picks)
    # each picker keeps its standard place: 1's match beside 4's (semifinal 1 v 4)
    assert seed_pairs(bracket) == [(1, 6), (4, 7), (2, 5), (3, 8)]
    assert choice_bracket(top8, [*picks, top8[6]]) == bracket


@pytest.mark.parametrize(
    ("picks_before", "pick", "reason"),
    [
        ([], 2, "better half"),  # seed 1 may not pick seed 3
        ([5], 5, "already been picked"),  # seed 2 may not pick seed 6 again
        ([], 99, "not in the Top"),
    ],
)
def test_INV_TOP_3_a_pick_outside_the_rules_is_refused(
    picks_before: list[int], pick: int, reason: str
) -> None:
    """INV-TOP-3: the refusal names the field and lists who may be picked."""
    top8 = SEEDS[:8]
    before = [top8[i] for i in picks_before]
    chosen = top8[pick] if pick < 8 else PlayerId(pick)
    refusal = can_pick(top8, before, chosen)
    assert refusal is not None
    assert refusal.field == "pick"
    assert reason in refusal.text
    assert refusal.accepted_message is not None
    assert str(choice_options(top8, before)[0]) in refusal.accepted_message.english()
    with pytest.raises(TorneoError) as err:
        choice_bracket(top8, [*before, chosen])
    assert err.value.field == "pick"


def test_INV_TOP_3_too_many_picks_are_refused() -> None:
    top4 = SEEDS[:4]
    with pytest.raises(TorneoError) as err:
        choice_bracket(top4, [top4[3], top4[2], top4[2]])
    assert err.value.field == "picks"


def pod_players(pods: int, each: int) -> list[list[PlayerId]]:
    """Pod p's k-th qualifier is player 1000 * p + k (P1#1 = 1001)."""
    return [[PlayerId(1000 * p + k) for k in range(1, each + 1)] for p in range(1, pods + 1)]


def ids(bracket: Bracket) -> list[tuple[int, int]]:
    return [(int(m.player_a), int(m.player_b)) for m in bracket.current_round]


def test_BER_TOP_1_one_pod_top_4() -> None:
    """BER-TOP-1: one pod, Top 4: 1st-4th, 2nd-3rd."""
    bracket = cross_pod_bracket(pod_players(1, 4))
    assert ids(bracket) == [(1001, 1004), (1002, 1003)]


def test_BER_TOP_2_two_pods_top_4() -> None:
    """BER-TOP-2: P1#1-P2#2, P1#2-P2#1."""
    bracket = cross_pod_bracket(pod_players(2, 2))
    assert ids(bracket) == [(1001, 2002), (2001, 1002)]


def test_BER_TOP_2_four_pods_top_8_in_bracket_order() -> None:
    """BER-TOP-2: (P1#1-P4#2, P2#1-P3#2), (P4#1-P1#2, P3#1-P2#2)."""
    bracket = cross_pod_bracket(pod_players(4, 2))
    assert ids(bracket) == [(1001, 4002), (2001, 3002), (4001, 1002), (3001, 2002)]


@pytest.mark.parametrize("pods", [2, 4, 8, 16])
def test_BER_TOP_2_same_pod_players_meet_again_only_in_the_final(pods: int) -> None:
    """BER-TOP-2: every pod has one player in each half; winners meet runners-up first."""
    bracket = cross_pod_bracket(pod_players(pods, 2))
    first = bracket.current_round
    assert all(int(m.player_a) % 1000 == 1 and int(m.player_b) % 1000 == 2 for m in first)
    half = len(first) // 2
    for part in (first[:half], first[half:]):
        pods_in_half = [int(p) // 1000 for m in part for p in (m.player_a, m.player_b)]
        assert sorted(pods_in_half) == list(range(1, pods + 1))


def test_BER_TOP_2_one_qualifier_per_pod() -> None:
    bracket = cross_pod_bracket(pod_players(4, 1))
    assert ids(bracket) == [(1001, 4001), (2001, 3001)]


@pytest.mark.parametrize(
    "pods",
    [
        pod_players(3, 2),  # not a power of two
        [[PlayerId(1001), PlayerId(1002)], [PlayerId(2001)]],  # unequal qualifiers
        pod_players(2, 4),  # four from each of two pods cannot be kept apart
        [],
    ],
)
def test_BER_TOP_2_bad_pods_are_refused(pods: list[list[PlayerId]]) -> None:
    with pytest.raises(TorneoError) as err:
        cross_pod_bracket(pods)
    assert err.value.field == "pods"
