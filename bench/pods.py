"""Events in pods (issue 16 item 1): seating, pairing and standings of a field split in pods.

Run: ``.venv/bin/python bench/pods.py [--quick]``. Pure code, as the use cases call it
(``torneo.cards.pods.progress``): the field is seated (snake by rating, BER-POD-2), every pod's
Swiss round is paired and reported with random best-of-one results (BER-PAIR-1 inside each pod),
the pods' standings are computed after each round, then the cross-pod Top is seeded (BER-TOP-2).
Printed: the wall time of each step, median over the rounds.
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import replace
from functools import partial

from _common import peak_rss_mib, timed
from torneo.cards.pods.progress import pair_pods, pod_standings, start_pod_top
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.pods import form_pods, plan_pods
from torneo.cards.rules.tournament import Tournament
from torneo.core.ids import PlayerId
from torneo.engines.records import Entrant, MatchRecord, Stage
from torneo.engines.results import GameScore, ResultKind
from torneo.presets import load_preset

RESULTS = [
    GameScore(1, 0),
    GameScore(0, 1),
    GameScore(0, 0, 1, ResultKind.PLAYED_DRAW),
]


def run(players: int, seed: int) -> None:
    ruleset = load_preset("berserk-online")
    rng = random.Random(seed)
    ids = [PlayerId(i) for i in range(1, players + 1)]
    pods, seat_s = timed(lambda: form_pods(ids))
    plan = plan_pods(pods)
    entrants = tuple(Entrant(p, f"P{p}") for p in ids)
    t = Tournament(EventStatus.RUNNING, 1, entrants, (), plan.swiss_rounds, plan.top)
    pair_s: list[float] = []
    table_s: list[float] = []
    for round_no in range(1, plan.swiss_rounds + 1):
        draw = rng.randrange(2**31)
        new, took = timed(partial(pair_pods, t, pods, plan.rounds, ruleset, round_no, draw, seed))
        pair_s.append(took)
        played = [
            MatchRecord(round_no, m.table, m.player_a, m.player_b, rng.choice(RESULTS), Stage.SWISS)
            if m.player_b is not None
            else MatchRecord(round_no, m.table, m.player_a, None, None, Stage.SWISS)
            for m in new
        ]
        t = replace(t, matches=t.matches + tuple(played))
        _, took = timed(partial(pod_standings, t, pods, ruleset, seed))
        table_s.append(took)
    _, top_s = timed(partial(start_pod_top, t, pods, ruleset, seed))
    sizes = sorted({p.size for p in pods})
    print(
        f"{players} players: {len(pods)} pods of {'/'.join(map(str, sizes))}, "
        f"{plan.swiss_rounds} rounds, Top {plan.top}"
    )
    print(f"  seat (snake)          {seat_s * 1000:8.2f} ms")
    print(f"  pair a round (median) {statistics.median(pair_s) * 1000:8.2f} ms")
    print(f"  pods' standings       {statistics.median(table_s) * 1000:8.2f} ms")
    print(f"  cross-pod Top         {top_s * 1000:8.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="the small fields only")
    args = parser.parse_args()
    for players in (30, 128) if args.quick else (30, 128, 512, 2048):
        run(players, seed=16)
    print(f"peak RSS {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
