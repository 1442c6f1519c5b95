"""Deck checks: INV-DECK-1 draw, list comparison, INV-DECK-2/3 outcomes, INV-DECK-EX1."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.records import MatchRecord
from torneo.judging.rules.decks import (
    BLANK,
    DeckList,
    compare_decks,
    correct_deck,
    draw_deck_check,
    draw_deck_check_table,
)
from torneo.presets import load_preset
from torneo.presets.judging import (
    DECK_OVER_MAXIMUM,
    DECK_UNDER_MINIMUM,
    RESTRICTED_LIST_BREACH,
    DeckFormat,
)

_judging = load_preset("invasion-it-2012").judging
assert _judging is not None
FMT: DeckFormat = _judging.deck_formats["constructed"]
RESTRICTED = ("Carta A", "Carta B", "Carta C")


def _round(round_no: int, players: int) -> list[MatchRecord]:
    """Pairings of one round; an odd count leaves a bye at the last table."""
    ids = [PlayerId(i) for i in range(1, players + 1)]
    matches = [
        MatchRecord(round_no, t + 1, ids[2 * t], ids[2 * t + 1], None) for t in range(players // 2)
    ]
    if players % 2:
        matches.append(MatchRecord(round_no, players // 2 + 1, ids[-1], None, None))
    return matches


def test_INV_DECK_1_the_bye_counts_as_a_table() -> None:
    """INV-DECK-1: with 7 players, 4 "tables" are drawn from (3 matches + the bye)."""
    matches = _round(2, 7)
    drawn_tables = {draw_deck_check(2, matches, random.Random(seed)).table for seed in range(200)}
    assert drawn_tables == {1, 2, 3, 4}
    bye = next(
        draw_deck_check(2, matches, random.Random(seed))
        for seed in range(200)
        if draw_deck_check(2, matches, random.Random(seed)).table == 4
    )
    assert bye.players == (PlayerId(7),)  # the bye player's deck is checked
    assert bye.tables == 4


def test_INV_DECK_1_both_decks_at_the_drawn_table() -> None:
    """INV-DECK-1: both players of the drawn table are checked."""
    draw = draw_deck_check(1, _round(1, 8), random.Random(3))
    assert len(draw.players) == 2
    assert draw.players == (PlayerId(2 * draw.table - 1), PlayerId(2 * draw.table))


def test_INV_DECK_1_the_draw_is_reproducible_from_the_seed() -> None:
    """INV-DECK-1: seeded and recorded: the same seed draws the same table."""
    assert [draw_deck_check_table(12, random.Random(42)) for _ in range(3)] == [
        draw_deck_check_table(12, random.Random(42))
    ] * 3


def test_INV_DECK_1_a_second_draw_in_the_same_round_is_refused() -> None:
    """INV-DECK-1: one draw per round; the first stands."""
    matches = [*_round(1, 6), *_round(2, 6)]
    first = draw_deck_check(1, matches, random.Random(1))
    with pytest.raises(Conflict) as err:
        draw_deck_check(1, matches, random.Random(2), [first])
    assert err.value.field == "deck_check"
    assert f"table {first.table}" in err.value.reason
    assert draw_deck_check(2, matches, random.Random(2), [first]).round_no == 2


def test_INV_DECK_1_nothing_to_draw() -> None:
    """INV-DECK-1: no table, no draw."""
    with pytest.raises(TorneoError):
        draw_deck_check_table(0, random.Random(1))
    with pytest.raises(TorneoError):
        draw_deck_check(3, _round(1, 4), random.Random(1))


def test_compare_physical_deck_with_the_registered_list() -> None:
    registered = DeckList.of([("Goblin", 3), ("Orco", 2), ("Nano", 1)])
    physical = DeckList.of([("goblin", 3), ("Orco", 1), ("Elfo", 2)])
    difference = compare_decks(registered, physical)
    assert difference.missing == (("Orco", 1), ("Nano", 1))
    assert difference.extra == (("Elfo", 2),)
    assert not difference.is_same
    assert "missing 1× Orco" in difference.describe()
    assert compare_decks(registered, DeckList.of([("Nano", 1), ("Orco", 2), ("GOBLIN", 3)])).is_same


def test_INV_DECK_2_under_50_blanks_to_50() -> None:
    """INV-DECK-2: under 50, face-down blanks up to 50."""
    deck = DeckList.of([("Goblin", 3)] * 1 + [(f"Carta {i}", 2) for i in range(22)])  # 47
    result = correct_deck(deck, FMT, RESTRICTED, random.Random(0))
    assert result.infractions == (DECK_UNDER_MINIMUM,)
    assert result.blanks_added == 3
    assert result.deck_after.total == 50
    assert result.deck_after.blanks == 3
    assert result.removed == ()


def test_INV_DECK_2_over_100_random_removal_down_to_exactly_100() -> None:
    """INV-DECK-2: over 100, the judge removes random cards down to exactly 100, recorded."""
    deck = DeckList.of((f"Carta {i}", 3) for i in range(36))  # 108
    result = correct_deck(deck, FMT, (), random.Random(5))
    assert result.infractions == (DECK_OVER_MAXIMUM,)
    assert result.deck_after.total == 100
    assert sum(n for _, n in result.removed) == 8
    for card, n in result.removed:
        assert deck.count_of(card) - result.deck_after.count_of(card) == n
    # a different seed takes different cards, the same seed the same ones
    assert correct_deck(deck, FMT, (), random.Random(5)).removed == result.removed
    assert any(
        correct_deck(deck, FMT, (), random.Random(s)).removed != result.removed
        for s in range(6, 12)
    )


def test_INV_DECK_2_a_legal_deck_is_untouched() -> None:
    """INV-DECK-2: 50–100 cards and one restricted card: nothing to do."""
    deck = DeckList.of([("Carta A", 3), *((f"Carta {i}", 3) for i in range(20))])
    result = correct_deck(deck, FMT, RESTRICTED, random.Random(1))
    assert result.is_legal_as_found
    assert result.deck_after == deck


def _ex1_deck() -> DeckList:
    return DeckList.of(
        [("Carta A", 3), ("Carta B", 3), ("Carta C", 3), *((f"F {i}", 3) for i in range(15))]
    )


@pytest.mark.parametrize("seed", range(12))
def test_INV_DECK_EX1_two_of_three_restricted_cards_drawn_to_go(seed: int) -> None:
    """INV-DECK-EX1: 3×A, 3×B, 3×C all restricted → two of them at random go (6 blanks), one stays."""
    deck = _ex1_deck()
    result = correct_deck(deck, FMT, RESTRICTED, random.Random(seed))
    assert result.infractions == (RESTRICTED_LIST_BREACH,)
    assert len(result.restricted_removed) == 2
    assert len(result.kept_restricted) == 1
    assert set(result.restricted_removed) | set(result.kept_restricted) == set(RESTRICTED)
    assert result.blanks_added == 6
    after = result.deck_after
    assert after.blanks == 6
    assert after.total == deck.total == 54  # blanks replace the copies one for one
    (kept,) = result.kept_restricted
    assert after.count_of(kept) == 3
    for gone in result.restricted_removed:
        assert after.count_of(gone) == 0


def test_INV_DECK_EX1_every_card_can_be_the_one_that_stays() -> None:
    """INV-DECK-EX1: the draw is random: over seeds, A, B and C each stay sometimes."""
    stays = Counter(
        correct_deck(_ex1_deck(), FMT, RESTRICTED, random.Random(s)).kept_restricted[0]
        for s in range(300)
    )
    assert set(stays) == set(RESTRICTED)
    assert min(stays.values()) > 60  # roughly a third each


def test_INV_DECK_3_then_INV_DECK_2_when_both_are_broken() -> None:
    """INV-DECK-3 and INV-DECK-2 together: restricted fixed first, then blanks up to 50."""
    deck = DeckList.of([("Carta A", 2), ("Carta B", 1), *((f"F {i}", 3) for i in range(14))])  # 45
    result = correct_deck(deck, FMT, RESTRICTED, random.Random(4))
    assert result.infractions == (RESTRICTED_LIST_BREACH, DECK_UNDER_MINIMUM)
    replaced = deck.count_of(result.restricted_removed[0])
    assert result.blanks_added == replaced + 5
    assert result.deck_after.total == 50


@settings(max_examples=60, deadline=None)
@given(
    counts=st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=40),
    restricted=st.integers(min_value=0, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_INV_DECK_2_and_3_corrections_always_leave_a_legal_deck(
    counts: list[int], restricted: int, seed: int
) -> None:
    """INV-DECK-2/3: whatever the deck, after the check it is 50–100 with ≤ 1 restricted card."""
    names = [f"Carta {i}" for i in range(len(counts))]
    deck = DeckList.of(zip(names, counts, strict=True))
    listed = names[:restricted]
    result = correct_deck(deck, FMT, listed, random.Random(seed))
    after = result.deck_after
    assert 50 <= after.total <= 100
    assert sum(1 for n in listed if after.count_of(n)) <= 1
    # conservation: every card after was in the deck before, never more copies
    for entry in after.entries:
        assert entry.count <= deck.count_of(entry.name)
    removed = sum(n for c, n in result.removed if c != BLANK)
    removed_blanks = sum(n for c, n in result.removed if c == BLANK)
    assert after.total == deck.total + result.blanks_added - removed - removed_blanks - sum(
        deck.count_of(c) for c in result.restricted_removed
    )
    assert (not result.infractions) == (after == deck)
