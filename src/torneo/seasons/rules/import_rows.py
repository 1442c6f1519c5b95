"""A season's spreadsheet read row by row, each cell checked (issue 5 item 6).

    tournament,date,store,major,player,place,swiss_points,topcut_wins,dropped

Decisions:
- A comma or a semicolon separates the columns (Italian spreadsheets export ";"); blank lines
  are skipped; the columns may come in any order, but all nine must be there and no other.
- ``major``/``dropped``: yes/no (sì/si and true/false, 1/0 are accepted too).
- A player is known by name: trimmed, inner spaces collapsed, compared without case.

A wrong cell is reported (:class:`~torneo.seasons.rules.import_issues.ImportIssue`) and read as
None; the rows of one tournament are then checked together in
:mod:`torneo.seasons.rules.import_csv`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from torneo.core.messages import N_, Message
from torneo.core.uploads import UploadLimits, iter_csv_rows
from torneo.seasons.rules.dates import DAY_ACCEPTED, day_problem
from torneo.seasons.rules.import_issues import COLUMNS, ImportIssue

# Issue 27 hole 2: counted while read. The page takes 1 MiB at most; the CLI reads a federation's
# whole history (20 MB, the page's own advice for bigger files).
LIMITS = UploadLimits(bytes=20_000_000, rows=200_000, columns=64, cells=2_000_000)
_YES = {"yes", "y", "sì", "si", "s", "true", "1"}


_NO = {"no", "n", "false", "0"}


_YES_NO = Message(N_("yes or no (sì/si, true/false, 1/0 also accepted)"))


def player_key(name: str) -> str:
    """How a player is recognised across rows: trimmed, spaces collapsed, case ignored."""
    return " ".join(name.split()).casefold()


@dataclass(frozen=True, slots=True)
class ParsedRow:
    row: int
    tournament: str
    date: date | None  # None when the cell was wrong (already reported)
    store: str
    major: bool | None
    player: str
    place: int | None
    swiss_points: int | None
    topcut_wins: int | None
    dropped: bool | None


def read_rows(text: str, issues: list[ImportIssue]) -> list[ParsedRow]:
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    reader = iter_csv_rows("file", text, LIMITS, delimiter=delimiter)
    _, header = next(reader, (0, None))
    if header is None or not any(cell.strip() for cell in header):
        issues.append(ImportIssue(1, "header", N_("the file is empty"), ", ".join(COLUMNS)))
        return []
    names = [h.strip().lower() for h in header]
    if not _header_fits(names, issues):
        return []
    index = {name: names.index(name) for name in COLUMNS}
    rows: list[ParsedRow] = []
    for line, cells in reader:
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != len(names):
            issues.append(_cells(line, len(cells), len(names)))
            continue
        rows.append(_parse_row(line, {c: cells[i].strip() for c, i in index.items()}, issues))
    if not rows and not issues:
        issues.append(
            ImportIssue(2, "row", N_("no result rows"), N_("one row per player per tournament"))
        )
    return rows


def _header_fits(names: list[str], issues: list[ImportIssue]) -> bool:
    """The header has all nine columns, each once, and no other; else each problem is listed."""
    missing = [c for c in COLUMNS if c not in names]
    unknown = [n for n in names if n not in COLUMNS]
    doubled = sorted({n for n in names if names.count(n) > 1})
    for reason, cols in (
        (N_("missing column(s): %(cols)s"), missing),
        (N_("unknown column(s): %(cols)s"), unknown),
        (N_("repeated column(s): %(cols)s"), doubled),
    ):
        if cols:
            message = Message(reason, {"cols": ", ".join(cols)})
            issues.append(ImportIssue(1, "header", message, ", ".join(COLUMNS)))
    return not (missing or unknown or doubled)


def _cells(line: int, found: int, wanted: int) -> ImportIssue:
    return ImportIssue(
        line,
        "row",
        Message(N_("%(n)s cells"), {"n": found}),
        Message(N_("%(n)s cells, one per column"), {"n": wanted}),
    )


def _parse_row(line: int, cell: dict[str, str], issues: list[ImportIssue]) -> ParsedRow:
    def text(column: str, what: str) -> str:
        value = " ".join(cell[column].split())
        if not value:
            issues.append(ImportIssue(line, column, N_("empty"), what))
        return value

    def day() -> date | None:
        problem = day_problem(cell["date"])
        if problem:
            issues.append(ImportIssue(line, "date", problem, DAY_ACCEPTED))
            return None
        return date.fromisoformat(cell["date"])

    def yes_no(column: str) -> bool | None:
        value = cell[column].casefold()
        if value in _YES:
            return True
        if value in _NO:
            return False
        reason = Message(N_("'%(value)s' is not yes or no"), {"value": cell[column]})
        issues.append(ImportIssue(line, column, reason, _YES_NO))
        return None

    def number(column: str, least: int) -> int | None:
        value = cell[column]
        if not (value.isascii() and value.isdigit()) or int(value) < least:
            reason = Message(N_("'%(value)s' is not a whole number"), {"value": value})
            accepted = Message(N_("%(least)s or more"), {"least": least})
            issues.append(ImportIssue(line, column, reason, accepted))
            return None
        return int(value)

    return ParsedRow(
        row=line,
        tournament=text("tournament", N_("the tournament's name")),
        date=day(),
        store=text("store", N_("the store or organizer")),
        major=yes_no("major"),
        player=text("player", N_("the player's name")),
        place=number("place", 1),
        swiss_points=number("swiss_points", 0),
        topcut_wins=number("topcut_wins", 0),
        dropped=yes_no("dropped"),
    )


__all__ = ["ParsedRow", "player_key", "read_rows"]
