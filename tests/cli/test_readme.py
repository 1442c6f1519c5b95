"""Issue 30 item 9: the README's commands work as written, and every document it links exists.

The README is short on purpose (the two commands, a first evening, links to docs/); these tests
keep it honest: each ``./torneo …`` command of its first evening runs on a fresh SQLite file
exactly as printed, and no link of README or docs/ points at a file that is not there.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _first_evening_commands() -> list[str]:
    text = README.read_text("utf-8").split("## A first evening", 1)[1].split("\n## ", 1)[0]
    # An inline command may be wrapped over two lines of the list: join them first.
    return re.findall(r"`(\./torneo [^`]+)`", " ".join(text.split()))


def test_issue30_readme_is_short_and_names_the_two_commands() -> None:
    text = README.read_text("utf-8")
    assert len(text.splitlines()) <= 80
    assert "make run" in text
    assert "make test" in text


def test_issue30_readme_first_evening_runs_as_written(tmp_path: Path) -> None:
    commands = _first_evening_commands()
    assert any("club create" in c for c in commands), commands
    env = {**os.environ, "TORNEO_DATABASE_URL": f"sqlite:///{tmp_path / 'readme.db'}"}
    env.pop("TORNEO_ENV", None)
    upgrade = subprocess.run(
        [str(ROOT / "torneo"), "db", "upgrade"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert upgrade.returncode == 0, upgrade.stderr
    for command in commands:
        argv = shlex.split(command)
        argv[0] = str(ROOT / "torneo")
        done = subprocess.run(
            argv, env=env, capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path
        )
        assert done.returncode == 0, f"{command}: {done.stderr}"
        if "club create" in command:
            assert "anna" in done.stdout  # the owner's one-time password is printed for her


def test_issue30_every_link_of_readme_and_docs_exists() -> None:
    missing = []
    for doc in [README, *sorted((ROOT / "docs").rglob("*.md"))]:
        for target in LINK.findall(doc.read_text("utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (doc.parent / target).exists():
                missing.append(f"{doc.relative_to(ROOT)} -> {target}")
    assert not missing, missing
