"""Swiss pairing at scale (issue 3): time, memory and quality of the next round's pairing.

    .venv/bin/python bench/pairing.py            # 64, 512, 2,000, 9,999, 10,000 after 5 and 9 rounds
    .venv/bin/python bench/pairing.py --full     # adds 100,000 players (a few minutes: generation)
    .venv/bin/python bench/pairing.py --quick    # 64 and 512 only

Inputs come from the project's ``bench/gen_trf.py`` (a random-but-plausible history any chess
engine can be run on): TRF files in ``bench/out/`` up to 9,999 players (TRF start numbers have
four digits), and the generator's own ``generate`` in-process for 10,000 and 100,000. Each case
runs in a fresh child process so its peak memory is its own. Figures per case:

* cpu s / wall s — CPU seconds (``time.process_time``) and wall seconds of ``pair_round``
  only, explanations included (entrants already built), the median of a few runs (the machine
  is shared: CPU time is what the engine costs, wall time what a user waits);
* prep s    — reading the TRF and building the entrants (not part of the pairing figure);
* alloc MiB — peak Python allocations during one ``pair_round`` (tracemalloc, separate run);
* rss MiB   — peak resident memory of the child process (interpreter, input and all);
* diff / uneq / rem — sum of |score difference| over boards (chess points), unequal boards and
  rematches, counted again here from the TRF data and the written pairs alone (``_evaluate``:
  a cross-check of the engine's own figures, which must agree: a mismatch is printed); LB is
  the lower bound on the difference sum for that field, bye included (docs/pairing.md);
* col — players whose new colour breaks a FIDE absolute colour rule (informational: colours are not part of the
  card-game objective, they are allocated afterwards).

bbpPairings is compared when a binary is found (``BBPPAIRINGS`` or ``bbpPairings`` on PATH);
it is never built into or copied into this repository.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

import gen_trf
from _common import host_line, peak_rss_mib
from torneo.engines.swiss import pair_round
from torneo.engines.trf.codec import TrfGame, TrfPlayer, TrfTournament, format_points, parse_trf
from torneo.engines.trf.pairing import TRF_OPTIONS, chess_boards, trf_entrants

GEN_TRF = Path(__file__).resolve().parent / "gen_trf.py"
OUT = Path(__file__).resolve().parent / "out"
TRF_SIZES = (64, 512, 2000, 9999)
GEN_SIZES = (10_000,)
FULL_SIZES = (100_000,)
ROUNDS = (5, 9)
AIM_SECONDS = {100_000: 1.0}  # issue 14, item 7: a round, explanations included


def _tournament_from_generator(n: int, rounds: int, seed: int) -> TrfTournament:
    """gen_trf.generate's history as an in-memory TRF tournament (start numbers > 9,999 ok)."""
    entries = gen_trf.generate(n, rounds, seed=seed)
    players = tuple(
        TrfPlayer(
            start=e.start,
            name=f"Player {e.start}",
            rating=e.rating,
            points2=e.half_points,
            rank=None,
            games=tuple(
                TrfGame(opponent or None, colour, result) for opponent, colour, result in e.rounds
            ),
        )
        for e in entries
    )
    return TrfTournament(tuple(range(1, n + 1)), players, rounds, rounds + 2)


def _evaluate(tournament: TrfTournament, rows: list[tuple[int, int]]) -> dict[str, Any]:
    """Score written pairs from the TRF data alone, the way chess pairing checkers do.

    ``rows`` are (white, black) start numbers, black 0 for the bye. Games that were played
    (not forfeits) count as met and give colours; a new colour that breaks a FIDE absolute
    rule (difference beyond 2, or three times running) counts once per player.
    """
    points = {p.start: p.points2 / 2 for p in tournament.players}
    played = {p.start: [g for g in p.games if g.is_played] for p in tournament.players}
    colours = {s: [g.colour for g in games if g.colour in "wb"] for s, games in played.items()}
    met = {s: {g.opponent for g in games} for s, games in played.items()}
    seen: list[int] = []
    figures: dict[str, Any] = {"sum_abs_diff": 0.0, "unequal": 0, "rematches": [], "colour_viol": 0}
    for white, black in rows:
        seen += [white, black] if black else [white]
        if not black:
            continue
        diff = abs(points[white] - points[black])
        figures["sum_abs_diff"] += diff
        figures["unequal"] += 1 if diff else 0
        if black in met[white]:
            figures["rematches"].append((white, black))
        figures["colour_viol"] += _breaks_colour(colours[white], "w")
        figures["colour_viol"] += _breaks_colour(colours[black], "b")
    figures["missing"] = sorted(set(points) - set(seen))
    figures["dup"] = sorted(s for s, times in Counter(seen).items() if times > 1)
    return figures


def _breaks_colour(history: list[str], colour: str) -> int:
    after = [*history, colour]
    too_many = abs(after.count("w") - after.count("b")) > 2
    return int(too_many or after[-3:] == [colour] * 3)


def run_case(spec: str, repeats: int) -> dict[str, Any]:
    """One case in this process: build, pair (timed), score. ``spec`` is trf:PATH or gen:N:R:S."""
    start = time.perf_counter()
    kind, _, rest = spec.partition(":")
    if kind == "trf":
        tournament = parse_trf(Path(rest).read_text(encoding="utf-8"))
    else:
        n, rounds, seed = (int(x) for x in rest.split(":"))
        tournament = _tournament_from_generator(n, rounds, seed)
    entrants = trf_entrants(tournament)
    prep = time.perf_counter() - start
    round_no = tournament.rounds_played + 1
    walls: list[float] = []
    cpus: list[float] = []
    pairing = None
    for k in range(repeats):
        c0, t0 = time.process_time(), time.perf_counter()
        pairing = pair_round(
            entrants, round_no, random.Random(k), TRF_OPTIONS, score_label=format_points
        )
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    assert pairing is not None
    tracemalloc.start()
    pair_round(entrants, round_no, random.Random(0), TRF_OPTIONS, score_label=format_points)
    alloc = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    rows = [(white.start, black.start) for white, black, _ in chess_boards(tournament, pairing)]
    if pairing.bye is not None:
        rows.append((int(pairing.bye), 0))
    if kind == "trf":
        pairs_file = Path(rest).with_suffix(".pairs")
        pairs_file.write_text(f"{len(rows)}\n" + "".join(f"{a} {b}\n" for a, b in rows))
    checked = _evaluate(tournament, rows)
    stats = pairing.stats
    return {
        "players": len(entrants),
        "rounds": tournament.rounds_played,
        "cpu_s": statistics.median(cpus),
        "wall_s": statistics.median(walls),
        "cpu_runs": cpus,
        "wall_runs": walls,
        "prep_s": prep,
        "alloc_mib": alloc,
        "rss_mib": peak_rss_mib(),
        "diff": stats.score_diff_sum / 2,
        "lb": stats.score_diff_lower_bound / 2,
        "unequal": stats.unequal_pairs,
        "rematches": stats.rematches,
        "proven": stats.proven_optimal,
        "method": stats.method,
        "check_diff": checked["sum_abs_diff"],
        "check_unequal": checked["unequal"],
        "check_rematches": len(checked["rematches"]),
        "colour_viol": checked["colour_viol"],
        "missing": len(checked["missing"]) + len(checked["dup"]),
    }


def _bbp(trf: Path) -> dict[str, Any] | None:
    binary = (
        os.environ.get("BBPPAIRINGS")
        or shutil.which("bbpPairings")
        or shutil.which("bbpPairings.exe")
    )
    if not binary:
        return None
    out = trf.with_suffix(".bbp")
    t0 = time.perf_counter()
    subprocess.run([binary, "--dutch", str(trf), "-p", str(out)], check=True, capture_output=True)
    seconds = time.perf_counter() - t0
    tournament = parse_trf(trf.read_text(encoding="utf-8"))
    rows = [
        tuple(int(x) for x in line.split())
        for line in out.read_text().splitlines()[1:]
        if line.strip()
    ]
    checked = _evaluate(tournament, [(a, b) for a, b in rows])
    return {"seconds": seconds, "diff": checked["sum_abs_diff"], "unequal": checked["unequal"],
            "rematches": len(checked["rematches"]), "colour_viol": checked["colour_viol"]}  # fmt: skip


def _child(spec: str, repeats: int) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, __file__, "--case", spec, "--repeats", str(repeats)],
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--full", action="store_true", help="add 100,000 players")
    parser.add_argument("--quick", action="store_true", help="64 and 512 only")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--case", help=argparse.SUPPRESS)
    parser.add_argument("--repeats", type=int, default=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(run_case(args.case, args.repeats)))
        return
    OUT.mkdir(exist_ok=True)
    trf_sizes = TRF_SIZES[:2] if args.quick else TRF_SIZES
    gen_sizes = () if args.quick else GEN_SIZES + (FULL_SIZES if args.full else ())
    cases: list[tuple[str, int, str]] = []
    for n in trf_sizes:
        for rounds in ROUNDS:
            path = OUT / f"gen_{n}_{rounds}_s{args.seed}.trf"
            if not path.exists():
                subprocess.run(
                    [sys.executable, str(GEN_TRF), str(n), str(rounds),
                     "--seed", str(args.seed), "-o", str(path)],
                    check=True,
                )  # fmt: skip
            cases.append((f"trf:{path}", 5 if n <= 2000 else 3, "trf"))
    for n in gen_sizes:
        for rounds in ROUNDS:
            cases.append((f"gen:{n}:{rounds}:{args.seed}", 5 if n <= 10_000 else 3, "gen"))
    print(host_line())
    print(
        f"{'players':>8} {'rnd':>3} {'src':>3} {'cpu s':>6} {'wall s':>6} {'prep s':>7} {'alloc MiB':>9} "
        f"{'rss MiB':>8} {'diff':>6} {'LB':>6} {'uneq':>5} {'rem':>4} {'col':>4} {'proven':>6}  method"
    )
    bbp_found = False
    for spec, repeats, src in cases:
        r = _child(spec, repeats)
        print(
            f"{r['players']:>8} {r['rounds']:>3} {src:>3} {r['cpu_s']:>6.3f} {r['wall_s']:>6.3f} "
            f"{r['prep_s']:>7.2f} "
            f"{r['alloc_mib']:>9.1f} {r['rss_mib']:>8.1f} {r['diff']:>6.1f} {r['lb']:>6.1f} "
            f"{r['unequal']:>5} {r['rematches']:>4} {r['colour_viol']:>4} {r['proven']!s:>6}  "
            f"{r['method']}",
            flush=True,
        )
        if src == "gen":
            runs = ", ".join(
                f"{c:.2f}/{w:.2f}" for c, w in zip(r["cpu_runs"], r["wall_runs"], strict=True)
            )
            aim = f"  (aim < {AIM_SECONDS[r['players']]} s)" if r["players"] in AIM_SECONDS else ""
            print(f"{'':>8} runs cpu/wall s: {runs}{aim}", flush=True)
        if (r["diff"], r["unequal"], r["rematches"]) != (
            r["check_diff"], r["check_unequal"], r["check_rematches"]
        ) or r["missing"]:  # fmt: skip
            print(f"  checker DISAGREES: {r}")
        if src == "trf":
            bbp = _bbp(Path(spec[4:]))
            if bbp is not None:
                bbp_found = True
                print(
                    f"{'':>8} {'':>3} bbp {'':>6} {bbp['seconds']:>6.3f} {'':>7} {'':>9} {'':>8} "
                    f"{bbp['diff']:>6.1f} {'':>6} {bbp['unequal']:>5} {bbp['rematches']:>4} "
                    f"{bbp['colour_viol']:>4}         bbpPairings --dutch",
                    flush=True,
                )
    print("figures cross-checked against the TRF data (_evaluate): engine and checker agree"
          " unless a DISAGREES line says otherwise")  # fmt: skip
    if not bbp_found:
        print("bbpPairings: no binary found (BBPPAIRINGS or PATH); no comparison this run")


if __name__ == "__main__":
    main()
