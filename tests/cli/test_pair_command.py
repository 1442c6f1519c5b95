"""`torneo pair --trf FILE [--seed N] [--explain]` (issue 3): output, and errors with exit 2."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from torneo.cli.pair_command import pair_command

DATA = Path(__file__).parent.parent / "engines" / "trf" / "data"


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("pair")(pair_command)

    @app.callback()
    def main() -> None:
        """Torneo (test harness: the real app registers the same command)."""

    return app


def test_pair_command_prints_pairs_in_engine_format() -> None:
    """`torneo pair`: number of pairs, then one 'white black' line per pair, bye as 'n 0'."""
    result = CliRunner().invoke(_app(), ["pair", "--trf", str(DATA / "gen_9_3.trf"), "--seed", "3"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "5"
    assert len(lines) == 6
    assert sum(1 for line in lines[1:] if line.endswith(" 0")) == 1


def test_pair_command_explain() -> None:
    """`torneo pair --explain`: the why of every pair as comment lines."""
    result = CliRunner().invoke(
        _app(), ["pair", "--trf", str(DATA / "gen_64_5.trf"), "--seed", "1", "--explain"]
    )
    assert result.exit_code == 0
    comments = [line for line in result.stdout.splitlines() if line.startswith("# ")]
    assert len(comments) == 32


def test_pair_command_bad_file_exits_2_with_the_line_and_column(tmp_path: Path) -> None:
    """Bad input: a non-UTF-8 TRF → message on stderr naming line and column, exit code 2."""
    bad = tmp_path / "bad.trf"
    bad.write_bytes((DATA / "gen_9_3.trf").read_bytes().replace(b"Player3 ", b"Player\xe83"))
    result = CliRunner().invoke(_app(), ["pair", "--trf", str(bad)])
    assert result.exit_code == 2
    assert "line 7, column 21" in result.stderr
    assert result.stdout == ""


def test_pair_command_missing_file_exits_2(tmp_path: Path) -> None:
    """Bad input: a file that does not exist → exit code 2 and the reason."""
    result = CliRunner().invoke(_app(), ["pair", "--trf", str(tmp_path / "nope.trf")])
    assert result.exit_code == 2
    assert "cannot read" in result.stderr


def test_issue27_a_huge_trf_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """A 30 GB file (sparse: it takes no disk) is refused from its size alone, exit code 2."""
    huge = tmp_path / "huge.trf"
    with huge.open("wb") as f:
        f.truncate(30 * 1024**3)
    result = CliRunner().invoke(_app(), ["pair", "--trf", str(huge)])
    assert result.exit_code == 2
    assert "at most 20000000 bytes" in result.stderr
