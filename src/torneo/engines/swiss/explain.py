"""Why each pair was made, and the figures of a round (issue 3, item 6: explain).

Explanations name players by id (``#12``): the domain knows no names; pages and the TRF output
turn them into names or start numbers.
"""

from __future__ import annotations

from collections.abc import Callable

from torneo.core.ids import PlayerId
from torneo.engines.swiss.entrants import SwissOptions
from torneo.engines.swiss.field import Field
from torneo.engines.swiss.pairing import Floater, SwissStats

ScoreLabel = Callable[[int], str]  # how a score is written (TRF: half points as 4.5)
_MAX_NAMED = 2  # previous opponents named per player in an explanation


def explain_pair(
    field: Field, i: int, j: int, score_of: dict[PlayerId, int], label: ScoreLabel = str
) -> str:
    """One line: score relation first, then rematches avoided or forced."""
    a, b = field.players[i], field.players[j]
    if a.score == b.score:
        parts = [f"same score group ({label(a.score)})"]
    else:
        parts = [f"#{a.id} floated down from {label(a.score)} points to meet {label(b.score)}"]
    if field.met(i, j):
        parts.append(
            f"rematch of #{a.id} and #{b.id}: no pairing of this field avoids every rematch"
        )
    for player in (a, b):
        met = [o for o in player.opponents if score_of.get(o) == player.score]
        if met:
            parts.append(_avoided(player.id, sorted(met)))
    if field.same_club(i, j):
        parts.append(f"same club ({a.club}): no better pairing avoids it")
    return "; ".join(parts)


def explain_drawn(field: Field, i: int, label: ScoreLabel = str) -> str:
    """A pair drawn inside a large score group: random among equals, never a rematch."""
    return (
        f"same score group ({label(field.scores[i])}); drawn at random among equals"
        " (BER-PAIR-1), previous opponents excluded"
    )


def _avoided(player: PlayerId, met: list[PlayerId]) -> str:
    """Previous opponents in the player's own score group: the rematches steered around."""
    named = ", ".join(f"#{o}" for o in met[:_MAX_NAMED])
    more = f" and {len(met) - _MAX_NAMED} more" if len(met) > _MAX_NAMED else ""
    return f"rematch avoided: #{player} already met {named}{more}"


def explain_bye(field: Field, bye: int, options: SwissOptions, label: ScoreLabel = str) -> str:
    player = field.players[bye]
    if options.bye_policy == "lowest_ranked":
        rule = "INV-BYE-1: the lowest-ranked player without a bye"
    else:
        rule = "BER-BYE-1: a player with the fewest points without a bye, random among equals"
    text = f"bye to #{player.id} ({label(player.score)} points), {rule}"
    if player.byes >= options.max_byes_per_player:
        text += f"; every player already had {player.byes} bye(s), the most allowed"
    elif field.bye_cost[bye] > 0:
        text += (
            f"; {field.bye_cost[bye]} player(s) the rule prefers stayed in the pairing, because"
            " giving them the bye would force a rematch or a bigger pair-down"
        )
    return text


def round_stats(
    field: Field, pairs: list[tuple[int, int]], bye: int | None, proven: bool, method: str
) -> SwissStats:
    scores = field.scores
    diff_sum = 0
    squared = 0
    unequal = 0
    rematches = 0
    clubs = 0
    floaters: list[Floater] = []
    for i, j in pairs:
        diff = scores[i] - scores[j]
        diff_sum += diff
        squared += diff * diff
        if diff:
            unequal += 1
            floaters.append(Floater(field.players[i].id, scores[i], scores[j]))
        if field.met(i, j):
            rematches += 1
        if field.same_club(i, j):
            clubs += 1
    return SwissStats(
        rematches=rematches,
        score_diff_sum=diff_sum,
        squared_diff_sum=squared,
        unequal_pairs=unequal,
        same_club_pairs=clubs,
        floaters=tuple(floaters),
        bye_score_gap=(scores[bye] - field.lowest_score) if bye is not None else 0,
        score_diff_lower_bound=field.score_diff_lower_bound() * field.unit,
        proven_optimal=proven,
        method=method,
    )
