"""Command start: wall time of ``torneo --help`` and ``torneo pair --trf`` (64 players), cold.

Run: ``.venv/bin/python bench/cli.py [--runs 5]``. Each run is a fresh process (the way a user
or a script calls the command), so the figure is import time plus work. Aims (issue 14):
``--help`` under 0.2 s, ``pair --trf`` on 64 players under 0.3 s.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import host_line, percentile

TORNEO = Path(sys.executable).with_name("torneo")
GEN = Path(__file__).with_name("gen_trf.py")


def _wall(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(host_line())
    with tempfile.TemporaryDirectory() as tmp:
        trf = Path(tmp) / "64.trf"
        subprocess.run([sys.executable, str(GEN), "64", "5", "-o", str(trf)], check=True)
        cases = [
            ("torneo --help", [str(TORNEO), "--help"], 0.2),
            ("torneo pair --trf (64 players)", [str(TORNEO), "pair", "--trf", str(trf)], 0.3),
        ]
        for label, command, aim in cases:
            _wall(command)  # warm the file cache: the figure is the command, not the disk
            samples = [_wall(command) for _ in range(args.runs)]
            print(
                f"{label:<32} median {sorted(samples)[len(samples) // 2]:.3f} s, "
                f"max {percentile(samples, 100):.3f} s  (aim < {aim} s)"
            )


if __name__ == "__main__":
    main()
