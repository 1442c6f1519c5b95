"""Standings speed: 256 players × 8 rounds (issue 2) and 10,000 players × 15 rounds (issue 3).

Run: ``.venv/bin/python bench/standings.py [--quick]``. The field is simulated once (a Swiss-like
pairing by points with random best-of-three results, one bye per odd round), then the standings
are computed several times and the median wall time is printed, per tiebreak chain.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from functools import partial

from _common import peak_rss_mib, timed
from torneo.core.ids import PlayerId
from torneo.engines.records import Entrant, MatchRecord
from torneo.engines.results import GameScore, ResultKind
from torneo.engines.standings import compute_standings
from torneo.presets.models import PointsScheme

SCORES = [GameScore(2, 0), GameScore(2, 1), GameScore(1, 2), GameScore(0, 2), GameScore(1, 1, 1)]
SCORES.append(GameScore(0, 0, 3, ResultKind.INTENTIONAL_DRAW))
WEIGHTS = [30, 30, 15, 15, 5, 5]
CHAINS = {
    "invasion (match_points, bye_last, omw, gw, ogw)": [
        "match_points",
        "bye_last",
        "omw",
        "gw",
        "ogw",
    ],
    "four: omw, gw, ogw, buchholz": ["omw", "gw", "ogw", "buchholz"],
    "berserk (quality_of_wins, head_to_head, fewer_warnings)": [
        "match_points",
        "quality_of_wins",
        "head_to_head",
        "fewer_warnings",
    ],
}


def simulate(players: int, rounds: int, seed: int) -> tuple[list[Entrant], list[MatchRecord]]:
    rng = random.Random(seed)
    entrants = [Entrant(PlayerId(i), f"P{i}") for i in range(1, players + 1)]
    points = {e.id: 0 for e in entrants}
    had_bye: set[PlayerId] = set()
    matches: list[MatchRecord] = []
    for r in range(1, rounds + 1):
        ids = [e.id for e in entrants]
        rng.shuffle(ids)
        ids.sort(key=lambda p: -points[p])
        if len(ids) % 2:
            bye = next(p for p in reversed(ids) if p not in had_bye)
            ids.remove(bye)
            had_bye.add(bye)
            points[bye] += 3
            matches.append(MatchRecord(r, len(ids) // 2 + 1, bye, None, None))
        for table, k in enumerate(range(0, len(ids), 2), start=1):
            a, b = ids[k], ids[k + 1]
            score = rng.choices(SCORES, WEIGHTS)[0]
            matches.append(MatchRecord(r, table, a, b, score))
            if score.wins_a > score.wins_b:
                points[a] += 3
            elif score.wins_b > score.wins_a:
                points[b] += 3
            else:
                points[a] += 1
                points[b] += 1
    return entrants, matches


def measure(players: int, rounds: int, repeat: int) -> None:
    entrants, matches = simulate(players, rounds, seed=players)
    print(f"{players:,} players × {rounds} rounds ({len(matches):,} matches):")
    scheme = PointsScheme()
    for label, chain in CHAINS.items():
        samples: list[float] = []
        cpu: list[float] = []
        for _ in range(repeat):
            cpu_start = time.process_time()
            _, seconds = timed(partial(compute_standings, entrants, matches, scheme, chain))
            cpu.append(time.process_time() - cpu_start)
            samples.append(seconds)
        # CPU time is printed too: on a shared machine the wall time also counts waiting.
        print(
            f"  {label}: wall median {statistics.median(samples) * 1000:.1f} ms "
            f"(best {min(samples) * 1000:.1f}), CPU median {statistics.median(cpu) * 1000:.1f} ms "
            f"over {repeat} runs"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    repeat = 3 if args.quick else 7
    measure(256, 8, repeat * 4)
    measure(10_000, 15, repeat)
    print(f"peak memory: {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
