"""Finished RisiKo! tournaments as rankings of players, table by table (RSK-PTS-1).

This is RisiKo!'s declared interface for the other disciplines (pyproject ``[tool.importlinter]``
"disciplines"): a rating ladder of ``torneo.seasons`` rates each table of a finished tournament
as one ranking of its players (openskill), and reads it here instead of RisiKo!'s tables. It
reads in the caller's session, so a ladder is recomputed in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.ids import PlayerId
from torneo.risiko.state import FINISHED, result_of
from torneo.risiko.tables import RisikoTournament


@dataclass(frozen=True, slots=True)
class FinishedTable:
    """One game: its players best first, grouped where they share a place, and its winners."""

    groups: tuple[tuple[PlayerId, ...], ...]  # ``TableResult.finishing_groups`` (RSK-PTS-1)
    winners: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class FinishedTournament:
    id: int
    held_on: date
    tables: tuple[FinishedTable, ...]  # every table of every round, as recorded


def finished_tournaments(session: Session, preset: str) -> list[FinishedTournament]:
    """The finished tournaments of ``preset`` by date (then id), each with its tables."""
    rows = session.scalars(
        select(RisikoTournament)
        .where(RisikoTournament.preset == preset, RisikoTournament.status == FINISHED)
        .order_by(RisikoTournament.held_on, RisikoTournament.id)
    ).all()
    return [
        FinishedTournament(
            row.id,
            row.held_on,
            tuple(
                FinishedTable(table.finishing_groups(), table.winners)
                for table in (result_of(res) for res in row.results)
            ),
        )
        for row in rows
    ]


__all__ = ["FinishedTable", "FinishedTournament", "finished_tournaments"]
