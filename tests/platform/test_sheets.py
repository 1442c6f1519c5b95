"""Spreadsheet downloads (issue 15 item 6): RFC CSV, Italian Excel CSV and XLSX of one table."""

from __future__ import annotations

import io
from decimal import Decimal
from fractions import Fraction

from openpyxl import load_workbook

from torneo.platform import i18n, sheets
from torneo.platform.sheets import Sheet

SHEET = Sheet(
    "Standings",
    ("position", "player", "points", "omw", "active", "final_bonus"),
    (
        (1, "Niccolò", 9, Decimal("0.666667"), True, Fraction(3, 2)),
        (2, '=HYPERLINK("x")', 6, Decimal("0.500000"), False, Fraction(0)),
        (3, "Bea", None, None, True, Fraction(1, 3)),
    ),
)


def test_rfc_csv_keeps_keys_commas_points_and_exact_fractions() -> None:
    text = sheets.csv_text(SHEET, "rfc")
    assert text.splitlines() == [
        "position,player,points,omw,active,final_bonus",
        "1,Niccolò,9,0.666667,yes,3/2",
        '2,"\'=HYPERLINK(""x"")",6,0.500000,no,0',
        "3,Bea,,,yes,1/3",
    ]
    assert not text.startswith(sheets.BOM)


def test_italian_excel_csv_has_bom_semicolons_decimal_commas_and_italian_header() -> None:
    with i18n.language("it"):
        text = sheets.csv_text(SHEET, "excel-it")
    assert text.startswith(sheets.BOM)
    lines = text[1:].split("\r\n")
    assert lines[0] == "Posizione;Giocatore;Punti;omw;Attivo;Bonus finale"
    assert lines[1] == "1;Niccolò;9;0,666667;sì;1,5"
    assert lines[2] == '2;"\'=HYPERLINK(""x"")";6;0,500000;no;0'  # never a formula
    assert lines[3] == "3;Bea;;;sì;0,333333"


def test_xlsx_has_numbers_as_numbers_text_as_text_and_a_translated_header() -> None:
    with i18n.language("it"):
        data = sheets.xlsx_bytes(SHEET)
    ws = load_workbook(io.BytesIO(data)).active
    assert ws is not None
    assert ws.title == "Classifica"
    rows = list(ws.iter_rows(values_only=True))
    assert rows[0] == ("Posizione", "Giocatore", "Punti", "omw", "Attivo", "Bonus finale")
    assert rows[1] == (1, "Niccolò", 9, 0.666667, True, 1.5)
    assert rows[2][1] == '=HYPERLINK("x")'
    assert ws["B3"].data_type == "s"  # stored as text: no spreadsheet runs it


def test_tab_titles_are_what_excel_accepts() -> None:
    assert sheets._tab_title("a/b:c" * 10) == "a b c" * 6 + "a"
    assert sheets._tab_title("  ") == "Torneo"
