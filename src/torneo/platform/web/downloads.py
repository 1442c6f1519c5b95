"""Spreadsheet downloads over HTTP (issue 15 item 6): a :class:`~torneo.platform.sheets.Sheet`
as ``.csv`` (``?dialect=rfc`` by default, ``?dialect=excel-it`` for Italian Excel) or ``.xlsx``.

The plain ``.csv`` URL stays RFC 4180 with stable column keys, so scripts and the season import
keep reading it; the pages offer the Italian Excel file first on Italian pages (the
``downloads`` macro of ``macros.html``). Translated headers follow the page's language.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Query, Request
from fastapi.responses import Response

from torneo.platform import i18n, sheets
from torneo.platform.sheets import Sheet
from torneo.platform.web.templating import page_language

DialectParam = Annotated[Literal["rfc", "excel-it"], Query()]
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _attachment(filename: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{filename}"'}


def csv_download(request: Request, sheet: Sheet, filename: str, dialect: str = "rfc") -> Response:
    """``sheet`` as a CSV attachment in ``dialect`` (a validated query parameter)."""
    flavour: sheets.Dialect = "excel-it" if dialect == "excel-it" else "rfc"
    with i18n.language(page_language(request)):
        text = sheets.csv_text(sheet, flavour)
    return Response(
        text.encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers=_attachment(filename),
    )


def xlsx_download(request: Request, sheet: Sheet, filename: str) -> Response:
    with i18n.language(page_language(request)):
        data = sheets.xlsx_bytes(sheet)
    return Response(data, media_type=XLSX, headers=_attachment(filename))
