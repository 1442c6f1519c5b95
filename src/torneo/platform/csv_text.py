"""Export text shared by every discipline: RFC 4180 CSV and pretty JSON (issue 3, issue 5).

CSV is UTF-8, one header line, ``\\n`` line ends, ``None`` written as an empty cell; spreadsheets
read it as it is. Exact values stay exact until written: a fraction becomes a decimal only here.
Every cell goes through :func:`torneo.core.csv_cells.safe_cell`: a text that a spreadsheet could
run as a formula (``=…``, ``+…``, ``-…``, ``@…``) gets a leading single quote.

>>> csv_text(("player", "points"), [("Anna", 9), ("Bea", None), ("=2+5", -1)])
"player,points\\nAnna,9\\nBea,\\n'=2+5,-1\\n"
>>> decimal_text(Fraction(2, 3))
'0.666667'
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from torneo.core.csv_cells import safe_row


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(safe_row(header))
    for row in rows:
        writer.writerow(safe_row("" if v is None else v for v in row))
    return out.getvalue()


def decimal_value(value: Fraction, digits: int = 6) -> Decimal:
    """A fraction as a decimal with ``digits`` digits (tiebreak percentages, shown not ranked)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-digits))


def decimal_text(value: Fraction, digits: int = 6) -> str:
    return str(decimal_value(value, digits))


def yes_no(value: bool) -> str:
    return "yes" if value else "no"


def json_text(data: Any) -> str:
    """Indented UTF-8 JSON with a final newline (a downloaded file)."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
