"""Parsing of raw input at the service boundary, with errors that name the field."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import date

from torneo.core.errors import TorneoError
from torneo.core.messages import N_, Message
from torneo.core.uploads import UploadLimits, iter_csv_rows

MAX_NAME = 120
_RATING = N_("0..4000 or empty")
_ROSTER = N_("one player a line: name[,club[,rating]]")


def parse_date(field: str, text: str | date) -> date:
    """ISO date; a day that does not exist (2012-06-31) is named as such (INV-SEASON-1)."""
    if isinstance(text, date):
        return text
    raw = text.strip()
    parts = raw.split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts) or len(parts[0]) != 4:
        raise TorneoError(
            field,
            N_("'%(text)s' is not a date"),
            N_("YYYY-MM-DD, e.g. 2012-06-30"),
            params={"text": text},
        )
    try:
        return date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError as exc:
        raise TorneoError(
            field,
            N_("%(day)s does not exist in the calendar"),
            N_("a real calendar day, YYYY-MM-DD"),
            params={"day": raw},
        ) from exc


# Issue 27 hole 8: characters that are not seen, or that change how the text around them is
# shown. Cc controls, Cf format characters (zero-width spaces and joiners, bidirectional
# overrides and isolates, the soft hyphen, the BOM), Co private use, Cs surrogates, Cn
# unassigned, Zl/Zp separators; and the default-ignorable ones of other categories (the
# combining grapheme joiner, variation selectors, Hangul fillers), which render as nothing.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
_IGNORABLE = frozenset({0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0}) | frozenset(
    [*range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]
)


def clean_text(field: str, text: str) -> str:
    """A name as typed, made safe to compare and show (issue 27 hole 8): NFKC (a fullwidth or
    decomposed letter becomes the usual one), runs of white space one space; any invisible or
    direction-changing character refused, naming the field and the character's code point.
    The one door of person, display, team, tournament and club names (forms, API, CLI, CSV)."""
    normal = unicodedata.normalize("NFKC", text)
    for char in normal:
        if char.isspace():
            continue
        if unicodedata.category(char) in _REFUSED_CATEGORIES or ord(char) in _IGNORABLE:
            raise TorneoError(
                field,
                N_("contains an invisible or control character (%(code)s)"),
                N_("letters, digits, spaces and punctuation you can see"),
                params={"code": f"U+{ord(char):04X}"},
            )
    return " ".join(normal.split())


def clean_name(field: str, text: str) -> str:
    name = clean_text(field, text)
    if not name:
        raise TorneoError(field, N_("is empty"), N_("a name of 1 to 120 characters"))
    if len(name) > MAX_NAME:
        raise TorneoError(
            field,
            N_("is %(n)s characters long"),
            N_("at most %(most)s characters"),
            params={"n": len(name), "most": MAX_NAME},
        )
    return name


def parse_rating(field: str, value: str | int | None) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        rating = int(value)
    except ValueError as exc:
        raise TorneoError(
            field, N_("'%(value)s' is not a whole number"), _RATING, params={"value": value}
        ) from exc
    if not 0 <= rating <= 4000:
        raise TorneoError(field, N_("%(value)s is out of range"), _RATING, params={"value": rating})
    return rating


@dataclass(frozen=True, slots=True)
class PlayerInput:
    name: str
    club: str | None = None
    rating: int | None = None


MAX_ROSTER_LINES = 5000
ROSTER_LIMITS = UploadLimits(bytes=1_048_576, rows=MAX_ROSTER_LINES, columns=64, cells=50_000)


def parse_roster_csv(text: str) -> list[PlayerInput]:
    """One player a line: ``name[,club[,rating]]`` (a header line naming ``name`` is skipped).

    All problems are collected and reported at once with their line numbers; nothing is returned
    when any line is wrong, so a paste either registers everyone or no one.
    """
    players: list[PlayerInput] = []
    problems: list[Message] = []
    seen: dict[str, int] = {}
    # Issue 27 hole 2: rows counted while read, never all built first.
    rows = iter_csv_rows("roster", text, ROSTER_LIMITS)
    for number, (_, row) in enumerate(rows, start=1):
        if not row or not "".join(row).strip():
            continue
        if number == 1 and row[0].strip().lower() in {"name", "nome"}:
            continue
        if len(row) > 3:
            problems.append(
                Message(
                    N_("line %(line)s: %(n)s columns; name,club,rating accepted"),
                    {"line": number, "n": len(row)},
                )
            )
            continue
        try:
            name = clean_name("name", row[0])
            club = clean_text("club", row[1]) or None if len(row) > 1 else None
            rating = parse_rating("rating", row[2] if len(row) > 2 else None)
        except TorneoError as err:
            problems.append(
                Message(
                    N_("line %(line)s: %(field)s: %(reason)s"),
                    {"line": number, "field": err.field, "reason": err.reason_message},
                )
            )
            continue
        key = name.casefold()
        if key in seen:
            problems.append(
                Message(
                    N_("line %(line)s: %(name)s is already on line %(first)s"),
                    {"line": number, "name": name, "first": seen[key]},
                )
            )
            continue
        seen[key] = number
        players.append(PlayerInput(name, club, rating))
    if problems:
        raise TorneoError("roster", N_("%(problems)s"), _ROSTER, params={"problems": problems})
    if not players:
        raise TorneoError("roster", N_("no players found"), _ROSTER)
    return players
