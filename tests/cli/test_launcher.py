"""Issue 30 item 9: ``./torneo`` runs the checkout's command without activating the venv."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_issue30_the_launcher_runs_the_venv_command() -> None:
    done = subprocess.run(
        [str(ROOT / "torneo"), "--help"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Usage: torneo" in done.stdout


def test_issue30_the_launcher_says_what_to_run_without_a_venv(tmp_path: Path) -> None:
    shutil.copy(ROOT / "torneo", tmp_path / "torneo")
    done = subprocess.run(
        [str(tmp_path / "torneo"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "run 'make run'" in done.stderr
