"""Teams' totals only, fast: the same rules as :func:`.team_score.score_team` without the
breakdown, for recomputing whole seasons of many teams (``bench/fanta.py``; the standings of a
season are totals).

A matchday's scores are turned once into whole numbers of ``1/scale`` points (every vote and
bonus of a matchday shares a small denominator, usually 2), so a team's total is integer
additions; the team whose eleven all scored (the common case) needs no substitution search.
``tests/fantasy/rules/test_totals.py`` checks that every total equals ``score_team``'s.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import ceil, lcm

from torneo.fantasy.rules.formations import formation_of
from torneo.fantasy.rules.lineup import STARTERS, Lineup
from torneo.fantasy.rules.players import DEF, GK
from torneo.fantasy.rules.scoring import Fantavoto
from torneo.fantasy.rules.substitutions import substitutions
from torneo.presets.fantasy import FantasyRules

_PENDING = -(10**9)  # a starter whose match is still to come: neither counted nor replaced


@dataclass(frozen=True, slots=True)
class MatchdayTable:
    scale: int
    points: dict[int, int]  # counted players only
    bases: dict[int, int]
    pending: frozenset[int]
    roles: Mapping[int, str]
    penalty: int
    steps: tuple[tuple[dict[int, int], int], ...]  # per step: {n votes: least sum}, points
    formations: frozenset[str]


def matchday_table(
    scores: Mapping[int, Fantavoto], roles: Mapping[int, str], rules: FantasyRules
) -> MatchdayTable:
    values: list[Fraction] = [rules.penalty_points]
    values += [s.points for s in scores.values() if s.points is not None]
    values += [s.base for s in scores.values() if s.base is not None]
    values += [step.points for step in rules.modifier_steps]
    scale = lcm(*(v.denominator for v in values))
    best = rules.modifier_best_defenders
    steps = tuple(
        (
            {n: ceil(step.average * n * scale) for n in range(2, best + 2)},
            int(step.points * scale),
        )
        for step in rules.modifier_steps
    )
    return MatchdayTable(
        scale=scale,
        points={p: int(s.points * scale) for p, s in scores.items() if s.points is not None},
        bases={p: int(s.base * scale) for p, s in scores.items() if s.base is not None},
        pending=frozenset(p for p, s in scores.items() if s.pending),
        roles=roles,
        penalty=int(rules.penalty_points * scale),
        steps=steps,
        formations=frozenset(rules.formations),
    )


def _starters(
    lineup: Lineup,
    roster: Collection[int],
    table: MatchdayTable,
    seen: set[int],
    sold: Collection[int],
) -> tuple[list[str], list[int | None], int]:
    roles, points = table.roles, table.points
    errors = 0
    start_roles: list[str] = []
    status: list[int | None] = []
    for pid in lineup.starters:
        start_roles.append(roles.get(pid, DEF))
        if pid not in roster and pid in sold and pid not in seen:
            status.append(None)  # issue 28 item 9: sold since, missing, no error
        elif pid not in roster or pid in seen:
            errors += 1
            status.append(None)
        elif pid in points:
            status.append(points[pid])
        else:
            status.append(_PENDING if pid in table.pending else None)
        seen.add(pid)
    if len(lineup.starters) != STARTERS or formation_of(start_roles) not in table.formations:
        errors += 1
    return start_roles, status, errors


def _modifier(
    goalkeeper: int | None, defenders: list[int], table: MatchdayTable, rules: FantasyRules
) -> int:
    if goalkeeper is None or len(defenders) < rules.modifier_defenders:
        return 0
    best = sorted(defenders, reverse=True)[: rules.modifier_best_defenders]
    votes = goalkeeper + sum(best)
    for least, plus in table.steps:
        if votes >= least[len(best) + 1]:
            return plus
    return 0


def team_total(
    lineup: Lineup,
    roster: Collection[int],
    table: MatchdayTable,
    rules: FantasyRules,
    extra: Fraction = Fraction(0),
    sold: Collection[int] = frozenset(),
) -> Fraction:
    """The total :func:`.team_score.score_team` gives, without its breakdown; ``sold``: the
    players the team sold by the deadline (missing, not FAN-PEN-1 errors, as there)."""
    seen: set[int] = set()
    start_roles, status, errors = _starters(lineup, roster, table, seen, sold)
    usable: list[bool] = []
    for pid in lineup.bench:
        held = pid in roster
        # issue 28 item 9: a player sold since is no error, and cannot enter
        wrong = pid in seen or not (held or pid in sold)
        seen.add(pid)
        errors += wrong
        usable.append(held and not wrong and pid in table.points)
    errors += max(0, rules.bench_size - len(lineup.bench))
    counted: list[tuple[int, str]] = [
        (pid, role)
        for pid, role, st in zip(lineup.starters, start_roles, status, strict=True)
        if st is not None and st != _PENDING
    ]
    if None in status:
        scored = [None if st == _PENDING else st is not None for st in status]
        bench_roles = [table.roles.get(p, DEF) for p in lineup.bench]
        subs, _ = substitutions(
            start_roles, scored, bench_roles, usable, table.formations, rules.max_substitutions
        )
        counted += [(lineup.bench[s.bench], bench_roles[s.bench]) for s in subs]
    total = 0
    goalkeeper: int | None = None
    defenders: list[int] = []
    for pid, role in counted:
        total += table.points[pid]
        if role == GK and pid in table.bases:
            goalkeeper = table.bases[pid]
        elif role == DEF and pid in table.bases:
            defenders.append(table.bases[pid])
    total += _modifier(goalkeeper, defenders, table, rules) - errors * table.penalty
    return Fraction(total, table.scale) - extra
