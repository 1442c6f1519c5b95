"""pair_round: one Swiss round from the standings, reproducible from the seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence

from torneo.core.ids import PlayerId
from torneo.core.messages import Message
from torneo.engines.swiss.entrants import SwissEntrant, SwissOptions, check_entrants
from torneo.engines.swiss.explain import (
    ScoreLabel,
    explain_bye,
    explain_drawn,
    explain_pair,
    round_stats,
)
from torneo.engines.swiss.field import Field, build_field
from torneo.engines.swiss.pairing import Pairing, SwissPairing
from torneo.engines.swiss.solver import DENSE_LIMIT, Solution, solve

_DEFAULT_OPTIONS = SwissOptions()


def pair_round(
    entrants: Sequence[SwissEntrant],
    round_no: int,
    rng: random.Random,
    options: SwissOptions = _DEFAULT_OPTIONS,
    *,
    dense_limit: int = DENSE_LIMIT,
    score_label: ScoreLabel = str,
) -> SwissPairing:
    """Pair the next round (BER-PAIR-1, INV-BYE-1, BER-BYE-1; objective in docs/pairing.md).

    Round 1 (no scores, no opponents) comes out random from ``rng``, and so does every choice
    among equally good pairings; the same seed gives the same round. ``score_label`` writes
    scores in the explanations (TRF: half points as "4.5"). ``dense_limit`` is the
    field size up to which the complete graph is solved directly (tests lower it to exercise the
    decomposed solver on small fields).
    """
    field_entrants = tuple(entrants)
    check_entrants(field_entrants, options)
    field = build_field(field_entrants, options, rng)
    if field.size == 0:
        solution = Solution(pairs=[], bye=None, proven_optimal=True, method="empty")
    else:
        solution = solve(field, rng, dense_limit)
    return _present(field, solution, round_no, options, score_label)


def _present(
    field: Field, solution: Solution, round_no: int, options: SwissOptions, label: ScoreLabel
) -> SwissPairing:
    """The tables in order, each with its reason, and the round's figures (one linear pass:
    100,000 players make 50,000 tables, nearly all drawn inside a large group, which share
    one reason per score, docs/pairing.md "Explanations")."""
    solved = solution.pairs
    order = _table_order(field, solved)
    ids, scores, drawn = field.ids, field.scores, solution.drawn
    score_of: dict[PlayerId, int] | None = None
    drawn_reason: dict[int, Message] = {}
    tables: list[Pairing] = []
    for table, k in enumerate(order, start=1):
        i, j = solved[k]
        if k in drawn:
            reason = drawn_reason.get(scores[i])
            if reason is None:
                reason = drawn_reason[scores[i]] = explain_drawn(field, i, label)
        else:
            if score_of is None:
                score_of = dict(zip(ids, scores, strict=True))
            reason = explain_pair(field, i, j, score_of, label)
        tables.append(Pairing(ids[i], ids[j], table, reason, scores[i], scores[j]))
    bye = solution.bye
    return SwissPairing(
        round_no=round_no,
        pairs=tuple(tables),
        bye=ids[bye] if bye is not None else None,
        bye_reason=explain_bye(field, bye, options, label) if bye is not None else None,
        stats=round_stats(
            field,
            [solved[k] for k in order],
            bye,
            solution.proven_optimal,
            solution.method,
            solution.rematches,
        ),
    )


def _table_order(field: Field, pairs: list[tuple[int, int]]) -> list[int]:
    """Positions of ``pairs`` by table: table 1 = highest scores, by the better player's score,
    then the other's, then rank. Score groups are numbered best first and a pair is (better,
    worse), so one small integer per pair orders them: (group a, group b, a)."""
    group_of, n = field.group_of, field.size
    groups = len(field.groups)
    keys = [(group_of[i] * groups + group_of[j]) * n + i for i, j in pairs]
    return sorted(range(len(pairs)), key=keys.__getitem__)
