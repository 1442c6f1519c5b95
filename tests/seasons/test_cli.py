"""``torneo season``: import a spreadsheet, rank the season, bad rows (exit 2, all listed)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.seasons.test_commands import HEADER, field_rows, rank_example_csv
from tests.support.cli import Cli

PRESET = "invasion-it-2012"


def write(tmp_path: Path, text: str, name: str = "season.csv") -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


def test_INV_RANK_EX1_import_and_standings_json(cli: Cli, tmp_path: Path) -> None:
    """INV-RANK-EX1 through the CLI: Tizio 71, Caio 65, Sempronio 54, Platone 54,
    Aristotele 42, Ulisse 42 → 1, 2, 3, 3, 4, 4."""
    file = write(tmp_path, rank_example_csv())
    summary = cli.json("season", "import", file, "--season", "Stagione", "--preset", PRESET)
    assert summary["season_created"] is True
    assert (summary["tournaments"], summary["results"], summary["void"]) == (5, 60, [])
    rows = cli.json("season", "standings", "Stagione")
    assert [(r["player"], r["points"], r["rank"]) for r in rows[:6]] == [
        ("Tizio", 71, 1),
        ("Caio", 65, 2),
        ("Sempronio", 54, 3),
        ("Platone", 54, 3),
        ("Aristotele", 42, 4),
        ("Ulisse", 42, 4),
    ]
    assert {"rank", "player", "points", "W", "S", "MW", "MP", "T"} <= set(rows[0])
    assert (rows[0]["W"], rows[0]["S"], rows[0]["T"]) == (2, 1, 5)
    table = cli.ok("season", "standings", "Stagione").stdout
    assert "Tizio" in table
    assert "2011-09-18" in table  # INV-SEASON-1 default dates of the preset


def test_INV_PTS_EX2_through_the_cli(cli: Cli, tmp_path: Path) -> None:
    """INV-PTS-EX2: 26 players; 13 Swiss points, wins the Top 8 → 34."""
    rows = field_rows(
        "Torneo", "2012-02-11", "Negozio", players=26, swiss={1: 13}, names={1: "Tizio"}
    )
    file = write(tmp_path, "\n".join([HEADER, *rows]))
    cli.ok("season", "import", file, "--season", "S", "--preset", PRESET)
    table = cli.json("season", "standings", "S")
    assert table[0]["player"] == "Tizio"
    assert table[0]["points"] == 34


def test_bad_rows_exit_2_with_every_error_and_nothing_imported(cli: Cli, tmp_path: Path) -> None:
    """Issue 5 bad input: every wrong row listed (more than the message's five), none imported."""
    rows = [
        "A,2012-06-31,S1,no,Tizio,1,3,2,no",  # row 2: June 31 does not exist
        "B,2012-08-04,S2,no,Caio,1,3,2,no",  # row 3: outside the season
        "C,2012-02-04,S3,forse,Sempronio,1,3,2,no",  # row 4: major is not yes/no
        "D,2012-02-04,S4,no,Platone,1,3,2,no",
        "D,2012-02-04,S4,no,Platone,2,3,1,no",  # row 6: the same player twice
        "D,2012-02-04,S4,no,Ulisse,9,3,0,no",  # row 7: place 9 in a field of 3
        "D,2012-02-04,S4,no,Aristotele,2,13,1,no",  # row 8: 13 Swiss points in 3 rounds
    ]
    file = write(tmp_path, "\n".join([HEADER, *rows]))
    result = cli.refused("season", "import", file, "--season", "S", "--preset", PRESET)
    err = result.stderr
    assert "nothing imported" in err
    for expected in (
        "row 2, date",
        "2012-06-31 does not exist",
        "row 3, date",
        "row 4, major",
        "row 6, player",
        "row 7, place",
        "row 8, swiss_points",
    ):
        assert expected in err, expected
    assert cli.json("season", "list") == []


def test_bad_rows_as_json(cli: Cli, tmp_path: Path) -> None:
    file = write(tmp_path, HEADER + "\nA,2012-06-31,S1,no,Tizio,1,3,0,no\n")
    result = cli.refused("season", "import", file, "--season", "S", "--preset", PRESET, "--json")
    issues = json.loads(result.stderr)["issues"]
    assert issues[0]["row"] == 2
    assert issues[0]["column"] == "date"


def test_season_dates_are_overridable_and_checked(cli: Cli, tmp_path: Path) -> None:
    file = write(tmp_path, "\n".join([HEADER, *field_rows("T", "2013-01-12", "N", players=6)]))
    end = cli.refused(
        "season",
        "import",
        file,
        "--season",
        "S",
        "--preset",
        PRESET,
        "--start",
        "2012-09-01",
        "--end",
        "2013-06-31",
    )
    assert "end" in end.stderr
    assert "does not exist" in end.stderr
    backwards = cli.refused(
        "season",
        "import",
        file,
        "--season",
        "S",
        "--preset",
        PRESET,
        "--start",
        "2013-06-30",
        "--end",
        "2012-09-01",
    )
    assert "before it starts" in backwards.stderr
    ok = cli.json(
        "season",
        "import",
        file,
        "--season",
        "S",
        "--preset",
        PRESET,
        "--start",
        "2012-09-01",
        "--end",
        "2013-06-30",
    )
    assert ok["tournaments"] == 1
    listed = cli.json("season", "list")
    assert (listed[0]["start"], listed[0]["end"]) == ("2012-09-01", "2013-06-30")


def test_a_finished_event_joins_a_season_from_the_cli(cli: Cli) -> None:
    cli.ok("demo")
    finished = next(e for e in cli.json("event", "list") if e["status"] == "finished")
    cli.ok("season", "create", "Altra stagione", "--preset", PRESET)
    summary = cli.json("season", "add-event", "Altra stagione", str(finished["id"]))
    assert summary["results"] == 8
    # INV-LEGAL-1: this season's calendar never announced it, so it is void here (the demo's
    # own season announced it and scores it).
    assert summary["void"][0]["breaches"][0].startswith("INV-LEGAL-1: never announced")
    again = cli.json("season", "add-event", "Altra stagione", "Torneo di Natale")
    assert again["results"] == 8  # a refresh, not a second copy
    assert cli.json("season", "standings", "Altra stagione") == []
    assert len(cli.json("season", "standings", "Campionato Invasion 2011/12")) == 8
    assert cli.json("season", "recompute", "Altra stagione")["tournaments"] == 1


def test_unknown_season_exits_2(cli: Cli) -> None:
    result = cli.refused("season", "standings", "Nessuna")
    assert "no season named 'Nessuna'" in result.stderr
