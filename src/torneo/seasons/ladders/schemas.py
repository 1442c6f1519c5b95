"""Answers of the ladder routes under ``/api/v1/ladders`` (split from schemas.py by topic)."""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from torneo.seasons.ladders.commands import RecomputeSummary
from torneo.seasons.ladders.views import LadderCard, LadderView
from torneo.seasons.schemas import _Out


class LadderCardOut(_Out):
    id: int
    name: str
    preset: str
    source: str
    ladder: str | None
    season: str | None
    start: dt.date | None
    end: dt.date | None
    events: int
    games: int
    players: int
    computed_at: str | None = Field(description="ISO 8601, as stored; null until computed")

    @classmethod
    def of(cls, c: LadderCard) -> LadderCardOut:
        return cls(
            id=c.id,
            name=c.name,
            preset=c.preset,
            source=c.source,
            ladder=c.ladder,
            season=c.season,
            start=c.starts_on,
            end=c.ends_on,
            events=c.events,
            games=c.games,
            players=c.players,
            computed_at=c.computed_at.isoformat() if c.computed_at else None,
        )


class LadderRowOut(_Out):
    position: int
    rank: int
    player_id: int
    player: str
    club: str | None
    points: int
    events: int
    games: int
    rating: float = Field(description="Glicko-2 rating or openskill mu")
    deviation: float = Field(description="RD or sigma")
    volatility: float | None
    shown: float = Field(description="The conservative value")


class LadderOut(LadderCardOut):
    rating: str = Field(description='"Glicko-2" or "openskill (Plackett–Luce)"')
    rows: list[LadderRowOut]

    @classmethod
    def of_view(cls, view: LadderView) -> LadderOut:
        card = LadderCardOut.of(view.card)
        return cls(
            **card.model_dump(),
            rating=view.rating_name,
            rows=[LadderRowOut.model_validate(line.as_dict()) for line in view.lines],
        )


class RecomputeOut(_Out):
    ladder: str
    events: int
    games: int
    players: int

    @classmethod
    def of(cls, s: RecomputeSummary) -> RecomputeOut:
        return cls(ladder=s.ladder, events=s.events, games=s.games, players=s.players)


# --- "why this pair" -------------------------------------------------------------------------
