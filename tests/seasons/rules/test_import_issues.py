"""Every problem of a season's spreadsheet reported at once (issue 5 item 6), in order, each
with its row and column; nothing imported."""

from __future__ import annotations

from tests.seasons.rules.test_import_csv import _csv, _issues, _rows


def test_all_errors_are_reported_at_once_and_nothing_is_returned() -> None:
    """Issue 5 item 6: validated row by row, every error reported, nothing imported."""
    a = _rows("A", "2012-01-14", 6, top=4)
    a[0][1] = "2012-02-30"
    a[1][6] = "12"
    b = _rows("B", "2012-07-07", 6, top=4)
    b[5][5] = "8"
    b[4][4] = "Player 1"
    issues = _issues(_csv(a, b))
    assert [(i.row, i.column) for i in issues] == [
        (2, "date"), (3, "swiss_points"), (8, "date"), (12, "player"), (13, "place")
    ]  # fmt: skip
    assert all(i.text().startswith(f"row {i.row}, {i.column}: ") for i in issues)
