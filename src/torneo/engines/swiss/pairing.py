"""The result of pairing one Swiss round: tables, the bye, and the figures that judge its quality."""

from __future__ import annotations

from dataclasses import dataclass

from torneo.core.ids import PlayerId
from torneo.core.messages import Message


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table. ``a`` is the better-placed player (more points, then better rank).

    ``reason`` says why the pair was made (a message, shown in the reader's language);
    ``explanation`` is the same in English, the words of the CLI and of the exports.
    """

    a: PlayerId
    b: PlayerId
    table: int
    reason: Message
    score_a: int
    score_b: int

    @property
    def explanation(self) -> str:
        return self.reason.english()

    @property
    def score_difference(self) -> int:
        return abs(self.score_a - self.score_b)

    def involves(self, player: PlayerId) -> bool:
        return player in (self.a, self.b)


@dataclass(frozen=True, slots=True)
class Floater:
    """A player paired below their own score group this round (the record of who floated)."""

    player: PlayerId
    from_score: int
    to_score: int


@dataclass(frozen=True, slots=True)
class SwissStats:
    """Quality of a round's pairing.

    ``score_diff_sum`` and ``unequal_pairs`` count played pairs only (the bye excluded), the way
    chess pairing checkers score a round; ``score_diff_lower_bound`` is the smallest sum any
    pairing of this field could reach for ``score_diff_sum + bye_score_gap`` (the bye counts as a
    pair with a virtual player on the lowest score), so the gap to it is the price paid for
    avoiding rematches. ``proven_optimal`` is True when the engine's certificate holds for
    every level of the objective (see docs/pairing.md); ``method`` says which solver ran.
    """

    rematches: int
    score_diff_sum: int
    squared_diff_sum: int
    unequal_pairs: int
    same_club_pairs: int
    floaters: tuple[Floater, ...]
    bye_score_gap: int
    score_diff_lower_bound: int
    proven_optimal: bool
    method: str


@dataclass(frozen=True, slots=True)
class SwissPairing:
    """A whole round: tables in order (table 1 = highest scores) and at most one bye."""

    round_no: int
    pairs: tuple[Pairing, ...]
    bye: PlayerId | None
    bye_reason: Message | None  # why this player has the bye; None without a bye
    stats: SwissStats

    @property
    def bye_explanation(self) -> str:
        """The bye's reason in English ("" without a bye)."""
        return self.bye_reason.english() if self.bye_reason is not None else ""

    def table_of(self, player: PlayerId) -> Pairing | None:
        for pairing in self.pairs:
            if pairing.involves(player):
                return pairing
        return None

    @property
    def players(self) -> tuple[PlayerId, ...]:
        out: list[PlayerId] = []
        for pairing in self.pairs:
            out += (pairing.a, pairing.b)
        if self.bye is not None:
            out.append(self.bye)
        return tuple(out)
