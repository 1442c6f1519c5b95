"""``torneo export``: pairings with their reasons, standings, a season's tables (issue 3 items 5–6,
issue 5 item 4); a refused export exits 2 and names what was wrong."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tests.seasons.test_commands import rank_example_csv
from tests.support.cli import Cli
from tests.support.seasons import play_event
from torneo.cli.common import CLI_ACTOR

PRESET = "invasion-it-2012"


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_export_pairings_and_standings_of_an_event(cli: Cli, tmp_path: Path) -> None:
    event_id = play_event(cli.store, CLI_ACTOR, players=8, seed=7)
    rows = _rows(cli.ok("export", "pairings", str(event_id), "--round", "1").stdout)
    assert len(rows) == 4
    assert {r["round"] for r in rows} == {"1"}
    assert all(r["explanation"] for r in rows)  # round 1: why each pair was drawn
    every = _rows(cli.ok("export", "pairings", "Torneo di club").stdout)
    assert {r["stage"] for r in every} == {"swiss", "top", "third_place"}
    standings = _rows(cli.ok("export", "standings", str(event_id)).stdout)
    assert [r["position"] for r in standings] == [str(i) for i in range(1, 9)]
    data = json.loads(cli.ok("export", "standings", str(event_id), "--json").stdout)
    assert [line["name"] for line in data["lines"]] == [r["player"] for r in standings]
    out = tmp_path / "pairings.csv"
    cli.ok("export", "pairings", str(event_id), "-o", str(out))
    assert _rows(out.read_text("utf-8")) == every


def test_export_a_season(cli: Cli, tmp_path: Path) -> None:
    """INV-RANK-EX1's table as CSV; the results in the import format import back the same."""
    path = tmp_path / "season.csv"
    path.write_text(rank_example_csv(), "utf-8")
    cli.ok("season", "import", str(path), "--season", "Stagione", "--preset", PRESET)
    table = _rows(cli.ok("export", "season", "Stagione").stdout)
    assert [(r["player"], r["points"], r["rank"]) for r in table[:4]] == [
        ("Tizio", "71", "1"),
        ("Caio", "65", "2"),
        ("Sempronio", "54", "3"),
        ("Platone", "54", "3"),
    ]
    tournaments = _rows(cli.ok("export", "season", "Stagione", "--table", "tournaments").stdout)
    assert len(tournaments) == 5
    results = tmp_path / "results.csv"
    cli.ok("export", "season", "Stagione", "--table", "results", "-o", str(results))
    cli.ok("season", "import", str(results), "--season", "Copia", "--preset", PRESET)
    copy = _rows(cli.ok("export", "season", "Copia").stdout)
    assert [(r["player"], r["points"]) for r in copy] == [(r["player"], r["points"]) for r in table]
    data = json.loads(cli.ok("export", "season", "Stagione", "--table", "json").stdout)
    assert data["season"]["name"] == "Stagione"


def test_refused_exports_exit_2(cli: Cli) -> None:
    assert "season" in cli.refused("export", "season", "Nessuna").stderr
    assert "event" in cli.refused("export", "pairings", "999").stderr
