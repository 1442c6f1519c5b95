"""The one model of places and prizes (issue 26 item 4, PKR-END-1): paid places still to win,
tied places with their split prizes, a chop's agreed places and amounts, what is left to win."""

from __future__ import annotations

from tests.support.poker import P
from torneo.poker.rules.eliminations import BustOut, Field
from torneo.poker.rules.places import Chop, Standings, chop_of, final_places, standings

AMOUNTS = (50_400, 31_500, 19_000, 14_200)  # 1,151 € for 4 places
FIELD = tuple(P(n) for n in range(1, 9))  # 8 players


def _lines(model: Standings) -> list[tuple[int, int | None, int, int]]:
    return [(x.place, x.player, x.cents, x.shared) for x in model.lines]


def test_PKR_END_1_nothing_decided_every_paid_place_is_to_win() -> None:
    model = standings(Field(FIELD), AMOUNTS)
    assert _lines(model) == [
        (1, None, 50_400, 1),
        (2, None, 31_500, 1),
        (3, None, 19_000, 1),
        (4, None, 14_200, 1),
    ]
    assert model.to_win == sum(AMOUNTS)
    assert model.finishing == ()


def test_PKR_END_1_issue26_a_tie_in_the_money_shares_3rd_and_fills_4th() -> None:
    """The issue's night: L and F out on the same hand with equal chips share 3rd and split
    3rd's and 4th's prizes (166 € each); the sheet lists both at 3rd and nobody at 4th."""
    busts = tuple(BustOut(i, ((P(n), 1000),)) for i, n in enumerate((8, 7, 6, 5), start=1))
    field = Field(FIELD, (*busts, BustOut(5, ((P(4), 3000), (P(3), 3000)))))
    model = standings(field, (50_400, 31_500, 19_000, 14_200))
    paid = [(x.place, x.player, x.cents, x.shared) for x in model.paid]
    each = (19_000 + 14_200) // 2
    assert paid == [(1, None, 50_400, 1), (2, None, 31_500, 1), (3, 3, each, 2), (3, 4, each, 2)]
    assert model.to_win == 50_400 + 31_500
    assert model.places[P(3)] == model.places[P(4)] == 3
    assert 4 not in {x.place for x in model.lines}


def test_PKR_END_1_a_tie_on_the_bubble_splits_the_last_prize() -> None:
    busts = tuple(BustOut(i, ((P(n), 1000),)) for i, n in enumerate((8, 7, 6), start=1))
    field = Field(FIELD, (*busts, BustOut(4, ((P(5), 2000), (P(4), 2000)))))
    model = standings(field, AMOUNTS)
    assert [(x.place, x.player, x.cents) for x in model.lines if x.place == 4] == [
        (4, P(4), 7_100),
        (4, P(5), 7_100),
    ]
    assert model.prizes[P(4)] + model.prizes[P(5)] == 14_200


def test_issue26_a_chop_replaces_the_payout_tables_amounts() -> None:
    """After a chop by chips (the issue's 459/367/245 € against 504/315/252 €) the deal's places
    and amounts are the lines of places 1 to 3; nothing is left to win."""
    busts = tuple(BustOut(i, ((P(n), 1000),)) for i, n in enumerate((8, 7, 6, 5, 4), start=1))
    field = Field(FIELD, busts)
    amounts = (50_400, 31_500, 25_200)
    chop = Chop({P(2): 1, P(1): 2, P(3): 3}, {P(2): 45_900, P(1): 36_700, P(3): 24_500})
    model = standings(field, amounts, chop)
    assert [(x.place, x.player, x.cents, x.chopped) for x in model.paid] == [
        (1, P(2), 45_900, True),
        (2, P(1), 36_700, True),
        (3, P(3), 24_500, True),
    ]
    assert model.to_win == 0
    assert sum(x.cents for x in model.paid) == sum(amounts)
    assert [f.place for f in final_places(field, chop)] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_a_stored_chop_is_read_back() -> None:
    stored = {"places": {"2": 1, "1": 2}, "amounts": {"2": 600, "1": 400}, "method": "equal"}
    assert chop_of(stored) == Chop({P(2): 1, P(1): 2}, {P(2): 600, P(1): 400})
    assert chop_of(None) is None
