"""Card names as players type them, and the set of cards an event knows.

Players paste lists from forums, spreadsheets and phone keyboards: "Wilhelm dell'Osternacht"
with a straight apostrophe must be the same card as "Wilhelm dell’Osternacht" with a curly one,
and case or doubled spaces must not make two cards out of one. :func:`card_key` is that identity.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})


def card_key(name: str) -> str:
    """The identity of a card name: Unicode-normalised, one apostrophe, casefolded, single spaces."""
    text = unicodedata.normalize("NFKC", name).translate(_APOSTROPHES)
    return " ".join(text.split()).casefold()


@dataclass(frozen=True, slots=True)
class CardCatalog:
    """The cards an event accepts (from the preset or the organizer), by :func:`card_key`."""

    names: dict[str, str] = field(default_factory=dict)  # key → canonical spelling

    @staticmethod
    def of(names: Iterable[str]) -> CardCatalog:
        catalog: dict[str, str] = {}
        for name in names:
            if name.strip():
                catalog.setdefault(card_key(name), " ".join(name.split()))
        return CardCatalog(catalog)

    def __len__(self) -> int:
        return len(self.names)

    def resolve(self, name: str) -> str | None:
        """The canonical spelling of ``name``, or None when the card is unknown."""
        return self.names.get(card_key(name))

    def suggest(self, name: str) -> str | None:
        """The closest known card, for a "did you mean" hint on a typo."""
        close = difflib.get_close_matches(card_key(name), list(self.names), n=1, cutoff=0.75)
        return self.names[close[0]] if close else None


def restricted_keys(names: Iterable[str]) -> frozenset[str]:
    """INV-DECK-3: the restricted list as card keys."""
    return frozenset(card_key(n) for n in names if n.strip())
