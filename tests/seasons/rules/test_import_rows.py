"""A season's spreadsheet read row by row (issue 5 item 6): separators, a byte order mark and
blank lines; each bad cell and a bad header reported with its row and column."""

from __future__ import annotations

from tests.seasons.rules.test_import_csv import HEADER, SEASON, _csv, _issues, _rows, _ruleset
from torneo.seasons.rules.import_csv import parse_season_csv


def test_semicolons_a_byte_order_mark_and_blank_lines_are_accepted() -> None:
    text = "\ufeff" + _csv(_rows("T", "2012-01-14", 6, top=4), sep=";") + "\n\n"
    season = parse_season_csv(text, season=SEASON, ruleset=_ruleset())
    assert season.tournaments[0].field_size == 6


def test_bad_cells_and_header() -> None:
    rows = _rows("T", "2012-01-14", 6, top=4)
    rows[0][3] = "forse"
    rows[1][5] = "primo"
    rows[2][8] = ""
    issues = _issues(_csv(rows))
    assert [(i.row, i.column) for i in issues] == [(2, "major"), (3, "place"), (4, "dropped")]
    header = _issues("tournament,date,store,player,place,swiss_points,topcut_wins,dropped,note\n")
    assert [i.reason for i in header] == ["missing column(s): major", "unknown column(s): note"]
    assert _issues("")[0].reason == "the file is empty"
    assert _issues(HEADER + "\n")[0].reason == "no result rows"
    short = _issues(HEADER + "\nT,2012-01-14,Store\n")
    assert (short[0].row, short[0].column) == (2, "row")
