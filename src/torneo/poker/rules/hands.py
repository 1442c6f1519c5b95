"""Texas Hold'em hand ranking from cards (PKR-POT-1, art. 7), for the floor's showdown tool.

The best five of the seven cards (two hole cards, five on the board) are ranked with
``pokerkit`` (a maintained, well-tested evaluator); we use it only to *rank*. Pots and odd
chips are settled by :mod:`torneo.poker.rules.pots`, because pokerkit's own settlement
follows a different odd-chip rule: it gives the whole remainder of a split, counted in single
chip units, to the first winner in its player order, while PKR-POT-1 (art. 7, art. 12.8) gives
the odd chips one at a time, at the smallest chip in play, to the winners from the first seat
left of the button (see tests/domain/poker/test_hands.py for the comparison).

Cards are written rank + suit: ``As Kd Th 9c 2s`` (ranks 2-9 T J Q K A, suits s h d c); "10"
is read as "T". A card seen twice is refused (art. 18.3 voids such a hand).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TypeVar

from pokerkit import StandardHighHand

from torneo.core.errors import TorneoError
from torneo.core.messages import N_

K = TypeVar("K")

RANKS = "23456789TJQKA"
SUITS = "shdc"
_CARD = re.compile(r"(10|[2-9TJQKA])([shdc])", re.IGNORECASE)


class HandCategory(IntEnum):
    """Art. 7, from the lowest to the highest (the royal flush is the ace-high straight flush)."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10


ITALIAN_NAMES = {
    HandCategory.ROYAL_FLUSH: "Scala Reale",
    HandCategory.STRAIGHT_FLUSH: "Scala a colore",
    HandCategory.FOUR_OF_A_KIND: "Poker",
    HandCategory.FULL_HOUSE: "Full",
    HandCategory.FLUSH: "Colore",
    HandCategory.STRAIGHT: "Scala",
    HandCategory.THREE_OF_A_KIND: "Tris",
    HandCategory.TWO_PAIR: "Doppia Coppia",
    HandCategory.ONE_PAIR: "Coppia",
    HandCategory.HIGH_CARD: "Carta Alta",
}

_LABELS = {
    "High card": HandCategory.HIGH_CARD,
    "One pair": HandCategory.ONE_PAIR,
    "Two pair": HandCategory.TWO_PAIR,
    "Three of a kind": HandCategory.THREE_OF_A_KIND,
    "Straight": HandCategory.STRAIGHT,
    "Flush": HandCategory.FLUSH,
    "Full house": HandCategory.FULL_HOUSE,
    "Four of a kind": HandCategory.FOUR_OF_A_KIND,
    "Straight flush": HandCategory.STRAIGHT_FLUSH,
}


@dataclass(frozen=True, slots=True, order=True)
class HandValue:
    """A ranked hand; values compare: higher is better, equal values split the pot."""

    strength: int  # pokerkit's lookup index: a total order of all five-card hands
    category: HandCategory = field(compare=False)
    best_five: tuple[str, ...] = field(compare=False)  # suits differ between equal hands

    @property
    def name(self) -> str:
        return ITALIAN_NAMES[self.category]


def parse_cards(text: str, field: str = "cards") -> tuple[str, ...]:
    """``"As Kd"`` or ``"AsKd"`` → ``("As", "Kd")``; anything else is refused."""
    compact = re.sub(r"[\s,]+", "", text)
    cards: list[str] = []
    pos = 0
    while pos < len(compact):
        match = _CARD.match(compact, pos)
        if match is None:
            raise TorneoError(
                field,
                N_("'%(compact)s' is not a card"),
                N_("rank 2-9 T J Q K A + suit s h d c"),
                params={"compact": compact[pos : pos + 3]},
            )
        rank = "T" if match.group(1) == "10" else match.group(1).upper()
        cards.append(rank + match.group(2).lower())
        pos = match.end()
    return tuple(cards)


def evaluate(hole: str, board: str) -> HandValue:
    """Rank two hole cards with the board (3 to 5 cards) by the best five cards."""
    hole_cards = parse_cards(hole, "hole")
    board_cards = parse_cards(board, "board")
    if len(hole_cards) != 2:
        raise TorneoError(
            "hole",
            N_("%(n)s hole cards"),
            N_("2 cards (Texas Hold'em)"),
            params={"n": len(hole_cards)},
        )
    if not 3 <= len(board_cards) <= 5:
        raise TorneoError(
            "board", N_("%(n)s board cards"), N_("3 to 5 cards"), params={"n": len(board_cards)}
        )
    _check_distinct(hole_cards + board_cards)
    return _rank(hole_cards, board_cards)


def _rank(hole_cards: tuple[str, ...], board_cards: tuple[str, ...]) -> HandValue:
    hand = StandardHighHand.from_game("".join(hole_cards), "".join(board_cards))
    category = _LABELS[hand.entry.label.value]
    best = tuple(f"{c.rank.value}{c.suit.value}" for c in hand.cards)
    if category is HandCategory.STRAIGHT_FLUSH and {c[0] for c in best} == set("TJQKA"):
        category = HandCategory.ROYAL_FLUSH
    return HandValue(int(hand.entry.index), category, best)


def _check_distinct(cards: tuple[str, ...]) -> None:
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            raise TorneoError(
                "cards",
                N_("%(card)s appears twice"),
                N_("52 distinct cards (art. 18.3 voids the hand)"),
                params={"card": card},
            )
        seen.add(card)


def showdown(holes: Mapping[K, str], board: str) -> dict[K, HandValue]:
    """Rank every shown hand against one board (keys are player ids or seats)."""
    board_cards = parse_cards(board, "board")
    if len(board_cards) != 5:
        raise TorneoError(
            "board",
            N_("%(n)s board cards"),
            N_("5 cards at the showdown"),
            params={"n": len(board_cards)},
        )
    parsed = {key: parse_cards(text, "hole") for key, text in holes.items()}
    for key, cards in parsed.items():
        if len(cards) != 2:
            raise TorneoError(
                "hole",
                N_("%(n)s hole cards for %(key)s"),
                N_("2 cards"),
                params={"n": len(cards), "key": key},
            )
    _check_distinct(board_cards + tuple(c for cards in parsed.values() for c in cards))
    return {key: _rank(cards, board_cards) for key, cards in parsed.items()}
