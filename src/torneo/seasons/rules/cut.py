"""INV-RANK-3: who goes through when a tie on the whole INV-RANK-1 chain straddles the cut.

The seed sends the best 35 of the season table to the Regional and says nothing of players equal
on points and on every variable across that line. We read that the organizer decides, the way
the poker leagues settle a tie at their cut (PKR-LEAGUE-4): either the organizer names who
qualifies, or a lot is drawn from a recorded seed. Either is a :class:`CutDecision`, stored on
the season and audited.

A decision settles one tie: the players tied at that moment and the cut it was taken at. When
results change the tie (a player joins it or leaves it, the cut moves), the decision no longer
applies and the table shows the tie again, so a decision is never carried over to players it
was not taken for.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_


class CutHow(StrEnum):
    DECISION = "decision"  # the organizer named who qualifies
    LOT = "lot"  # a lot drawn from ``seed``


@dataclass(frozen=True, slots=True)
class CutDecision:
    """How a tie at the cut was settled: the tied players in their decided order, best first."""

    cut: int
    seats: int  # how many of them fitted inside the cut
    order: tuple[PlayerId, ...]
    how: CutHow
    seed: str | None = None  # the lot's seed (CutHow.LOT), so the draw can be repeated
    note: str = ""

    def applies_to(self, cut: int, tied: Sequence[PlayerId], seats: int) -> bool:
        """True when this decision was taken for exactly this tie, cut and number of seats."""
        return (self.cut, self.seats) == (cut, seats) and sorted(self.order) == sorted(tied)

    def as_record(self) -> dict[str, Any]:
        """The JSON stored on the season (and in the audit row)."""
        return {
            "cut": self.cut,
            "seats": self.seats,
            "order": [int(p) for p in self.order],
            "how": self.how.value,
            "seed": self.seed,
            "note": self.note,
        }


def decision_of(record: Mapping[str, Any] | None) -> CutDecision | None:
    """A stored decision back as a value (None when none was recorded)."""
    if not record or not record.get("order"):
        return None
    return CutDecision(
        cut=int(record.get("cut") or 0),
        seats=int(record.get("seats") or 0),
        order=tuple(PlayerId(int(p)) for p in record["order"]),
        how=CutHow(str(record.get("how") or CutHow.DECISION.value)),
        seed=None if record.get("seed") is None else str(record["seed"]),
        note=str(record.get("note") or ""),
    )


def seats_left(cut: int, positions: Sequence[int]) -> int:
    """How many of the tied players fit inside the cut (``positions`` 1-based, in order)."""
    return sum(1 for p in positions if p <= cut)


def decide(
    cut: int,
    tied: Sequence[PlayerId],
    seats: int,
    qualified: Sequence[int],
    note: str = "",
) -> CutDecision:
    """The organizer's decision: ``qualified`` names exactly ``seats`` of the tied players."""
    _check_tie(tied)
    chosen: list[PlayerId] = []
    for raw in qualified:
        pid = PlayerId(int(raw))
        if pid not in tied:
            raise TorneoError(
                "qualified",
                N_("player %(player)s is not tied at the cut"),
                N_("players of the tie: %(tied)s"),
                params={"player": raw, "tied": ", ".join(str(p) for p in tied)},
                rule="INV-RANK-3",
            )
        if pid in chosen:
            raise TorneoError(
                "qualified",
                N_("player %(player)s is named twice"),
                N_("each player once"),
                params={"player": raw},
                rule="INV-RANK-3",
            )
        chosen.append(pid)
    if len(chosen) != seats:
        raise TorneoError(
            "qualified",
            N_("%(n)s players named for %(seats)s places inside the cut"),
            N_("exactly %(seats)s of the tied players"),
            params={"n": len(chosen), "seats": seats},
            rule="INV-RANK-3",
        )
    rest = [p for p in tied if p not in chosen]
    return CutDecision(cut, seats, tuple(chosen + rest), CutHow.DECISION, None, note)


def draw_lot(
    cut: int, tied: Sequence[PlayerId], seats: int, seed: str, note: str = ""
) -> CutDecision:
    """A lot drawn between the tied players from ``seed`` (recorded: the draw can be repeated)."""
    _check_tie(tied)
    drawn = sorted(tied)
    random.Random(seed).shuffle(drawn)
    return CutDecision(cut, seats, tuple(drawn), CutHow.LOT, seed, note)


def _check_tie(tied: Sequence[PlayerId]) -> None:
    if len(tied) < 2:
        raise Conflict(
            "cut",
            N_("nobody is tied across the cut line"),
            N_("a decision only for a tie on every criterion across the cut"),
            rule="INV-RANK-3",
        )


__all__ = ["CutDecision", "CutHow", "decide", "decision_of", "draw_lot", "seats_left"]
