"""A team's roster (FAN-ROSTER-1): exactly the quotas of each role within the budget.

:func:`roster_problems` lists every problem at once (an over-budget roster with four
goalkeepers hears of both), so the manager fixes the whole list in one go.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from torneo.core.messages import N_, Message, Np_
from torneo.fantasy.rules.players import ROLES, ListedPlayer
from torneo.presets.fantasy import FantasyRules


def roster_cost(players: Sequence[ListedPlayer]) -> int:
    return sum(p.price for p in players)


def roster_problems(players: Sequence[ListedPlayer], rules: FantasyRules) -> list[Message]:
    """FAN-ROSTER-1: what is wrong with this roster (empty: it may be saved)."""
    problems: list[Message] = []
    seen: Counter[int] = Counter(p.id for p in players)
    for player in players:
        if seen[player.id] > 1:
            problems.append(Message(N_("%(name)s is listed twice"), {"name": player.name}))
            seen[player.id] = 0
    counts = Counter(p.role for p in players)
    for role in ROLES:
        want = rules.quotas[role]
        if counts[role] != want:
            problems.append(
                Message(
                    Np_(
                        "%(n)s player of role %(role)s: exactly %(want)s accepted",
                        "%(n)s players of role %(role)s: exactly %(want)s accepted",
                    ),
                    {"n": counts[role], "role": role, "want": want},
                )
            )
    cost = roster_cost(players)
    if cost > rules.budget:
        problems.append(
            Message(
                N_("the roster costs %(cost)s credits: at most %(budget)s"),
                {"cost": cost, "budget": rules.budget},
            )
        )
    for player in players:
        if not player.active:
            problems.append(
                Message(N_("%(name)s has left the league: not for sale"), {"name": player.name})
            )
    return problems
