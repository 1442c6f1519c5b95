"""PKR-PROC-1..4: the floor's procedures of the regulation (art. 12.8, 14, 15, 18)."""

from __future__ import annotations

import pytest

from torneo.core.errors import TorneoError
from torneo.poker.rules.rulings import CASES, Procedure, rule_on, showdown_order


@pytest.mark.parametrize(
    ("case", "article", "misdeal"),
    [
        ("first_cards_exposed", "15.1", True),
        ("other_card_exposed", "15.1", False),
        ("several_cards_exposed", "15.1", True),
        ("one_extra_card", "15.2", False),
        ("several_extra_cards", "15.2", True),
        ("flop_too_many_cards", "15.3", False),
        ("turn_too_early", "15.7", False),
    ],
)
def test_PKR_PROC_1_misdeal_cases(case: str, article: str, misdeal: bool) -> None:
    """PKR-PROC-1 (art. 15): which dealing errors are a misdeal and which are repaired."""
    ruling = rule_on(Procedure.MISDEAL, case)
    assert ruling.article == article
    assert ruling.decision.startswith("Misdeal") is misdeal
    assert ruling.rule == "PKR-PROC-1"


def test_PKR_PROC_1_burn_error_depends_on_the_flop_and_the_action() -> None:
    """PKR-PROC-1 (art. 15.4): a burn missed before the flop is repaired while the flop is not
    exposed; once exposed the deck is reshuffled; after two players acted the hand goes on."""
    assert "restores" in rule_on(Procedure.MISDEAL, "burn_error").decision
    assert "reshuffled" in rule_on(Procedure.MISDEAL, "burn_error", flop_exposed=True).decision
    goes_on = rule_on(Procedure.MISDEAL, "burn_error", flop_exposed=True, players_acted=2)
    assert "goes on" in goes_on.decision


def test_PKR_PROC_2_dead_hands_and_the_directors_discretion() -> None:
    """PKR-PROC-2 (art. 14): dead hands; cards thrown away may be recovered (14.2)."""
    assert all(
        rule_on(Procedure.DEAD_HAND, c).decision.startswith("The hand is dead")
        for c in CASES[Procedure.DEAD_HAND]
    )
    recovered = rule_on(Procedure.DEAD_HAND, "mucked_out_of_reach", recoverable=True)
    assert recovered.article == "14.2"
    assert "recover" in recovered.decision
    assert rule_on(Procedure.DEAD_HAND, "passed_to_player").article == "14.3"


def test_PKR_PROC_3_irregularities_void_the_hand_and_return_the_chips() -> None:
    """PKR-PROC-3 (art. 18): a different back or a duplicate card voids the hand, chips back."""
    for case, article in (
        ("different_back", "18.2"),
        ("duplicate_card", "18.3"),
        ("missing_cards", "18.6"),
    ):
        ruling = rule_on(Procedure.IRREGULARITY, case)
        assert ruling.article == article
        assert "back" in ruling.decision
    assert rule_on(Procedure.IRREGULARITY, "chips_hidden").article == "18.1"


def test_PKR_PROC_4_showdown_order() -> None:
    """PKR-PROC-4 (art. 12.8): the last aggressor of the river shows first; if everyone
    checked, the first live seat left of the button; then clockwise."""
    bet = showdown_order([2, 5, 8], button=4, last_aggressor=8)
    assert bet.order == (8, 2, 5)
    checked = showdown_order([2, 5, 8], button=4, last_aggressor=None)
    assert checked.order == (5, 8, 2)
    assert showdown_order([2, 5, 8], button=9, last_aggressor=None).order == (2, 5, 8)


def test_PKR_PROC_refusals_name_the_field() -> None:
    with pytest.raises(TorneoError) as caught:
        rule_on(Procedure.MISDEAL, "fold_facing_bet")
    assert caught.value.field == "case"
    with pytest.raises(TorneoError) as caught:
        showdown_order([2, 5], button=4, last_aggressor=7)
    assert caught.value.field == "last_aggressor"
    with pytest.raises(TorneoError) as caught:
        showdown_order([2, 2], button=4, last_aggressor=None)
    assert caught.value.field == "live_seats"
