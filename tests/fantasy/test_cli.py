"""``torneo fantasy``: the sample files, importing a matchday's votes, the standings and a
team's score explained; a wrong file (exit 2, every bad row named, nothing changed)."""

from __future__ import annotations

import random
from pathlib import Path

from tests.fantasy.conftest import build_league
from tests.support.cli import Cli
from torneo.fantasy import commands_lineups as lineups
from torneo.fantasy import views_team
from torneo.fantasy.rules import samples


def test_fan_data_1_import_votes_show_and_score(cli: Cli, tmp_path: Path) -> None:
    league = build_league(cli.store, teams=3, seed=5)
    rng = random.Random(5)
    for i, tid in enumerate(league.teams):
        page = views_team.team_page(cli.store, league.id, tid)
        starters, bench = samples.pick_lineup([(p.id, p.role) for p in page.roster], rng)
        lineups.submit_lineup(
            cli.store, league.managers[i], league.id, tid, 1, starters=starters, bench=bench
        )
    votes = tmp_path / "giornata-1.xlsx"
    votes.write_bytes(samples.rows_xlsx(samples.vote_rows(league.season, 1, seed=5)))
    out = cli.ok("fantasy", "import-votes", str(league.id), "1", str(votes), "--official").stdout
    assert "teams 3" in out
    shown = cli.ok("fantasy", "show", str(league.id)).stdout
    assert "Squadra 0" in shown
    assert "matchday 1:" in shown
    body = cli.json("fantasy", "score", str(league.id), str(league.teams[0]), "1")
    assert body["official"] is True
    assert len(body["lines"]) == 18
    text = cli.ok("fantasy", "score", str(league.id), str(league.teams[0]), "1").stdout
    assert "modifier" in text
    assert [r["id"] for r in cli.json("fantasy", "list")] == [league.id]


def test_fan_data_1_wrong_file_refused_whole(cli: Cli, tmp_path: Path) -> None:
    league = build_league(cli.store, teams=1, seed=6)
    rows = samples.vote_rows(league.season, 1, seed=6)
    rows[4][3] = "11"
    rows[6][1] = "X"
    bad = tmp_path / "bad.csv"
    bad.write_bytes(samples.rows_csv(rows))
    result = cli.refused("fantasy", "import-votes", str(league.id), "1", str(bad))
    text = result.stdout + result.stderr
    assert "line 5: vote '11'" in text
    assert "line 7: role 'X'" in text


def test_sample_files(cli: Cli, tmp_path: Path) -> None:
    cli.ok("fantasy", "sample-files", str(tmp_path / "files"))
    names = sorted(p.name for p in (tmp_path / "files").iterdir())
    assert names == ["fixtures.csv", "prices.csv", "votes-1.csv", "votes-1.xlsx"]
