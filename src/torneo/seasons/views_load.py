"""A season's rows read as plain values, and the ranked table built from them (issue 5).

Speed: a season of 2,000 tournaments and 60,000 results is read as plain column tuples (no ORM
objects) and ranked by the pure :class:`~torneo.seasons.rules.ranking.SeasonTable`. The read
models of the pages (:mod:`torneo.seasons.views`, :mod:`torneo.seasons.views_player`,
:mod:`torneo.seasons.views_tournament`) are built from these values.

The breakdown of a player's points is recomputed from the stored facts by the rule
(:func:`~torneo.cards.rules.points.tournament_points`, INV-PTS-*), so a page shows the parts as
numbers and labels it can translate; the stored text is the same sum in English (CLI, exports).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import lru_cache
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.cards.rules.points import Placement, PointsBreakdown
from torneo.core.ids import PlayerId
from torneo.core.messages import Message
from torneo.platform.store.tables import Player
from torneo.presets import Ruleset
from torneo.presets.models import SeasonPointsRules
from torneo.seasons.commands import season_rules
from torneo.seasons.rules.outcome import TournamentOutcome, void_breakdown
from torneo.seasons.rules.ranking import SeasonTable
from torneo.seasons.state import SeasonStanding, empty_table, outcome_of, standing_of
from torneo.seasons.tables import Season, SeasonResult, SeasonTournament


def breakdown_of(scored: PointsBreakdown, void: bool, stored: str) -> Message:
    """The points explained (INV-PTS-*), struck through as void (INV-LEGAL-8) when it is.

    The message is recomputed from the stored facts; should it not say what was stored (the
    preset changed since), the stored English sum is shown as it is.
    """
    message = void_breakdown(scored.message) if void else scored.message
    return message if message.english() == stored else Message(stored)


@lru_cache(maxsize=64)
def fraction(text: str) -> Fraction:
    return Fraction(text or "0")


@lru_cache(maxsize=16)
def rules_of(preset: str) -> tuple[Ruleset, SeasonPointsRules]:
    """The preset's season rules, parsed once per preset (presets are files in the package)."""
    return season_rules(preset)


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: int
    name: str
    held_on: date
    store: str
    is_major: bool
    field_size: int
    top_size: int | None
    void: bool
    void_reasons: tuple[Any, ...]  # breach records (state.breach_record)
    event_id: int | None


@dataclass(frozen=True, slots=True)
class ResultRow:
    tournament_id: int
    player_id: int
    place: int
    points: int
    final_bonus: str
    dropped: bool
    played_every_round: bool
    breakdown: str
    swiss_points: int
    topcut_wins: int
    third_place_win: bool


TOURNAMENT_COLUMNS = (
    SeasonTournament.id,
    SeasonTournament.name,
    SeasonTournament.held_on,
    SeasonTournament.store,
    SeasonTournament.is_major,
    SeasonTournament.field_size,
    SeasonTournament.top_size,
    SeasonTournament.void,
    SeasonTournament.void_reasons,
    SeasonTournament.event_id,
)


RESULT_COLUMNS = (
    SeasonResult.tournament_id,
    SeasonResult.player_id,
    SeasonResult.place,
    SeasonResult.points,
    SeasonResult.final_bonus,
    SeasonResult.dropped,
    SeasonResult.played_every_round,
    SeasonResult.breakdown,
    SeasonResult.swiss_points,
    SeasonResult.topcut_wins,
    SeasonResult.third_place_win,
)


def tournament_row(row: Any) -> TournamentRow:
    tid, name, day, shop, major, size, top, void, reasons, event_id = row
    return TournamentRow(
        tid, name, day, shop, major, size, top, void, tuple(reasons or ()), event_id
    )


@dataclass(slots=True)
class Loaded:
    season: Season
    tournaments: list[TournamentRow]
    results: dict[int, list[ResultRow]]  # tournament id → its results by place
    players: dict[int, tuple[str, str | None]]
    table: SeasonTable


def load(session: Session, season: Season) -> Loaded:
    """Every tournament and result of the season as plain values, and the ranked table."""
    tournaments = [
        tournament_row(row)
        for row in session.execute(
            select(*TOURNAMENT_COLUMNS)
            .where(SeasonTournament.season_id == season.id)
            .order_by(SeasonTournament.held_on, SeasonTournament.id)
        )
    ]
    results: dict[int, list[ResultRow]] = {t.id: [] for t in tournaments}
    rows = session.execute(
        select(*RESULT_COLUMNS)
        .join(SeasonTournament, SeasonTournament.id == SeasonResult.tournament_id)
        .where(SeasonTournament.season_id == season.id)
        .order_by(SeasonResult.tournament_id, SeasonResult.place)
    )
    for row in rows:
        results[row[0]].append(ResultRow(*row))
    in_season = (
        select(SeasonResult.player_id)
        .join(SeasonTournament, SeasonTournament.id == SeasonResult.tournament_id)
        .where(SeasonTournament.season_id == season.id)
    )
    players = {
        pid: (name, club)
        for pid, name, club in session.execute(
            select(Player.id, Player.name, Player.club).where(Player.id.in_(in_season))
        )
    }
    table = empty_table(season)
    for t in tournaments:
        table.put(_outcome(t, results[t.id]))
    return Loaded(season, tournaments, results, players, table)


def _outcome(t: TournamentRow, results: Sequence[ResultRow]) -> TournamentOutcome:
    return outcome_of(t.name, t.held_on, t.is_major, results, t.void, t.void_reasons)


def table_rows(ld: Loaded) -> tuple[SeasonStanding, ...]:
    out = []
    for row in ld.table.rows():
        name, club = ld.players.get(int(row.player_id), (f"#{row.player_id}", None))
        out.append(standing_of(row, name, club))
    return tuple(out)


def placement_of(player_id: int, r: ResultRow) -> Placement:
    return Placement(
        PlayerId(player_id),
        r.place,
        r.swiss_points,
        r.topcut_wins,
        r.dropped,
        r.played_every_round,
        r.third_place_win,
    )


__all__ = [
    "RESULT_COLUMNS",
    "TOURNAMENT_COLUMNS",
    "Loaded",
    "ResultRow",
    "TournamentRow",
    "breakdown_of",
    "fraction",
    "load",
    "placement_of",
    "rules_of",
    "table_rows",
    "tournament_row",
]
