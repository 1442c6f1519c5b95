"""The entry point's fast path for ``torneo pair`` (issue 32 item 3, :mod:`torneo.cli.start`):
the same output and exit codes as the Typer command, without loading Typer or the database."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from torneo.cli import start
from torneo.cli.main import app

DATA = Path(__file__).parent.parent / "engines" / "trf" / "data"
GEN_9 = str(DATA / "gen_9_3.trf")
_RUN = "import sys; from torneo.cli.start import run; sys.exit(run())"  # the console script


def _fast(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = start.run(args)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    "args",
    [
        ["pair", "--trf", GEN_9, "--seed", "3"],
        ["pair", f"--trf={GEN_9}", "--seed=3"],
        ["pair", "--seed", "7", "--explain", "--trf", str(DATA / "gen_64_5.trf")],
        ["pair", "--trf", GEN_9],
    ],
)
def test_the_fast_pair_prints_what_the_typer_command_prints(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    typer_run = CliRunner().invoke(app, args)
    assert typer_run.exit_code == 0, typer_run.output
    assert _fast(args, capsys) == (0, typer_run.stdout, "")


def test_a_refused_file_exits_2_with_the_typer_commands_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["pair", "--trf", str(tmp_path / "nope.trf")]
    typer_run = CliRunner().invoke(app, args)
    assert typer_run.exit_code == 2
    code, out, err = _fast(args, capsys)
    assert (code, out, err) == (2, "", typer_run.stderr)
    assert "cannot read" in err


@pytest.mark.parametrize(
    "args",
    [
        ["pair", "--help"],
        ["pair"],
        ["pair", "--trf", GEN_9, "--seed", "x"],
        ["pair", "--trf", GEN_9, "--rounds", "3"],
        ["pair", "--trf", GEN_9, "--trf", GEN_9],
        ["--help"],
    ],
)
def test_anything_else_is_answered_by_the_typer_app(args: list[str]) -> None:
    """Help, wrong options and repeated ones get Typer's own answer (the fast path never
    guesses; Click takes the last of a repeated option)."""
    assert start._parse_pair(args[1:]) is None or args[0] != "pair"
    fast = subprocess.run(
        [sys.executable, "-c", _RUN, *args],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "COLUMNS": "100"},
    )
    typer_run = CliRunner().invoke(app, args, env={"COLUMNS": "100"}, prog_name="torneo")
    assert fast.returncode == typer_run.exit_code
    assert fast.stdout == typer_run.stdout
    if args[-1] == "--help" or fast.returncode:
        assert "Usage: torneo" in fast.stdout + fast.stderr


# Issue 32 item 3: what `torneo pair` must not load (the web, the database, and Typer itself,
# whose Click, pydantic and Rich cost more than pairing 64 players).
NOT_FOR_PAIR = (
    "sqlalchemy",
    "fastapi",
    "starlette",
    "pydantic",
    "typer",
    "click",
    "rich",
    "openpyxl",
    "numpy",
)
_PROBE = """
import sys
from torneo.cli.start import run
code = run(sys.argv[1:])
print("exit", code, "loaded", ",".join(sorted({m.split(".")[0] for m in sys.modules})),
      file=sys.stderr)
"""


def test_issue32_pair_imports_neither_typer_nor_the_database_nor_the_web() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, "pair", "--trf", GEN_9, "--seed", "3"],
        capture_output=True,
        text=True,
        check=False,
    )
    last = done.stderr.splitlines()[-1]
    assert last.startswith("exit 0 loaded "), done.stderr
    loaded = set(last.removeprefix("exit 0 loaded ").split(","))
    assert "torneo" in loaded  # the probe sees the modules it should
    assert loaded.isdisjoint(NOT_FOR_PAIR), sorted(loaded & set(NOT_FOR_PAIR))
