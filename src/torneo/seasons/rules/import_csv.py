"""Import a season's past results from a spreadsheet (issue 5 item 6; docs/season-import.md).

    tournament,date,store,major,player,place,swiss_points,topcut_wins,dropped

One row per player per tournament, so a tournament's rows give its field size. Every row is
checked and *all* problems are reported at once (row, column, reason, what is accepted) in one
``SeasonImportError``; nothing is returned when any row is wrong.

Decisions:
- Row numbers are spreadsheet line numbers: the header is row 1, the first result row 2.
- A comma or a semicolon separates the columns (Italian spreadsheets export ";"); a UTF-8 byte
  order mark is ignored; blank lines are skipped; the columns may come in any order, but all
  nine must be there and no other.
- ``major``/``dropped``: yes/no (sì/si and true/false, 1/0 are accepted too).
- A player is known by name: trimmed, inner spaces collapsed, compared without case.
- Swiss points are at most a win (3) for each Swiss round the field size gives in the preset's
  structure (INV-STRUCT-1; the "one round fewer" option only lowers the bound).
- ``topcut_wins`` must be what the place means in a Top of the structure's size: with a Top of
  2^R, the winner has R wins, 2nd R−1, 3rd–4th R−2, 5th–8th R−3 … (the 3rd/4th match is not
  counted, INV-PTS-1), places outside the Top 0. Where the structure allows a Top 16 instead
  (INV-STRUCT-2), either reading is accepted.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.presets.models import Ruleset, SeasonPointsRules, StructureRow
from torneo.seasons.rules.dates import DAY_ACCEPTED, SeasonDates, day_problem
from torneo.seasons.rules.legality import TournamentFacts
from torneo.seasons.rules.outcome import TournamentOutcome, score_tournament
from torneo.seasons.rules.points import Placement

COLUMNS = (
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
_YES = {"yes", "y", "sì", "si", "s", "true", "1"}
_NO = {"no", "n", "false", "0"}
_YES_NO = "yes or no (sì/si, true/false, 1/0 also accepted)"


@dataclass(frozen=True, slots=True)
class ImportIssue:
    row: int  # spreadsheet line: header = 1
    column: str
    reason: str
    accepted: str

    def text(self) -> str:
        return f"row {self.row}, {self.column}: {self.reason} (accepted: {self.accepted})"


class SeasonImportError(TorneoError):
    """Some rows are wrong; ``issues`` lists every problem. Nothing was imported."""

    def __init__(self, issues: list[ImportIssue]) -> None:
        self.issues = tuple(sorted(issues, key=_issue_order))
        count = len(self.issues)
        shown = "; ".join(i.text() for i in self.issues[:5])
        more = f"; … {count - 5} more" if count > 5 else ""
        super().__init__(
            "file",
            f"{count} problem{'s' if count != 1 else ''}, nothing imported: {shown}{more}",
            "a CSV as described in docs/season-import.md",
        )


@dataclass(frozen=True, slots=True)
class ImportedRow:
    row: int
    player: str
    place: int
    swiss_points: int
    topcut_wins: int
    dropped: bool

    def placement(self, player_id: PlayerId) -> Placement:
        return Placement(player_id, self.place, self.swiss_points, self.topcut_wins, self.dropped)


@dataclass(frozen=True, slots=True)
class ImportedTournament:
    name: str
    date: date
    store: str
    is_major: bool
    swiss_rounds: int  # INV-STRUCT-1 for the field size
    top_size: int  # INV-STRUCT-1 (the standard Top; see the module notes for Top 16)
    rows: tuple[ImportedRow, ...]  # by place

    @property
    def field_size(self) -> int:
        return len(self.rows)

    def placements(self, ids: Mapping[str, PlayerId]) -> list[Placement]:
        """The rows as placements; ``ids`` maps each player's name key (see ``player_key``)."""
        return [r.placement(ids[player_key(r.player)]) for r in self.rows]

    def facts(self) -> TournamentFacts:
        """What the sanctioning check can know of an imported tournament (players, dates)."""
        return TournamentFacts(
            key=self.name,
            store=self.store,
            date=self.date,
            is_major=self.is_major,
            players=self.field_size,
        )

    def score(
        self,
        ids: Mapping[str, PlayerId],
        rules: SeasonPointsRules,
        breaches: tuple[str, ...] = (),
    ) -> TournamentOutcome:
        return score_tournament(
            self.name,
            self.placements(ids),
            field_size=self.field_size,
            is_major=self.is_major,
            rules=rules,
            day=self.date,
            breaches=breaches,
            top_size=self.top_size,
        )


@dataclass(frozen=True, slots=True)
class ImportedSeason:
    tournaments: tuple[ImportedTournament, ...]  # by date, then name
    players: tuple[str, ...]  # distinct names, as first written


def player_key(name: str) -> str:
    """How a player is recognised across rows: trimmed, spaces collapsed, case ignored."""
    return " ".join(name.split()).casefold()


def parse_season_csv(text: str, *, season: SeasonDates, ruleset: Ruleset) -> ImportedSeason:
    """Parse and validate the whole file; raise ``SeasonImportError`` listing every problem."""
    if not ruleset.structure:
        raise TorneoError("preset", f"preset '{ruleset.id}' has no structure table", None)
    issues: list[ImportIssue] = []
    parsed = _read_rows(text.lstrip("\ufeff"), issues)
    tournaments = _group(parsed, season, ruleset, issues)
    if issues:
        raise SeasonImportError(issues)
    players: dict[str, str] = {}
    for t in tournaments:
        for r in t.rows:
            players.setdefault(player_key(r.player), r.player)
    return ImportedSeason(tuple(tournaments), tuple(players.values()))


@dataclass(frozen=True, slots=True)
class _Parsed:
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


def _read_rows(text: str, issues: list[ImportIssue]) -> list[_Parsed]:
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = next(reader, None)
    if header is None or not any(cell.strip() for cell in header):
        issues.append(ImportIssue(1, "header", "the file is empty", ", ".join(COLUMNS)))
        return []
    names = [h.strip().lower() for h in header]
    missing = [c for c in COLUMNS if c not in names]
    unknown = [n for n in names if n not in COLUMNS]
    doubled = sorted({n for n in names if names.count(n) > 1})
    for what, cols in (("missing", missing), ("unknown", unknown), ("repeated", doubled)):
        if cols:
            issues.append(
                ImportIssue(1, "header", f"{what} column(s): {', '.join(cols)}", ", ".join(COLUMNS))
            )
    if missing or unknown or doubled:
        return []
    index = {name: names.index(name) for name in COLUMNS}
    rows: list[_Parsed] = []
    for cells in reader:
        line = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != len(names):
            issues.append(
                ImportIssue(
                    line, "row", f"{len(cells)} cells", f"{len(names)} cells, one per column"
                )
            )
            continue
        rows.append(_parse_row(line, {c: cells[i].strip() for c, i in index.items()}, issues))
    if not rows and not issues:
        issues.append(ImportIssue(2, "row", "no result rows", "one row per player per tournament"))
    return rows


def _parse_row(line: int, cell: dict[str, str], issues: list[ImportIssue]) -> _Parsed:
    def text(column: str, what: str) -> str:
        value = " ".join(cell[column].split())
        if not value:
            issues.append(ImportIssue(line, column, "empty", what))
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
        issues.append(ImportIssue(line, column, f"'{cell[column]}' is not yes or no", _YES_NO))
        return None

    def number(column: str, least: int) -> int | None:
        value = cell[column]
        if not (value.isascii() and value.isdigit()) or int(value) < least:
            issues.append(
                ImportIssue(line, column, f"'{value}' is not a whole number", f"{least} or more")
            )
            return None
        return int(value)

    return _Parsed(
        row=line,
        tournament=text("tournament", "the tournament's name"),
        date=day(),
        store=text("store", "the store or organizer"),
        major=yes_no("major"),
        player=text("player", "the player's name"),
        place=number("place", 1),
        swiss_points=number("swiss_points", 0),
        topcut_wins=number("topcut_wins", 0),
        dropped=yes_no("dropped"),
    )


def _group(
    parsed: list[_Parsed], season: SeasonDates, ruleset: Ruleset, issues: list[ImportIssue]
) -> list[ImportedTournament]:
    groups: dict[str, list[_Parsed]] = {}
    for p in parsed:
        if p.tournament:
            groups.setdefault(p.tournament.casefold(), []).append(p)
    out: list[ImportedTournament] = []
    for rows in groups.values():
        t = _tournament(rows, season, ruleset, issues)
        if t is not None:
            out.append(t)
    return sorted(out, key=lambda t: (t.date, t.name.casefold()))


def _tournament(
    rows: list[_Parsed], season: SeasonDates, ruleset: Ruleset, issues: list[ImportIssue]
) -> ImportedTournament | None:
    name = rows[0].tournament
    first = rows[0]
    n = len(rows)
    structure = _structure_row(ruleset.structure, n)
    win = ruleset.points.win
    day = next((r.date for r in rows if r.date is not None), None)
    store = next((r.store for r in rows if r.store), "")
    major = next((r.major for r in rows if r.major is not None), None)
    # One tournament, one date, store and Major flag: report rows that disagree with the first.
    for r in rows:
        if r.date is not None and day is not None and r.date != day:
            issues.append(_differs(r.row, "date", name, day.isoformat(), r.date.isoformat()))
        if r.store and store and r.store.casefold() != store.casefold():
            issues.append(_differs(r.row, "store", name, store, r.store))
        if r.major is not None and major is not None and r.major != major:
            issues.append(_differs(r.row, "major", name, _yn(major), _yn(r.major)))
    if day is not None:
        outside = season.outside_reason(day)
        if outside:  # INV-SEASON-1: reported once, on the tournament's first row
            issues.append(
                ImportIssue(
                    first.row,
                    "date",
                    f"tournament '{name}' {outside}",
                    f"a day of the season {season.text()}",
                )
            )
    seen_player: dict[str, int] = {}
    seen_place: dict[int, int] = {}
    max_swiss = win * structure.rounds
    tops = _top_sizes(structure, n)
    for r in rows:
        if r.player:
            key = player_key(r.player)
            if key in seen_player:
                issues.append(
                    ImportIssue(
                        r.row,
                        "player",
                        f"'{r.player}' is already in tournament '{name}' on row {seen_player[key]}",
                        "each player once per tournament",
                    )
                )
            else:
                seen_player[key] = r.row
        if r.place is not None:
            if r.place > n:
                issues.append(
                    ImportIssue(
                        r.row,
                        "place",
                        f"place {r.place} in a field of {n} (tournament '{name}' has {n} rows)",
                        f"1..{n}",
                    )
                )
            elif r.place in seen_place:
                issues.append(
                    ImportIssue(
                        r.row,
                        "place",
                        f"place {r.place} is already taken in '{name}' on row {seen_place[r.place]}",
                        "each place once per tournament",
                    )
                )
            else:
                seen_place[r.place] = r.row
        if r.swiss_points is not None and r.swiss_points > max_swiss:
            issues.append(
                ImportIssue(
                    r.row,
                    "swiss_points",
                    f"{r.swiss_points} Swiss points in {structure.rounds} rounds "
                    f"({n} players, INV-STRUCT-1)",
                    f"0..{max_swiss} ({win} a round at most)",
                )
            )
        if r.topcut_wins is not None and r.place is not None and r.place <= n:
            expected = sorted({_top_wins(r.place, top) for top in tops})
            if r.topcut_wins not in expected:
                shown = " or ".join(str(e) for e in expected)
                tops_text = " or ".join(f"Top {t}" for t in tops)
                issues.append(
                    ImportIssue(
                        r.row,
                        "topcut_wins",
                        f"place {r.place} in a {tops_text} means {shown} Top wins, not "
                        f"{r.topcut_wins}",
                        f"{shown} (the 3rd/4th-place match is not counted)",
                    )
                )
    if (
        any(
            v is None
            for r in rows
            for v in (r.date, r.major, r.place, r.swiss_points, r.topcut_wins, r.dropped)
        )
        or day is None
        or major is None
    ):
        return None  # its problems are already reported
    ordered = sorted(rows, key=lambda r: r.place or 0)
    return ImportedTournament(
        name=name,
        date=day,
        store=store,
        is_major=major,
        swiss_rounds=structure.rounds,
        top_size=tops[0],
        rows=tuple(
            ImportedRow(
                r.row,
                r.player,
                r.place or 0,
                r.swiss_points or 0,
                r.topcut_wins or 0,
                bool(r.dropped),
            )
            for r in ordered
        ),
    )


def _structure_row(structure: list[StructureRow], players: int) -> StructureRow:
    for row in structure:
        if row.max_players is None or players <= row.max_players:
            return row
    return structure[-1]


def _top_sizes(row: StructureRow, players: int) -> list[int]:
    """The Top sizes the structure allows for this field (INV-STRUCT-1/2), shrunk to the field."""
    sizes = [row.top]
    if row.short_top and row.short_min_players is not None and players >= row.short_min_players:
        sizes.append(row.short_top)
    largest = 1 << (players.bit_length() - 1)  # the largest power of two ≤ the field
    return sorted({min(s, largest) if s else 0 for s in sizes})


def _top_wins(place: int, top: int) -> int:
    """Top X wins of the player who ended in ``place`` (3rd/4th match excluded, INV-PTS-1)."""
    if top < 2 or place > top:
        return 0
    rounds = top.bit_length() - 1
    return rounds - (place - 1).bit_length()  # 1 → R, 2 → R−1, 3–4 → R−2, 5–8 → R−3


def _differs(row: int, column: str, name: str, first: str, this: str) -> ImportIssue:
    return ImportIssue(
        row,
        column,
        f"tournament '{name}' has {column} {first} on its first row; this row says {this}",
        f"{first}, the same on every row of the tournament",
    )


def _yn(value: bool) -> str:
    return "yes" if value else "no"


def _issue_order(issue: ImportIssue) -> tuple[int, int]:
    order = {c: i for i, c in enumerate(("header", "row", *COLUMNS))}
    return (issue.row, order.get(issue.column, len(order)))
