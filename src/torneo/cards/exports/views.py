"""Exports of an event: pairings and standings (CSV and JSON), and the "why this pair"
explanations of a round (issue 3 items 5–6). A season's exports are in ``torneo.seasons.exports``.

CSV is RFC 4180 (``torneo.platform.csv_text``). Numbers stay exact where they are exact; tiebreak
percentages are written as decimals with 6 digits (they are shown, the order used the exact
fractions).

The Swiss engine stores each pair's explanation with the match (``Match.explanation``) as a
message (its id and parameters, ``core/message_json.py``) naming players by id ("#12 floated down
from 9 points to meet 6"); here the ids become names. ``ExplainedPair.reason`` is that message
for a page (translated there), ``ExplainedPair.explanation`` its English words (CSV, API). A
reason stored as English text by an older version is read as it was written.

"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import select

from torneo.cards import views as queries
from torneo.cards.state import get_event, no_event
from torneo.cards.tables import Event, Match
from torneo.core.errors import NotFound
from torneo.core.message_json import load_message
from torneo.core.messages import N_, Message
from torneo.engines.results import GameScore, ResultKind
from torneo.engines.swiss.explain import name_players
from torneo.platform import sheets
from torneo.platform.csv_text import decimal_value
from torneo.platform.sheets import Cell, Sheet
from torneo.platform.store.uow import Store

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
    explanation: str  # with names, in English; "" when the engine gave none (Top X)
    reason: Message | None = None  # the same with names, for a page's language


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


def named_reason(stored: str | None, names: Mapping[int, str]) -> Message | None:
    """The stored reason of a match with players named (None when the engine gave none)."""
    if not stored:
        return None
    reason = load_message(stored)
    if reason.params:
        return name_players(reason, names)
    return Message(with_names(reason.id, names))  # English text stored before messages were ids


def explained_round(store: Store, event_id: int, round_no: int | None = None) -> ExplainedRound:
    """The pairs of a round with the stored reason each was made (issue 3 item 6)."""
    with store.read() as session:
        event = get_event(session, event_id)
        names = {r.player_id: r.player.name for r in event.registrations}
        numbers = tuple(sorted({m.round_no for m in event.matches}))
        if not numbers:
            raise NotFound("round", N_("no round has been paired yet"), N_("pair the first round"))
        number = round_no if round_no is not None else numbers[-1]
        if number not in numbers:
            raise NotFound(
                "round",
                N_("round %(round)s does not exist"),
                "1..%(last)s",
                params={"round": number, "last": numbers[-1]},
            )
        rows = session.scalars(
            select(Match)
            .where(Match.event_id == event_id, Match.round_no == number)
            .order_by(Match.table_no)
        ).all()
        pairs = tuple(_explained_pair(m, names) for m in rows)
        stage = "top" if any(m.stage != "swiss" for m in rows) else "swiss"
        return ExplainedRound(event.id, event.name, number, stage, numbers, pairs)


def _explained_pair(m: Match, names: Mapping[int, str]) -> ExplainedPair:
    reason = named_reason(m.explanation, names)
    return ExplainedPair(
        table=m.table_no,
        stage=m.stage,
        a=names.get(m.player_a_id, f"#{m.player_a_id}"),
        b=names.get(m.player_b_id, f"#{m.player_b_id}") if m.player_b_id else None,
        result=_result(m),
        explanation=reason.english() if reason is not None else "",
        reason=reason,
    )


def _result(m: Match) -> str | None:
    """The result as it is entered: "ID" for an intentional draw, "0-0-1" for a played draw,
    the kind after the score for a concession or an auto-win (BER-RES-1)."""
    if m.wins_a is None or m.wins_b is None:
        return None
    if m.result_kind == ResultKind.INTENTIONAL_DRAW.value:
        return "ID"
    kind = ResultKind(m.result_kind or ResultKind.PLAYED.value)
    return GameScore(m.wins_a, m.wins_b, m.draws or 0, kind).written()


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
            raise no_event(event_id)
        found = session.scalars(
            select(Match.round_no).where(Match.event_id == event_id).distinct()
        ).all()
    return tuple(sorted(found))


def pairings_csv(store: Store, event_id: int, round_no: int | None = None) -> str:
    """:func:`pairings_sheet` as RFC 4180 CSV (the CLI's and the plain URL's file)."""
    return sheets.csv_text(pairings_sheet(store, event_id, round_no))


def pairings_sheet(store: Store, event_id: int, round_no: int | None = None) -> Sheet:
    """The pairings of one round (default: every round), one row per table, with the reasons;
    an event in pods adds each table's pod (BER-POD-1) as a last column."""
    numbers = round_numbers(store, event_id) if round_no is None else (round_no,)
    rows: list[Sequence[Cell]] = []
    in_pods = False
    for number in numbers:
        view = queries.pairings(store, event_id, number)
        why = {p.table: p.explanation for p in explained_round(store, event_id, number).pairs}
        if view is None:
            continue
        for line in view.lines:
            in_pods = in_pods or line.a.pod is not None
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
                    line.a.pod,
                )
            )
    if in_pods:
        return Sheet(N_("Pairings"), (*PAIRINGS_HEADER, "pod"), sheets.rows_of(rows))
    return Sheet(N_("Pairings"), PAIRINGS_HEADER, sheets.rows_of([row[:-1] for row in rows]))


def standings_csv(store: Store, event_id: int) -> str:
    """:func:`standings_sheet` as RFC 4180 CSV (the CLI's and the plain URL's file)."""
    return sheets.csv_text(standings_sheet(store, event_id))


def standings_sheet(store: Store, event_id: int) -> Sheet:
    """The Swiss standings: position, displayed place, record and the preset's tiebreaks; an
    event in pods adds each player's pod (BER-POD-1) as a last column."""
    view = queries.standings(store, event_id)
    in_pods = bool(view.pods)
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
        *(["pod"] if in_pods else []),
    ]
    rows: list[Sequence[Cell]] = []
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
                s.is_active,
                *(_tiebreak(n, values.get(n)) for n in names),
                *([s.pod] if in_pods else []),
            )
        )
    return Sheet(N_("Standings"), tuple(header), sheets.rows_of(rows))


def _tiebreak(name: str, value: Fraction | None) -> Cell:
    if value is None:
        return None
    if name in PERCENT_TIEBREAKS or value.denominator != 1:
        return decimal_value(value)
    return value.numerator


def standings_json(store: Store, event_id: int) -> dict[str, Any]:
    view = queries.standings(store, event_id)
    data: dict[str, Any] = queries.as_jsonable(view)
    return data


__all__ = [
    "ExplainedPair",
    "ExplainedRound",
    "explained_round",
    "named_reason",
    "pairings_csv",
    "pairings_sheet",
    "round_numbers",
    "standings_csv",
    "standings_json",
    "standings_sheet",
    "with_names",
]
