"""The ``torneo`` command groups every sub-command (entry point ``torneo.cli.main:app``)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from torneo.cli.main import app


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
