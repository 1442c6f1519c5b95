"""The project's generator of card sets: a playable set of made-up cards from a seed.

The demo set shipped in ``torneo/cards/data/demo-set.json`` is ``generate_set(DEMO_SEED)``
(a test checks it), so a fresh install can draft without anyone's card data; organizers can
generate more (``torneo cards generate-set``) to rehearse an event. Names are built from
Italian words per faction (the game's five elements and the neutrals); costs grow with rarity.
"""

from __future__ import annotations

import random

from torneo.cards.rules.sets import (
    COMMON,
    RARE,
    RARITIES,
    ULTRA_RARE,
    UNCOMMON,
    CardSet,
    build_set,
)

DEMO_SEED = 2026
DEMO_CODE = "DEMO"
DEMO_NAME = "Set dimostrativo"
FACTIONS = ("Montagne", "Foreste", "Paludi", "Steppe", "Tenebre", "Neutrali")
_NOUNS = {
    "Montagne": ("Gigante", "Nano", "Guardiano", "Orso", "Tuono", "Scalatore", "Fabbro"),
    "Foreste": ("Elfo", "Druido", "Lupo", "Cervo", "Arciere", "Quercia", "Falco"),
    "Paludi": ("Serpente", "Strega", "Rospo", "Idra", "Nebbia", "Anguilla", "Sciamano"),
    "Steppe": ("Cavaliere", "Nomade", "Centauro", "Aquila", "Predone", "Vento", "Ronin"),
    "Tenebre": ("Spettro", "Vampiro", "Negromante", "Ombra", "Demone", "Corvo", "Lich"),
    "Neutrali": ("Mercenario", "Golem", "Pellegrino", "Alchimista", "Bardo", "Mago", "Eremita"),
}
_EPITHETS = (
    "di Ferro",
    "Antico",
    "della Luna",
    "Errante",
    "di Pietra",
    "Selvaggio",
    "del Nord",
    "Silente",
    "di Cristallo",
    "Furioso",
    "d'Oro",
    "Velato",
    "delle Ceneri",
    "Solitario",
)
_KINDS = ("creatura", "creatura", "creatura", "magia", "artefatto")
_COSTS = {COMMON: (1, 4), UNCOMMON: (2, 5), RARE: (3, 7), ULTRA_RARE: (5, 9)}
_BOOSTER = ((COMMON, 3), (UNCOMMON, 2), (RARE, 1), (ULTRA_RARE, 1))
_STARTER = ((COMMON, 18), (UNCOMMON, 8), (RARE, 3), (ULTRA_RARE, 1))


def generate_set(
    seed: int = DEMO_SEED,
    *,
    code: str = DEMO_CODE,
    name: str = DEMO_NAME,
    sizes: tuple[int, int, int, int] = (60, 30, 20, 10),
) -> CardSet:
    """A set of ``sizes`` (common, uncommon, rare, ultra-rare) cards, the same for one seed."""
    rng = random.Random(seed)
    names = [
        f"{noun} {epithet}"
        for noun_list in _NOUNS.values()
        for noun in noun_list
        for epithet in _EPITHETS
    ]
    faction_of = {
        f"{noun} {epithet}": faction
        for faction, noun_list in _NOUNS.items()
        for noun in noun_list
        for epithet in _EPITHETS
    }
    chosen = rng.sample(names, sum(sizes))
    rows = []
    number = 0
    for rarity, count in zip(RARITIES, sizes, strict=True):
        for _ in range(count):
            card_name = chosen[number]
            number += 1
            low, high = _COSTS[rarity]
            rows.append(
                {
                    "id": f"{code}-{number:03d}",
                    "name": card_name,
                    "rarity": rarity,
                    "faction": faction_of[card_name],
                    "cost": rng.randint(low, high),
                    "kind": rng.choice(_KINDS),
                    "text": "",
                }
            )
    return build_set(code, name, rows, booster=_BOOSTER, starter=_STARTER)
