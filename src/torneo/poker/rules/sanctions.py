"""Sanctions (PKR-PEN-1, art. 20.8): warning, missed hands, disqualification.

- A warning.
- Missed hands for 1 to 4 orbits: an orbit is as many hands as players at the table, the
  penalised player included; the player leaves the table and their blinds (and antes) are
  still taken.
- Disqualification: the player's chips are removed from the tournament.

Repeats escalate: a new sanction for a player already sanctioned is at least one step above
the most severe one they had (warning → 1 orbit → 2 → 3 → 4 → disqualification). The director
may always choose a harsher one (art. 20.12: chip passing is an immediate disqualification).
Every sanction is recorded with the infraction and the ruling.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from torneo.core.errors import Conflict, Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Message, Term

MAX_ORBITS = 4


class SanctionKind(StrEnum):
    WARNING = N_("warning")
    MISSED_HANDS = N_("missed_hands")
    DISQUALIFICATION = N_("disqualification")


@dataclass(frozen=True, slots=True)
class Sanction:
    player: PlayerId
    kind: SanctionKind
    infraction: str
    ruling: str
    orbits: int = 0
    hands: int = 0  # hands to miss: orbits × players at the table
    chips_removed: int = 0  # disqualification

    @property
    def severity(self) -> int:
        return severity(self.kind, self.orbits)


def severity(kind: SanctionKind, orbits: int = 0) -> int:
    """Warning 1, missed hands 2-5 (1-4 orbits), disqualification 6."""
    if kind is SanctionKind.WARNING:
        return 1
    if kind is SanctionKind.MISSED_HANDS:
        return 1 + orbits
    return 2 + MAX_ORBITS


def _from_severity(level: int) -> tuple[SanctionKind, int]:
    if level <= 1:
        return SanctionKind.WARNING, 0
    if level <= 1 + MAX_ORBITS:
        return SanctionKind.MISSED_HANDS, level - 1
    return SanctionKind.DISQUALIFICATION, 0


def missed_hands(orbits: int, players_at_table: int) -> int:
    """PKR-PEN-1: an orbit is as many hands as players at the table, the penalised included."""
    if not 1 <= orbits <= MAX_ORBITS:
        raise TorneoError(
            "orbits",
            N_("%(orbits)s orbits"),
            N_("1 to %(most)s orbits"),
            params={"orbits": orbits, "most": MAX_ORBITS},
        )
    if players_at_table < 2:
        raise TorneoError(
            "players_at_table",
            N_("%(players_at_table)s"),
            N_("2 or more, the player included"),
            params={"players_at_table": players_at_table},
        )
    return orbits * players_at_table


def minimum_sanction(history: Sequence[Sanction], player: PlayerId) -> tuple[SanctionKind, int]:
    """The least the director may give now: a warning first, then one step above the worst."""
    worst = max((s.severity for s in history if s.player == player), default=0)
    return _from_severity(worst + 1)


def can_sanction(
    history: Sequence[Sanction], player: PlayerId, kind: SanctionKind, orbits: int = 0
) -> Refusal | None:
    if any(s.player == player and s.kind is SanctionKind.DISQUALIFICATION for s in history):
        return Refusal(
            "player",
            N_("player %(player)s is already disqualified"),
            None,
            "PKR-PEN-1",
            params={"player": player},
        )
    if kind is SanctionKind.MISSED_HANDS and not 1 <= orbits <= MAX_ORBITS:
        return Refusal(
            "orbits",
            N_("%(orbits)s orbits"),
            N_("1 to %(most)s"),
            "PKR-PEN-1",
            params={"orbits": orbits, "most": MAX_ORBITS},
        )
    if kind is not SanctionKind.MISSED_HANDS and orbits:
        return Refusal(
            "orbits",
            N_("%(orbits)s orbits with a %(kind)s"),
            N_("0"),
            params={"orbits": orbits, "kind": Term(kind.value)},
        )
    least_kind, least_orbits = minimum_sanction(history, player)
    if severity(kind, orbits) < severity(least_kind, least_orbits):
        least: Message | Term = Term(least_kind.value)
        if least_orbits:
            least = Message(
                N_("%(kind)s of %(orbits)s orbit(s)"), {"kind": least, "orbits": least_orbits}
            )
        return Refusal(
            "kind",
            N_("repeats escalate"),
            N_("at least %(least)s"),
            "PKR-PEN-1",
            params={"least": least},
        )
    return None


def sanction(
    history: Sequence[Sanction],
    player: PlayerId,
    kind: SanctionKind,
    infraction: str,
    ruling: str,
    orbits: int = 0,
    players_at_table: int = 0,
    stack: int = 0,
) -> Sanction:
    """Record a sanction. Missed hands need the players at the table (the player included);
    a disqualification removes ``stack`` chips from play."""
    refusal = can_sanction(history, player, kind, orbits)
    if refusal is not None:
        raise refusal.raise_as(Conflict)
    if not infraction.strip():
        raise TorneoError("infraction", N_("no infraction given"), N_("what the player did"))
    hands = missed_hands(orbits, players_at_table) if kind is SanctionKind.MISSED_HANDS else 0
    if stack < 0:
        raise TorneoError("stack", N_("%(stack)s"), N_("0 or more chips"), params={"stack": stack})
    removed = stack if kind is SanctionKind.DISQUALIFICATION else 0
    return Sanction(player, kind, infraction.strip(), ruling.strip(), orbits, hands, removed)
