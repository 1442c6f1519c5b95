"""The Regional cut as every surface shows it (INV-RANK-3): who is tied across it, how many of
them fit inside, and how the organizer settled it (a decision or a drawn lot), or that the
decision recorded was for another tie. The season page, the API, the exports and the CLI read
this one model (:attr:`torneo.seasons.views.SeasonPage.cut`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from torneo.seasons.rules.cut import CutHow
from torneo.seasons.state import placement_bonus_of
from torneo.seasons.views_load import Loaded


@dataclass(frozen=True, slots=True)
class CutPlayer:
    player_id: int
    player: str


@dataclass(frozen=True, slots=True)
class CutState:
    size: int  # places that qualify
    tied: tuple[CutPlayer, ...]  # equal on every criterion across the line (empty: no tie)
    seats: int  # how many of them fit inside the cut
    decided: bool  # the tie is settled by the decision recorded for it
    how: CutHow | None  # how it was settled (decision, lot), when it is
    qualified: tuple[CutPlayer, ...]  # who went through by that decision
    seed: str | None  # the lot's seed
    note: str
    stale: bool  # a decision is recorded but the tie it settled is not the table's any more
    placement_bonus: tuple[Fraction, ...]  # National Final bonus by position (INV-RANK-3)

    @property
    def open(self) -> bool:
        """A tie waits for the organizer."""
        return bool(self.tied) and not self.decided


def cut_state(ld: Loaded) -> CutState:
    table = ld.table

    def player(pid: int) -> CutPlayer:
        return CutPlayer(pid, ld.players.get(pid, (f"#{pid}", None))[0])

    tied = tuple(player(int(p)) for p in table.cut_tie())
    decided = table.cut_decided()
    decision = table.cut_decision if decided else None
    seats = table.cut_seats()
    return CutState(
        size=ld.season.cut_size,
        tied=tied,
        seats=seats,
        decided=decided,
        how=None if decision is None else decision.how,
        qualified=() if decision is None else tuple(player(int(p)) for p in decision.order[:seats]),
        seed=None if decision is None else decision.seed,
        note="" if decision is None else decision.note,
        stale=table.cut_decision_stale(),
        placement_bonus=placement_bonus_of(ld.season.placement_bonus),
    )


__all__ = ["CutPlayer", "CutState", "cut_state"]
