"""Pods ("tavoli") for Draft and the seating of Constructed and Sealed (BER-POD-1..3).

- BER-POD-1: the number of pods is a power of two (1, 2, 4, 8, ...) so the final stage gets a
  proper bracket; pods are as equal in size as possible (sizes differ by at most one) with at
  most ``max_size`` (8) players each; the same number of players advances from every pod.
  We take the fewest pods that keep every pod within ``max_size``.
- BER-POD-2 Resolution: players come ranked best first (rating or ranking) and are dealt to the
  pods in snake order (1, 2, ..., p, p, ..., 2, 1, 1, 2, ...), so every pod gets the same mix of
  strong and weak players. The judge may still move players by hand afterwards.
- BER-POD-3 Resolution: rounds in a pod = ceil(log2(pod size rounded up to even)), so an odd pod
  plays as the next even one: 7 → 8 → 3 rounds, 11 → 12 → 4.
- Every Berserk format needs at least 4 players (docs/rules.md §2, Formats).

Seating by hand (BER-POD-2: "normalmente effettuata in maniera manuale da uno dei giudici"):
:func:`check_seating` takes the judge's pods as they are (seat order = the order given) and
refuses what BER-POD-1 forbids: a count of pods that is not a power of two, a pod over 8 or
under 2 players, sizes more than one apart, a player left out, seated twice or not in the field.
The judge may choose more pods than the fewest (16 players in 4 pods of 4); the automatic
seating takes the fewest. A late entry sits at the last seat of the smallest pod (the first of
equal ones), so sizes stay within one (:func:`seat_late_entry`).

>>> pods = form_pods([PlayerId(i) for i in range(1, 31)])  # 30 players, best first
>>> [(p.number, p.size, p.rounds) for p in pods]
[(1, 7, 3), (2, 7, 3), (3, 8, 3), (4, 8, 3)]
>>> plan_pods(pods)
PodPlan(rounds={1: 3, 2: 3, 3: 3, 4: 3}, swiss_rounds=3, top=8)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from torneo.core.errors import Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Np_
from torneo.engines.knockout import check_pod_count

MIN_PLAYERS = 4  # docs/rules.md §2: minimum 4 players in every format
MAX_POD_SIZE = 8  # BER-POD-1


@dataclass(frozen=True, slots=True)
class Pod:
    number: int  # 1-based
    players: tuple[PlayerId, ...]  # in the order they were dealt (best first)

    @property
    def size(self) -> int:
        return len(self.players)

    @property
    def rounds(self) -> int:
        return rounds_in_pod(self.size)


def pod_count(players: int, max_size: int = MAX_POD_SIZE) -> int:
    """BER-POD-1: the fewest pods, a power of two, with at most ``max_size`` players each."""
    count = 1
    while -(-players // count) > max_size:
        count *= 2
    return count


def form_pods(players: Sequence[PlayerId], max_size: int = MAX_POD_SIZE) -> list[Pod]:
    """BER-POD-1/2: deal ``players`` (ranked best first) to balanced pods in snake order."""
    if len(players) < MIN_PLAYERS:
        raise TorneoError(
            "players",
            Np_("%(n)s player", "%(n)s players"),
            N_("at least %(least)s (every Berserk format)"),
            params={"n": len(players), "least": MIN_PLAYERS},
        )
    if len(set(players)) != len(players):
        raise TorneoError("players", N_("a player is listed twice"), N_("each player once"))
    if not 2 <= max_size <= MAX_POD_SIZE:
        raise TorneoError(
            "max_size",
            N_("%(n)s players a pod"),
            N_("2-%(most)s (BER-POD-1)"),
            params={"n": max_size, "most": MAX_POD_SIZE},
        )
    count = pod_count(len(players), max_size)
    dealt: list[list[PlayerId]] = [[] for _ in range(count)]
    for i, player in enumerate(players):
        lap, place = divmod(i, count)
        dealt[place if lap % 2 == 0 else count - 1 - place].append(player)  # BER-POD-2 snake
    return [Pod(n, tuple(group)) for n, group in enumerate(dealt, start=1)]


def rounds_in_pod(size: int) -> int:
    """BER-POD-3: ceil(log2(size rounded up to even)): 4 → 2, 7 → 8 → 3, 11 → 12 → 4."""
    if size < 2:
        raise TorneoError("size", N_("a pod of %(n)s"), N_("2 or more players"), params={"n": size})
    even = size + size % 2
    return (even - 1).bit_length()


def advancing_per_pod(pods: Sequence[Pod], top: int) -> int:
    """BER-POD-1: how many advance from each pod to a Top ``top`` (the same from every pod)."""
    if not pods:
        raise TorneoError("pods", N_("no pods"), N_("1, 2, 4, 8, ... pods"))
    count = len(pods)
    if top < count or top % count or top & (top - 1):
        raise TorneoError(
            "top",
            N_("a Top %(top)s cannot take the same number from each of %(n)s pods"),
            N_("a power of two that is a multiple of %(n)s, e.g. %(example)s"),
            params={"top": top, "n": count, "example": 2 * count},
        )
    each = top // count
    smallest = min(p.size for p in pods)
    if each > smallest:
        raise TorneoError(
            "top",
            N_("%(each)s from each pod, but a pod has %(smallest)s players"),
            N_("≤ %(smallest)s each"),
            params={"each": each, "smallest": smallest},
        )
    return each


def default_top(pods: Sequence[Pod]) -> int:
    """BER-TOP-1/2: one pod sends its best 4 (Top 4); several pods send two each."""
    if len(pods) == 1:
        return min(4, 1 << (pods[0].size.bit_length() - 1))
    return 2 * len(pods)


@dataclass(frozen=True, slots=True)
class PodPlan:
    """What the start fixes for an event in pods: rounds per pod (BER-POD-3), the event's Swiss
    rounds (the most any pod plays; a pod with fewer sits out the last ones) and the Top."""

    rounds: dict[int, int]  # pod number -> Swiss rounds
    swiss_rounds: int
    top: int


def plan_pods(pods: Sequence[Pod]) -> PodPlan:
    """BER-POD-3 rounds per pod, BER-TOP-1/2 Top (4 from one pod, 2 from each of several)."""
    rounds = {p.number: p.rounds for p in pods}
    top = default_top(pods)
    advancing_per_pod(pods, top)  # BER-POD-1: the same number from every pod
    return PodPlan(rounds, max(rounds.values()), top)


def check_seating(
    pods: Sequence[Sequence[PlayerId]],
    field: Sequence[PlayerId],
    max_size: int = MAX_POD_SIZE,
) -> list[Pod]:
    """BER-POD-1/2: the judge's seating, as given (pod 1 first, seat order kept), or a refusal."""
    if len(field) < MIN_PLAYERS:
        form_pods(field, max_size)  # raises: too few players
    check_pod_count(len(pods))
    sizes = [len(p) for p in pods]
    if max(sizes) > max_size or min(sizes) < 2:
        raise TorneoError(
            "pods",
            N_("a pod of %(n)s players"),
            N_("2-%(most)s players a pod (BER-POD-1)"),
            params={"n": max(sizes) if max(sizes) > max_size else min(sizes), "most": max_size},
        )
    if max(sizes) - min(sizes) > 1:
        raise TorneoError(
            "pods",
            N_("pods of %(sizes)s players"),
            N_("sizes at most one apart (BER-POD-1)"),
            params={"sizes": ", ".join(str(n) for n in sizes)},
        )
    seated = [p for pod in pods for p in pod]
    known, placed = set(field), set(seated)
    problems = (
        (
            sorted({p for p in seated if seated.count(p) > 1}),
            N_("player %(ids)s seated twice"),
            N_("each player in one seat"),
        ),
        (
            [p for p in seated if p not in known],
            N_("player %(ids)s is not an active player of the event"),
            N_("the ids of the event's active players"),
        ),
        (
            [p for p in field if p not in placed],
            N_("player %(ids)s has no seat"),
            N_("every active player seated"),
        ),
    )
    for ids, reason, accepted in problems:
        if ids:
            raise TorneoError(
                "pods", reason, accepted, params={"ids": ", ".join(str(p) for p in ids)}
            )
    return [Pod(n, tuple(pod)) for n, pod in enumerate(pods, start=1)]


def seat_late_entry(pods: Sequence[Pod], player: PlayerId) -> tuple[int, int]:
    """(pod, seat) of a late entry: the last seat of the smallest pod (the first of equal ones)."""
    smallest = min(pods, key=lambda p: (p.size, p.number))
    return smallest.number, smallest.size + 1


def can_qualify(active: Sequence[int], each: int) -> Refusal | None:
    """BER-POD-1: every pod (``active[i]``: pod i+1's active players) can send ``each``."""
    for number, n in enumerate(active, start=1):
        if n < each:
            return Refusal(
                "players",
                N_("pod %(pod)s has %(n)s active players; %(each)s advance from each pod"),
                N_("at least %(each)s active players in every pod (BER-POD-1)"),
                "BER-POD-1",
                params={"pod": number, "n": n, "each": each},
            )
    return None


def pod_qualifiers(standings: Sequence[Sequence[PlayerId]], each: int) -> list[list[PlayerId]]:
    """BER-TOP-2: the best ``each`` of every pod (``standings[i]``: pod i+1's active players in
    standing order), or a refusal naming the pod that cannot send them."""
    refusal = can_qualify([len(rows) for rows in standings], each)
    if refusal:
        raise refusal.raise_as()
    return [list(rows[:each]) for rows in standings]
