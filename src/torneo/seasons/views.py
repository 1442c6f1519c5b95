"""Read models of a season for the pages, the JSON API and the exports (issue 5 items 2–4).

One read of the season's rows (:mod:`torneo.seasons.views_load`) builds everything the season
page shows: the table in INV-RANK-1 order with its dense ranks (INV-RANK-2) and the
qualification cut (INV-RANK-3), each tournament with its void reasons split into rule id and
sentence (INV-LEGAL-8), and the top players' points over the season (the chart). A player's page
is :mod:`torneo.seasons.views_player`, a tournament's :mod:`torneo.seasons.views_tournament`.

Speed: the pages cache the model under :func:`season_token`, a cheap fingerprint of every row's
version.

Decisions:
- The chart of the season shows the top ``CHART_PLAYERS`` (5) of the table; each line starts at
  0 on the season's first day and steps at each tournament the player took part in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from torneo.core.errors import NotFound
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.platform.store.uow import Store
from torneo.seasons.rules.legality import Breach
from torneo.seasons.state import SeasonStanding, stored_breaches
from torneo.seasons.state_named import season_named
from torneo.seasons.tables import Season, SeasonResult, SeasonTournament
from torneo.seasons.views_cut import CutState, cut_state
from torneo.seasons.views_load import Loaded, TournamentRow, load, rules_of, table_rows

CHART_PLAYERS = 5

# --- values ----------------------------------------------------------------------------------


class BreachLine(Breach):
    """One broken sanctioning rule as a page or the API shows it: "INV-LEGAL-2" and its
    message; ``sentence`` and ``text`` ("INV-LEGAL-2: ...") are the English words."""

    __slots__ = ()

    @classmethod
    def of(cls, breach: Breach) -> BreachLine:
        return cls(breach.rule_id, breach.message)

    @property
    def text(self) -> str:  # type: ignore[override]  # a read model's field, not an action
        return f"{self.rule_id}: {self.sentence}" if self.rule_id else self.sentence


@dataclass(frozen=True, slots=True)
class SeasonCard:
    """A season in the list of seasons."""

    id: int
    name: str
    preset: str
    starts_on: date
    ends_on: date
    cut_size: int
    tournaments: int
    void: int
    players: int


# One row of the season table (INV-RANK-1..3) with the player's name: the same row the CLI
# prints, so pages, API and exports can never disagree with it on a column.
TableRow = SeasonStanding


@dataclass(frozen=True, slots=True)
class TournamentLine:
    id: int
    name: str
    held_on: date
    store: str
    is_major: bool
    field_size: int
    top_size: int | None
    void: bool
    breaches: tuple[BreachLine, ...]  # INV-LEGAL-8: every broken rule, with its id
    event_id: int | None
    winner: str | None


@dataclass(frozen=True, slots=True)
class ChartPoint:
    day: date
    total: int  # cumulative season points after that day's tournament
    tournament: str | None  # None for the starting point
    gained: int = 0  # the points that tournament gave
    void: bool = False  # INV-LEGAL-8: a void tournament, 0 points


@dataclass(frozen=True, slots=True)
class ChartSeries:
    player_id: int
    name: str
    points: tuple[ChartPoint, ...]


@dataclass(frozen=True, slots=True)
class SeasonChart:
    starts_on: date
    ends_on: date
    series: tuple[ChartSeries, ...]


@dataclass(frozen=True, slots=True)
class SeasonPage:
    id: int
    name: str
    preset: str
    preset_name: str
    starts_on: date
    ends_on: date
    cut_size: int
    rows: tuple[TableRow, ...]
    tournaments: tuple[TournamentLine, ...]
    chart: SeasonChart
    cut_tie: tuple[str, ...]  # names tied across the cut, still to decide (INV-RANK-3)
    cut: CutState  # INV-RANK-3: the tie, its decision, the placement bonus

    @property
    def void_tournaments(self) -> tuple[TournamentLine, ...]:
        return tuple(t for t in self.tournaments if t.void)

    @property
    def qualified(self) -> int:
        return sum(1 for r in self.rows if r.qualified)


# --- helpers ---------------------------------------------------------------------------------


def breach_lines(reasons: Iterable[Any] | None) -> tuple[BreachLine, ...]:
    """Stored reasons (message records, or older "INV-LEGAL-2: ..." texts) as breaches."""
    return tuple(BreachLine.of(b) for b in stored_breaches(reasons))


def _preset_name(preset: str) -> str:
    try:
        ruleset, _ = rules_of(preset)
    except Exception:  # a preset removed since: the id says enough
        return preset
    return ruleset.name


SeasonRef = int | str  # a season's id (pages, API) or its name (CLI)


def find_season(session: Session, ref: SeasonRef) -> Season:
    """A season by id or by name (any case, spaces collapsed)."""
    if isinstance(ref, int):
        found = session.get(Season, ref)
        if found is None:
            raise NotFound(
                "season",
                N_("no season %(id)s"),
                N_("the id of an existing season"),
                params={"id": ref},
            )
        return found
    season = season_named(session, ref)  # issue 27: a name two clubs use asks for the id
    if season is None:
        raise NotFound(
            "season",
            N_("no season named '%(name)s'"),
            N_("the name of an existing season"),
            params={"name": ref},
        )
    return season


def season_name(store: Store, ref: SeasonRef) -> tuple[str, str]:
    """(name, preset) of a season, without reading its tournaments."""
    with store.read() as session:
        season = find_season(session, ref)
        return season.name, season.preset


def season_token(store: Store, ref: SeasonRef) -> tuple[int, ...] | None:
    """A fingerprint of everything a season's pages show (None when there is no such season).

    Every row carries an optimistic-locking ``version`` bumped by each UPDATE; the count, the
    sum of versions and the highest id of the tournaments and results change with any insert,
    update or delete, so a cached page is reused only while the database says nothing changed.
    """
    with store.read() as session:
        if isinstance(ref, int):
            row = session.execute(select(Season.id, Season.version).where(Season.id == ref)).first()
            found = None if row is None else (int(row[0]), int(row[1]))
        else:
            named = season_named(session, ref)  # issue 27: names are per club
            found = None if named is None else (named.id, named.version)
        if found is None:
            return None
        season_id, version = found
        t = session.execute(
            select(
                func.count(SeasonTournament.id),
                func.coalesce(func.sum(SeasonTournament.version), 0),
                func.max(SeasonTournament.id),
            ).where(SeasonTournament.season_id == season_id)
        ).one()
        r = session.execute(
            select(
                func.count(SeasonResult.id),
                func.coalesce(func.sum(SeasonResult.version), 0),
                func.max(SeasonResult.id),
            )
            .join(SeasonTournament, SeasonTournament.id == SeasonResult.tournament_id)
            .where(SeasonTournament.season_id == season_id)
        ).one()
    return (season_id, version, *(int(v or 0) for v in (*t, *r)))


def tournament_line(ld: Loaded, t: TournamentRow) -> TournamentLine:
    results = ld.results.get(t.id, [])
    winner = next((r.player_id for r in results if r.place == 1), None)
    return TournamentLine(
        id=t.id,
        name=t.name,
        held_on=t.held_on,
        store=t.store,
        is_major=t.is_major,
        field_size=t.field_size,
        top_size=t.top_size,
        void=t.void,
        breaches=breach_lines(t.void_reasons),
        event_id=t.event_id,
        winner=ld.players.get(winner, ("", None))[0] if winner is not None else None,
    )


def _series(ld: Loaded, player_id: int) -> ChartSeries:
    name = ld.players.get(player_id, (f"#{player_id}", None))[0]
    points = [ChartPoint(ld.season.starts_on, 0, None)]
    for h in ld.table.history(PlayerId(player_id)):
        day = h.date or ld.season.starts_on
        points.append(ChartPoint(day, h.cumulative, h.tournament, h.points, h.void))
    return ChartSeries(player_id, name, tuple(points))


def _chart(ld: Loaded, player_ids: Sequence[int]) -> SeasonChart:
    return SeasonChart(
        ld.season.starts_on,
        ld.season.ends_on,
        tuple(_series(ld, pid) for pid in player_ids),
    )


# --- use cases (reads) -----------------------------------------------------------------------


def list_season_cards(store: Store) -> list[SeasonCard]:
    """Every season with its counts, in three aggregate queries (no result row is loaded)."""
    with store.read() as session:
        seasons = list(session.scalars(select(Season).order_by(Season.starts_on.desc(), Season.id)))
        counts = {
            sid: (n, int(v or 0))
            for sid, n, v in session.execute(
                select(
                    SeasonTournament.season_id,
                    func.count(SeasonTournament.id),
                    func.sum(case((SeasonTournament.void, 1), else_=0)),
                ).group_by(SeasonTournament.season_id)
            )
        }
        players: dict[int, int] = {
            sid: int(n)
            for sid, n in session.execute(
                select(
                    SeasonTournament.season_id,
                    func.count(func.distinct(SeasonResult.player_id)),
                )
                .join(SeasonResult, SeasonResult.tournament_id == SeasonTournament.id)
                .group_by(SeasonTournament.season_id)
            )
        }
        return [
            SeasonCard(
                id=s.id,
                name=s.name,
                preset=s.preset,
                starts_on=s.starts_on,
                ends_on=s.ends_on,
                cut_size=s.cut_size,
                tournaments=counts.get(s.id, (0, 0))[0],
                void=counts.get(s.id, (0, 0))[1],
                players=players.get(s.id, 0),
            )
            for s in seasons
        ]


def season_page(store: Store, name: SeasonRef) -> SeasonPage:
    """The public season page: the table, the cut, the tournaments and the top-5 chart."""
    with store.read() as session:
        season = find_season(session, name)
        ld = load(session, season)
        rows = table_rows(ld)
        cut = cut_state(ld)
        return SeasonPage(
            id=season.id,
            name=season.name,
            preset=season.preset,
            preset_name=_preset_name(season.preset),
            starts_on=season.starts_on,
            ends_on=season.ends_on,
            cut_size=season.cut_size,
            rows=rows,
            tournaments=tuple(tournament_line(ld, t) for t in ld.tournaments),
            chart=_chart(ld, [r.player_id for r in rows[:CHART_PLAYERS]]),
            cut_tie=tuple(p.player for p in cut.tied) if cut.open else (),
            cut=cut,
        )


def season_table(store: Store, name: SeasonRef) -> tuple[TableRow, ...]:
    """Only the table (exports, the API)."""
    with store.read() as session:
        return table_rows(load(session, find_season(session, name)))


__all__ = [
    "CHART_PLAYERS",
    "BreachLine",
    "ChartPoint",
    "ChartSeries",
    "SeasonCard",
    "SeasonChart",
    "SeasonPage",
    "SeasonRef",
    "TableRow",
    "TournamentLine",
    "breach_lines",
    "find_season",
    "list_season_cards",
    "season_name",
    "season_page",
    "season_table",
    "season_token",
    "tournament_line",
]
