"""The ``torneo`` command groups every sub-command (the Typer app ``torneo.cli.main:app``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from tests.support.cli import Cli
from torneo.cli.lazy import LazyGroup
from torneo.cli.main import app

DATA = Path(__file__).parent.parent / "engines" / "trf" / "data"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], ["serve", "demo", "db", "event", "season", "pair"]),
        (
            ["event"],
            [
                "create",
                "register",
                "start",
                "pair",
                "report",
                "drop",
                "top",
                "close",
                "standings",
                "pairings",
                "export",
            ],
        ),
        (["season"], ["import", "standings", "add-event", "create", "recompute", "list"]),
        (["db"], ["upgrade"]),
    ],
)
def test_every_command_is_registered(args: list[str], expected: list[str]) -> None:
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "160"})
    assert result.exit_code == 0
    listed = {line.split()[1] for line in result.stdout.splitlines() if line.startswith("│ ")}
    assert set(expected) <= listed


def test_every_declared_help_line_is_the_commands_own() -> None:
    """The root lists each command's line without importing it: the line must be the command's."""
    group = typer.main.get_command(app)
    assert isinstance(group, LazyGroup)
    for name, lazy in LazyGroup.registry.items():
        command = lazy.load(name)
        assert command.name == name
        assert (command.help or "").split("\n\n")[0].strip() == lazy.help, name


# What a command may not import when it does not use it (issue 14: lazy command start).
HEAVY = ("sqlalchemy", "fastapi", "starlette", "alembic", "uvicorn", "jinja2", "psycopg", "redis")
_PROBE = """
import os
import sys
from torneo.cli.main import app
try:
    app(sys.argv[1:], prog_name="torneo")
except SystemExit as done:
    code = done.code
heavy = sorted({m.split(".")[0] for m in sys.modules} & set(os.environ["PROBE_HEAVY"].split(",")))
print("exit", code, "heavy", ",".join(heavy) or "-", file=sys.stderr)
"""


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        [],
        ["pair", "--help"],
        ["pair", "--trf", str(DATA / "gen_9_3.trf"), "--seed", "3"],
        ["pair", "--trf", "/nonexistent.trf"],
    ],
)
def test_help_and_pair_import_no_database_or_web(args: list[str]) -> None:
    """`torneo --help` and `torneo pair` start without the database, web or other disciplines."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "COLUMNS": "120", "PROBE_HEAVY": ",".join(HEAVY)},
    )
    assert done.stderr.splitlines()[-1].endswith("heavy -"), done.stderr
    assert "torneo.cards" not in done.stderr


def test_a_command_that_needs_the_database_still_gets_it(cli: Cli) -> None:
    """Loading on first use changes nothing for the commands that use the store."""
    created = cli.json(
        "event", "create", "--name", "Lazy", "--preset", "invasion-it-2012", "--date", "2026-12-20"
    )
    assert created["name"] == "Lazy"
