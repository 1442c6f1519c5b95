"""Deck registration, validation per format and deck checks (INV-DECK-*, BER-FMT-*)."""

from torneo.judging.rules.decks.cards import CardCatalog, card_key, restricted_keys
from torneo.judging.rules.decks.deck_check import (
    DeckCheckDraw,
    DeckCorrection,
    DeckDifference,
    can_draw_before_the_round,
    can_draw_deck_check,
    compare_decks,
    correct_deck,
    draw_deck_check,
    draw_deck_check_table,
)
from torneo.judging.rules.decks.decklist import (
    BLANK,
    DeckEntry,
    DeckList,
    DeckListError,
    LineProblem,
    parse_deck_list,
)
from torneo.judging.rules.decks.privacy import ViewerRole, can_view_deck
from torneo.judging.rules.decks.registration import (
    DeckRegistration,
    can_register_deck,
    register_deck,
)
from torneo.judging.rules.decks.validation import (
    DeckInvalid,
    DeckProblem,
    deck_format,
    describe_format,
    is_legal,
    restricted_in,
    validate_deck,
)

__all__ = [
    "BLANK",
    "CardCatalog",
    "DeckCheckDraw",
    "DeckCorrection",
    "DeckDifference",
    "DeckEntry",
    "DeckInvalid",
    "DeckList",
    "DeckListError",
    "DeckProblem",
    "DeckRegistration",
    "LineProblem",
    "ViewerRole",
    "can_draw_before_the_round",
    "can_draw_deck_check",
    "can_register_deck",
    "can_view_deck",
    "card_key",
    "compare_decks",
    "correct_deck",
    "deck_format",
    "describe_format",
    "draw_deck_check",
    "draw_deck_check_table",
    "is_legal",
    "parse_deck_list",
    "register_deck",
    "restricted_in",
    "restricted_keys",
    "validate_deck",
]
