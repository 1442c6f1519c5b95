"""Read models of a season for the pages, the JSON API and the exports (issue 5 items 2–4).

One read of the season's rows builds everything a page shows: the table in INV-RANK-1 order with
its dense ranks (INV-RANK-2) and the qualification cut (INV-RANK-3), each tournament with its void
reasons split into rule id and sentence (INV-LEGAL-8), the top players' points over the season
(the chart), and each player's history with the points explained part by part.

Speed: a season of 2,000 tournaments and 60,000 results is read as plain column tuples (no ORM
objects), the table is ranked by the pure :class:`~torneo.seasons.rules.ranking.SeasonTable`, and
the pages cache the model under :func:`season_token`, a cheap fingerprint of every row's version.

Decisions:
- The breakdown of a player's points is recomputed from the stored facts by the domain
  (:func:`~torneo.seasons.rules.points.tournament_points`), so a page shows the parts as numbers
  and labels it can translate; the stored text is the same sum in English (CLI, exports).
- The chart of the season shows the top ``CHART_PLAYERS`` (5) of the table; each line starts at
  0 on the season's first day and steps at each tournament the player took part in.
- Players with only void tournaments are not in the table (they have no points) but keep their
  history page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import lru_cache
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from torneo.core.errors import NotFound
from torneo.core.ids import PlayerId
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Store
from torneo.presets import Ruleset
from torneo.presets.models import SeasonPointsRules
from torneo.seasons.commands import season_rules
from torneo.seasons.rules.outcome import TournamentOutcome
from torneo.seasons.rules.points import Placement, tournament_points
from torneo.seasons.rules.ranking import SeasonTable
from torneo.seasons.state import SeasonStanding, outcome_of, standing_of
from torneo.seasons.tables import Season, SeasonResult, SeasonTournament

CHART_PLAYERS = 5
_RULE_ID = re.compile(r"^(?P<rule>[A-Z]{2,}(?:-[A-Z0-9]+)+): (?P<sentence>.*)$", re.S)


# --- values ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BreachLine:
    """One broken sanctioning rule: "INV-LEGAL-2" and "5 players took part; at least 6 ..."."""

    rule_id: str
    sentence: str

    @property
    def text(self) -> str:
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
    cut_tie: tuple[str, ...]  # names tied on the whole chain across the cut (INV-RANK-3)

    @property
    def void_tournaments(self) -> tuple[TournamentLine, ...]:
        return tuple(t for t in self.tournaments if t.void)

    @property
    def qualified(self) -> int:
        return sum(1 for r in self.rows if r.qualified)


@dataclass(frozen=True, slots=True)
class PointsPart:
    label: str  # "Swiss", "Top 8", "first place", "size", "participation", ...
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
    explanation: str


@dataclass(frozen=True, slots=True)
class TournamentPage:
    season: str
    season_id: int
    line: TournamentLine
    results: tuple[TournamentResultLine, ...]


# --- helpers ---------------------------------------------------------------------------------


def breach_lines(reasons: Iterable[Any]) -> tuple[BreachLine, ...]:
    """Stored reasons ("INV-LEGAL-2: 5 players took part; ...") split into rule and sentence."""
    out = []
    for reason in reasons:
        text = str(reason)
        m = _RULE_ID.match(text)
        out.append(BreachLine(m["rule"], m["sentence"]) if m else BreachLine("", text))
    return tuple(out)


@lru_cache(maxsize=64)
def _fraction(text: str) -> Fraction:
    return Fraction(text or "0")


@lru_cache(maxsize=16)
def _rules(preset: str) -> tuple[Ruleset, SeasonPointsRules]:
    """The preset's season rules, parsed once per preset (presets are files in the package)."""
    return season_rules(preset)


def _preset_name(preset: str) -> str:
    try:
        ruleset, _ = _rules(preset)
    except Exception:  # a preset removed since: the id says enough
        return preset
    return ruleset.name


SeasonRef = int | str  # a season's id (pages, API) or its name (CLI)


def find_season(session: Session, ref: SeasonRef) -> Season:
    """A season by id or by name (any case, spaces collapsed)."""
    if isinstance(ref, int):
        found = session.get(Season, ref)
        if found is None:
            raise NotFound("season", f"no season {ref}", "the id of an existing season")
        return found
    season = session.scalars(
        select(Season).where(func.lower(Season.name) == " ".join(ref.split()).lower())
    ).first()
    if season is None:
        raise NotFound("season", f"no season named '{ref}'", "the name of an existing season")
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
    stmt = select(Season.id, Season.version)
    if isinstance(ref, int):
        stmt = stmt.where(Season.id == ref)
    else:
        stmt = stmt.where(func.lower(Season.name) == " ".join(ref.split()).lower())
    with store.read() as session:
        found = session.execute(stmt).first()
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


@dataclass(frozen=True, slots=True)
class _Tournament:
    id: int
    name: str
    held_on: date
    store: str
    is_major: bool
    field_size: int
    top_size: int | None
    void: bool
    void_reasons: tuple[str, ...]
    event_id: int | None


@dataclass(frozen=True, slots=True)
class _Result:
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


_TOURNAMENT_COLUMNS = (
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
_RESULT_COLUMNS = (
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


def _tournament(row: Any) -> _Tournament:
    tid, name, day, shop, major, size, top, void, reasons, event_id = row
    return _Tournament(
        tid, name, day, shop, major, size, top, void, tuple(str(r) for r in reasons or ()), event_id
    )


@dataclass(slots=True)
class _Loaded:
    season: Season
    tournaments: list[_Tournament]
    results: dict[int, list[_Result]]  # tournament id → its results by place
    players: dict[int, tuple[str, str | None]]
    table: SeasonTable


def _load(session: Session, season: Season) -> _Loaded:
    """Every tournament and result of the season as plain values, and the ranked table."""
    tournaments = [
        _tournament(row)
        for row in session.execute(
            select(*_TOURNAMENT_COLUMNS)
            .where(SeasonTournament.season_id == season.id)
            .order_by(SeasonTournament.held_on, SeasonTournament.id)
        )
    ]
    results: dict[int, list[_Result]] = {t.id: [] for t in tournaments}
    rows = session.execute(
        select(*_RESULT_COLUMNS)
        .join(SeasonTournament, SeasonTournament.id == SeasonResult.tournament_id)
        .where(SeasonTournament.season_id == season.id)
        .order_by(SeasonResult.tournament_id, SeasonResult.place)
    )
    for row in rows:
        results[row[0]].append(_Result(*row))
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
    table = SeasonTable(cut=season.cut_size)
    for t in tournaments:
        table.put(_outcome(t, results[t.id]))
    return _Loaded(season, tournaments, results, players, table)


def _outcome(t: _Tournament, results: Sequence[_Result]) -> TournamentOutcome:
    return outcome_of(t.name, t.held_on, t.is_major, results, t.void, t.void_reasons)


def _table_rows(ld: _Loaded) -> tuple[TableRow, ...]:
    out = []
    for row in ld.table.rows():
        name, club = ld.players.get(int(row.player_id), (f"#{row.player_id}", None))
        out.append(standing_of(row, name, club))
    return tuple(out)


def _tournament_line(ld: _Loaded, t: _Tournament) -> TournamentLine:
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


def _series(ld: _Loaded, player_id: int) -> ChartSeries:
    name = ld.players.get(player_id, (f"#{player_id}", None))[0]
    points = [ChartPoint(ld.season.starts_on, 0, None)]
    for h in ld.table.history(PlayerId(player_id)):
        day = h.date or ld.season.starts_on
        points.append(ChartPoint(day, h.cumulative, h.tournament, h.points, h.void))
    return ChartSeries(player_id, name, tuple(points))


def _chart(ld: _Loaded, player_ids: Sequence[int]) -> SeasonChart:
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
        ld = _load(session, season)
        rows = _table_rows(ld)
        tie = ld.table.cut_tie()
        return SeasonPage(
            id=season.id,
            name=season.name,
            preset=season.preset,
            preset_name=_preset_name(season.preset),
            starts_on=season.starts_on,
            ends_on=season.ends_on,
            cut_size=season.cut_size,
            rows=rows,
            tournaments=tuple(_tournament_line(ld, t) for t in ld.tournaments),
            chart=_chart(ld, [r.player_id for r in rows[:CHART_PLAYERS]]),
            cut_tie=tuple(ld.players.get(int(p), (f"#{p}", None))[0] for p in tie),
        )


def season_table(store: Store, name: SeasonRef) -> tuple[TableRow, ...]:
    """Only the table (exports, the API)."""
    with store.read() as session:
        return _table_rows(_load(session, find_season(session, name)))


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
            select(*_TOURNAMENT_COLUMNS, *_RESULT_COLUMNS)
            .join(SeasonResult, SeasonResult.tournament_id == SeasonTournament.id)
            .where(SeasonTournament.season_id == season.id, SeasonResult.player_id == player_id)
        )
        played = sorted(
            ((_tournament(row[:10]), _Result(*row[10:])) for row in mine),
            key=lambda tr: (tr[0].held_on, tr[0].name),
        )
        if player is None or not played:
            raise NotFound(
                "player", f"player {player_id} has no result in season '{season.name}'", None
            )
        table = rows if rows is not None else _table_rows(_load(session, season))
    _, rules = _rules(season.preset)
    lines: list[HistoryLine] = []
    points_line = [ChartPoint(season.starts_on, 0, None)]
    total = 0
    for t, r in played:
        placement = Placement(
            PlayerId(player_id),
            r.place,
            r.swiss_points,
            r.topcut_wins,
            r.dropped,
            r.played_every_round,
            r.third_place_win,
        )
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
                final_bonus=_fraction(r.final_bonus),
                void=t.void,
                breaches=breach_lines(t.void_reasons),
                explanation=r.breakdown,
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


def tournament_page(store: Store, name: SeasonRef, tournament_id: int) -> TournamentPage:
    """A tournament of the season: its results with the points each took, and why it is void."""
    with store.read() as session:
        season = find_season(session, name)
        found = session.execute(
            select(*_TOURNAMENT_COLUMNS).where(
                SeasonTournament.id == tournament_id, SeasonTournament.season_id == season.id
            )
        ).first()
        if found is None:
            raise NotFound(
                "tournament",
                f"no tournament {tournament_id} in season '{season.name}'",
                "a tournament listed on the season page",
            )
        t = _tournament(found)
        results = [
            _Result(*row)
            for row in session.execute(
                select(*_RESULT_COLUMNS)
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
    ld = _Loaded(season, [t], {t.id: results}, players, SeasonTable(cut=season.cut_size))
    return TournamentPage(
        season=season.name,
        season_id=season.id,
        line=_tournament_line(ld, t),
        results=tuple(
            TournamentResultLine(
                place=r.place,
                player_id=r.player_id,
                player=players[r.player_id][0],
                swiss_points=r.swiss_points,
                topcut_wins=r.topcut_wins,
                dropped=r.dropped,
                points=r.points,
                final_bonus=_fraction(r.final_bonus),
                explanation=r.breakdown,
            )
            for r in results
        ),
    )


__all__ = [
    "CHART_PLAYERS",
    "BreachLine",
    "ChartPoint",
    "ChartSeries",
    "HistoryLine",
    "PlayerPage",
    "PointsPart",
    "SeasonCard",
    "SeasonChart",
    "SeasonPage",
    "SeasonRef",
    "TableRow",
    "TournamentLine",
    "TournamentPage",
    "TournamentResultLine",
    "breach_lines",
    "find_season",
    "list_season_cards",
    "player_page",
    "season_name",
    "season_page",
    "season_table",
    "season_token",
    "tournament_page",
]
