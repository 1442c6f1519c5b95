"""A tournament of a season (issue 5 items 2–4): its results with the points each took,
explained (INV-PTS-*, INV-MAJOR-*), and why it is void (INV-LEGAL-8)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from sqlalchemy import select

from torneo.cards.rules.points import tournament_points
from torneo.core.errors import NotFound, TorneoError
from torneo.core.messages import N_, Message
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Store
from torneo.presets.models import SeasonPointsRules
from torneo.seasons.state import empty_table
from torneo.seasons.tables import SeasonResult, SeasonTournament
from torneo.seasons.views import SeasonRef, TournamentLine, find_season, tournament_line
from torneo.seasons.views_load import (
    RESULT_COLUMNS,
    TOURNAMENT_COLUMNS,
    Loaded,
    ResultRow,
    TournamentRow,
    breakdown_of,
    fraction,
    placement_of,
    rules_of,
    tournament_row,
)


@dataclass(frozen=True, slots=True)
class TournamentResultLine:
    place: int
    player_id: int
    player: str
    swiss_points: int
    topcut_wins: int
    dropped: bool
    points: int
    final_bonus: Fraction
    explanation: str  # the stored English sum (exports)
    breakdown: Message  # the same sum, recomputed from the facts, for the page's language


@dataclass(frozen=True, slots=True)
class TournamentPage:
    season: str
    season_id: int
    line: TournamentLine
    results: tuple[TournamentResultLine, ...]


def tournament_page(store: Store, name: SeasonRef, tournament_id: int) -> TournamentPage:
    """A tournament of the season: its results with the points each took, and why it is void."""
    with store.read() as session:
        season = find_season(session, name)
        found = session.execute(
            select(*TOURNAMENT_COLUMNS).where(
                SeasonTournament.id == tournament_id, SeasonTournament.season_id == season.id
            )
        ).first()
        if found is None:
            raise NotFound(
                "tournament",
                N_("no tournament %(id)s in season '%(season)s'"),
                N_("a tournament listed on the season page"),
                params={"id": tournament_id, "season": season.name},
            )
        t = tournament_row(found)
        results = [
            ResultRow(*row)
            for row in session.execute(
                select(*RESULT_COLUMNS)
                .where(SeasonResult.tournament_id == t.id)
                .order_by(SeasonResult.place)
            )
        ]
        players = {
            pid: (pname, club)
            for pid, pname, club in session.execute(
                select(Player.id, Player.name, Player.club).where(
                    Player.id.in_([r.player_id for r in results])
                )
            )
        }
    ld = Loaded(season, [t], {t.id: results}, players, empty_table(season))
    breakdowns = _breakdowns(t, results, rules_of(season.preset)[1])
    return TournamentPage(
        season=season.name,
        season_id=season.id,
        line=tournament_line(ld, t),
        results=tuple(
            TournamentResultLine(
                place=r.place,
                player_id=r.player_id,
                player=players[r.player_id][0],
                swiss_points=r.swiss_points,
                topcut_wins=r.topcut_wins,
                dropped=r.dropped,
                points=r.points,
                final_bonus=fraction(r.final_bonus),
                explanation=r.breakdown,
                breakdown=breakdown,
            )
            for r, breakdown in zip(results, breakdowns, strict=True)
        ),
    )


def _breakdowns(
    t: TournamentRow, results: Sequence[ResultRow], rules: SeasonPointsRules
) -> list[Message]:
    """Each result's points explained (INV-PTS-*), recomputed from the stored facts."""
    try:
        scored = tournament_points(
            [placement_of(r.player_id, r) for r in results],
            field_size=t.field_size,
            is_major=t.is_major,
            rules=rules,
            top_size=t.top_size,
        )
    except TorneoError:  # facts the rules refuse today: the stored sums say it
        return [Message(r.breakdown) for r in results]
    return [breakdown_of(b, t.void, r.breakdown) for b, r in zip(scored, results, strict=True)]


__all__ = ["TournamentPage", "TournamentResultLine", "tournament_page"]
