"""Roles and names of the players of the league's list (FAN-ROSTER-1, FAN-DATA-1).

The roles are the four letters of the Italian lists: ``P`` goalkeeper (portiere), ``D``
defender, ``C`` midfielder (centrocampista), ``A`` forward (attaccante). Names are matched
normalised: accents dropped, case folded, punctuation and spaces squeezed, so "Çalhanoğlu H."
and "calhanoglu h" are the same name.

>>> normalise_name("  Çalhanoğlu  H. ")
'calhanoglu h'
>>> normalise_name("D'Ambrosio")
'd ambrosio'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

GK, DEF, MID, FWD = "P", "D", "C", "A"
ROLES = (GK, DEF, MID, FWD)
_SEPARATORS = re.compile(r"[^a-z0-9]+")


def normalise_name(name: str) -> str:
    """A name as compared when a vote row carries no known code (FAN-DATA-1)."""
    decomposed = unicodedata.normalize("NFKD", name.replace("ı", "i").replace("ø", "o"))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return _SEPARATORS.sub(" ", plain).strip()


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """A player of the league's list with the price of one matchday (FAN-MKT-1)."""

    id: int
    code: str
    name: str
    role: str
    club: str
    price: int
    active: bool = True  # False: the player left the league (flagged, still owned)


def fraction_text(value: Fraction) -> str:
    """An exact number as people write it: 6, 6.5, 6.375 (or 1/3 when no decimal is exact)."""
    if value.denominator == 1:
        return str(value.numerator)
    den = value.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return f"{value.numerator}/{value.denominator}"
    digits = max(twos, fives)
    text = f"{value.numerator * 10**digits // value.denominator:d}"
    sign = "-" if text.startswith("-") else ""
    text = text.lstrip("-").rjust(digits + 1, "0")
    return f"{sign}{text[:-digits]}.{text[-digits:]}"
