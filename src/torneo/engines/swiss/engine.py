"""pair_round: one Swiss round from the standings, reproducible from the seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence

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
    score_of = {p.id: p.score for p in field.players}
    # Table 1 = highest scores: by the better player's score, then the other's, then rank.
    order = sorted(
        range(len(solution.pairs)),
        key=lambda k: (
            -field.scores[solution.pairs[k][0]],
            -field.scores[solution.pairs[k][1]],
            solution.pairs[k][0],
        ),
    )
    ordered = [solution.pairs[k] for k in order]
    pairs = tuple(
        Pairing(
            a=field.players[i].id,
            b=field.players[j].id,
            table=table,
            reason=(
                explain_drawn(field, i, label)
                if k in solution.drawn
                else explain_pair(field, i, j, score_of, label)
            ),
            score_a=field.scores[i],
            score_b=field.scores[j],
        )
        for table, k in enumerate(order, start=1)
        for i, j in (solution.pairs[k],)
    )
    bye = solution.bye
    return SwissPairing(
        round_no=round_no,
        pairs=pairs,
        bye=field.players[bye].id if bye is not None else None,
        bye_reason=explain_bye(field, bye, options, label) if bye is not None else None,
        stats=round_stats(field, ordered, bye, solution.proven_optimal, solution.method),
    )
