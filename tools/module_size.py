"""`make lint`: no Python module of the project is over 500 lines (issue 11: small modules).

A module that grows past one idea is split by topic (``commands_<topic>.py``); this check keeps
the house that way. Prints every module over the limit and exits 1.
"""

from __future__ import annotations

import sys
from pathlib import Path

LIMIT = 500
ROOTS = ("src", "tests", "bench", "tools")


def oversized(root: Path) -> list[tuple[int, Path]]:
    found = []
    for folder in ROOTS:
        for path in sorted((root / folder).rglob("*.py")):
            lines = len(path.read_text("utf-8").splitlines())
            if lines > LIMIT:
                found.append((lines, path.relative_to(root)))
    return found


def main() -> int:
    found = oversized(Path(__file__).resolve().parent.parent)
    for lines, path in found:
        print(f"{path}: {lines} lines (at most {LIMIT}: split it by topic)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
