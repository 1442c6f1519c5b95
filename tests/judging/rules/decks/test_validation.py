"""Deck legality per format (INV-DECK-2/3, BER-FMT-1..3), registration and privacy."""

from datetime import UTC, datetime, timedelta

import pytest

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import EventId, PlayerId
from torneo.judging.rules.decks import (
    CardCatalog,
    DeckInvalid,
    DeckList,
    DeckListError,
    DeckProblem,
    ViewerRole,
    can_register_deck,
    can_view_deck,
    is_legal,
    register_deck,
    validate_deck,
)
from torneo.presets import load_preset
from torneo.presets.judging import JudgingRules

RESTRICTED = ("Innovazione", "Wilhelm dell’Osternacht", "Miniera di Warpietra")
NOW = datetime(2012, 3, 10, 15, 0, tzinfo=UTC)


def _rules(preset: str) -> JudgingRules:
    judging = load_preset(preset).judging
    assert judging is not None
    return judging


INV = _rules("invasion-it-2012")
BER = _rules("berserk-online")


def _filler(n: int, prefix: str = "Carta") -> list[tuple[str, int]]:
    """n distinct unrestricted cards, 3 copies each until n is reached."""
    cards: list[tuple[str, int]] = []
    left, i = n, 0
    while left:
        take = min(3, left)
        cards.append((f"{prefix} {i}", take))
        left -= take
        i += 1
    return cards


def _rules_of(problems: tuple[DeckProblem, ...]) -> list[str]:
    return [p.rule for p in problems]


@pytest.mark.parametrize(("size", "legal"), [(49, False), (50, True), (100, True), (101, False)])
def test_INV_DECK_2_deck_size_50_to_100(size: int, legal: bool) -> None:
    """INV-DECK-2: 50–100 cards."""
    problems = validate_deck(DeckList.of(_filler(size)), INV)
    assert (not problems) is legal
    if not legal:
        assert _rules_of(problems) == ["INV-DECK-2"]
        assert str(size) in problems[0].reason.english()


def test_INV_DECK_3_one_restricted_card_any_number_of_copies() -> None:
    """INV-DECK-3: one restricted card, any copies of it, is legal; two distinct are not."""
    one = DeckList.of([("Innovazione", 3), *_filler(57)])
    assert is_legal(one, INV)
    two = DeckList.of([("Innovazione", 3), ("miniera di warpietra", 1), *_filler(56)])
    problems = validate_deck(two, INV)
    assert _rules_of(problems) == ["INV-DECK-3"]
    assert "2 restricted cards" in problems[0].reason.english()


def test_INV_DECK_3_an_event_may_supply_its_own_restricted_list() -> None:
    """INV-DECK-3: the list is data; the event's list replaces the preset's."""
    deck = DeckList.of([("Carta 0", 3), ("Carta 1", 3), *_filler(50, "Altra")])
    assert is_legal(deck, INV)
    assert _rules_of(validate_deck(deck, INV, restricted=["Carta 0", "Carta 1"])) == ["INV-DECK-3"]


def test_every_problem_is_reported_at_once_with_its_rule() -> None:
    deck = DeckList.of([("Innovazione", 1), ("Miniera di Warpietra", 1), *_filler(20)])
    assert _rules_of(validate_deck(deck, INV)) == ["INV-DECK-2", "INV-DECK-3"]


@pytest.mark.parametrize(("size", "legal"), [(29, False), (30, True), (50, True), (51, False)])
def test_BER_FMT_1_constructed_30_to_50(size: int, legal: bool) -> None:
    """BER-FMT-1: 30–50 cards."""
    assert is_legal(DeckList.of(_filler(size)), BER, "constructed") is legal


def test_BER_FMT_1_at_most_three_copies() -> None:
    """BER-FMT-1: a fourth copy is refused, naming the card."""
    deck = DeckList.of([("Drago", 4), ("Elfo", 5), *_filler(30)])
    problems = validate_deck(deck, BER, "constructed")
    assert _rules_of(problems) == ["BER-FMT-1", "BER-FMT-1"]  # 39 cards: only the copies
    assert {p.card for p in problems if p.card} == {"Drago", "Elfo"}


def _pool(total: int) -> DeckList:
    return DeckList.of((f"Pool {i}", 1) for i in range(total))


@pytest.mark.parametrize(("key", "pool"), [("sealed_starter", 44), ("sealed_boosters", 42)])
def test_BER_FMT_2_sealed_deck_of_exactly_30_from_the_pool(key: str, pool: int) -> None:
    """BER-FMT-2: (a) 44-card pool, (b) 42-card pool; the deck is exactly 30 of them."""
    cards = _pool(pool)
    deck = DeckList(cards.entries[:30])
    assert is_legal(deck, BER, key, pool=cards)
    assert not is_legal(DeckList(cards.entries[:29]), BER, key, pool=cards)
    assert not is_legal(DeckList(cards.entries[:31]), BER, key, pool=cards)


def test_BER_FMT_2_cards_must_come_from_the_players_pool() -> None:
    """BER-FMT-2: a card not in the pool, or more copies than the pool has, is refused."""
    pool = DeckList.of([*((f"Pool {i}", 1) for i in range(42)), ("Pool 0", 1)])  # 2× Pool 0
    deck = DeckList.of([("Pool 0", 3), ("Intruso", 1), *((f"Pool {i}", 1) for i in range(1, 27))])
    problems = validate_deck(deck, BER, "sealed_starter", pool=pool)
    reasons = [p.reason.english() for p in problems]
    assert any("3× Pool 0, but your pool has 2" in r for r in reasons)
    assert any("Intruso, but it is not in your pool" in r for r in reasons)
    assert all(p.rule == "BER-FMT-2" for p in problems)


def test_BER_FMT_2_a_pool_of_the_wrong_size_or_no_pool_is_a_problem() -> None:
    """BER-FMT-2: the pool must be 44 for starter + 2 boosters."""
    pool = _pool(43)
    problems = validate_deck(DeckList(pool.entries[:30]), BER, "sealed_starter", pool=pool)
    assert [p.reason.english() for p in problems] == ["the pool has 43 cards; this format's is 44"]
    assert validate_deck(DeckList(pool.entries[:30]), BER, "sealed_starter")


def test_BER_FMT_3_draft_one_booster_the_seven_cards_are_the_deck() -> None:
    """BER-FMT-3 (a): the 7 drafted cards are the battle cards."""
    pool = DeckList.of([("Orco", 3), ("Goblin", 4)])
    assert is_legal(pool, BER, "draft_one_booster", pool=pool)
    assert not is_legal(
        DeckList.of([("Orco", 3), ("Goblin", 3)]), BER, "draft_one_booster", pool=pool
    )


def test_BER_FMT_3_draft_two_boosters_choose_12_of_14() -> None:
    """BER-FMT-3 (b): 14 drafted cards, 12 chosen."""
    pool = _pool(14)
    assert is_legal(DeckList(pool.entries[:12]), BER, "draft_two_boosters", pool=pool)
    assert not is_legal(DeckList(pool.entries[:13]), BER, "draft_two_boosters", pool=pool)


def test_BER_FMT_3_draft_standard_at_least_20_of_28_no_copy_limit() -> None:
    """BER-FMT-3 (c): 28 cards, a deck of at least 20; no copy limit in draft."""
    pool = DeckList.of([("Drago", 8), *((f"Pool {i}", 1) for i in range(20))])
    deck = DeckList.of([("Drago", 8), *((f"Pool {i}", 1) for i in range(12))])
    assert is_legal(deck, BER, "draft_standard", pool=pool)
    assert is_legal(pool, BER, "draft_standard", pool=pool)  # all 28 is fine
    short = DeckList.of([("Drago", 8), *((f"Pool {i}", 1) for i in range(11))])
    assert [p.rule for p in validate_deck(short, BER, "draft_standard", pool=pool)] == ["BER-FMT-3"]


def test_an_unknown_format_lists_the_known_ones() -> None:
    with pytest.raises(TorneoError) as err:
        validate_deck(DeckList.of(_filler(30)), BER, "vintage")
    assert err.value.field == "format"
    assert err.value.accepted is not None
    assert "draft_standard" in err.value.accepted


def test_register_a_legal_deck() -> None:
    text = "3 Innovazione\n" + "\n".join(f"{n} {c}" for c, n in _filler(50))
    registration = register_deck(
        event=EventId(1), player=PlayerId(7), text=text, rules=INV, now=NOW
    )
    assert registration.deck.total == 53
    assert registration.format == "constructed"
    assert registration.submitted_at == NOW


def test_register_refuses_unknown_cards_and_bad_counts_with_nothing_recorded() -> None:
    catalog = CardCatalog.of(["Innovazione", "Goblin"])
    with pytest.raises(DeckListError) as err:
        register_deck(
            event=EventId(1),
            player=PlayerId(7),
            text="3 Innovazione\n0 x Goblin\n-1 Goblin\n2 Drago",
            rules=INV,
            now=NOW,
            catalog=catalog,
        )
    assert [p.line for p in err.value.problems] == [2, 3, 4]


def test_register_refuses_an_illegal_deck_with_every_rule() -> None:
    with pytest.raises(DeckInvalid) as err:
        register_deck(
            event=EventId(1),
            player=PlayerId(7),
            text="3 Innovazione\n3 Miniera di Warpietra\n40 Goblin",
            rules=INV,
            now=NOW,
        )
    assert [p.rule for p in err.value.problems] == ["INV-DECK-2", "INV-DECK-3"]
    assert err.value.accepted is not None
    assert "50–100 cards" in err.value.accepted


def test_registration_closes_at_the_deadline() -> None:
    deadline = NOW - timedelta(minutes=1)
    assert can_register_deck(deadline=deadline, now=NOW) is not None
    assert can_register_deck(deadline=NOW, now=NOW) is None
    with pytest.raises(Conflict):
        register_deck(
            event=EventId(1),
            player=PlayerId(7),
            text="50 Goblin",
            rules=INV,
            now=NOW,
            deadline=deadline,
        )


@pytest.mark.parametrize(
    ("role", "viewer", "published", "sees"),
    [
        (ViewerRole.PLAYER, PlayerId(7), False, True),  # the owner
        (ViewerRole.PLAYER, PlayerId(8), False, False),  # another player
        (ViewerRole.JUDGE, None, False, True),
        (ViewerRole.JUDGE, PlayerId(8), False, True),  # a player-judge judging
        (ViewerRole.ORGANIZER, None, False, False),
        (ViewerRole.SPECTATOR, None, False, False),
        (ViewerRole.SPECTATOR, None, True, True),
        (ViewerRole.PLAYER, PlayerId(8), True, True),
    ],
)
def test_deck_lists_are_private_to_the_player_and_judges_until_published(
    role: ViewerRole, viewer: PlayerId | None, published: bool, sees: bool
) -> None:
    assert can_view_deck(role, viewer, PlayerId(7), published) is sees
