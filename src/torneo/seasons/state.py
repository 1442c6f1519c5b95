"""Rows of the season table as services hand them out, built once for every reader.

``seasons`` (CLI, imports) and ``season_views`` (pages, API, exports) both turn stored
tournaments into ``TournamentOutcome`` values for ``SeasonTable`` and its ``SeasonRow`` values
into named rows; they do it here so the two can never disagree on a column.

A void tournament's breaches (INV-LEGAL-8) are stored as message ids with their parameters
(:func:`breach_record`), so a page shows them in its own language; a reason stored as English
text by an older version is read back as it is (:func:`stored_breach`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any, Protocol

from torneo.core.ids import PlayerId
from torneo.core.message_json import message_id, stored_id
from torneo.core.messages import Message, Term
from torneo.seasons.rules.cut import decision_of
from torneo.seasons.rules.legality import Breach
from torneo.seasons.rules.outcome import SeasonResult as ScoredResult
from torneo.seasons.rules.outcome import TournamentOutcome
from torneo.seasons.rules.ranking import SeasonRow, SeasonTable
from torneo.seasons.tables import Season


@dataclass(frozen=True, slots=True)
class SeasonStanding:
    """One row of the season table with the player's name (INV-RANK-1..3)."""

    rank: int  # dense on points (INV-RANK-2)
    position: int  # strict INV-RANK-1 order
    player_id: int
    player: str
    club: str | None
    points: int
    wins: int  # W
    seconds: int  # S
    major_wins: int  # MW
    best_major_place: int | None  # MP
    played: int  # T
    final_bonus: Fraction  # INV-MAJOR-5 (+ placement bonus)
    qualified: bool  # inside the cut (INV-RANK-3)
    tied_at_cut: bool = False  # INV-RANK-3: tied on the whole chain across the cut line
    cut_decided: bool = False  # INV-RANK-3: that tie settled by the organizer or a lot

    def as_dict(self) -> dict[str, Any]:
        """The columns as the regulation names them (JSON and CSV exports, the CLI)."""
        return {
            "rank": self.rank,
            "position": self.position,
            "player_id": self.player_id,
            "player": self.player,
            "club": self.club,
            "points": self.points,
            "W": self.wins,
            "S": self.seconds,
            "MW": self.major_wins,
            "MP": self.best_major_place,
            "T": self.played,
            "final_bonus": str(self.final_bonus),
            "qualified": self.qualified,
            "tied_at_cut": self.tied_at_cut,
            "cut_decided": self.cut_decided,
        }


def standing_of(row: SeasonRow, player: str, club: str | None) -> SeasonStanding:
    """The domain's row with the player's name and club."""
    return SeasonStanding(
        rank=row.rank,
        position=row.position,
        player_id=int(row.player_id),
        player=player,
        club=club,
        points=row.points,
        wins=row.wins,
        seconds=row.seconds,
        major_wins=row.major_wins,
        best_major_place=row.best_major_place,
        played=row.played,
        final_bonus=row.final_bonus,
        qualified=row.qualified,
        tied_at_cut=row.tied_at_cut,
        cut_decided=row.cut_decided,
    )


def empty_table(season: Season) -> SeasonTable:
    """The season's table with its settings and nothing in it yet: every reader builds it here,
    so the cut, a recorded decision at the cut (INV-RANK-3) and the placement bonus are the same
    on the pages, the API, the exports and the CLI."""
    return SeasonTable(
        cut=season.cut_size,
        placement_final_bonus=placement_bonus_of(season.placement_bonus),
        cut_decision=decision_of(season.cut_decision),
    )


def placement_bonus_of(stored: Sequence[Any] | None) -> tuple[Fraction, ...]:
    """The stored placement bonus ("3/2", "1", ...) as exact values."""
    return tuple(Fraction(str(b)) for b in stored or ())


class StoredResult(Protocol):
    """A stored, already scored result (an ORM ``SeasonResult`` or a lighter read of it)."""

    @property
    def player_id(self) -> int: ...
    @property
    def place(self) -> int: ...
    @property
    def points(self) -> int: ...
    @property
    def final_bonus(self) -> str: ...
    @property
    def dropped(self) -> bool: ...
    @property
    def played_every_round(self) -> bool: ...
    @property
    def breakdown(self) -> str: ...


def outcome_of(
    name: str,
    held_on: date,
    is_major: bool,
    results: Iterable[StoredResult],
    void: bool,
    breaches: Sequence[Any] | None,
) -> TournamentOutcome:
    """The stored tournament as the season table reads it (points are not scored again)."""
    return TournamentOutcome(
        key=name,
        date=held_on,
        is_major=is_major,
        results=tuple(
            ScoredResult(
                player_id=PlayerId(r.player_id),
                place=r.place,
                points=r.points,
                final_bonus=Fraction(r.final_bonus or "0"),
                has_major_benefits=not r.dropped and r.played_every_round,  # INV-MAJOR-6
                explanation=r.breakdown,
            )
            for r in results
        ),
        void=void,
        breaches=tuple(b.text() for b in stored_breaches(breaches)),
    )


# --- breaches as stored (SeasonTournament.void_reasons, a JSON list) -------------------------


def breach_record(breach: Breach) -> dict[str, Any]:
    """``{"rule": "INV-LEGAL-2", "id": "<message id>", "params": {...}}`` for the JSON column."""
    return {"rule": breach.rule_id, **_message_record(breach.message)}


def stored_breach(record: Any) -> Breach:
    """A stored reason back as a :class:`Breach` (an English "RULE: sentence" stays English)."""
    if isinstance(record, dict):
        return Breach(str(record.get("rule", "")), _message_of(record))
    rule, sep, sentence = str(record).partition(": ")
    if sep and rule.isupper() and "-" in rule:
        return Breach(rule, sentence)
    return Breach("", str(record))


def stored_breaches(records: Iterable[Any] | None) -> tuple[Breach, ...]:
    return tuple(stored_breach(r) for r in records or ())


def _message_record(message: Message) -> dict[str, Any]:
    return {**message_id(message.id), "params": {k: _value(v) for k, v in message.params.items()}}


def _value(value: Any) -> Any:
    if isinstance(value, Message):
        return {"message": _message_record(value)}
    if isinstance(value, Term):
        return {"term": str(value)}
    if isinstance(value, tuple | list):
        return [_value(v) for v in value]
    return value


def _message_of(record: dict[str, Any]) -> Message:
    params = record.get("params") or {}
    return Message(stored_id(record), {k: _param(v) for k, v in params.items()})


def _param(value: Any) -> Any:
    if isinstance(value, dict) and "message" in value:
        return _message_of(value["message"])
    if isinstance(value, dict) and "term" in value:
        return Term(value["term"])
    if isinstance(value, list):
        return [_param(v) for v in value]
    return value
