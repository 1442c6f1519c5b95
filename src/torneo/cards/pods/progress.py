"""An event in pods (BER-POD-1..3, BER-PAIR-1, BER-TOP-2) as the pure engines see it.

Each pod is a Swiss of its own: its players, the matches among them, its own standings with the
preset's tiebreaks (BER-TIE-1 "within a pod"), its own bye (BER-BYE-1) and no rematch inside it
(BER-PAIR-1). A round pairs every pod that still has a round to play (BER-POD-3: a pod of 4
plays 2 rounds while a pod of 8 plays 3); tables are numbered pod after pod, pod 1 first. The
Top takes the best of every pod from the pods' standings, the same number from each (BER-POD-1),
into the cross-pod bracket (:func:`torneo.engines.knockout.cross_pod_bracket`, BER-TOP-1/2),
then single elimination (BER-TOP-3).

Overall standings are the whole field's table (the matches are all inside pods, so every
tiebreak reads the player's own pod); the pages show it beside each pod's table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from torneo.cards import progress as engines
from torneo.cards.progress import NewMatch
from torneo.cards.rules.pods import Pod, advancing_per_pod, can_qualify, pod_qualifiers
from torneo.cards.rules.tournament import Tournament
from torneo.core.errors import Refusal
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines import knockout
from torneo.engines.records import Entrant, MatchRecord, Stage
from torneo.engines.standings import StandingRow
from torneo.presets import Ruleset


def pod_tournament(t: Tournament, pod: Pod) -> Tournament:
    """The pod as a tournament of its own: its players and the matches among them."""
    return split_pods(t, [pod])[pod.number]


def split_pods(t: Tournament, pods: Sequence[Pod]) -> dict[int, Tournament]:
    """Every pod as a tournament of its own, in one pass over the players and the matches
    (a match belongs to its first player's pod: pairings never cross pods)."""
    pod_of = {p: pod.number for pod in pods for p in pod.players}
    entrants: dict[int, list[Entrant]] = {pod.number: [] for pod in pods}
    matches: dict[int, list[MatchRecord]] = {pod.number: [] for pod in pods}
    for e in t.entrants:
        if e.id in pod_of:
            entrants[pod_of[e.id]].append(e)
    for m in t.matches:
        if m.player_a in pod_of:
            matches[pod_of[m.player_a]].append(m)
    return {n: replace(t, entrants=tuple(entrants[n]), matches=tuple(matches[n])) for n in entrants}


def pod_standings(
    t: Tournament,
    pods: Sequence[Pod],
    ruleset: Ruleset,
    seed: int,
    warnings: Mapping[PlayerId, int] | None = None,
) -> dict[int, list[StandingRow]]:
    """Each pod's standings (BER-TIE-1 within the pod), by pod number."""
    return {
        n: engines.current_standings(sub, ruleset, seed, warnings)
        for n, sub in split_pods(t, pods).items()
    }


def pods_to_pair(pods: Sequence[Pod], rounds: Mapping[int, int], round_no: int) -> list[Pod]:
    """BER-POD-3: the pods that play round ``round_no`` (a smaller pod may have finished)."""
    return [p for p in pods if rounds.get(p.number, p.rounds) >= round_no]


def pair_pods(
    t: Tournament,
    pods: Sequence[Pod],
    rounds: Mapping[int, int],
    ruleset: Ruleset,
    round_no: int,
    round_seed: int,
    seed: int,
    warnings: Mapping[PlayerId, int] | None = None,
) -> list[NewMatch]:
    """BER-PAIR-1 in every pod that plays this round; tables numbered pod after pod.

    Each pod draws from its own generator (``round_seed`` and the pod number), so a pod's pairing
    is reproducible on its own and does not change when another pod's does."""
    new: list[NewMatch] = []
    playing = pods_to_pair(pods, rounds, round_no)
    subs = split_pods(t, playing)
    for pod in playing:
        rng = random.Random(f"{round_seed}:pod{pod.number}")
        sub = subs[pod.number]
        active = sub.active()
        offset = len(new)
        if len(active) == 1:
            # BER-BYE-1: the one player left in a pod the others dropped out of has no opponent:
            # the auto-win, every round the pod still plays (issue 29 item 3), so the event can
            # go on; the limit of one bye each cannot apply to a pod of one.
            new.append(
                NewMatch(Stage.SWISS, offset + 1, active[0].id, None, "auto-win (BER-BYE-1)")
            )
            continue
        if not active:
            continue  # a pod emptied by drops has nobody left to pair
        paired = engines.pair_swiss(sub, ruleset, round_no, rng, seed, warnings)
        new += [replace(m, table=m.table + offset) for m in sorted(paired, key=lambda m: m.table)]
    return new


def can_start_pod_top(
    t: Tournament, pods: Sequence[Pod], rounds: Mapping[int, int], top: int
) -> Refusal | None:
    """The pods' own checks before the Top: every pod played its rounds and can send its
    qualifiers (``each`` active players)."""
    each = top // len(pods) if pods else 0
    subs = split_pods(t, pods)
    for pod in pods:
        need = rounds.get(pod.number, pod.rounds)
        done = len({m.round_no for m in subs[pod.number].matches if m.stage is Stage.SWISS})
        if done < need:
            return Refusal(
                "round",
                N_("pod %(pod)s has played %(done)s of its %(need)s rounds"),
                N_("play every pod's rounds first (BER-POD-3)"),
                "BER-POD-3",
                params={"pod": pod.number, "done": done, "need": need},
            )
    # BER-POD-1: every pod sends the same number; a pod the drops left short sends its players
    # who left for the empty seats (start_pod_top), so only a pod smaller than that is refused.
    return can_qualify([len(subs[p.number].entrants) for p in pods], each)


def start_pod_top(
    t: Tournament,
    pods: Sequence[Pod],
    ruleset: Ruleset,
    seed: int,
    warnings: Mapping[PlayerId, int] | None = None,
) -> tuple[list[PlayerId], list[NewMatch]]:
    """BER-TOP-1/2: the pods' best, the same number from each, in the cross-pod bracket."""
    assert t.top_size is not None
    each = advancing_per_pod(pods, t.top_size)
    by_id = {e.id: e for e in t.entrants}
    tables = pod_standings(t, pods, ruleset, seed, warnings)
    # BER-POD-1 / BER-BYE-1 (issue 29 item 3): a pod with fewer active players than it sends
    # fills its seats with the players who left, best placed first; the Top match of a player
    # who left is an auto-win for the opponent the moment it is paired (cards.commands), as a
    # player without an opponent gets one. Active players always come first.
    ranked = [
        [r.player_id for r in tables[pod.number] if by_id[r.player_id].is_active]
        + [
            r.player_id
            for r in tables[pod.number]
            if not by_id[r.player_id].is_active and not by_id[r.player_id].disqualified
        ]
        + [r.player_id for r in tables[pod.number] if by_id[r.player_id].disqualified]
        for pod in pods
    ]
    bracket = knockout.cross_pod_bracket(pod_qualifiers(ranked, each), rules=ruleset.top)
    records = knockout.round_records(bracket, t.current_round + 1)
    return list(bracket.seeds), [
        NewMatch(r.stage, r.table, r.player_a, r.player_b) for r in records
    ]


__all__ = [
    "can_start_pod_top",
    "pair_pods",
    "pod_standings",
    "pod_tournament",
    "pods_to_pair",
    "start_pod_top",
]
