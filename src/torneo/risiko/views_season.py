"""Read model of a RisiKo! season: the finished tournaments labelled with it and each player's
best weighted results (the season rules of the preset). No writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.errors import NotFound
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.platform.store.uow import Store
from torneo.risiko.rules.season import SeasonResult, points_by_position, season_ranking
from torneo.risiko.rules.settings import rules_from_preset
from torneo.risiko.rules.standings import FinalPlace
from torneo.risiko.rules.standings import Stage as FinalStage
from torneo.risiko.state import FINISHED, get_tournament, preset_rules, rules_of
from torneo.risiko.structure import qualifying_standings
from torneo.risiko.tables import RisikoTournament
from torneo.risiko.views import Person, final_places

# --- the season -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeasonCell:
    tournament_id: int
    tournament: str
    kind: str
    points: Fraction
    counted: bool


@dataclass(frozen=True, slots=True)
class SeasonLine:
    position: int
    person: Person
    total: Fraction
    results: tuple[SeasonCell, ...]


@dataclass(frozen=True, slots=True)
class SeasonTournament:
    id: int
    name: str
    held_on: date
    kind: str
    factor: Fraction
    players: int


@dataclass(frozen=True, slots=True)
class SeasonView:
    season: str
    best_results: int
    class_factors: tuple[tuple[str, Fraction], ...]
    tournaments: tuple[SeasonTournament, ...]
    lines: tuple[SeasonLine, ...]


def seasons(store: Store) -> list[str]:
    with store.read() as session:
        names = session.scalars(
            select(RisikoTournament.season).where(RisikoTournament.season.is_not(None)).distinct()
        ).all()
        return sorted((n for n in names if n), reverse=True)


def season_view(store: Store, season: str) -> SeasonView:
    """The season: finished tournaments labelled ``season``, best N weighted results each."""
    with store.read() as session:
        ids = session.scalars(
            select(RisikoTournament.id)
            .where(RisikoTournament.season == season, RisikoTournament.status == FINISHED)
            .order_by(RisikoTournament.held_on, RisikoTournament.id)
        ).all()
        if not ids and season not in seasons_in(session):
            raise NotFound(
                "season",
                N_("no RisiKo! season '%(season)s'"),
                N_("a season of a tournament"),
                params={"season": season},
            )
        rows = [get_tournament(session, i) for i in ids]
        return _season(season, rows)


def seasons_in(session: Session) -> set[str]:
    return {
        s
        for s in session.scalars(select(RisikoTournament.season).distinct()).all()
        if s is not None
    }


def _season(season: str, rows: Sequence[RisikoTournament]) -> SeasonView:
    # The season's rules (best N, class factors) come from the preset of its tournaments.
    rules = rules_of(rows[-1]) if rows else preset_rules("risiko-rtu-2016")
    season_rules = rules_from_preset(rules).season_rules()
    results: list[SeasonResult] = []
    people: dict[int, Person] = {}
    tournaments = []
    names: dict[str, int] = {}
    for row in rows:
        label = f"{row.name} ({row.held_on.isoformat()})"
        names[label] = row.id
        places = final_places(row, rules_of(row)) or _qualifying_places(row)
        for e in row.entrants:
            people[e.player_id] = Person(e.player_id, e.player.name, e.player.club)
        for player, points in points_by_position(places).items():
            results.append(SeasonResult(label, row.kind, player, points))
        tournaments.append(
            SeasonTournament(
                row.id,
                row.name,
                row.held_on,
                row.kind,
                season_rules.class_factors.get(row.kind, Fraction(0)),
                len(places),
            )
        )
    table = season_ranking(results, season_rules) if results else ()
    return SeasonView(
        season,
        season_rules.best_results,
        tuple(season_rules.class_factors.items()),
        tuple(tournaments),
        tuple(
            SeasonLine(
                r.position,
                people.get(int(r.player)) or Person(int(r.player), f"#{r.player}", None),
                r.total,
                tuple(
                    SeasonCell(names[w.tournament], w.tournament, w.kind, w.points, w.counted)
                    for w in r.results
                ),
            )
            for r in table
        ),
    )


def _qualifying_places(row: RisikoTournament) -> tuple[FinalPlace, ...]:
    """A tournament closed without semifinals or a final ranks by its qualifying standings."""
    rules = rules_of(row)
    return tuple(
        FinalPlace(s.position, PlayerId(s.player), FinalStage.QUALIFYING)
        for s in qualifying_standings(row, rules)
        if s.position is not None
    )
