"""PKR-POT-1 hand ranking from cards (pokerkit ranks; our own odd-chip rule)."""

from __future__ import annotations

import pytest
from pokerkit import Automation, NoLimitTexasHoldem

from tests.support.poker import P
from torneo.core.errors import TorneoError
from torneo.poker.rules.hands import HandCategory, evaluate, parse_cards, showdown
from torneo.poker.rules.pots import Contribution, settle_showdown

BOARD = "Ah Kh Qh 7c 2d"


@pytest.mark.parametrize(
    ("hole", "board", "category"),
    [
        ("Jh Th", BOARD, HandCategory.ROYAL_FLUSH),
        ("9s 8s", "7s 6s 5s Kd 2c", HandCategory.STRAIGHT_FLUSH),
        ("Ac Ad", "As Ah 5s Kd 2c", HandCategory.FOUR_OF_A_KIND),
        ("Kc Kd", "Ks Ah Ac 3d 2c", HandCategory.FULL_HOUSE),
        ("3h 4h", BOARD, HandCategory.FLUSH),
        ("Jc Td", BOARD, HandCategory.STRAIGHT),
        ("7d 7s", BOARD, HandCategory.THREE_OF_A_KIND),
        ("Kc 7d", BOARD, HandCategory.TWO_PAIR),
        ("As 3c", BOARD, HandCategory.ONE_PAIR),
        ("Js 9c", "Ah Kd 5s 3c 2h", HandCategory.HIGH_CARD),
    ],
)
def test_PKR_POT_1_hand_categories_from_royal_flush_to_high_card(
    hole: str, board: str, category: HandCategory
) -> None:
    """PKR-POT-1 / art. 7: the ten categories, best five of seven cards."""
    assert evaluate(hole, board).category is category


def test_PKR_POT_1_categories_rank_in_the_order_of_art_7() -> None:
    """PKR-POT-1: a higher category always beats a lower one; equal hands are equal."""
    royal = evaluate("Jh Th", BOARD)
    flush = evaluate("3h 4h", BOARD)
    pair = evaluate("As 3c", BOARD)
    assert royal > flush > pair
    assert evaluate("Jc Td", BOARD) == evaluate("Js Tc", BOARD)
    assert evaluate("As 3c", BOARD).name == "Coppia"


def test_cards_are_checked() -> None:
    """Art. 18.3: two identical cards void the hand; malformed cards are refused."""
    assert parse_cards("10h As") == ("Th", "As")
    with pytest.raises(TorneoError) as err:
        evaluate("Ah Kd", BOARD)
    assert err.value.field == "cards"
    with pytest.raises(TorneoError):
        evaluate("Ah", BOARD)
    with pytest.raises(TorneoError):
        evaluate("Zz 2c", BOARD)
    with pytest.raises(TorneoError):
        showdown({1: "2c 3c"}, "Ah Kh Qh")


def test_PKR_POT_1_pokerkit_odd_chips_differ_from_the_regulation() -> None:
    """PKR-POT-1: pokerkit gives the whole remainder of a split to one winner, in single chips;
    art. 7 / 12.8 give odd chips one at a time, at the smallest chip, from left of the button.
    We therefore use pokerkit to rank hands only and settle pots ourselves.

    Four players, blinds 50/100, the small blind folds, three players split a 350 pot on a
    broadway board. Seats: SB 1, BB 2, then 3, button 4.
    """
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    state = NoLimitTexasHoldem.create_state(
        automations, True, 0, (50, 100), 100, (1000, 1000, 1000, 1000), 4
    )
    for hole in ("2s3s", "2d3d", "2c4c", "3h4h"):
        state.deal_hole(hole)
    state.check_or_call()
    state.check_or_call()
    state.fold()
    state.check_or_call()
    for board in ("AhKdQs", "Jc", "Td"):
        state.burn_card("??")
        state.deal_board(board)
        for _ in range(3):
            state.check_or_call()
    pokerkit_won = [
        s - 1000 + put for s, put in zip(state.stacks, (50, 100, 100, 100), strict=True)
    ]
    assert pokerkit_won == [0, 118, 116, 116]  # both odd chips to one winner

    contributions = [
        Contribution(P(1), 1, 50, folded=True),
        Contribution(P(2), 2, 100),
        Contribution(P(3), 3, 100),
        Contribution(P(4), 4, 100),
    ]
    holes = {P(2): "2d 3d", P(3): "2c 4c", P(4): "3h 4h"}
    ours = settle_showdown(contributions, holes, "Ah Kd Qs Jc Td", 4, smallest_chip=1)
    assert ours.totals == {P(2): 117, P(3): 117, P(4): 116}
    in_25s = settle_showdown(contributions, holes, "Ah Kd Qs Jc Td", 4, smallest_chip=25)
    assert in_25s.totals == {P(2): 125, P(3): 125, P(4): 100}
