"""Command start: wall time of ``torneo --help`` and ``torneo pair --trf`` (64 and 9,999 players).

Run: ``.venv/bin/python bench/cli.py [--runs 7]``. Each run is a fresh process (the way a user
or a script calls the command), so the figure is import time plus work. The command is run as
the installed script runs it: the entry point named in pyproject.toml
(``torneo.cli.start:run``, whose fast path pairs without Typer, issue 32 item 3), and, for
comparison, the Typer app alone (``torneo.cli.main:app``, the entry point before issue 32).
The machine is shared: each figure is the best of ``--runs`` (wall and CPU of the process),
printed with the load average. Aims (issue 32): ``pair --trf`` under 0.1 s on 64 players and
under 0.5 s on 9,999.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from _common import host_line

ROOT = Path(__file__).resolve().parent.parent
GEN = Path(__file__).with_name("gen_trf.py")


def _script(target: str) -> list[str]:
    """A console script's command line: what pip's generated ``torneo`` script runs."""
    module, _, function = target.partition(":")
    code = f"import sys; from {module} import {function}; sys.exit({function}())"
    return [sys.executable, "-c", code]


def _run(args: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(host_line())
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["torneo"]
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for players in (64, 9999):
            files[players] = Path(tmp) / f"{players}.trf"
            subprocess.run(
                [sys.executable, str(GEN), str(players), "5", "-o", str(files[players])],
                check=True,
            )
        for target in (entry, "torneo.cli.main:app"):
            command = _script(target)
            cases = [
                ("--help", ["--help"], 0.2),
                ("pair --trf (64 players)", ["pair", "--trf", str(files[64])], 0.1),
                ("pair --trf (9,999 players)", ["pair", "--trf", str(files[9999])], 0.5),
            ]
            print(f"entry point {target}:")
            for label, extra, aim in cases:
                _run(command + extra)  # warm the file cache: the figure is the command
                samples = [_run(command + extra) for _ in range(args.runs)]
                wall = min(w for w, _ in samples)
                cpu = min(c for _, c in samples)
                print(
                    f"  torneo {label:<28} best wall {wall:.3f} s, best CPU {cpu:.3f} s "
                    f"(aim < {aim} s; load average {os.getloadavg()[0]:.1f})"
                )


if __name__ == "__main__":
    main()
