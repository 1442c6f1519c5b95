"""The Regional cut in the seasons' JSON API (INV-RANK-3): the tie across the line, how the
organizer settled it, and the National Final bonus of the best placements."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from torneo.seasons.views_cut import CutState


class CutDecisionIn(BaseModel):
    """Either ``qualified`` (the tied players who go through) or ``lot`` (a drawn lot)."""

    model_config = ConfigDict(extra="forbid")

    qualified: list[int] | None = Field(
        default=None, max_length=1000, description="Player ids of the tie who qualify"
    )
    lot: bool = Field(default=False, description="Draw a lot between the tied players")
    seed: int | None = Field(
        default=None, ge=0, le=2**31, description="The lot's seed (default: a random one)"
    )
    note: str = Field(default="", max_length=500)


class PlacementBonusIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    placement_bonus: list[str] = Field(
        max_length=100,
        description="National Final bonus by season position, 1st first: ['1.5', '1', '0.5']",
    )


class CutPlayerOut(BaseModel):
    player_id: int
    player: str


class CutOut(BaseModel):
    """INV-RANK-3: the cut, the tie across it and its decision."""

    size: int = Field(description="Places that qualify")
    tied: list[CutPlayerOut] = Field(description="Equal on every criterion across the line")
    seats: int = Field(description="How many of the tied players fit inside the cut")
    decided: bool = Field(description="The tie is settled (a decision or a lot)")
    how: str | None = Field(description="'decision' or 'lot'")
    qualified: list[CutPlayerOut] = Field(description="The tied players who went through")
    seed: str | None = Field(description="The lot's recorded seed")
    note: str
    stale: bool = Field(description="A decision is recorded for a tie that changed since")
    placement_bonus: list[str] = Field(description="National Final bonus by position, exact")

    @classmethod
    def of(cls, cut: CutState) -> CutOut:
        return cls(
            size=cut.size,
            tied=[CutPlayerOut(player_id=p.player_id, player=p.player) for p in cut.tied],
            seats=cut.seats,
            decided=cut.decided,
            how=None if cut.how is None else cut.how.value,
            qualified=[CutPlayerOut(player_id=p.player_id, player=p.player) for p in cut.qualified],
            seed=cut.seed,
            note=cut.note,
            stale=cut.stale,
            placement_bonus=[str(b) for b in cut.placement_bonus],
        )


__all__ = ["CutDecisionIn", "CutOut", "CutPlayerOut", "PlacementBonusIn"]
