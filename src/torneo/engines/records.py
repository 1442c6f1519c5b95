"""Neutral records of what happened in an event, shared by pairing, standings and season code.

They carry no behaviour and no persistence: services build them from the store and hand them to
the pure engines (swiss, standings, knockout, season).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.results import GameScore


class Stage(StrEnum):
    SWISS = N_("swiss")
    TOP = N_("top")  # single elimination Top X (INV-TOP-*, BER-TOP-*)
    THIRD_PLACE = N_("third_place")  # INV-STRUCT-4


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player as registered in one event."""

    id: PlayerId
    name: str
    club: str | None = None
    rating: int | None = None
    dropped_after_round: int | None = None  # INV-DROP-1: None while still playing
    disqualified: bool = False
    joined_round: int = 1  # a late entry joins at this round (missed rounds are losses)
    is_judge: bool = False  # INV-STRUCT-5

    @property
    def is_active(self) -> bool:
        return self.dropped_after_round is None and not self.disqualified


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One match of one round. ``player_b is None`` is a bye (INV-BYE-1, BER-BYE-1)."""

    round_no: int
    table: int
    player_a: PlayerId
    player_b: PlayerId | None
    score: GameScore | None  # None while unreported
    stage: Stage = Stage.SWISS

    @property
    def is_bye(self) -> bool:
        return self.player_b is None

    @property
    def is_reported(self) -> bool:
        return self.is_bye or self.score is not None

    def involves(self, player: PlayerId) -> bool:
        return player in (self.player_a, self.player_b)

    def opponent_of(self, player: PlayerId) -> PlayerId | None:
        return self.player_b if player == self.player_a else self.player_a
