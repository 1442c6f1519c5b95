"""Who meets whom in the first round of the Top X (INV-TOP-1, INV-TOP-3, BER-TOP-1, BER-TOP-2).

- Standard seeding (INV-TOP-1): seed ``s`` meets ``size + 1 - s``, laid out so that the best
  seeds meet as late as possible: Top 8 = 1-8, 4-5, 2-7, 3-6 (1 meets 4/5 in the semifinal);
  Top 4 = 1-4, 2-3; Top 16 = 1-16, 8-9, 4-13, 5-12, 2-15, 7-10, 3-14, 6-11; Top 2 = the final.
- Choice rule (INV-TOP-3, optional): the better half picks, best seed first, an opponent among
  the lower half still free. The picker's match takes the bracket place the picker has under
  standard seeding, so seed 1's match still meets seed 4's in the semifinal.
- Cross-pod seeding (BER-TOP-1/2): see :func:`cross_pod_bracket`.
"""

from __future__ import annotations

from collections.abc import Sequence

from torneo.core.errors import Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.knockout.bracket import Bracket, check_size, first_round
from torneo.engines.knockout.rules import STANDARD_TOP, TopRules


def standard_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order: 8 → [1, 8, 4, 5, 2, 7, 3, 6]."""
    check_size(size)
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1  # the seeds of each new pair add up to this
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def _top_seeds(seeds: Sequence[PlayerId], size: int) -> tuple[PlayerId, ...]:
    check_size(size)
    if len(set(seeds)) != len(seeds):
        raise TorneoError("seeds", N_("a player is listed twice"), N_("each player once"))
    if len(seeds) < size:
        raise TorneoError(
            "size",
            N_("Top %(size)s needs %(size)s players; %(n)s are eligible"),
            f"≤ {len(seeds)}",
            params={"size": size, "n": len(seeds)},
        )
    return tuple(seeds[:size])


def seed_bracket(seeds: Sequence[PlayerId], size: int, *, rules: TopRules | None = None) -> Bracket:
    """INV-TOP-1: the Top ``size`` of ``seeds`` (the standings, best first) in standard order."""
    rules = rules or STANDARD_TOP
    top = _top_seeds(seeds, size)
    order = standard_order(size)
    pairs = [(top[order[k] - 1], top[order[k + 1] - 1]) for k in range(0, size, 2)]
    return first_round(
        top, pairs, third_place_match=rules.third_place_match, die_rule=rules.die_rule
    )


def choice_options(seeds: Sequence[PlayerId], picks: Sequence[PlayerId]) -> list[PlayerId]:
    """INV-TOP-3: whom the next picker may choose: the lower half not picked yet, in seed order."""
    lower = seeds[len(seeds) // 2 :]
    return [p for p in lower if p not in picks]


def can_pick(
    seeds: Sequence[PlayerId], picks: Sequence[PlayerId], pick: PlayerId
) -> Refusal | None:
    """INV-TOP-3: may the next picker (seed ``len(picks) + 1``) choose ``pick``?"""
    half = len(seeds) // 2
    if len(picks) >= half:
        return Refusal(
            "pick", N_("every seed of the better half has already picked"), rule="INV-TOP-3"
        )
    # The choices are data (seed numbers and player ids), listed as the organizer reads them.
    options = ", ".join(f"seed {seeds.index(p) + 1} ({p})" for p in choice_options(seeds, picks))
    accepted = N_("%(options)s")
    if pick not in seeds:
        return Refusal(
            "pick",
            N_("player %(pick)s is not in the Top %(size)s"),
            accepted,
            "INV-TOP-3",
            {"pick": pick, "size": len(seeds), "options": options},
        )
    seed = seeds.index(pick) + 1
    if seed <= half:
        return Refusal(
            "pick",
            N_(
                "seed %(seed)s is in the better half; "
                "seed %(picker)s picks among seeds %(lowest)s-%(size)s"
            ),
            accepted,
            "INV-TOP-3",
            {
                "seed": seed,
                "picker": len(picks) + 1,
                "lowest": half + 1,
                "size": len(seeds),
                "options": options,
            },
        )
    if pick in picks:
        return Refusal(
            "pick",
            N_("seed %(seed)s has already been picked"),
            accepted,
            "INV-TOP-3",
            {"seed": seed, "options": options},
        )
    return None


def choice_bracket(
    seeds: Sequence[PlayerId], picks: Sequence[PlayerId], *, rules: TopRules | None = None
) -> Bracket:
    """INV-TOP-3: ``seeds`` is the whole Top (best first); ``picks[i]`` is seed i+1's choice.

    The last pick has one option and may be left out. A pick that is not allowed raises a
    :class:`TorneoError` naming ``pick`` and listing the players that could be chosen.
    """
    rules = rules or STANDARD_TOP
    size = len(seeds)
    top = _top_seeds(seeds, size)
    half = size // 2
    too_many = TorneoError(
        "picks",
        N_("%(n)s picks for a Top %(size)s"),
        N_("%(fewest)s or %(most)s"),
        params={"n": len(picks), "size": size, "fewest": half - 1, "most": half},
    )
    if len(picks) > half:
        raise too_many
    chosen: list[PlayerId] = []
    for pick in picks:
        refusal = can_pick(top, chosen, pick)
        if refusal:
            raise refusal.raise_as()
        chosen.append(pick)
    if len(chosen) == half - 1:
        chosen.extend(choice_options(top, chosen))  # the last picker has no choice left
    if len(chosen) < half:
        raise too_many
    opponent = dict(zip(top[:half], chosen, strict=True))
    # Each picker's match goes where the picker stands under standard seeding.
    order = standard_order(size)
    pairs = [(top[s - 1], opponent[top[s - 1]]) for s in order if s <= half]
    return first_round(
        top, pairs, third_place_match=rules.third_place_match, die_rule=rules.die_rule
    )


def check_pod_count(count: int) -> None:
    """BER-POD-1: the number of pods is a power of two (1, 2, 4, 8, ...)."""
    if count == 0 or count & (count - 1):
        raise TorneoError(
            "pods",
            N_("%(count)s pods"),
            N_("1, 2, 4, 8, 16, ... pods (BER-POD-1)"),
            params={"count": count},
        )


def cross_pod_bracket(
    pods: Sequence[Sequence[PlayerId]], *, rules: TopRules | None = None
) -> Bracket:
    """BER-TOP-1/2: the Top from pods; ``pods[i]`` lists pod i+1's qualifiers, pod winner first.

    - One pod (BER-TOP-1): standard seeding of its qualifiers (Top 4: 1st-4th, 2nd-3rd).
    - One qualifier per pod: the pod winners in standard seeding by pod number.
    - Two per pod (BER-TOP-2): each pod winner meets the runner-up of the mirror pod
      (pod i with pod p+1-i). The upper half of the bracket holds the winners of pods 1..p/2
      and the runners-up of pods p/2+1..p; the lower half the rest, mirrored. So every pod has
      one player in each half and players of the same pod can meet again only in the final:
      2 pods: P1#1-P2#2 | P2#1-P1#2; 4 pods: (P1#1-P4#2, P2#1-P3#2), (P4#1-P1#2, P3#1-P2#2);
      8 pods: (P1#1-P8#2, P2#1-P7#2, P3#1-P6#2, P4#1-P5#2), (P8#1-P1#2, ..., P5#1-P4#2).
    Seeds: all pod winners in pod order, then all runners-up; the better seed is the pod winner.
    More than two qualifiers from each of several pods is refused: two players of a pod could
    then not be kept apart until the final.
    """
    rules = rules or STANDARD_TOP
    count = len(pods)
    check_pod_count(count)
    per_pod = {len(p) for p in pods}
    if len(per_pod) != 1:
        raise TorneoError(
            "pods",
            N_("pods send different numbers of players"),
            N_("the same number from every pod"),
        )
    each = per_pod.pop()
    if count == 1:
        return seed_bracket(list(pods[0]), len(pods[0]), rules=rules)
    if each == 1:
        return seed_bracket([p[0] for p in pods], count, rules=rules)
    if each != 2:
        raise TorneoError(
            "pods",
            N_("%(each)s qualifiers from each of %(count)s pods"),
            N_("one pod with any power of two, or 1 or 2 from each of several pods (BER-TOP-2)"),
            params={"each": each, "count": count},
        )
    seeds = tuple([p[0] for p in pods] + [p[1] for p in pods])
    half = count // 2
    upper = [(pods[i][0], pods[count - 1 - i][1]) for i in range(half)]
    lower = [(pods[i][0], pods[count - 1 - i][1]) for i in range(count - 1, half - 1, -1)]
    return first_round(
        seeds,
        upper + lower,
        third_place_match=rules.third_place_match,
        die_rule=rules.die_rule,
    )
