"""One player's season (issue 5 items 2–4): their row, each tournament with its points
explained part by part (INV-PTS-*, INV-MAJOR-*), void ones with every breach (INV-LEGAL-8), and
the chart of their running total.

Players with only void tournaments are not in the table (they have no points) but keep their
history page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from sqlalchemy import select

from torneo.cards.rules.points import PartLabel, tournament_points
from torneo.core.errors import NotFound
from torneo.core.messages import N_, Message
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Store
from torneo.seasons.tables import SeasonResult, SeasonTournament
from torneo.seasons.views import (
    BreachLine,
    ChartPoint,
    ChartSeries,
    SeasonChart,
    SeasonRef,
    TableRow,
    breach_lines,
    find_season,
)
from torneo.seasons.views_load import (
    RESULT_COLUMNS,
    TOURNAMENT_COLUMNS,
    ResultRow,
    breakdown_of,
    fraction,
    load,
    placement_of,
    rules_of,
    table_rows,
    tournament_row,
)


@dataclass(frozen=True, slots=True)
class PointsPart:
    label: PartLabel  # "Swiss", "Top 8", "first place", ... (``label.message`` translates)
    value: int


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One tournament in a player's season."""

    tournament_id: int
    tournament: str
    held_on: date
    store: str
    is_major: bool
    field_size: int
    place: int
    swiss_points: int
    topcut_wins: int
    dropped: bool
    points: int  # season points it gave (0 when void)
    cumulative: int
    parts: tuple[PointsPart, ...]  # the sum, part by part (would-be parts when void)
    would_be: int  # the sum the parts make (what it would give if it were not void)
    note: str  # why there are no parts (INV-MAJOR-6), else ""
    final_bonus: Fraction  # INV-MAJOR-5
    void: bool
    breaches: tuple[BreachLine, ...]
    explanation: str  # the stored English sum: "13 Swiss + 9 Top 8 + 4 first place + 8 size = 34"
    breakdown: Message  # the same sum, recomputed from the facts, for the page's language


@dataclass(frozen=True, slots=True)
class PlayerPage:
    season_id: int
    season: str
    starts_on: date
    ends_on: date
    cut_size: int
    player_id: int
    name: str
    club: str | None
    row: TableRow | None  # None when every tournament of theirs is void
    players_in_table: int
    history: tuple[HistoryLine, ...]
    chart: SeasonChart


def player_page(
    store: Store,
    name: SeasonRef,
    player_id: int,
    *,
    rows: Sequence[TableRow] | None = None,
) -> PlayerPage:
    """One player's season: their row, each tournament with its points explained, the chart.

    ``rows`` is the season table when the caller has it (a cached season page): then only the
    player's own results are read.
    """
    with store.read() as session:
        season = find_season(session, name)
        player = session.get(Player, player_id)
        mine = session.execute(
            select(*TOURNAMENT_COLUMNS, *RESULT_COLUMNS)
            .join(SeasonResult, SeasonResult.tournament_id == SeasonTournament.id)
            .where(SeasonTournament.season_id == season.id, SeasonResult.player_id == player_id)
        )
        played = sorted(
            ((tournament_row(row[:10]), ResultRow(*row[10:])) for row in mine),
            key=lambda tr: (tr[0].held_on, tr[0].name),
        )
        if player is None or not played:
            raise NotFound(
                "player",
                N_("player %(player)s has no result in season '%(season)s'"),
                params={"player": player_id, "season": season.name},
            )
        table = rows if rows is not None else table_rows(load(session, season))
    _, rules = rules_of(season.preset)
    lines: list[HistoryLine] = []
    points_line = [ChartPoint(season.starts_on, 0, None)]
    total = 0
    for t, r in played:
        placement = placement_of(player_id, r)
        # INV-PTS-*, INV-MAJOR-*: the parts recomputed from the facts the season stores.
        (scored,) = tournament_points(
            [placement],
            field_size=t.field_size,
            is_major=t.is_major,
            rules=rules,
            top_size=t.top_size,
        )
        points = 0 if t.void else r.points  # INV-LEGAL-8
        total += points
        points_line.append(ChartPoint(t.held_on, total, t.name, points, t.void))
        lines.append(
            HistoryLine(
                tournament_id=t.id,
                tournament=t.name,
                held_on=t.held_on,
                store=t.store,
                is_major=t.is_major,
                field_size=t.field_size,
                place=r.place,
                swiss_points=r.swiss_points,
                topcut_wins=r.topcut_wins,
                dropped=r.dropped,
                points=points,
                cumulative=total,
                parts=tuple(
                    PointsPart(label, v) for i, (label, v) in enumerate(scored.parts) if v or i == 0
                ),
                would_be=scored.total,
                note=scored.note,
                final_bonus=fraction(r.final_bonus),
                void=t.void,
                breaches=breach_lines(t.void_reasons),
                explanation=r.breakdown,
                breakdown=breakdown_of(scored, t.void, r.breakdown),
            )
        )
    return PlayerPage(
        season_id=season.id,
        season=season.name,
        starts_on=season.starts_on,
        ends_on=season.ends_on,
        cut_size=season.cut_size,
        player_id=player_id,
        name=player.name,
        club=player.club,
        row=next((x for x in table if x.player_id == player_id), None),
        players_in_table=len(table),
        history=tuple(lines),
        chart=SeasonChart(
            season.starts_on,
            season.ends_on,
            (ChartSeries(player_id, player.name, tuple(points_line)),),
        ),
    )


__all__ = ["HistoryLine", "PlayerPage", "PointsPart", "player_page"]
