"""Why each pair was made, and the figures of a round (issue 3, item 6: explain).

Explanations are messages (:mod:`torneo.core.messages`), one part per reason joined with "; ",
so a page shows them in its language and the CLI, the CSV and the API in English
(``.english()``). They name players by id (``#12``): the domain knows no names;
:func:`name_players` puts the names in for a page or an export, the TRF output keeps start
numbers.

>>> why = reasons(same_group("4.5"), Message(N_("rematch avoided: %(who)s already met %(met)s"),
...                                            {"who": "#3", "met": "#5"}))
>>> why.english()
'same score group (4.5); rematch avoided: #3 already met #5'
>>> name_players(why, {3: "Anna", 5: "Luca"}).english()
'same score group (4.5); rematch avoided: Anna already met Luca'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache

from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Message, Term
from torneo.engines.swiss.entrants import SwissOptions
from torneo.engines.swiss.field import Field
from torneo.engines.swiss.pairing import Floater, SwissStats

ScoreLabel = Callable[[int], str]  # how a score is written (TRF: half points as 4.5)
_MAX_NAMED = 2  # previous opponents named per player in an explanation
# The parts of one explanation: a tuple parameter renders item by item, joined with "; ".
_REASONS = "%(reasons)s"
_PLAYER_REF = re.compile(r"#(\d+)")
_SHARED_MESSAGES = 1024  # messages kept per score label (a round has a few dozen scores)


def reasons(*parts: Message) -> Message:
    """One explanation made of ``parts``, shown joined with "; " (one part is itself)."""
    return parts[0] if len(parts) == 1 else Message(_REASONS, {"reasons": parts})


def reason_parts(explanation: Message) -> tuple[Message, ...]:
    """The parts of an explanation built by :func:`reasons` (any other message is one part)."""
    if explanation.id == _REASONS:
        return tuple(explanation.params["reasons"])
    return (explanation,)


@lru_cache(maxsize=_SHARED_MESSAGES)
def same_group(score: str) -> Message:
    """Most pairs of a round say this: one shared (immutable) message per score."""
    return Message(N_("same score group (%(score)s)"), {"score": score})


def name_players(explanation: Message, names: Mapping[int, str]) -> Message:
    """The explanation with players named: "#12" in its parameters becomes the player's name
    (unknown ids stay as they are). Only parameters are touched, never the sentence."""
    return Message(explanation.id, {k: _named(v, names) for k, v in explanation.params.items()})


def _named(value: object, names: Mapping[int, str]) -> object:
    if isinstance(value, Message):
        return name_players(value, names)
    if isinstance(value, tuple | list):
        return tuple(_named(v, names) for v in value)
    if isinstance(value, str) and not isinstance(value, Term):
        return _PLAYER_REF.sub(lambda m: names.get(int(m[1]), m[0]), value)
    return value


def explain_pair(
    field: Field, i: int, j: int, score_of: dict[PlayerId, int], label: ScoreLabel = str
) -> Message:
    """Score relation first, then rematches avoided or forced, then a same-club pair."""
    a, b = field.players[i], field.players[j]
    if a.score == b.score:
        parts = [same_group(label(a.score))]
    else:
        parts = [
            Message(
                N_("%(who)s floated down from %(from)s points to meet %(to)s"),
                {"who": f"#{a.id}", "from": label(a.score), "to": label(b.score)},
            )
        ]
    if field.met(i, j):
        parts.append(
            Message(
                N_("rematch of %(a)s and %(b)s: no pairing of this field avoids every rematch"),
                {"a": f"#{a.id}", "b": f"#{b.id}"},
            )
        )
    for player in (a, b):
        met = [o for o in player.opponents if score_of.get(o) == player.score]
        if met:
            parts.append(_avoided(player.id, sorted(met)))
    if field.same_club(i, j):
        parts.append(
            Message(N_("same club (%(club)s): no better pairing avoids it"), {"club": a.club})
        )
    return reasons(*parts)


def explain_drawn(field: Field, i: int, label: ScoreLabel = str) -> Message:
    """A pair drawn inside a large score group: random among equals, never a rematch."""
    return _drawn(label(field.scores[i]))


_DRAWN = Message(N_("drawn at random among equals (BER-PAIR-1), previous opponents excluded"))


@lru_cache(maxsize=_SHARED_MESSAGES)
def _drawn(score: str) -> Message:
    # Most pairs of a large field are drawn: they share one message per score (issue 3 speed).
    return reasons(same_group(score), _DRAWN)


def _avoided(player: PlayerId, met: list[PlayerId]) -> Message:
    """Previous opponents in the player's own score group: the rematches steered around."""
    named: str | Message = ", ".join(f"#{o}" for o in met[:_MAX_NAMED])
    if len(met) > _MAX_NAMED:
        named = Message(
            N_("%(named)s and %(more)s more"), {"named": named, "more": len(met) - _MAX_NAMED}
        )
    return Message(
        N_("rematch avoided: %(who)s already met %(met)s"), {"who": f"#{player}", "met": named}
    )


def explain_bye(field: Field, bye: int, options: SwissOptions, label: ScoreLabel = str) -> Message:
    player = field.players[bye]
    if options.bye_policy == "lowest_ranked":
        rule = Message(N_("INV-BYE-1: the lowest-ranked player without a bye"))
    else:
        rule = Message(
            N_("BER-BYE-1: a player with the fewest points without a bye, random among equals")
        )
    parts = [
        Message(
            N_("bye to %(who)s (%(points)s points), %(rule)s"),
            {"who": f"#{player.id}", "points": label(player.score), "rule": rule},
        )
    ]
    if player.byes >= options.max_byes_per_player:
        parts.append(
            Message(
                N_("every player already had %(byes)s bye(s), the most allowed"),
                {"byes": player.byes},
            )
        )
    elif field.bye_cost[bye] > 0:
        parts.append(
            Message(
                N_(
                    "%(n)s player(s) the rule prefers stayed in the pairing, because giving"
                    " them the bye would force a rematch or a bigger pair-down"
                ),
                {"n": field.bye_cost[bye]},
            )
        )
    return reasons(*parts)


def round_stats(
    field: Field,
    pairs: list[tuple[int, int]],
    bye: int | None,
    proven: bool,
    method: str,
    rematches: int,
) -> SwissStats:
    """The round's figures; ``rematches`` as the solver counted them (the random fill never
    makes one, fill.py), so the 50,000 pairs of a large field are not looked up again."""
    scores = field.scores
    diff_sum = 0
    squared = 0
    floaters: list[Floater] = []
    for i, j in pairs:
        diff = scores[i] - scores[j]
        if diff:
            diff_sum += diff
            squared += diff * diff
            floaters.append(Floater(field.players[i].id, scores[i], scores[j]))
    clubs = sum(1 for i, j in pairs if field.same_club(i, j)) if field.clubs_on else 0
    return SwissStats(
        rematches=rematches,
        score_diff_sum=diff_sum,
        squared_diff_sum=squared,
        unequal_pairs=len(floaters),
        same_club_pairs=clubs,
        floaters=tuple(floaters),
        bye_score_gap=(scores[bye] - field.lowest_score) if bye is not None else 0,
        score_diff_lower_bound=field.score_diff_lower_bound() * field.unit,
        proven_optimal=proven,
        method=method,
    )
