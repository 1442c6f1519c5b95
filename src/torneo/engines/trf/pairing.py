"""Pair the next round of a TRF tournament and write it the way chess pairing engines do.

``pair_trf`` reads TRF-2016 text, pairs round R+1 with the Swiss engine and returns the common
engine output (bbpPairings, JaVaFo): the first line is the number of pairs, the bye counted as a
pair; then one ``white black`` line per pair in start numbers, ``n 0`` for the bye.

Decisions (docs/pairing.md, "TRF"):
* Scores are chess points as half points (win 2, draw 1); the standings order is points, then
  start number, as the TRF's pairing numbers intend; the bye goes to the lowest-ranked player
  without one (the FIDE habit, our INV-BYE-1 policy).
* Colours are not part of the card-game objective; they are allocated afterwards, pair by pair,
  with FIDE's absolute rules when one way is allowed and the other not (no colour difference
  beyond 2, no colour three times running), else the stronger preference, else the better-placed
  player's preference. Two players who both must have the same colour exchange partners with
  another pair of their score group when that makes both pairs legal (``chess_boards``): the
  objective keeps its value. Clashes left after that (floats, small groups) are a figure the
  bench reports, not a constraint.
* With ``explain``, one comment line per pair follows the pairs, ``# white-black: why``, then
  ``# bye-0: why``: tools that read the first 1 + P lines (read_pairs.py) still work.
* Without a seed, the seed is derived from the file text, so the same file always gives the same
  pairing (like the deterministic chess engines) and different files differ.
* Files from the wild (issue 14, :mod:`torneo.engines.trf.extensions`): players with a pre-set
  bye or absence for the round being paired are left out of it; ``XXA`` virtual points count in
  their score for this pairing; ``XXP``/``260`` forbidden pairs count as already met; ``XXC
  rank`` orders equal points by the rank column and ``XXC black1`` flips the colour alternation.
  A file whose ``XXR`` rounds are all played has no next round: refused.
"""

from __future__ import annotations

import hashlib
import random

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Message
from torneo.engines.swiss import SwissEntrant, SwissOptions, SwissPairing, pair_round
from torneo.engines.swiss.explain import reason_parts, reasons
from torneo.engines.trf.codec import TrfPlayer, TrfTournament, format_points, parse_trf

TRF_OPTIONS = SwissOptions(bye_policy="lowest_ranked", max_byes_per_player=1)


def trf_entrants(tournament: TrfTournament) -> list[SwissEntrant]:
    """One SwissEntrant per TRF player to pair: half points (with the round's ``XXA``
    acceleration), rank by points then start number (``XXC rank``: the rank column)."""
    ext = tournament.extensions
    round_no = tournament.rounds_played + 1
    unpaired = tournament.unpaired
    forbidden = ext.forbidden_pairs(round_no)

    def score(p: TrfPlayer) -> int:
        acceleration = ext.accelerations.get(p.start, ())
        return p.points2 + (acceleration[round_no - 1] if len(acceleration) >= round_no else 0)

    def order(p: TrfPlayer) -> tuple[int, int, int]:
        rank = p.rank if ext.use_rank and p.rank is not None else _NO_RANK
        return (-score(p), rank, p.start)

    ordered = sorted((p for p in tournament.players if p.start not in unpaired), key=order)
    return [
        SwissEntrant(
            id=PlayerId(p.start),
            score=score(p),
            rank=rank,
            opponents=frozenset(PlayerId(o) for o in p.opponents | forbidden.get(p.start, set())),
            byes=p.byes,
        )
        for rank, p in enumerate(ordered)
    ]


_NO_RANK = 1 << 30  # XXC rank: players without a rank come after those with one


def _check_rounds_left(tournament: TrfTournament) -> None:
    total = tournament.total_rounds
    if total is not None and tournament.rounds_played >= total:
        raise TorneoError(
            "XXR",
            N_("all %(total)s rounds of the tournament are played"),
            N_("a file with a round left to pair (XXR above the rounds played)"),
            params={"total": total},
        )


def pair_tournament(tournament: TrfTournament, seed: int) -> SwissPairing:
    return pair_round(
        trf_entrants(tournament),
        tournament.rounds_played + 1,
        random.Random(seed),
        TRF_OPTIONS,
        score_label=format_points,
    )


def content_seed(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def pair_trf(text: str, seed: int | None, explain: bool) -> str:
    """The next round of the TRF's tournament in engine output format (module docstring)."""
    tournament = parse_trf(text)
    _check_rounds_left(tournament)
    pairing = pair_tournament(tournament, content_seed(text) if seed is None else seed)
    boards = chess_boards(tournament, pairing)
    out = [str(len(boards) + (1 if pairing.bye is not None else 0))]
    out += [f"{w.start} {b.start}" for w, b, _ in boards]
    if pairing.bye is not None:
        out.append(f"{pairing.bye} 0")
    if explain:
        out += [f"# {w.start}-{b.start}: {why.english()}" for w, b, why in boards]
        if pairing.bye is not None:
            out.append(f"# {pairing.bye}-0: {pairing.bye_explanation}")
    return "\n".join(out) + "\n"


def chess_boards(
    tournament: TrfTournament, pairing: SwissPairing
) -> list[tuple[TrfPlayer, TrfPlayer, Message]]:
    """(white, black, why) per table, colours allocated and clashes repaired.

    A pair of players who both must have the same colour (FIDE absolute rules) exchanges
    partners with another pair of the same score group when that gives two new, colour-legal
    pairs: all four players have equal scores, so every level of the objective keeps its value
    and the pairing stays optimal.
    """
    by_start = {p.start: p for p in tournament.players}
    pairs = [(by_start[t.a], by_start[t.b]) for t in pairing.pairs]
    why = [t.reason for t in pairing.pairs]
    # Score groups of this pairing (the points with any XXA acceleration of the round).
    same_score: dict[int, list[int]] = {}
    for k, t in enumerate(pairing.pairs):
        if t.score_a == t.score_b:
            same_score.setdefault(t.score_a, []).append(k)
    for k, (a, b) in enumerate(pairs):
        t = pairing.pairs[k]
        if t.score_a != t.score_b or _colour_legal(a, b):
            continue
        for m in same_score[t.score_a]:
            if m == k:
                continue
            c, e = pairs[m]
            swap = _exchange(a, b, c, e)
            if swap is not None:
                pairs[k], pairs[m] = swap
                why[k], why[m] = _exchanged(why[k], m, absolute=True), _exchanged(why[m], k)
                break
    boards = []
    first = tournament.extensions.first_colour
    for (a, b), reason in zip(pairs, why, strict=True):
        white, black = allocate_colours(a, b, first=first)
        boards.append((white, black, reason))
    return boards


def _exchanged(why: Message, other: int, *, absolute: bool = False) -> Message:
    """The pair's score relation (its first reason), then the exchange with table ``other + 1``:
    the rematch notes of the old pair no longer apply."""
    note = (
        N_("partners exchanged with table %(table)s for colours (FIDE absolute rules)")
        if absolute
        else N_("partners exchanged with table %(table)s for colours")
    )
    return reasons(reason_parts(why)[0], Message(note, {"table": other + 1}))


def _exchange(
    a: TrfPlayer, b: TrfPlayer, c: TrfPlayer, e: TrfPlayer
) -> tuple[tuple[TrfPlayer, TrfPlayer], tuple[TrfPlayer, TrfPlayer]] | None:
    for first, second in (((a, c), (b, e)), ((a, e), (b, c))):
        if all(y.start not in x.opponents and _colour_legal(x, y) for x, y in (first, second)):
            return first, second
    return None


def _colour_legal(a: TrfPlayer, b: TrfPlayer) -> bool:
    ha, hb = _colours(a), _colours(b)
    return (_allowed(ha, "w") and _allowed(hb, "b")) or (_allowed(hb, "w") and _allowed(ha, "b"))


def _colours(player: TrfPlayer) -> list[str]:
    return [g.colour for g in player.games if g.is_played and g.colour in "wb"]


def _allowed(history: list[str], colour: str) -> bool:
    after = [*history, colour]
    if abs(after.count("w") - after.count("b")) > 2:
        return False
    return not (len(after) >= 3 and after[-1] == after[-2] == after[-3])


def _preference(history: list[str]) -> tuple[str | None, int]:
    """(colour, strength): 3 absolute, 2 strong, 1 mild, 0 none (FIDE C.04.1)."""
    if not history:
        return None, 0
    diff = history.count("w") - history.count("b")
    if diff <= -2 or history[-2:] == ["b", "b"]:
        return "w", 3
    if diff >= 2 or history[-2:] == ["w", "w"]:
        return "b", 3
    if diff:
        return ("w" if diff < 0 else "b"), 2
    return ("b" if history[-1] == "w" else "w"), 1


def allocate_colours(
    a: TrfPlayer, b: TrfPlayer, *, first: str = "w"
) -> tuple[TrfPlayer, TrfPlayer]:
    """(white, black) for the better-placed ``a`` against ``b`` (module docstring); ``first``
    is the colour of odd start numbers when neither has a history (``XXC white1``/``black1``)."""
    ha, hb = _colours(a), _colours(b)
    a_white = _allowed(ha, "w") and _allowed(hb, "b")
    b_white = _allowed(hb, "w") and _allowed(ha, "b")
    if a_white != b_white:
        return (a, b) if a_white else (b, a)
    pa, sa = _preference(ha)
    pb, sb = _preference(hb)
    if pa is not None and sa >= sb:
        return (a, b) if pa == "w" else (b, a)
    if pb is not None:
        return (b, a) if pb == "w" else (a, b)
    # No history either side: alternate down the start numbers, odd numbers get ``first``.
    a_first = a.start % 2 == 1
    return (a, b) if a_first == (first == "w") else (b, a)
