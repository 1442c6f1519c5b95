"""Formations (FAN-LINEUP-1, FAN-SUB-1): one goalkeeper and a valid split of ten outfield players.

>>> formation_of(["P"] + ["D"] * 4 + ["C"] * 4 + ["A"] * 2)
'4-4-2'
>>> is_valid_formation("4-4-2", ("3-4-3", "4-4-2"))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from torneo.fantasy.rules.players import DEF, FWD, GK, MID


def formation_of(roles: Iterable[str]) -> str | None:
    """The formation of a set of starters' roles ("4-4-2"), ``None`` unless exactly one GK."""
    text = "".join(roles)
    if text.count(GK) != 1:
        return None
    return f"{text.count(DEF)}-{text.count(MID)}-{text.count(FWD)}"


def is_valid_formation(formation: str | None, allowed: Sequence[str]) -> bool:
    return formation is not None and formation in allowed
