"""Formula injection in CSV exports: which cells are neutralised, and which numbers stay numbers."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from torneo.core.csv_cells import safe_cell


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+39 333 1234567", "'+39 333 1234567"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-", "'-"),
        ("Anna = Bea", "Anna = Bea"),  # only the first character matters
        ("'=already", "'=already"),
        ("", ""),
        # Numbers are not formulas (the module's decision): written as they are.
        ("-3", "-3"),
        ("+0.5", "+0.5"),
        ("-12.250000", "-12.250000"),
        ("-1e3", "'-1e3"),  # not a plain decimal: text
        (-3, -3),
        (Decimal("-0.5"), Decimal("-0.5")),
        (Fraction(-1, 2), Fraction(-1, 2)),
        (None, None),
    ],
)
def test_dangerous_text_gets_a_leading_quote(value: Any, written: Any) -> None:
    assert safe_cell(value) == written
