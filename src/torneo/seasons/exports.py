"""Exports of a season (issue 5 item 4): its table, its tournaments and every result, as CSV
and JSON, in English (the regulation's column names; INV-RANK-1..3, INV-LEGAL-8).

Decisions:
- A season exports in three shapes: the table (``season_table_csv``), the tournaments with their
  void reasons (``season_tournaments_csv``) and every result in the import format
  (``season_results_csv``: ``tournament,date,store,major,player,place,swiss_points,topcut_wins,
  dropped``), so a season exported from one Torneo imports into another and gives the same table.
- Numbers stay exact: points are integers, the final bonus a fraction written "3/2".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from torneo.core.messages import N_
from torneo.platform import sheets
from torneo.platform.csv_text import csv_text, json_text, yes_no
from torneo.platform.sheets import Sheet
from torneo.platform.store.uow import Store
from torneo.seasons import views as season_views
from torneo.seasons.tables import SeasonTournament

SEASON_TABLE_HEADER = (
    "rank",
    "position",
    "player_id",
    "player",
    "club",
    "points",
    "W",
    "S",
    "MW",
    "MP",
    "T",
    "final_bonus",
    "qualified",
    "tied_at_cut",
    "cut_decided",
)


def season_table_csv(store: Store, season: season_views.SeasonRef) -> str:
    """The season table (INV-RANK-1 order, dense rank INV-RANK-2, the cut INV-RANK-3)."""
    return table_csv(season_views.season_table(store, season))


def table_csv(rows: Sequence[season_views.TableRow]) -> str:
    """The season table as CSV from rows already read (a page's cached read model)."""
    return sheets.csv_text(table_sheet(rows))


def table_sheet(rows: Sequence[season_views.TableRow]) -> Sheet:
    """The season table from rows already read, for any download flavour."""
    return Sheet(
        N_("Season"),
        SEASON_TABLE_HEADER,
        tuple(
            (
                r.rank,
                r.position,
                r.player_id,
                r.player,
                r.club,
                r.points,
                r.wins,
                r.seconds,
                r.major_wins,
                r.best_major_place,
                r.played,
                r.final_bonus,
                r.qualified,
                r.tied_at_cut,
                r.cut_decided,
            )
            for r in rows
        ),
    )


TOURNAMENTS_HEADER = (
    "tournament",
    "date",
    "store",
    "major",
    "players",
    "top",
    "winner",
    "void",
    "breaches",
)


def season_tournaments_csv(store: Store, season: season_views.SeasonRef) -> str:
    """The tournaments of the season; a void one lists every broken rule (INV-LEGAL-8)."""
    return tournaments_csv(season_views.season_page(store, season))


def tournaments_csv(page: season_views.SeasonPage) -> str:
    """The tournaments as CSV from the season page's read model."""
    return sheets.csv_text(tournaments_sheet(page))


def tournaments_sheet(page: season_views.SeasonPage) -> Sheet:
    """The tournaments of the season page's read model, for any download flavour."""
    return Sheet(
        N_("Tournaments"),
        TOURNAMENTS_HEADER,
        tuple(
            (
                t.name,
                t.held_on.isoformat(),
                t.store,
                t.is_major,
                t.field_size,
                t.top_size,
                t.winner,
                t.void,
                " | ".join(b.text for b in t.breaches),
            )
            for t in page.tournaments
        ),
    )


RESULTS_HEADER = (
    "tournament",
    "date",
    "store",
    "major",
    "player",
    "place",
    "swiss_points",
    "topcut_wins",
    "dropped",
)


def season_results_csv(store: Store, season: season_views.SeasonRef) -> str:
    """Every result in the season-import format (``torneo season import`` reads it back)."""
    with store.read() as session:
        row = season_views.find_season(session, season)
        tournaments = session.scalars(
            select(SeasonTournament)
            .where(SeasonTournament.season_id == row.id)
            .order_by(SeasonTournament.held_on, SeasonTournament.id)
        ).all()
        lines = [
            (
                t.name,
                t.held_on.isoformat(),
                t.store,
                yes_no(t.is_major),
                r.player.name,
                r.place,
                r.swiss_points,
                r.topcut_wins,
                yes_no(r.dropped),
            )
            for t in tournaments
            for r in t.results
        ]
    return csv_text(RESULTS_HEADER, lines)


def season_json(store: Store, season: season_views.SeasonRef) -> dict[str, Any]:
    """The season as JSON: its facts, the table (regulation's column names), the tournaments."""
    return page_json(season_views.season_page(store, season))


def page_json(page: season_views.SeasonPage) -> dict[str, Any]:
    """The season as JSON from its page's read model (cached by the web layer)."""
    return {
        "season": {
            "id": page.id,
            "name": page.name,
            "preset": page.preset,
            "start": page.starts_on.isoformat(),
            "end": page.ends_on.isoformat(),
            "cut_size": page.cut_size,
        },
        "standings": [r.as_dict() for r in page.rows],
        "tournaments": [
            {
                "id": t.id,
                "tournament": t.name,
                "date": t.held_on.isoformat(),
                "store": t.store,
                "major": t.is_major,
                "players": t.field_size,
                "top": t.top_size,
                "winner": t.winner,
                "void": t.void,
                "breaches": [{"rule": b.rule_id, "sentence": b.sentence} for b in t.breaches],
                "event_id": t.event_id,
            }
            for t in page.tournaments
        ],
    }


def season_json_text(store: Store, season: season_views.SeasonRef) -> str:
    return json_text(season_json(store, season))


__all__ = [
    "json_text",
    "page_json",
    "season_json",
    "season_json_text",
    "season_results_csv",
    "season_table_csv",
    "season_tournaments_csv",
    "table_csv",
    "table_sheet",
    "tournaments_csv",
    "tournaments_sheet",
]
