"""Rows of cells from the bytes of a vote file (FAN-DATA-1): an XLSX workbook (its first sheet,
read with openpyxl) or a CSV separated by ``;`` (UTF-8, or Windows-1252 as spreadsheets save it).
"""

from __future__ import annotations

import csv
import io
import zipfile

from openpyxl import load_workbook

from torneo.core.errors import TorneoError
from torneo.core.messages import N_

MAX_BYTES = 5_000_000


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def read_rows(data: bytes) -> list[list[str]]:
    """Every row of the file as strings; an XLSX is recognised by its content, not its name."""
    if len(data) > MAX_BYTES:
        raise TorneoError(
            "file",
            N_("%(n)s bytes"),
            N_("at most %(most)s bytes"),
            params={"n": len(data), "most": MAX_BYTES},
        )
    if data.startswith(b"PK"):
        try:
            book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
            raise TorneoError(
                "file",
                N_("not a readable XLSX workbook"),
                N_("an XLSX file or a CSV with ;"),
            ) from exc
        sheet = book.worksheets[0]
        rows = [[_text(v) for v in row] for row in sheet.iter_rows(values_only=True)]
        book.close()
        return rows
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    if "\x00" in text:
        raise TorneoError("file", N_("not a text file"), N_("an XLSX file or a CSV with ;"))
    return [list(row) for row in csv.reader(io.StringIO(text), delimiter=";")]
