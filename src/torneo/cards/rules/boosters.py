"""Boosters, starters and sealed pools, drawn from the event's recorded seed (BER-FMT-2/3).

Every draw is a function of the event's seed and of where it is opened, so any pool can be
reproduced for a dispute: the booster that seat 3 of pod 2 opens as its second booster is
``open_booster(card_set, seeded(seed, "draft", 2, 3, 2))``, and a sealed pool is keyed by the
player's id. A booster (or starter) holds its recipe's cards in slot order (commons first),
drawn without replacement within each rarity from the set's cards ordered by id.
"""

from __future__ import annotations

import random

from torneo.cards.rules.sets import CardSet, Recipe


def seeded(seed: int, *where: object) -> random.Random:
    """The generator of one draw: the event's seed and the draw's place, e.g. ("draft", 1, 4, 2)."""
    return random.Random(":".join(str(p) for p in (seed, *where)))


def _open(card_set: CardSet, recipe: Recipe, rng: random.Random) -> tuple[str, ...]:
    cards: list[str] = []
    for rarity, count in recipe.slots:
        cards += [c.id for c in rng.sample(card_set.of_rarity(rarity), count)]
    return tuple(cards)


def open_booster(card_set: CardSet, rng: random.Random) -> tuple[str, ...]:
    """BER-FMT-2: one booster of 7 card ids."""
    return _open(card_set, card_set.booster, rng)


def open_starter(card_set: CardSet, rng: random.Random) -> tuple[str, ...]:
    """BER-FMT-2: one starter of 30 card ids."""
    return _open(card_set, card_set.starter, rng)


def sealed_pool(
    card_set: CardSet, seed: int, player_id: int, *, starters: int, boosters: int
) -> tuple[str, ...]:
    """BER-FMT-2: a sealed pool: ``starters`` starters (0 or 1) and ``boosters`` boosters."""
    cards: list[str] = []
    for n in range(1, starters + 1):
        cards += open_starter(card_set, seeded(seed, "sealed", player_id, "starter", n))
    for n in range(1, boosters + 1):
        cards += open_booster(card_set, seeded(seed, "sealed", player_id, "booster", n))
    return tuple(cards)


def draft_booster(
    card_set: CardSet, seed: int, pod: int, seat: int, booster: int
) -> tuple[str, ...]:
    """BER-DRAFT-1: the booster seat ``seat`` of pod ``pod`` opens as its ``booster``-th."""
    return open_booster(card_set, seeded(seed, "draft", pod, seat, booster))
