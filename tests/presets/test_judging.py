"""The [judging] preset section: INV-PEN-1, INV-JUDGE-1, INV-DECK-2/3, BER-FMT-1..3, BER-RANK-1."""

from typing import Any

import pytest
from pydantic import ValidationError

from torneo.presets import load_preset
from torneo.presets.judging import (
    DECK_LIST_MISMATCH,
    DECK_OVER_MAXIMUM,
    DECK_UNDER_MINIMUM,
    LATE_INTENTIONAL_DRAW,
    RESTRICTED_LIST_BREACH,
    JudgeAction,
    JudgingRules,
    Ladder,
    PenaltyKind,
)


def _invasion() -> JudgingRules:
    judging = load_preset("invasion-it-2012").judging
    assert judging is not None
    return judging


def _berserk() -> JudgingRules:
    judging = load_preset("berserk-online").judging
    assert judging is not None
    return judging


def test_INV_PEN_1_three_warnings_and_flagrant_cheating_in_the_preset() -> None:
    """INV-PEN-1: 3 warnings disqualify; flagrant cheating is a disqualification at once."""
    rules = _invasion()
    assert rules.warnings_to_disqualify == 3
    assert rules.infractions["flagrant_cheating"].penalties == (PenaltyKind.DISQUALIFICATION,)


def test_INV_JUDGE_1_one_judge_per_ten_players_is_advice_data() -> None:
    """INV-JUDGE-1: one judge recommended for each 10 players."""
    assert _invasion().players_per_judge == 10
    assert _berserk().players_per_judge is None


def test_INV_DECK_2_and_INV_DECK_3_constructed_format() -> None:
    """INV-DECK-2, INV-DECK-3: 50–100 cards, at most one restricted card; the deck infractions exist."""
    rules = _invasion()
    fmt = rules.deck_formats["constructed"]
    assert (fmt.min_cards, fmt.max_cards, fmt.max_restricted, fmt.max_copies) == (50, 100, 1, None)
    for key in (
        DECK_UNDER_MINIMUM,
        DECK_OVER_MAXIMUM,
        RESTRICTED_LIST_BREACH,
        DECK_LIST_MISMATCH,
        LATE_INTENTIONAL_DRAW,
    ):
        assert key in rules.infractions
    breach = rules.infractions[RESTRICTED_LIST_BREACH]
    assert breach.penalties == (PenaltyKind.WARNING, PenaltyKind.GAME_LOSS)
    assert breach.game_losses == "each_game_played"
    assert len(rules.restricted_cards) == 3


def test_BER_FMT_1_constructed_30_to_50_three_copies() -> None:
    """BER-FMT-1: 30–50 cards, at most 3 copies."""
    fmt = _berserk().deck_formats["constructed"]
    assert (fmt.min_cards, fmt.max_cards, fmt.max_copies, fmt.is_limited) == (30, 50, 3, False)


@pytest.mark.parametrize(
    ("key", "pool", "size", "ladder"),
    [
        ("sealed_starter", 44, (30, 30), Ladder.PROFESSIONAL),
        ("sealed_boosters", 42, (30, 30), Ladder.PROFESSIONAL),
        ("draft_one_booster", 7, (7, 7), Ladder.AMATEUR),
        ("draft_two_boosters", 14, (12, 12), Ladder.AMATEUR),
        ("draft_standard", 28, (20, None), Ladder.PROFESSIONAL),
    ],
)
def test_BER_FMT_2_BER_FMT_3_BER_RANK_1_limited_pools_sizes_and_ladders(
    key: str, pool: int, size: tuple[int, int | None], ladder: Ladder
) -> None:
    """BER-FMT-2, BER-FMT-3 and BER-RANK-1: pools of 44/42 (sealed), 7/14/28 (draft); ladder per format."""
    rules = _berserk()
    fmt = rules.deck_formats[key]
    assert rules.pool_size(fmt) == pool
    assert (fmt.min_cards, fmt.max_cards) == size
    assert fmt.max_copies is None  # BER-FMT-3: no copy limit in draft (and none stated in sealed)
    assert fmt.ladder is ladder


def test_BER_JUDGE_1_berserk_judges_award_wins_and_order_replays() -> None:
    """BER-JUDGE-1: the powers are data; the Invasion preset gives none."""
    assert set(_berserk().judge_actions) == {JudgeAction.AWARD_WIN, JudgeAction.ORDER_REPLAY}
    assert _invasion().judge_actions == ()


def _base(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "deck_formats": {"c": {"label": "C", "rule": "X-1", "min_cards": 10, "max_cards": 20}},
        "infractions": {"w": {"label": "W", "rule": "X-2", "penalties": ["warning"]}},
    }
    data.update(changes)
    return data


def test_a_valid_section_loads() -> None:
    rules = JudgingRules.model_validate(_base(default_deck_format="c"))
    assert rules.deck_formats["c"].max_cards == 20


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"default_deck_format": "nope"}, "default_deck_format"),
        (
            {"deck_formats": {"c": {"label": "C", "rule": "R", "min_cards": 30, "max_cards": 20}}},
            "max_cards",
        ),
        (
            {
                "deck_formats": {
                    "d": {"label": "D", "rule": "R", "min_cards": 8, "pool_boosters": 1}
                }
            },
            "exceeds the pool",
        ),
        (
            {
                "infractions": {
                    "w": {"label": "W", "rule": "R", "penalties": ["warning", "warning"]}
                }
            },
            "at most once",
        ),
        ({"infractions": {"w": {"label": "W", "rule": "R", "penalties": []}}}, "penalties"),
        ({"infractions": {"w": {"label": "W", "rule": "R", "penalties": ["caning"]}}}, "penalties"),
        ({"warnings_to_disqualify": 0}, "warnings_to_disqualify"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_a_broken_section_is_refused_naming_the_field(
    changes: dict[str, Any], fragment: str
) -> None:
    with pytest.raises(ValidationError) as err:
        JudgingRules.model_validate(_base(**changes))
    assert fragment in str(err.value)
