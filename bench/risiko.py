"""RisiKo! table formation (RSK-TBL-2): time and repeated opponents, improved draw vs random.

For fields of 40, 200 and 1,000 players (clubs of about ten, a winner per table drawn at random),
four rounds are drawn twice from the same seed: with improving swaps (the organizer's default
priorities) and purely at random. Printed per field: the time of the four improved draws (and of
the slowest one), repeated-opponent pairs over the four rounds, and the other criteria of round 4.

    .venv/bin/python bench/risiko.py            # 40, 200, 1,000 players, 3 seeds
    .venv/bin/python bench/risiko.py --full     # also 5,000 players
"""

from __future__ import annotations

import argparse
import random
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import peak_rss_mib, timed
from torneo.core.ids import PlayerId
from torneo.risiko.rules.draw import TableDraw
from torneo.risiko.rules.history import History, PastTable
from torneo.risiko.rules.random_draw import draw_tables, random_only

ROUNDS = 4


def _played(history: History, draw: TableDraw, rng: random.Random) -> History:
    past = tuple(
        PastTable(draw.round_no, t.seats, (t.seats[rng.randrange(t.size)],)) for t in draw.tables
    )
    return History(history.tables + past, history.clubs)


def run(n: int, seed: int, improved: bool) -> tuple[float, float, int, TableDraw]:
    players = [PlayerId(i) for i in range(1, n + 1)]
    setup = random.Random(seed)
    clubs = {p: f"club-{setup.randrange(max(1, n // 10))}" for p in players}
    history = History((), clubs)
    rng = random.Random(seed)
    results = random.Random(seed + 1)
    total = slowest = 0.0
    repeats = 0
    fn = draw_tables if improved else random_only
    last: TableDraw | None = None
    for round_no in range(1, ROUNDS + 1):
        draw, seconds = timed(partial(fn, players, history, rng, round_no=round_no))
        total += seconds
        slowest = max(slowest, seconds)
        repeats += draw.criteria.repeat_opponents
        history = _played(history, draw, results)
        last = draw
    assert last is not None
    return total, slowest, repeats, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--full", action="store_true", help="also 5,000 players")
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    sizes = [40, 200, 1000] + ([5000] if args.full else [])
    print(f"RisiKo! table draws, {ROUNDS} rounds, tables of 4 (+5s), {args.seeds} seeds each")
    print(
        f"{'players':>8} {'4 draws':>9} {'slowest':>9} {'repeats':>8} {'random':>7}"
        f" {'club pairs r4':>14} {'random':>7} {'winners r4':>11} {'random':>7}"
    )
    for n in sizes:
        for seed in range(args.seeds):
            total, slowest, repeats, last = run(n, seed, improved=True)
            _, _, rand_repeats, rand_last = run(n, seed, improved=False)
            print(
                f"{n:>8} {total:>8.3f}s {slowest:>8.3f}s {repeats:>8} {rand_repeats:>7}"
                f" {last.criteria.same_club:>14} {rand_last.criteria.same_club:>7}"
                f" {last.criteria.winners_together:>11} {rand_last.criteria.winners_together:>7}"
            )
    print(f"peak memory {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
