from datetime import date

import pytest

from torneo.core.ids import PlayerId
from torneo.presets import load_preset
from torneo.presets.models import Ruleset
from torneo.seasons.rules.dates import SeasonDates
from torneo.seasons.rules.import_csv import parse_season_csv
from torneo.seasons.rules.import_issues import COLUMNS, ImportIssue, SeasonImportError
from torneo.seasons.rules.import_rows import player_key
from torneo.seasons.rules.legality import check_legality

SEASON = SeasonDates.parse("2011-09-18", "2012-06-30")
HEADER = ",".join(COLUMNS)


def _ruleset() -> Ruleset:
    return load_preset("invasion-it-2012")


def _top_wins(place: int, top: int) -> int:
    rounds = top.bit_length() - 1
    return 0 if place > top else rounds - (place - 1).bit_length()


def _rows(name: str, day: str, n: int, *, major: str = "no", store: str = "Dadi e Draghi",
          top: int = 8, swiss: int = 6) -> list[list[str]]:  # fmt: skip
    return [
        [name, day, store, major, f"Player {i}", str(i), str(swiss), str(_top_wins(i, top)), "no"]
        for i in range(1, n + 1)
    ]


def _csv(*groups: list[list[str]], sep: str = ",") -> str:
    lines = [sep.join(COLUMNS)] + [sep.join(r) for g in groups for r in g]
    return "\n".join(lines) + "\n"


def _issues(text: str) -> tuple[ImportIssue, ...]:
    with pytest.raises(SeasonImportError) as err:
        parse_season_csv(text, season=SEASON, ruleset=_ruleset())
    assert err.value.field == "file"
    assert "nothing imported" in err.value.reason
    return err.value.issues


def test_a_valid_season_is_grouped_by_tournament_with_its_field_size() -> None:
    big = _rows("Coppa di Natale", "2011-12-17", 26)
    big[0][5:8] = ["1", "13", "3"]  # INV-PTS-EX2: 13 Swiss, wins the Top 8
    small = _rows("Torneo di Ottobre", "2011-10-01", 8, top=4)
    season = parse_season_csv(_csv(big, small), season=SEASON, ruleset=_ruleset())
    assert [t.name for t in season.tournaments] == ["Torneo di Ottobre", "Coppa di Natale"]
    october, christmas = season.tournaments
    assert (october.field_size, october.swiss_rounds, october.top_size) == (8, 3, 4)
    assert (christmas.field_size, christmas.swiss_rounds, christmas.top_size) == (26, 5, 8)
    assert christmas.date == date(2011, 12, 17)
    assert [r.place for r in christmas.rows] == list(range(1, 27))
    assert len(season.players) == 26
    ids = {player_key(name): PlayerId(i) for i, name in enumerate(season.players, start=1)}
    outcome = christmas.score(ids, _ruleset().season)  # type: ignore[arg-type]
    assert outcome.results[0].points == 34
    assert outcome.results[0].explanation == "13 Swiss + 9 Top 8 + 4 first place + 8 size = 34"
    facts = october.facts()
    assert check_legality(facts, [], SEASON, _ruleset().season) == []  # type: ignore[arg-type]


def test_a_top_16_is_accepted_where_the_structure_allows_it() -> None:
    """INV-STRUCT-2: 25 players may play one round fewer with a Top 16."""
    season = parse_season_csv(
        _csv(_rows("T", "2012-01-14", 25, top=16)), season=SEASON, ruleset=_ruleset()
    )
    assert season.tournaments[0].rows[0].topcut_wins == 4


def test_INV_SEASON_1_impossible_date_is_reported_with_row_and_column() -> None:
    """INV-SEASON-1: 2012-06-31 does not exist: row, column and reason."""
    rows = _rows("T", "2012-06-16", 6, top=4)
    rows[2][1] = "2012-06-31"
    [issue] = _issues(_csv(rows))
    assert (issue.row, issue.column) == (4, "date")
    assert "2012-06-31 does not exist: June 2012 has 30 days" in issue.reason
    assert "YYYY-MM-DD" in issue.accepted


def test_INV_SEASON_1_tournament_outside_the_season_is_reported_once() -> None:
    """INV-SEASON-1: a tournament outside the season is refused."""
    [issue] = _issues(_csv(_rows("Estate", "2012-07-07", 6, top=4)))
    assert (issue.row, issue.column) == (2, "date")
    assert "after the season ends on 2012-06-30" in issue.reason


def test_place_larger_than_the_field_is_reported() -> None:
    rows = _rows("T", "2012-01-14", 6, top=4)
    rows[5][5] = "9"
    [issue] = _issues(_csv(rows))
    assert (issue.row, issue.column) == (7, "place")
    assert "place 9 in a field of 6" in issue.reason
    assert issue.accepted == "1..6"


def test_duplicate_player_in_one_tournament_is_reported() -> None:
    rows = _rows("T", "2012-01-14", 6, top=4)
    rows[4][4] = " player  1 "
    [issue] = _issues(_csv(rows))
    assert (issue.row, issue.column) == (6, "player")
    assert "already in tournament 'T' on row 2" in issue.reason


def test_duplicate_place_is_reported() -> None:
    rows = _rows("T", "2012-01-14", 8, top=4)
    rows[7][5] = "7"
    issues = _issues(_csv(rows))
    assert [(i.row, i.column) for i in issues] == [(9, "place")]
    assert "place 7 is already taken in 'T' on row 8" in issues[0].reason


def test_INV_STRUCT_1_swiss_points_impossible_for_the_rounds_played() -> None:
    """INV-STRUCT-1: 6 players play 3 rounds: at most 9 Swiss points (3 a round)."""
    rows = _rows("T", "2012-01-14", 6, top=4)
    rows[0][6] = "10"
    [issue] = _issues(_csv(rows))
    assert (issue.row, issue.column) == (2, "swiss_points")
    assert "10 Swiss points in 3 rounds" in issue.reason
    assert issue.accepted.startswith("0..9")


def test_INV_PTS_1_topcut_wins_impossible_for_the_place() -> None:
    """INV-PTS-1: the winner of a Top 4 has 2 wins; the 3rd/4th match is not counted."""
    rows = _rows("T", "2012-01-14", 8, top=4)
    rows[2][7] = "1"  # 3rd place claims the 3rd/4th-place match as a Top win
    rows[0][7] = "3"
    issues = _issues(_csv(rows))
    assert [(i.row, i.column) for i in issues] == [(2, "topcut_wins"), (4, "topcut_wins")]
    assert "place 1 in a Top 4 means 2 Top wins, not 3" in issues[0].reason
    assert "3rd/4th-place match is not counted" in issues[1].accepted


def test_inconsistent_date_store_and_major_within_a_tournament() -> None:
    rows = _rows("T", "2012-01-14", 6, top=4)
    rows[1][1] = "2012-01-15"
    rows[2][2] = "Altro Negozio"
    rows[3][3] = "yes"
    issues = _issues(_csv(rows))
    assert [(i.row, i.column) for i in issues] == [(3, "date"), (4, "store"), (5, "major")]
    assert "has date 2012-01-14 on its first row; this row says 2012-01-15" in issues[0].reason
