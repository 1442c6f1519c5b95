"""A season as the CLI and the transfer read it: its facts, the table and a player's history.

The table is ranked by the pure :class:`~torneo.seasons.rules.ranking.SeasonTable` from the
stored, already scored tournaments: INV-RANK-1 order, dense ranks (INV-RANK-2), the cut
(INV-RANK-3). The pages read a faster, cached model of the same table
(:mod:`torneo.seasons.views`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.core.ids import PlayerId
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Store
from torneo.seasons.commands import get_season
from torneo.seasons.commands_scoring import stored_outcome, void_list
from torneo.seasons.rules.ranking import HistoryEntry, SeasonTable
from torneo.seasons.state import SeasonStanding, empty_table, standing_of
from torneo.seasons.tables import Season


@dataclass(frozen=True, slots=True)
class SeasonInfo:
    id: int
    name: str
    preset: str
    starts_on: date
    ends_on: date
    cut_size: int
    tournaments: int
    void: tuple[tuple[str, tuple[str, ...]], ...]  # (tournament, breaches) of the void ones


def season_info(store: Store, name: str | int, club: int | None = None) -> SeasonInfo:
    """A season by name (of ``club``: names are per club, issue 27) or by id."""
    with store.read() as session:
        s = get_season(session, name, club=club)
        return SeasonInfo(
            s.id,
            s.name,
            s.preset,
            s.starts_on,
            s.ends_on,
            s.cut_size,
            len(s.tournaments),
            void_list(s),
        )


def list_seasons(store: Store) -> list[SeasonInfo]:
    with store.read() as session:
        ids = session.scalars(select(Season.id).order_by(Season.starts_on, Season.id)).all()
    return [season_info(store, i) for i in ids]  # by id: two clubs may share a name


def _table(session: Session, season: Season) -> tuple[SeasonTable, dict[int, Player]]:
    table = empty_table(season)
    for t in season.tournaments:
        table.put(stored_outcome(t))
    ids = {r.player_id for t in season.tournaments for r in t.results}
    players = {p.id: p for p in session.scalars(select(Player).where(Player.id.in_(ids)))}
    return table, players


def season_standings(
    store: Store, name: str | int, club: int | None = None
) -> list[SeasonStanding]:
    """The season table: INV-RANK-1 order, dense ranks (INV-RANK-2), the cut (INV-RANK-3)."""
    with store.read() as session:
        season = get_season(session, name, club=club)
        table, players = _table(session, season)
        return [
            standing_of(row, players[int(row.player_id)].name, players[int(row.player_id)].club)
            for row in table.rows()
        ]


def player_history(store: Store, name: str, player_id: int) -> list[HistoryEntry]:
    """One player's tournaments of the season by date, with the running total (the chart)."""
    with store.read() as session:
        season = get_season(session, name)
        table, _ = _table(session, season)
        return table.history(PlayerId(player_id))


__all__ = ["SeasonInfo", "list_seasons", "player_history", "season_info", "season_standings"]
