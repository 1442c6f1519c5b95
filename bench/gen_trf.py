#!/usr/bin/env python3
"""Torneo's own TRF-2016 tournament generator: N players with R Swiss rounds already played.

    .venv/bin/python bench/gen_trf.py N R [--seed S] [--total T] [--draw P] [-o FILE]

The file is ready for a pairing engine to pair round R + 1 (``torneo pair --trf FILE``, or any
chess engine that reads TRF-2016), and every player line is written in the canonical columns
of ``torneo.engines.trf.codec``, so importing and exporting it gives the same bytes back
(tests/engines/trf/test_codec.py). Standard library only; importable (:func:`generate`,
:func:`trf_text`) as well as a script.

The history is random but plausible, not a FIDE-exact Dutch system:

* ratings are drawn around 1800 (standard deviation 350, kept within 1000-2850) and the start
  numbers follow the ratings, best first;
* round 1 pairs the top half against the bottom half, colours alternating down the boards;
* later rounds list the players by score, shuffled inside each score, and pair them depth
  first: each player takes the first player below who is a new opponent and (while possible)
  can take the other colour under FIDE's absolute rules (colour difference at most 2, never the
  same colour three times running); a dead end undoes the latest choice and tries the next one;
* with an odd number of players the lowest-scored player without a bye (the lowest rated among
  equals) gets the pairing-allocated bye, written ``0000 - U`` and worth a point;
* a game is drawn with probability ``draw``, else won by White with the Elo expectation.

Start numbers have four columns, so files stop at 9,999 players; :func:`generate` itself has no
such limit (bench/pairing.py builds 10,000 and 100,000-player fields in memory from it).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

MAX_FILE_PLAYERS = 9999
_BYE = 0  # opponent number of a bye in a round entry
_RESULT = {2: "1", 1: "=", 0: "0"}  # half points scored -> TRF result letter


@dataclass
class Entry:
    """One player's history so far (scores in half points: a win 2, a draw 1)."""

    start: int
    rating: int
    half_points: int = 0
    rounds: list[tuple[int, str, str]] = field(default_factory=list)  # (opponent, colour, result)
    met: set[int] = field(default_factory=set)
    colours: list[str] = field(default_factory=list)  # of games played only
    had_bye: bool = False


def generate(players: int, rounds: int, *, seed: int = 1, draw: float = 0.2) -> list[Entry]:
    """The history of ``players`` players after ``rounds`` rounds, the same for the same seed."""
    if players < 2:
        raise ValueError("a Swiss tournament needs at least 2 players")
    rng = random.Random(seed)
    ratings = sorted((_rating(rng) for _ in range(players)), reverse=True)
    field_ = [Entry(start=k + 1, rating=r) for k, r in enumerate(ratings)]
    for round_no in range(1, rounds + 1):
        bye = _bye(field_) if players % 2 else None
        paired = [e for e in field_ if e is not bye]
        boards = _first_round(paired) if round_no == 1 else _later_round(paired, rng, round_no)
        for white, black in boards:
            _play(white, black, rng, draw)
        if bye is not None:
            bye.had_bye = True
            bye.half_points += 2
            bye.rounds.append((_BYE, "-", "U"))
    return field_


def _rating(rng: random.Random) -> int:
    return min(2850, max(1000, round(rng.gauss(1800, 350))))


def _bye(entries: Sequence[Entry]) -> Entry:
    """INV-BYE-1 / FIDE habit: the lowest score without a bye; the lowest rated among equals."""
    eligible = [e for e in entries if not e.had_bye] or list(entries)
    return min(eligible, key=lambda e: (e.half_points, -e.start))


def _first_round(entries: Sequence[Entry]) -> list[tuple[Entry, Entry]]:
    half = len(entries) // 2
    boards = []
    for k, (top, bottom) in enumerate(zip(entries[:half], entries[half:], strict=True)):
        boards.append((top, bottom) if k % 2 == 0 else (bottom, top))
    return boards


def _later_round(
    entries: Sequence[Entry], rng: random.Random, round_no: int
) -> list[tuple[Entry, Entry]]:
    """Score order, shuffled among equals; colour rules kept while they can be (see above)."""
    for attempt in range(40):
        keys = {e.start: rng.random() for e in entries}
        order = sorted(entries, key=lambda e: (-e.half_points, keys[e.start]))
        pairs = _depth_first(order, strict_colours=attempt < 20)
        if pairs is not None:
            return [_colours(a, b, rng) for a, b in pairs]
    raise SystemExit(f"gen_trf: round {round_no} cannot be paired without a rematch")


def _depth_first(
    order: Sequence[Entry], *, strict_colours: bool
) -> list[tuple[Entry, Entry]] | None:
    """Pair ``order`` top down, undoing choices at dead ends (None when the budget runs out).

    The players still free are a doubly linked list over their positions, so taking a player
    out and putting them back (in reverse order, when a choice is undone) are O(1).
    """
    n = len(order)
    head = n  # sentinel position before the first and after the last free player
    after = [*range(1, n + 1), 0]
    before = [n, *range(n)]

    def take(p: int) -> None:
        after[before[p]], before[after[p]] = after[p], before[p]

    def give_back(p: int) -> None:
        after[before[p]] = before[after[p]] = p

    def partner(a: int, start: int) -> int | None:
        b = start
        while b != head:
            if _may_meet(order[a], order[b], strict_colours):
                return b
            b = after[b]
        return None

    chosen: list[tuple[int, int]] = []
    budget = 60 * n + 10_000
    while after[head] != head:
        a = after[head]
        take(a)
        b = partner(a, after[head])
        while b is None:  # dead end: undo the latest pair and give its first player the next one
            give_back(a)
            budget -= 1
            if not chosen or budget <= 0:
                return None
            a, old = chosen.pop()
            give_back(old)
            b = partner(a, after[old])
        take(b)
        chosen.append((a, b))
    return [(order[a], order[b]) for a, b in chosen]


def _may_meet(a: Entry, b: Entry, strict_colours: bool) -> bool:
    if b.start in a.met:
        return False
    if not strict_colours:
        return True
    return (_legal(a, "w") and _legal(b, "b")) or (_legal(b, "w") and _legal(a, "b"))


def _legal(e: Entry, colour: str) -> bool:
    """FIDE absolute colour rules: difference at most 2, never three times the same running."""
    after = [*e.colours, colour]
    if abs(after.count("w") - after.count("b")) > 2:
        return False
    return after[-3:] != [colour] * 3


def _want(e: Entry) -> tuple[str | None, int]:
    """The colour a player should get next and how strongly: 3 absolute, 2 strong, 1 mild."""
    if not e.colours:
        return None, 0
    balance = e.colours.count("w") - e.colours.count("b")
    last_two = e.colours[-2:]
    if balance <= -2 or last_two == ["b", "b"]:
        return "w", 3
    if balance >= 2 or last_two == ["w", "w"]:
        return "b", 3
    if balance:
        return ("w" if balance < 0 else "b"), 2
    return ("b" if e.colours[-1] == "w" else "w"), 1


def _colours(a: Entry, b: Entry, rng: random.Random) -> tuple[Entry, Entry]:
    """(white, black) for ``a`` (placed higher) and ``b``: legal first, then the stronger wish."""
    a_white = _legal(a, "w") and _legal(b, "b")
    b_white = _legal(b, "w") and _legal(a, "b")
    if a_white != b_white:
        return (a, b) if a_white else (b, a)
    wish_a, strength_a = _want(a)
    wish_b, strength_b = _want(b)
    if wish_a is not None and strength_a >= strength_b:
        return (a, b) if wish_a == "w" else (b, a)
    if wish_b is not None:
        return (b, a) if wish_b == "w" else (a, b)
    return (a, b) if rng.random() < 0.5 else (b, a)


def _play(white: Entry, black: Entry, rng: random.Random, draw: float) -> None:
    if rng.random() < draw:
        white_scores = 1
    else:
        expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
        white_scores = 2 if rng.random() < expected else 0
    for me, other, colour, scored in (
        (white, black, "w", white_scores),
        (black, white, "b", 2 - white_scores),
    ):
        me.half_points += scored
        me.met.add(other.start)
        me.colours.append(colour)
        me.rounds.append((other.start, colour, _RESULT[scored]))


def trf_text(
    entries: Sequence[Entry], rounds: int, *, total: int | None = None, seed: int = 1
) -> str:
    """The TRF-2016 file of a generated history (``total``: the XXR rounds, default R + 2)."""
    if len(entries) > MAX_FILE_PLAYERS:
        raise ValueError(f"TRF start numbers have 4 digits: at most {MAX_FILE_PLAYERS} players")
    ranked = sorted(entries, key=lambda e: (-e.half_points, e.start))
    rank = {e.start: k for k, e in enumerate(ranked, start=1)}
    n = len(entries)
    lines = [
        f"012 Torneo generated field N={n} R={rounds} seed={seed}",
        f"062 {n}",
        f"072 {n}",
        "092 Individual: Swiss-System",
    ]
    lines += [_player_line(e, rank[e.start]) for e in entries]
    lines += [f"XXR {total if total is not None else rounds + 2}", "XXC white1"]
    return "\n".join(lines) + "\n"


def _player_line(e: Entry, rank: int) -> str:
    """Columns (1-based): 1-3 "001", 5-8 start number, 10 sex, 11-13 title, 15-47 name, 49-52
    rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date (these five left blank), 81-84
    points, 86-89 rank, then from column 92 one 10-column block per round."""
    whole, half = divmod(e.half_points, 2)
    points = f"{whole}.{5 if half else 0}"
    line = f"001 {e.start:4d} {'':4} {f'Player {e.start}':<33} {e.rating:4d} "
    line += f"{'':3} {'':11} {'':10} {points:>4} {rank:4d}"
    for opponent, colour, result in e.rounds:
        number = "0000" if opponent == _BYE else f"{opponent:4d}"
        line += f"  {number} {colour} {result}"
    return line


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("players", type=int, help=f"2 to {MAX_FILE_PLAYERS}")
    parser.add_argument("rounds", type=int, help="rounds already played")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--total", type=int, help="XXR: rounds of the whole event (R + 2)")
    parser.add_argument("--draw", type=float, default=0.2, help="chance of a drawn game")
    parser.add_argument("-o", "--out", default="-", help="file to write (default: stdout)")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= MAX_FILE_PLAYERS:
        parser.error(f"players must be 2 to {MAX_FILE_PLAYERS} (TRF start numbers)")
    entries = generate(args.players, args.rounds, seed=args.seed, draw=args.draw)
    text = trf_text(entries, args.rounds, total=args.total, seed=args.seed)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)


if __name__ == "__main__":
    main()
