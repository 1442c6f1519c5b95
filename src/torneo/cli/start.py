"""The ``torneo`` command's entry point (``torneo.cli.start:run``): a fast path for ``pair``.

``torneo pair --trf FILE`` is what chess engines and scripts call once a round, often in loops
(issue 32 item 3: bbpPairings answers 64 players in 0.011 s). Building the Typer app costs more
than pairing a small field: Typer loads Click, pydantic (its parameter adapters) and Rich, about
0.15 s before a line is read. So a well-formed ``pair`` command (``--trf FILE``, ``--seed N``,
``--explain``, each at most once, as ``--opt value`` or ``--opt=value``) is parsed here and run
without Typer; it prints exactly what :func:`torneo.cli.pair_command.pair_command` prints (both
call :func:`torneo.cli.pair_run.pair_output`) and exits with the same codes (2 on a refused
file). Anything else (``--help``, a missing or unknown option, a seed that is not a whole
number, every other command) goes to the Typer app (:mod:`torneo.cli.main`), which gives its
usual help and messages: the fast path only ever handles what the app would accept.

``tests/cli/test_start.py`` checks both paths give the same output and that ``pair`` imports
neither Typer nor the database or web libraries.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

_VALUED = ("--trf", "--seed")


def _parse_pair(args: Sequence[str]) -> tuple[str, int | None, bool] | None:
    """``args`` after ``pair``: (file, seed, explain), or None when Typer must answer."""
    found: dict[str, str] = {}
    explain = False
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--explain" and not explain:
            explain = True
            continue
        name, eq, value = arg.partition("=")
        if name not in _VALUED or name in found:
            return None
        if not eq:
            if not rest or rest[0].startswith("-"):
                return None
            value = rest.pop(0)
        found[name] = value
    if not found.get("--trf"):
        return None
    seed = found.get("--seed")
    if seed is not None:
        try:
            number = int(seed)  # as Click reads an int
        except ValueError:
            return None
        return found["--trf"], number, explain
    return found["--trf"], None, explain


def run(argv: Sequence[str] | None = None) -> int:
    """``torneo`` with ``argv`` (default: the process's arguments); the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    parsed = _parse_pair(args[1:]) if args[:1] == ["pair"] else None
    if parsed is None:
        from torneo.cli.main import app

        app(args, prog_name="torneo")
        return 0  # the app exits by SystemExit; it returns only from a test harness
    from pathlib import Path

    from torneo.cli.pair_run import pair_output
    from torneo.core.errors import TorneoError

    trf, seed, explain = parsed
    try:
        output = pair_output(Path(trf), seed, explain)
    except TorneoError as err:
        sys.stderr.write(f"error: {err}\n")
        return 2
    sys.stdout.write(output)
    sys.stdout.flush()
    return 0
