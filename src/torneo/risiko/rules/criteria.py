"""The organizer's draw criteria (RSK-TBL-2), counted on a seating.

In the priority order the organizer sets, a draw should have: fewer repeated opponents, fewer
same-club pairs, fewer players seated again at an off-size table (a 5, or a 3 with that policy)
and previous winners kept apart. Each criterion is a count, so the organizer sees exactly what a
draw or a hand swap costs:

- ``repeat_opponents``: pairs at one table who already sat together earlier in the event;
- ``same_club``: pairs at one table from the same club;
- ``repeat_off_size``: players at an off-size table who already sat at one;
- ``winners_together``: pairs at one table who have both won an earlier game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Protocol

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.risiko.rules.history import History
from torneo.risiko.rules.table_sizes import STANDARD_TABLE


class Criterion(StrEnum):
    REPEAT_OPPONENTS = "repeat_opponents"
    SAME_CLUB = "same_club"
    REPEAT_OFF_SIZE = "repeat_off_size"
    WINNERS_TOGETHER = "winners_together"


DEFAULT_PRIORITIES: tuple[Criterion, ...] = tuple(Criterion)  # RSK-TBL-2 order


def check_priorities(priorities: Sequence[Criterion | str]) -> tuple[Criterion, ...]:
    """Parse the organizer's priority order; each criterion at most once."""
    known = {c.value: c for c in Criterion}
    out: list[Criterion] = []
    for p in priorities:
        crit = known.get(str(p))
        if crit is None or crit in out:
            raise TorneoError(
                "priorities",
                N_("'%(value)s' is repeated")
                if crit
                else N_("'%(value)s' is not a draw criterion"),
                N_("each of %(known)s at most once, most important first"),
                params={"value": p, "known": ", ".join(known)},
            )
        out.append(crit)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class DrawCriteria:
    repeat_opponents: int = 0
    same_club: int = 0
    repeat_off_size: int = 0
    winners_together: int = 0
    repeated_pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()  # to show them on screen

    def count(self, criterion: Criterion) -> int:
        value: int = getattr(self, criterion.value)
        return value

    def vector(self, priorities: Sequence[Criterion]) -> tuple[int, ...]:
        """The lexicographic cost the draw minimizes."""
        return tuple(self.count(c) for c in priorities)


def score_seatings(seatings: Sequence[Sequence[PlayerId]], history: History) -> DrawCriteria:
    """Count every criterion on ``seatings`` (tables of player ids) against ``history``."""
    met = history.opponents()
    winners = history.winners()
    off_before = history.off_size_seated()
    repeats: list[tuple[PlayerId, PlayerId]] = []
    same_club = winners_together = repeat_off = 0
    for seats in seatings:
        if len(seats) != STANDARD_TABLE:
            repeat_off += sum(1 for p in seats if p in off_before)
        for a, b in combinations(seats, 2):
            if b in met.get(a, ()):
                repeats.append((min(a, b), max(a, b)))
            club = history.club_of(a)
            if club is not None and club == history.club_of(b):
                same_club += 1
            if a in winners and b in winners:
                winners_together += 1
    return DrawCriteria(
        len(repeats), same_club, repeat_off, winners_together, tuple(sorted(repeats))
    )


class _Seated(Protocol):
    def seatings(self) -> tuple[tuple[PlayerId, ...], ...]: ...


def criteria(draw: _Seated, history: History) -> DrawCriteria:
    """RSK-TBL-2: the criteria counts of a draw."""
    return score_seatings(draw.seatings(), history)
