"""The published regulation of a RisiKo! tournament (RSK-REG-1).

The referee casebook opens by saying what every tournament regulation must contain: the
tournament formula, who is responsible for refereeing, what is not allowed during the tournament
and the sanctions for breaking the game or referee rules. Publishing one that lacks a part is
refused, naming the part. A part made only of blanks counts as missing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from torneo.core.errors import Refusal
from torneo.core.ids import EventId
from torneo.core.messages import N_, Message
from torneo.risiko.rules.wording import listing


class RegulationPart(StrEnum):
    """The four parts, in the order of the seed."""

    FORMULA = "formula"  # la formula del torneo
    REFEREES = "referees"  # chi è responsabile dell'arbitraggio
    NOT_ALLOWED = "not_allowed"  # cosa non è lecito fare durante il torneo
    SANCTIONS = "sanctions"  # eventuali sanzioni


_LABELS = {
    RegulationPart.FORMULA: Message(N_("the tournament formula")),
    RegulationPart.REFEREES: Message(N_("who is responsible for refereeing")),
    RegulationPart.NOT_ALLOWED: Message(N_("what is not allowed during the tournament")),
    RegulationPart.SANCTIONS: Message(N_("the sanctions")),
}


@dataclass(frozen=True, slots=True)
class Regulation:
    """The text of each part, as the organizer wrote it (printed as is on the public page)."""

    formula: str = ""
    referees: str = ""
    not_allowed: str = ""
    sanctions: str = ""

    def part(self, part: RegulationPart) -> str:
        text: str = getattr(self, part.value)
        return text

    def missing_parts(self) -> tuple[RegulationPart, ...]:
        return tuple(p for p in RegulationPart if not self.part(p).strip())


@dataclass(frozen=True, slots=True)
class RegulationPublished:
    """Record: the regulation an event published, and when."""

    event: EventId
    regulation: Regulation
    at: datetime


def can_publish(regulation: Regulation) -> Refusal | None:
    """RSK-REG-1: refuse a regulation lacking any of the four parts, naming the first missing."""
    missing = regulation.missing_parts()
    if not missing:
        return None
    return Refusal(
        f"regulation.{missing[0].value}",
        N_("the regulation lacks %(missing)s"),
        N_("a regulation with all four parts: %(parts)s"),
        "RSK-REG-1",
        params={
            "missing": listing([_LABELS[p] for p in missing]),
            "parts": listing(list(_LABELS.values())),
        },
    )


def publish(event: EventId, regulation: Regulation, now: datetime) -> RegulationPublished:
    """RSK-REG-1: publish a complete regulation; raise naming the missing part otherwise."""
    refusal = can_publish(regulation)
    if refusal is not None:
        raise refusal.raise_as()
    return RegulationPublished(event, regulation, now)
