"""Exports: pairings and standings of an event, a season's table and tournaments (CSV and JSON),
and the "why this pair" explanations of a round (issue 3 items 5–6, issue 5 item 4).

CSV is RFC 4180, UTF-8, one header line, ``\\n`` line ends; spreadsheets read it as it is. Numbers
stay exact where they are exact (points are integers, the final bonus a fraction written "3/2");
tiebreak percentages are written as decimals with 6 digits (they are shown, the order used the
exact fractions).

The Swiss engine stores each pair's explanation with the match (``Match.explanation``), naming
players by id ("#12 floated down from 9 points to meet 6"); here the ids become names.

Decisions:
- A season exports in three shapes: the table (``season_table_csv``), the tournaments with their
  void reasons (``season_tournaments_csv``) and every result in the import format
  (``season_results_csv``: ``tournament,date,store,major,player,place,swiss_points,topcut_wins,
  dropped``), so a season exported from one Torneo imports into another and gives the same table.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from sqlalchemy import select

from torneo.cards import views as queries
from torneo.cards.state import get_event
from torneo.cards.tables import Event, Match
from torneo.core.errors import NotFound
from torneo.platform.store.uow import Store
from torneo.seasons import views as season_views
from torneo.seasons.tables import SeasonTournament

_PLAYER_REF = re.compile(r"#(\d+)")
PERCENT_TIEBREAKS = frozenset({"mw", "omw", "gw", "ogw"})


# --- explanations ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExplainedPair:
    table: int
    stage: str
    a: str
    b: str | None  # None: the bye
    result: str | None
    explanation: str  # with names, "" when the engine gave none (Top X)


@dataclass(frozen=True, slots=True)
class ExplainedRound:
    event_id: int
    event: str
    round_no: int
    stage: str
    round_numbers: tuple[int, ...]
    pairs: tuple[ExplainedPair, ...]


def with_names(text: str, names: Mapping[int, str]) -> str:
    """ "#12 floated down ..." → "Mario Rossi floated down ..." (unknown ids stay as they are)."""
    return _PLAYER_REF.sub(lambda m: names.get(int(m[1]), m[0]), text)


def explained_round(store: Store, event_id: int, round_no: int | None = None) -> ExplainedRound:
    """The pairs of a round with the stored reason each was made (issue 3 item 6)."""
    with store.read() as session:
        event = get_event(session, event_id)
        names = {r.player_id: r.player.name for r in event.registrations}
        numbers = tuple(sorted({m.round_no for m in event.matches}))
        if not numbers:
            raise NotFound("round", "no round has been paired yet", "pair the first round")
        number = round_no if round_no is not None else numbers[-1]
        if number not in numbers:
            raise NotFound("round", f"round {number} does not exist", f"1..{numbers[-1]}")
        rows = session.scalars(
            select(Match)
            .where(Match.event_id == event_id, Match.round_no == number)
            .order_by(Match.table_no)
        ).all()
        pairs = tuple(
            ExplainedPair(
                table=m.table_no,
                stage=m.stage,
                a=names.get(m.player_a_id, f"#{m.player_a_id}"),
                b=names.get(m.player_b_id, f"#{m.player_b_id}") if m.player_b_id else None,
                result=_result(m),
                explanation=with_names(m.explanation or "", names),
            )
            for m in rows
        )
        stage = "top" if any(m.stage != "swiss" for m in rows) else "swiss"
        return ExplainedRound(event.id, event.name, number, stage, numbers, pairs)


def _result(m: Match) -> str | None:
    if m.wins_a is None or m.wins_b is None:
        return None
    if m.result_kind == "intentional_draw":
        return "ID"
    return f"{m.wins_a}-{m.wins_b}" + (f"-{m.draws}" if m.draws else "")


# --- CSV helpers -----------------------------------------------------------------------------


def _csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if v is None else v for v in row])
    return out.getvalue()


def _decimal(value: Fraction, digits: int = 6) -> str:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal(1).scaleb(-digits)))


def _yes(value: bool) -> str:
    return "yes" if value else "no"


# --- event exports ---------------------------------------------------------------------------

PAIRINGS_HEADER = (
    "round",
    "table",
    "stage",
    "player_a_id",
    "player_a",
    "player_b_id",
    "player_b",
    "result",
    "explanation",
)


def round_numbers(store: Store, event_id: int) -> tuple[int, ...]:
    """The rounds paired so far (NotFound when there is no such event)."""
    with store.read() as session:
        if session.get(Event, event_id) is None:
            raise NotFound("event_id", f"no event {event_id}", "the id of an existing event")
        found = session.scalars(
            select(Match.round_no).where(Match.event_id == event_id).distinct()
        ).all()
    return tuple(sorted(found))


def pairings_csv(store: Store, event_id: int, round_no: int | None = None) -> str:
    """The pairings of one round (default: every round), one row per table, with the reasons."""
    numbers = round_numbers(store, event_id) if round_no is None else (round_no,)
    rows: list[Sequence[Any]] = []
    for number in numbers:
        view = queries.pairings(store, event_id, number)
        why = {p.table: p.explanation for p in explained_round(store, event_id, number).pairs}
        if view is None:
            continue
        for line in view.lines:
            rows.append(
                (
                    line.round_no,
                    line.table,
                    line.stage,
                    line.a.player_id,
                    line.a.name,
                    line.b.player_id if line.b else None,
                    line.b.name if line.b else "bye",
                    line.result or ("bye" if line.b is None else None),
                    why.get(line.table, ""),
                )
            )
    return _csv(PAIRINGS_HEADER, rows)


def standings_csv(store: Store, event_id: int) -> str:
    """The Swiss standings: position, dense rank (INV-RANK-2), record and the preset's tiebreaks."""
    view = queries.standings(store, event_id)
    names = list(view.tiebreak_names)
    header = [
        "position",
        "rank",
        "player_id",
        "player",
        "club",
        "points",
        "wins",
        "losses",
        "draws",
        "byes",
        "active",
        *names,
    ]
    rows = []
    for s in view.lines:
        values = {t.name: t.value for t in s.tiebreaks}
        rows.append(
            (
                s.position,
                s.rank,
                s.player_id,
                s.name,
                s.club,
                s.points,
                s.wins,
                s.losses,
                s.draws,
                s.byes,
                _yes(s.is_active),
                *(_tiebreak(n, values.get(n)) for n in names),
            )
        )
    return _csv(header, rows)


def _tiebreak(name: str, value: Fraction | None) -> str:
    if value is None:
        return ""
    if name in PERCENT_TIEBREAKS or value.denominator != 1:
        return _decimal(value)
    return str(value.numerator)


def standings_json(store: Store, event_id: int) -> dict[str, Any]:
    view = queries.standings(store, event_id)
    data: dict[str, Any] = queries.as_jsonable(view)
    return data


# --- season exports --------------------------------------------------------------------------

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
)


def season_table_csv(store: Store, season: season_views.SeasonRef) -> str:
    """The season table (INV-RANK-1 order, dense rank INV-RANK-2, the cut INV-RANK-3)."""
    return table_csv(season_views.season_table(store, season))


def table_csv(rows: Sequence[season_views.TableRow]) -> str:
    """The season table as CSV from rows already read (a page's cached read model)."""
    return _csv(
        SEASON_TABLE_HEADER,
        (
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
                str(r.final_bonus),
                _yes(r.qualified),
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
    return _csv(
        TOURNAMENTS_HEADER,
        (
            (
                t.name,
                t.held_on.isoformat(),
                t.store,
                _yes(t.is_major),
                t.field_size,
                t.top_size,
                t.winner,
                _yes(t.void),
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
                _yes(t.is_major),
                r.player.name,
                r.place,
                r.swiss_points,
                r.topcut_wins,
                _yes(r.dropped),
            )
            for t in tournaments
            for r in t.results
        ]
    return _csv(RESULTS_HEADER, lines)


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


def json_text(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


__all__ = [
    "ExplainedPair",
    "ExplainedRound",
    "explained_round",
    "json_text",
    "page_json",
    "pairings_csv",
    "round_numbers",
    "season_json",
    "season_json_text",
    "season_results_csv",
    "season_table_csv",
    "season_tournaments_csv",
    "standings_csv",
    "standings_json",
    "table_csv",
    "tournaments_csv",
    "with_names",
]
