"""The poker preset section (docs/rules.md §4): the club's preset loads; bad rows are refused."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from torneo.presets import load_preset
from torneo.presets.poker import PokerRules


def test_PKR_SCHED_1_lifeclub_preset_holds_the_week_and_the_leagues() -> None:
    """PKR-SCHED-1 / PKR-LEAGUE-1: nine weekly tournaments feeding two leagues."""
    ruleset = load_preset("lifeclub-poker")
    assert ruleset.discipline == "poker"
    rules = ruleset.poker
    assert rules is not None
    assert {t.id for t in rules.tournaments} == {
        "tue",
        "fri",
        "sun-first",
        "mon",
        "wed",
        "thu",
        "sat",
        "sun-p",
        "sun-s",
    }
    assert rules.league("campione").tournaments == ["tue", "fri", "sun-first"]
    assert rules.tournament("tue").buy_in_cents == 12_000
    assert rules.tournament("wed").re_entries == 1
    assert rules.balance_threshold == 2
    assert rules.late_last_level == 3


def test_PKR_TBL_1_seats_per_table_outside_two_to_eleven_is_refused() -> None:
    """PKR-TBL-1: the preset cannot ask for tables of 12."""
    with pytest.raises(ValidationError):
        PokerRules(seats_per_table=12)


def test_PKR_LATE_1_late_registration_beyond_level_3_is_refused() -> None:
    """PKR-LATE-1: the preset cannot open late registration after level 3."""
    with pytest.raises(ValidationError):
        PokerRules(late_last_level=4)


def test_payout_rows_must_add_to_100() -> None:
    with pytest.raises(ValidationError):
        PokerRules.model_validate({"payouts": [{"max_entries": 10, "percentages": ["50", "40"]}]})


def test_leagues_need_one_jackpot_rule_and_known_tournaments() -> None:
    league = {
        "id": "x",
        "name": "X",
        "tournaments": ["nope"],
        "planned_tournaments": 10,
        "jackpot_per_entry_cents": 100,
        "points_formula": "n",
        "final": {"direct_seats": 5, "qualifier_seats": 0, "level_minutes": 20},
    }
    with pytest.raises(ValidationError):
        PokerRules.model_validate({"leagues": [league]})
    with pytest.raises(ValidationError):
        PokerRules.model_validate(
            {"leagues": [{**league, "tournaments": [], "jackpot_per_tournament_cents": 5}]}
        )
