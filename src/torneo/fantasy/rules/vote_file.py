"""Rows of cells from the bytes of a vote file (FAN-DATA-1): an XLSX workbook (its first sheet)
or a CSV separated by ``;`` (UTF-8, or Windows-1252 as spreadsheets save it), read by the bounded
readers of :mod:`torneo.core.uploads` (issue 27 hole 2: a 1.6 KB XLSX claiming A1:XFD6000 once
took a worker from 232 to 1,005 MiB).
"""

from __future__ import annotations

from torneo.core.uploads import UploadLimits, sheet_rows

MAX_BYTES = 5_000_000
# A matchday's votes are about 600 rows of a dozen columns; a season's fixtures 380 rows.
LIMITS = UploadLimits(bytes=MAX_BYTES, rows=10_000, columns=64, cells=100_000)


def read_rows(data: bytes) -> list[list[str]]:
    """Every row of the file as strings; an XLSX is recognised by its content, not its name."""
    return sheet_rows("file", data, LIMITS)
