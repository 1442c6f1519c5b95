"""Warnings, exclusions and expulsions a RisiKo! referee gives (RSK-OUT-1/2, RSK-ROLL-2).

``sanction_for`` says what an infraction costs given what the player already received in the
same game; the caller (the referee console, the roll assistant) records the returned value.

- A forgotten end-of-game roll: a verbal warning the first time, exclusion from the game the
  second time (RSK-ROLL-2); an exclusion counts as eliminated first (RSK-OUT-1).
- RisiKo! achieved and not declared: exclusion (RSK-OUT-1).
- Withdrawing because a ruling is rejected: expulsion from the tournament (RSK-OUT-2).
- Armies over the allowed number: armies removed (RSK-ARMY-1, see :mod:`.army`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from torneo.core.ids import PlayerId


class Infraction(StrEnum):
    FORGOTTEN_ROLL = "forgotten_roll"  # RSK-ROLL-2
    UNDECLARED_RISIKO = "undeclared_risiko"  # RSK-OUT-1
    REJECTED_RULING = "rejected_ruling"  # RSK-OUT-2
    ARMY_EXCESS = "army_excess"  # RSK-ARMY-1


class SanctionKind(StrEnum):
    WARNING = "warning"  # ammonizione verbale
    EXCLUSION = "exclusion"  # out of this game, counts as eliminated first
    EXPULSION = "expulsion"  # out of the tournament
    ARMY_REMOVAL = "army_removal"


_RULE = {
    Infraction.FORGOTTEN_ROLL: "RSK-ROLL-2",
    Infraction.UNDECLARED_RISIKO: "RSK-OUT-1",
    Infraction.REJECTED_RULING: "RSK-OUT-2",
    Infraction.ARMY_EXCESS: "RSK-ARMY-1",
}


@dataclass(frozen=True, slots=True)
class Sanction:
    player: PlayerId
    infraction: Infraction
    kind: SanctionKind
    rule: str
    note: str = ""

    @property
    def removes_from_game(self) -> bool:
        return self.kind in (SanctionKind.EXCLUSION, SanctionKind.EXPULSION)


def sanction_for(
    player: PlayerId,
    infraction: Infraction,
    earlier: Sequence[Sanction] = (),
    warnings_before_exclusion: int = 1,
    note: str = "",
) -> Sanction:
    """What ``infraction`` costs ``player``, given ``earlier`` sanctions of the same game."""
    rule = _RULE[infraction]
    if infraction is Infraction.FORGOTTEN_ROLL:
        warned = sum(
            1
            for s in earlier
            if s.player == player
            and s.infraction is Infraction.FORGOTTEN_ROLL
            and s.kind is SanctionKind.WARNING
        )
        kind = (
            SanctionKind.WARNING if warned < warnings_before_exclusion else SanctionKind.EXCLUSION
        )
    elif infraction is Infraction.UNDECLARED_RISIKO:
        kind = SanctionKind.EXCLUSION
    elif infraction is Infraction.REJECTED_RULING:
        kind = SanctionKind.EXPULSION
    else:
        kind = SanctionKind.ARMY_REMOVAL
    return Sanction(player, infraction, kind, rule, note)
