"""Parsing of raw input at the service boundary, with errors that name the field."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date

from torneo.core.errors import TorneoError

MAX_NAME = 120


def parse_date(field: str, text: str | date) -> date:
    """ISO date; a day that does not exist (2012-06-31) is named as such (INV-SEASON-1)."""
    if isinstance(text, date):
        return text
    raw = text.strip()
    parts = raw.split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts) or len(parts[0]) != 4:
        raise TorneoError(field, f"'{text}' is not a date", "YYYY-MM-DD, e.g. 2012-06-30")
    try:
        return date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError as exc:
        raise TorneoError(
            field, f"{raw} does not exist ({exc})", "a real calendar day, YYYY-MM-DD"
        ) from exc


def clean_name(field: str, text: str) -> str:
    name = " ".join(text.split())
    if not name:
        raise TorneoError(field, "is empty", "a name of 1 to 120 characters")
    if len(name) > MAX_NAME:
        raise TorneoError(field, f"is {len(name)} characters long", "at most 120 characters")
    return name


def parse_rating(field: str, value: str | int | None) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        rating = int(value)
    except ValueError as exc:
        raise TorneoError(field, f"'{value}' is not a whole number", "0..4000 or empty") from exc
    if not 0 <= rating <= 4000:
        raise TorneoError(field, f"{rating} is out of range", "0..4000 or empty")
    return rating


@dataclass(frozen=True, slots=True)
class PlayerInput:
    name: str
    club: str | None = None
    rating: int | None = None


MAX_ROSTER_LINES = 5000


def parse_roster_csv(text: str) -> list[PlayerInput]:
    """One player a line: ``name[,club[,rating]]`` (a header line naming ``name`` is skipped).

    All problems are collected and reported at once with their line numbers; nothing is returned
    when any line is wrong, so a paste either registers everyone or no one.
    """
    lines = text.splitlines()
    if len(lines) > MAX_ROSTER_LINES:
        raise TorneoError("roster", f"{len(lines)} lines", f"at most {MAX_ROSTER_LINES} lines")
    players: list[PlayerInput] = []
    problems: list[str] = []
    seen: dict[str, int] = {}
    for number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        if not row or not "".join(row).strip():
            continue
        if number == 1 and row[0].strip().lower() in {"name", "nome"}:
            continue
        if len(row) > 3:
            problems.append(f"line {number}: {len(row)} columns; name,club,rating accepted")
            continue
        try:
            name = clean_name("name", row[0])
            club = " ".join(row[1].split()) or None if len(row) > 1 else None
            rating = parse_rating("rating", row[2] if len(row) > 2 else None)
        except TorneoError as err:
            problems.append(f"line {number}: {err}")
            continue
        key = name.casefold()
        if key in seen:
            problems.append(f"line {number}: {name} is already on line {seen[key]}")
            continue
        seen[key] = number
        players.append(PlayerInput(name, club, rating))
    if problems:
        raise TorneoError("roster", "; ".join(problems), "one player a line: name[,club[,rating]]")
    if not players:
        raise TorneoError("roster", "no players found", "one player a line: name[,club[,rating]]")
    return players
