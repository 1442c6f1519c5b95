"""Rating ladders as the pages, the API and the CLI read them (issue 5 item 5, BER-RANK-1).

A ladder's table is the snapshot :func:`torneo.seasons.ladders.commands.recompute_ladder`
saved (``ladder_entries``): reading it replays no game. The value shown and charted is the
conservative one (Glicko-2: rating − 2·RD; openskill: mu − 3σ).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.platform.store.uow import Store
from torneo.seasons.ladders.commands import get_ladder
from torneo.seasons.ladders.tables import LadderEntry, RatingLadder
from torneo.seasons.tables import Season


@dataclass(frozen=True, slots=True)
class LadderCard:
    id: int
    name: str
    preset: str
    source: str
    ladder: str | None
    season: str | None
    starts_on: date | None
    ends_on: date | None
    events: int
    games: int
    players: int
    computed_at: Any  # datetime | None


@dataclass(frozen=True, slots=True)
class LadderLine:
    position: int
    rank: int
    player_id: int
    player: str
    club: str | None
    points: int
    events: int
    games: int
    rating: float  # Glicko-2 rating or openskill mu
    deviation: float  # RD or sigma
    volatility: float | None
    shown: float  # the conservative value
    history: tuple[tuple[date, float], ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "rank": self.rank,
            "player_id": self.player_id,
            "player": self.player,
            "club": self.club,
            "points": self.points,
            "events": self.events,
            "games": self.games,
            "rating": round(self.rating, 2),
            "deviation": round(self.deviation, 2),
            "volatility": round(self.volatility, 6) if self.volatility is not None else None,
            "shown": round(self.shown, 2),
        }


@dataclass(frozen=True, slots=True)
class LadderView:
    card: LadderCard
    rating_name: str  # "Glicko-2" or "openskill (Plackett–Luce)"
    lines: tuple[LadderLine, ...]


@dataclass(frozen=True, slots=True)
class RatingBeside:
    """A player's rating on the ladder linked to a season (shown beside the points)."""

    ladder: str
    shown: float
    rating: float
    deviation: float


def _card(session: Session, ladder: RatingLadder, players: int) -> LadderCard:
    season = session.get(Season, ladder.season_id) if ladder.season_id else None
    return LadderCard(
        id=ladder.id,
        name=ladder.name,
        preset=ladder.preset,
        source=ladder.source,
        ladder=ladder.ladder,
        season=season.name if season else None,
        starts_on=ladder.starts_on,
        ends_on=ladder.ends_on,
        events=ladder.events,
        games=ladder.games,
        players=players,
        computed_at=ladder.computed_at,
    )


def list_ladders(store: Store) -> list[LadderCard]:
    with store.read() as session:
        counts: dict[int, int] = {
            lid: int(n)
            for lid, n in session.execute(
                select(LadderEntry.ladder_id, func.count(LadderEntry.id)).group_by(
                    LadderEntry.ladder_id
                )
            )
        }
        ladders = session.scalars(select(RatingLadder).order_by(RatingLadder.name)).all()
        return [_card(session, lad, counts.get(lad.id, 0)) for lad in ladders]


def ladder_view(store: Store, name: str) -> LadderView:
    with store.read() as session:
        ladder = get_ladder(session, name)
        lines = tuple(
            LadderLine(
                position=e.position,
                rank=e.rank,
                player_id=e.player_id,
                player=e.player.name,
                club=e.player.club,
                points=e.points,
                events=e.events,
                games=e.games,
                rating=e.rating,
                deviation=e.deviation,
                volatility=e.volatility,
                shown=e.shown,
                history=tuple((date.fromisoformat(d), float(v)) for d, v in e.history or ()),
            )
            for e in ladder.entries
        )
        rating = "Glicko-2" if ladder.source == "matches" else "openskill (Plackett–Luce)"
        return LadderView(_card(session, ladder, len(lines)), rating, lines)


def season_ratings(store: Store, season_id: int) -> dict[int, RatingBeside]:
    """The ratings of the first computed ladder linked to the season (empty when none)."""
    with store.read() as session:
        ladder = session.scalars(
            select(RatingLadder)
            .where(RatingLadder.season_id == season_id, RatingLadder.computed_at.is_not(None))
            .order_by(RatingLadder.id)
        ).first()
        if ladder is None:
            return {}
        rows = session.execute(
            select(
                LadderEntry.player_id, LadderEntry.shown, LadderEntry.rating, LadderEntry.deviation
            ).where(LadderEntry.ladder_id == ladder.id)
        )
        return {pid: RatingBeside(ladder.name, s, r, d) for pid, s, r, d in rows}


__all__ = [
    "LadderCard",
    "LadderLine",
    "LadderView",
    "RatingBeside",
    "ladder_view",
    "list_ladders",
    "season_ratings",
]
