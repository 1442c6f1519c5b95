"""Lineups (FAN-LINEUP-1): 11 starters in a valid formation and an ordered bench, due
``deadline_minutes`` (30) before the matchday's first kickoff; a missing one is the last one.

The deadline is to the second: a lineup received at 20:29:59 for a 21:00 kickoff counts, one
received at 20:30:00 is refused. ``now`` is the server's clock, passed in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

from torneo.core.errors import Refusal
from torneo.core.messages import N_, Message
from torneo.fantasy.rules.calendar import local_text
from torneo.fantasy.rules.formations import formation_of, is_valid_formation
from torneo.presets.fantasy import FantasyRules

T = TypeVar("T")  # a lineup, or its stored text (fantasy.state_scores)

RULE = "FAN-LINEUP-1"
STARTERS = 11


@dataclass(frozen=True, slots=True)
class Lineup:
    starters: tuple[int, ...]
    bench: tuple[int, ...]


def deadline(first_kickoff: datetime, rules: FantasyRules) -> datetime:
    return first_kickoff - timedelta(minutes=rules.deadline_minutes)


def late_refusal(now: datetime, due: datetime) -> Refusal | None:
    """FAN-LINEUP-1: not one second late."""
    if now < due:
        return None
    return Refusal(
        "lineup",
        N_("the lineup was due at %(due)s (now %(now)s)"),
        N_("a lineup before the deadline, 30 minutes before the first kickoff"),
        params={
            "due": local_text(due, seconds=True),  # issue 28 item 10: Italian time
            "now": local_text(now, seconds=True),
        },
        rule=RULE,
    )


def lineup_problems(
    lineup: Lineup, roles: Mapping[int, str], names: Mapping[int, str], rules: FantasyRules
) -> list[Message]:
    """Everything wrong with a lineup for this roster (``roles``: the roster's players)."""
    problems: list[Message] = []
    if len(lineup.starters) != STARTERS:
        problems.append(
            Message(N_("%(n)s starters: exactly 11 accepted"), {"n": len(lineup.starters)})
        )
    if len(lineup.bench) != rules.bench_size:
        problems.append(
            Message(
                N_("%(n)s on the bench: exactly %(want)s accepted"),
                {"n": len(lineup.bench), "want": rules.bench_size},
            )
        )
    seen: set[int] = set()
    for pid in (*lineup.starters, *lineup.bench):
        if pid not in roles:
            problems.append(Message(N_("player %(id)s is not in the roster"), {"id": pid}))
        elif pid in seen:
            problems.append(Message(N_("%(name)s is listed twice"), {"name": names[pid]}))
        seen.add(pid)
    if len(lineup.starters) == STARTERS and all(p in roles for p in lineup.starters):
        shape = formation_of(roles[p] for p in lineup.starters)
        if not is_valid_formation(shape, rules.formations):
            problems.append(
                Message(
                    N_("formation %(shape)s: one goalkeeper and %(allowed)s accepted"),
                    {"shape": shape or "?", "allowed": ", ".join(rules.formations)},
                )
            )
    return problems


def lineup_for(matchday: int, submitted: Mapping[int, T]) -> tuple[T | None, int | None]:
    """FAN-LINEUP-1: the lineup of ``matchday`` and, when it was not given, the matchday whose
    lineup stands instead (the last one before it); (None, None) when there is none at all."""
    if matchday in submitted:
        return submitted[matchday], None
    earlier = [m for m in submitted if m < matchday]
    if not earlier:
        return None, None
    last = max(earlier)
    return submitted[last], last


def ordered(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(values)
