"""INV-STRUCT-1/2: rounds and Top size by players, from the preset's table."""

from __future__ import annotations

import pytest

from torneo.cards.rules.structure import EventPlan, can_play_one_round_fewer, plan_for
from torneo.core.errors import TorneoError
from torneo.presets import load_preset

INVASION = load_preset("invasion-it-2012")


@pytest.mark.parametrize(
    ("players", "rounds", "top"),
    [
        (6, 3, 4),
        (8, 3, 4),
        (9, 4, 4),
        (12, 4, 4),
        (13, 4, 8),
        (16, 4, 8),
        (17, 5, 8),
        (30, 5, 8),
        (31, 6, 8),
        (200, 6, 8),
    ],
)
def test_INV_STRUCT_1_rounds_and_top_by_players(players: int, rounds: int, top: int) -> None:
    """INV-STRUCT-1: ≤8: 3 + Top 4; 9-12: 4 + Top 4; 13-16: 4 + Top 8; 17-30: 5 + Top 8; 31+: 6 + Top 8."""
    assert plan_for(INVASION, players) == EventPlan(rounds, top)


def test_INV_STRUCT_2_example_25_players_one_round_fewer_with_top_16() -> None:
    """INV-STRUCT-2 Example: 25 players → 4 rounds + Top 16."""
    assert plan_for(INVASION, 25) == EventPlan(5, 8)
    assert plan_for(INVASION, 25, one_round_fewer=True) == EventPlan(4, 16, one_round_fewer=True)


@pytest.mark.parametrize(("players", "rounds"), [(24, 4), (30, 4), (31, 5), (64, 5)])
def test_INV_STRUCT_2_one_round_fewer_from_24_players(players: int, rounds: int) -> None:
    """INV-STRUCT-2: 24+ players may play one round fewer with a Top 16 (31+: 5 + Top 16)."""
    assert can_play_one_round_fewer(INVASION, players) is None
    assert plan_for(INVASION, players, one_round_fewer=True) == EventPlan(rounds, 16, True)


@pytest.mark.parametrize("players", [8, 16, 23])
def test_INV_STRUCT_2_one_round_fewer_is_refused_below_24(players: int) -> None:
    """INV-STRUCT-2: below the threshold the option is refused, naming it and the minimum."""
    refusal = can_play_one_round_fewer(INVASION, players)
    assert refusal is not None
    assert refusal.field == "one_round_fewer"
    with pytest.raises(TorneoError) as err:
        plan_for(INVASION, players, one_round_fewer=True)
    assert err.value.field == "one_round_fewer"
    if players >= 17:
        assert "24" in err.value.reason
        assert str(players) in err.value.reason


def test_the_top_never_exceeds_the_field() -> None:
    assert plan_for(INVASION, 3) == EventPlan(3, 2)
    assert plan_for(INVASION, 4) == EventPlan(3, 4)


def test_too_few_players_are_refused() -> None:
    with pytest.raises(TorneoError) as err:
        plan_for(INVASION, 1)
    assert err.value.field == "players"


def test_a_preset_without_a_table_is_refused() -> None:
    with pytest.raises(TorneoError) as err:
        plan_for(load_preset("invasion-it-2012").model_copy(update={"structure": []}), 16)
    assert err.value.field == "structure"


@pytest.mark.parametrize(
    ("players", "rounds", "top"), [(4, 2, 4), (7, 3, 4), (8, 3, 4), (11, 4, 4), (16, 4, 4)]
)
def test_BER_POD_3_rounds_for_one_field(players: int, rounds: int, top: int) -> None:
    """BER-POD-3: rounds = ceil(log2(players rounded up to even)); BER-TOP-1: a Top 4 — the
    "log2" rule, one field played as a single pod."""
    berserk = load_preset("berserk-online")
    one_field = berserk.model_copy(
        update={"swiss": berserk.swiss.model_copy(update={"rounds_rule": "log2"})}
    )
    plan = plan_for(one_field, players)
    assert (plan.rounds, plan.top) == (rounds, top)


@pytest.mark.parametrize(
    ("players", "rounds", "top"),
    [(4, 2, 4), (8, 3, 4), (9, 3, 4), (11, 3, 4), (16, 3, 4), (17, 3, 8), (30, 3, 8), (33, 3, 16)],
)
def test_BER_POD_1_berserk_plans_its_pods(players: int, rounds: int, top: int) -> None:
    """BER-POD-1/3, BER-TOP-1/2: berserk-online seats every field in pods of at most 8 (11 →
    6 + 5, 30 → 8, 8, 7, 7), each pod plays ceil(log2(size rounded up to even)) rounds, and two
    advance from each of several pods (Top 4 from one pod)."""
    plan = plan_for(load_preset("berserk-online"), players)
    assert (plan.rounds, plan.top) == (rounds, top)
