"""Season recompute and correction speed (issue 5 figures).

A season of 2,000 tournaments and 60,000 results (fields of 8–52 players, 5 Majors, a pool of
4,000 players): the time to recompute the whole season table from the tournaments' placements
(points + ranking), the ranking alone from scored tournaments, and the time to apply one
corrected result in a past tournament (score that tournament again, put it, read the table).
Aim: full recompute < 2 s, one correction < 50 ms.

    .venv/bin/python bench/season.py [--tournaments N] [--results M] [--corrections K]
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace

from _common import peak_rss_mib, summary_ms, timed
from torneo.cards.rules.points import Placement
from torneo.core.ids import PlayerId
from torneo.presets import load_preset
from torneo.presets.models import Ruleset, SeasonPointsRules
from torneo.seasons.rules.outcome import TournamentOutcome, score_tournament
from torneo.seasons.rules.ranking import SeasonTable, rank_season

Tournament = tuple[str, bool, int, int, list[Placement]]  # key, major, field, top, placements


def _field_sizes(rng: random.Random, tournaments: int, results: int) -> list[int]:
    base, extra = divmod(results, tournaments)
    sizes = [base + (1 if i < extra else 0) for i in range(tournaments)]
    for _ in range(tournaments * 4):  # spread the sizes, keeping the total exact
        i, j = rng.randrange(tournaments), rng.randrange(tournaments)
        k = rng.randint(0, 10)
        if i != j and sizes[i] + k <= 52 and sizes[j] - k >= 8:
            sizes[i] += k
            sizes[j] -= k
    return sizes


def _structure(ruleset: Ruleset, players: int) -> tuple[int, int]:
    for row in ruleset.structure:
        if row.max_players is None or players <= row.max_players:
            return row.rounds, row.top
    last = ruleset.structure[-1]
    return last.rounds, last.top


def _top_wins(place: int, top: int) -> int:
    return 0 if place > top else (top.bit_length() - 1) - (place - 1).bit_length()


def make_season(rng: random.Random, tournaments: int, results: int) -> list[Tournament]:
    ruleset = load_preset("invasion-it-2012")
    pool = [PlayerId(i) for i in range(1, 4001)]
    sizes = _field_sizes(rng, tournaments, results)
    majors = set(rng.sample([i for i, n in enumerate(sizes) if n >= 12], 5))
    season: list[Tournament] = []
    for i, n in enumerate(sizes):
        rounds, top = _structure(ruleset, n)
        players = rng.sample(pool, n)
        placements = [
            Placement(
                pid,
                place,
                swiss_points=max(0, 3 * rounds - 3 * (place * rounds // n) - rng.randint(0, 2)),
                topcut_wins=_top_wins(place, min(top, n)),
                dropped=place > top and rng.random() < 0.05,
            )
            for place, pid in enumerate(players, start=1)
        ]
        season.append((f"T{i:04d}", i in majors, n, top, placements))
    return season


def score_all(season: list[Tournament], rules: SeasonPointsRules) -> list[TournamentOutcome]:
    return [
        score_tournament(key, pl, field_size=n, is_major=major, rules=rules, top_size=top)
        for key, major, n, top, pl in season
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tournaments", type=int, default=2000)
    parser.add_argument("--results", type=int, default=60000)
    parser.add_argument("--corrections", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(2012)
    rules = load_preset("invasion-it-2012").season
    assert rules is not None
    season = make_season(rng, args.tournaments, args.results)
    total = sum(n for _, _, n, _, _ in season)
    print(f"season: {len(season)} tournaments, {total} results, 4000-player pool")

    full = []
    for _ in range(5):
        (rows, _), seconds = timed(lambda: (rank_season(score_all(season, rules)), None))
        full.append(seconds)
    print(f"full recompute (points + ranking): {summary_ms(full)}  [{len(rows)} rows]")
    outcomes = score_all(season, rules)
    ranking_only = [timed(lambda: rank_season(outcomes))[1] for _ in range(5)]
    print(f"ranking only from scored tournaments: {summary_ms(ranking_only)}")

    table = SeasonTable()
    for o in outcomes:
        table.put(o)
    table.rows()
    samples = []
    for _ in range(args.corrections):
        index = rng.randrange(len(season))
        key, major, n, top, placements = season[index]
        a, b = rng.sample(range(n - 1), 2)  # a corrected result: two Swiss scores swapped
        fixed = list(placements)
        fixed[a] = replace(placements[a], swiss_points=placements[b].swiss_points)
        fixed[b] = replace(placements[b], swiss_points=placements[a].swiss_points)
        season[index] = (key, major, n, top, fixed)

        def correct(key: str = key, fixed: list[Placement] = fixed, n: int = n,
                    major: bool = major, top: int = top) -> int:  # fmt: skip
            outcome = score_tournament(
                key, fixed, field_size=n, is_major=major, rules=rules, top_size=top
            )
            table.put(outcome)
            return len(table.rows())

        samples.append(timed(correct)[1])
    print(f"one corrected result (re-score + put + table): {summary_ms(samples)}")
    assert table.rows() == rank_season(score_all(season, rules)), "incremental ≠ recompute"
    print("incremental table after all corrections == full recompute: yes")
    print(f"peak RSS {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
