"""Poker tournament director: seat draw, balancing and breaking, side pots and ICM.

- Seat draw of 2,000 players over 200 tables of ten (PKR-TBL-1).
- From 2,000 players down to the final table, one bust-out at a time: after each bust-out the
  floor decision (PKR-BRK-1 break if due, then PKR-BAL-1/2 balancing moves) is timed; printed
  per decision (median, p95, max), with the decisions that broke a table apart.
- Side pots for ten all-in players with different stacks, settled from the cards (PKR-POT-1).
- Exact ICM (Malmuth–Harville) equities and the ICM chop for a final table of ten.

    .venv/bin/python bench/poker.py             # 2,000 players, 3 seeds
    .venv/bin/python bench/poker.py --quick     # 2,000 players, 1 seed
"""

from __future__ import annotations

import argparse
import random
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import peak_rss_mib, summary_ms, timed
from torneo.core.ids import PlayerId
from torneo.poker.rules.balancing import decide
from torneo.poker.rules.chip_race import DECK
from torneo.poker.rules.icm import chop_icm, icm_equities
from torneo.poker.rules.pots import Contribution, settle, settle_showdown
from torneo.poker.rules.seating import Seating, draw_seats, unseat

PLAYERS = 2_000
SEATS = 10


def room_to_final_table(seed: int, threshold: int) -> tuple[float, list[float], list[float], int]:
    players = [PlayerId(i) for i in range(1, PLAYERS + 1)]
    rng = random.Random(seed)
    draw, draw_seconds = timed(partial(draw_seats, players, SEATS, rng))
    state: Seating = draw.seating
    alive = list(players)
    decisions: list[float] = []
    breaks: list[float] = []
    moves = 0
    busts = random.Random(seed + 1)
    while len(state.open_tables) > 1:
        out = alive.pop(busts.randrange(len(alive)))
        state = unseat(state, out)
        (state, decision), seconds = timed(partial(decide, state, rng, threshold))
        decisions.append(seconds)
        if decision.broken is not None:
            breaks.append(seconds)
        moves += len(decision.moves)
    assert len(alive) <= SEATS
    return draw_seconds, decisions, breaks, moves


def ten_all_ins(seed: int) -> tuple[list[float], list[float]]:
    rng = random.Random(seed)
    with_cards: list[float] = []
    from_ranks: list[float] = []
    for _ in range(200):
        deck = list(DECK)
        rng.shuffle(deck)
        holes = {PlayerId(i): f"{deck[2 * i]} {deck[2 * i + 1]}" for i in range(10)}
        board = " ".join(deck[20:25])
        contributions = [
            Contribution(PlayerId(i), i + 1, rng.randrange(4, 400) * 25) for i in range(10)
        ]
        _, seconds = timed(partial(settle_showdown, contributions, holes, board, 10, 25))
        with_cards.append(seconds)
        ranks = {PlayerId(i): rng.randrange(3) for i in range(10)}
        _, seconds = timed(partial(settle, contributions, ranks, 10, 25))
        from_ranks.append(seconds)
    return with_cards, from_ranks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one seed only")
    args = parser.parse_args()
    seeds = [1] if args.quick else [1, 2, 3]

    print(f"Seat draw and floor decisions: {PLAYERS:,} players, tables of {SEATS}")
    for threshold in (2, 3):
        for seed in seeds:
            draw_s, decisions, breaks, moves = room_to_final_table(seed, threshold)
            print(
                f"  threshold {threshold} seed {seed}: draw {draw_s * 1000:.2f} ms; "
                f"{len(decisions):,} decisions, {moves:,} moves, {len(breaks)} tables broken"
            )
            print(f"    every decision: {summary_ms(decisions)}")
            print(f"    with a break:   {summary_ms(breaks)}")

    print("Side pots: ten all-in players, hands ranked from the cards (PKR-POT-1)")
    with_cards, from_ranks = ten_all_ins(seeds[0])
    print(f"  from the cards (pokerkit ranks 10 hands): {summary_ms(with_cards)}")
    print(f"  from given ranks (pots and odd chips only): {summary_ms(from_ranks)}")

    stacks = [12_345, 23_456, 34_567, 4_567, 56_789, 6_789, 78_901, 8_901, 9_012, 10_123]
    prize_list = [300_000, 180_000, 120_000, 90_000, 70_000, 60_000, 50_000, 40_000, 30_000, 20_000]
    _, equity_s = timed(partial(icm_equities, stacks, prize_list))
    deal, chop_s = timed(partial(chop_icm, stacks, prize_list))
    print("ICM (Malmuth–Harville, exact fractions), final table of ten")
    print(
        f"  equities {equity_s * 1000:.1f} ms; chop {chop_s * 1000:.1f} ms; total {sum(deal):,} cents"
    )
    print(f"Peak memory: {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
