"""Spreadsheet downloads in the flavours clubs open (issue 15 item 6): one table, three files.

An export builds a :class:`Sheet`: column keys (stable identifiers such as ``player_id``) and rows
of typed cells (text, int, :class:`~decimal.Decimal`, bool, None). This module writes it as

- ``rfc``: RFC 4180 CSV, ``,``-separated, UTF-8 without BOM, the keys as header, ``.`` decimals:
  what scripts, the API's users and every non-Italian spreadsheet read (the plain URL);
- ``excel-it``: what Excel opens right on an Italian computer: ``;``-separated (the Italian list
  separator, since ``,`` is the decimal comma), a UTF-8 BOM (without it Excel reads
  "Niccolò" as "NiccolÃ²"), CRLF line ends, ``,`` decimals, the header in the page's language;
- XLSX (openpyxl): typed numbers, the header in the page's language, bold and frozen.

Every text cell is guarded against formula injection: CSV through
:func:`torneo.core.csv_cells.safe_cell`, XLSX by writing text as text (openpyxl would otherwise
store a name such as ``=HYPERLINK(…)`` as a formula).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font

from torneo.core.csv_cells import safe_cell
from torneo.core.messages import N_
from torneo.platform import i18n

# A Fraction is written exactly ("3/2") in the RFC file, which re-imports it, and as a decimal
# in the two spreadsheet files (Excel would read "3/2" as the 3rd of February).
Cell = str | int | Decimal | Fraction | bool | None
Dialect = Literal["rfc", "excel-it"]
DIALECTS: tuple[Dialect, ...] = ("rfc", "excel-it")
BOM = "\ufeff"

# The header of a translated file: the column's key → its label (a catalogue message). A key
# missing here is shown as it is (a tiebreak's short name, for instance, is the same in both).
LABELS: Mapping[str, str] = {
    "position": N_("Position"),
    "rank": N_("Place"),
    "place": N_("Place"),
    "player_id": N_("Player id"),
    "player": N_("Player"),
    "club": N_("Club"),
    "points": N_("Points"),
    "wins": N_("Wins"),
    "losses": N_("Losses"),
    "draws": N_("Draws"),
    "byes": N_("Byes"),
    "active": N_("Active"),
    "round": N_("Round"),
    "table": N_("Table"),
    "stage": N_("Stage"),
    "player_a_id": N_("Player A id"),
    "player_a": N_("Player A"),
    "player_b_id": N_("Player B id"),
    "player_b": N_("Player B"),
    "result": N_("Result"),
    "explanation": N_("Why this pair"),
    "qualified": N_("Qualified"),
    "date": N_("Date"),
    "tournament": N_("Tournament"),
    "major": N_("Major"),
    "void": N_("Void"),
    "players": N_("Players"),
    "winner": N_("Winner"),
    "entries": N_("Entries"),
    "prize": N_("Prize"),
    "rebuys": N_("Re-entries"),
    "status": N_("Status"),
    "pod": N_("Pod"),
    "paid": N_("Paid"),
    "addons": N_("Add-ons"),
    "final_bonus": N_("Final bonus"),
    "top": N_("Top"),
    "store": N_("Store"),
    "breaches": N_("Broken rules"),
}


@dataclass(frozen=True, slots=True)
class Sheet:
    """One table to download: ``title`` names the XLSX tab (a catalogue message)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


def label(key: str) -> str:
    """A column's header in the current language (:func:`torneo.platform.i18n.language`)."""
    message = LABELS.get(key)
    return i18n.gettext(message) if message else key


def _text(value: Cell, dialect: Dialect) -> Cell:
    if value is None:
        return ""
    if isinstance(value, bool):
        if dialect == "rfc":
            return "yes" if value else "no"
        return i18n.gettext(N_("yes")) if value else i18n.gettext(N_("no"))
    if isinstance(value, Fraction):
        if dialect == "rfc" or value.denominator == 1:
            return str(value)
        value = _fraction_decimal(value)
    if isinstance(value, Decimal):
        text = str(value)
        return text.replace(".", ",") if dialect == "excel-it" else text
    cell: Cell = safe_cell(value)
    return cell


def _fraction_decimal(value: Fraction) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal("0.000001")).normalize()


def csv_text(sheet: Sheet, dialect: Dialect = "rfc") -> str:
    """The sheet as CSV text in ``dialect`` (module doc); the BOM is part of the text."""
    out = io.StringIO()
    if dialect == "rfc":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([safe_cell(k) for k in sheet.header])
    else:
        out.write(BOM)
        writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
        writer.writerow([safe_cell(label(k)) for k in sheet.header])
    for row in sheet.rows:
        writer.writerow([_text(v, dialect) for v in row])
    return out.getvalue()


def xlsx_bytes(sheet: Sheet) -> bytes:
    """The sheet as an XLSX workbook: numbers as numbers, text always as text."""
    book = Workbook(write_only=True)
    ws = book.create_sheet(title=_tab_title(i18n.gettext(sheet.title)))
    ws.freeze_panes = "A2"
    bold = Font(bold=True)
    header = []
    for key in sheet.header:
        cell = WriteOnlyCell(ws, value=label(key))
        cell.font = bold
        header.append(cell)
    ws.append(header)
    for row in sheet.rows:
        ws.append([_xlsx_cell(ws, v) for v in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _xlsx_cell(ws: object, value: Cell) -> object:
    if isinstance(value, Decimal | Fraction):
        return float(value)
    if isinstance(value, str):
        cell = WriteOnlyCell(ws, value=value)  # type: ignore[arg-type]
        cell.data_type = "s"  # never a formula, whatever the text starts with
        return cell
    return value


def _tab_title(title: str) -> str:
    """Excel refuses tab names over 31 characters or with any of ``[]:*?/\\``."""
    cleaned = "".join(" " if c in "[]:*?/\\" else c for c in title).strip()
    return cleaned[:31] or "Torneo"


def rows_of(rows: Sequence[Sequence[Cell]]) -> tuple[tuple[Cell, ...], ...]:
    return tuple(tuple(r) for r in rows)
