"""CSV cells that a spreadsheet cannot run: formula injection is neutralised on export.

A cell of text that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return could be
read by a spreadsheet as a formula (``=HYPERLINK(…)``, ``@SUM(…)``, ``-2+3``): a player named
``=cmd|' /C calc'!A0`` must stay a name. Every CSV writer of Torneo writes its cells through
:func:`safe_cell`, which puts a single quote in front of such text (spreadsheets show the text
and hide the quote).

Decision: numbers are not text. A number (``int``, ``Decimal``, ``Fraction``, ``float``) and a
text that is exactly a decimal number (``-3``, ``+0.5``, ``-12.25``, as ``decimal_text`` writes
tiebreaks) are written as they are: a spreadsheet reads them as the number, nothing runs, and a
negative score stays a negative number. Booleans and None are the caller's business (``yes``,
empty).

>>> [safe_cell(v) for v in ("Anna", "=1+1", "-3", -3, "-3 punti", "@SUM(A1)", "\\tx", "")]
['Anna', "'=1+1", '-3', -3, "'-3 punti", "'@SUM(A1)", "'\\tx", '']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

DANGEROUS_FIRST = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def safe_cell(value: Any) -> Any:
    """``value`` as a CSV cell that no spreadsheet runs as a formula (module doc)."""
    if isinstance(value, str) and value.startswith(DANGEROUS_FIRST):
        if _NUMBER.fullmatch(value):
            return value
        return "'" + value
    return value


def safe_row(row: Iterable[Any]) -> list[Any]:
    return [safe_cell(v) for v in row]
