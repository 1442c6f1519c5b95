"""``torneo fantasy``: the sample files, importing a matchday's votes, the standings and a
team's score explained; a wrong file (exit 2, every bad row named, nothing changed)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.fantasy.conftest import build_league
from tests.support.cli import Cli
from torneo.fantasy import commands_lineups as lineups
from torneo.fantasy import views_team
from torneo.fantasy.rules import samples


def test_fan_data_1_import_votes_show_and_score(cli: Cli, tmp_path: Path) -> None:
    # The terminal reads the real clock: the season started two days ago, its teams and
    # lineups were given the week before (issue 28 item 11: votes come after the deadline).
    first = (datetime.now(UTC) - timedelta(days=2)).replace(microsecond=0)
    real = cli.store.clock
    cli.store.clock = lambda: first - timedelta(days=7)
    league = build_league(cli.store, teams=3, seed=5, first=first)
    rng = random.Random(5)
    for i, tid in enumerate(league.teams):
        page = views_team.team_page(cli.store, league.id, tid)
        starters, bench = samples.pick_lineup([(p.id, p.role) for p in page.roster], rng)
        lineups.submit_lineup(
            cli.store, league.managers[i], league.id, tid, 1, starters=starters, bench=bench
        )
    cli.store.clock = real
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


def test_fan_data_1_the_review_rows_and_a_deletion_from_the_terminal(
    cli: Cli, tmp_path: Path
) -> None:
    """Issue 28 item 11: `torneo fantasy matchday` lists the rows left for review (as the API),
    `delete-votes` takes a wrong import out."""
    first = (datetime.now(UTC) - timedelta(days=2)).replace(microsecond=0)
    real = cli.store.clock
    cli.store.clock = lambda: first - timedelta(days=7)
    league = build_league(cli.store, teams=1, seed=6, first=first)
    cli.store.clock = real
    rows = samples.vote_rows(league.season, 1, seed=6)
    rows[4][0], rows[4][2] = "99999", "Nessuno Sconosciuto"
    wrong = tmp_path / "wrong.csv"
    wrong.write_bytes(samples.rows_csv(rows))
    cli.ok("fantasy", "import-votes", str(league.id), "1", str(wrong))
    body = cli.json("fantasy", "matchday", str(league.id), "1")
    assert body["official"] is False
    assert [r["code"] for r in body["review"]] == ["99999"]
    assert "Nessuno Sconosciuto" in cli.ok("fantasy", "matchday", str(league.id), "1").stdout
    assert cli.json("fantasy", "delete-votes", str(league.id), "1") == {"scores": 1}
    assert cli.json("fantasy", "matchday", str(league.id), "1")["official"] is None
