"""Teams' totals only, fast: the same rules as :func:`.team_score.score_team` without the
breakdown, for recomputing whole seasons of many teams (``fantasy.state_scores``,
``bench/fanta.py``; the standings of a season are totals).

A matchday's scores are turned once into whole numbers of ``1/scale`` points (every vote and
bonus of a matchday shares a small denominator, usually 2), each listed player into one entry
(role, points, base), so a team's total is integer additions over its eleven and its bench.

FAN-SUB-1 is worked out on the roles alone: which starter a bench player replaces does not
change the total, only which bench players enter and, for the other-role entries, the
formation after each one. So the same-role pass needs how many starters of each role are
missing; the other-role pass the roles of those still missing in lineup order (the first of
a role left is the one after those the same-role pass filled), tried as
:func:`.substitutions.substitutions` tries them. Issue 32 item 2: a season of 38 matchdays ×
10,000 teams is 380,000 of these, and four starters of the sample season's eleven are missing
on average, so the substitutions are the common case, not the exception.

``tests/fantasy/rules/test_totals.py`` checks that every total equals ``score_team``'s, on
sample seasons and on random lineups, rosters and scores (hypothesis).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat
from math import ceil, lcm

from torneo.fantasy.rules.lineup import STARTERS, Lineup
from torneo.fantasy.rules.players import DEF, FWD, GK, MID
from torneo.fantasy.rules.scoring import Fantavoto
from torneo.presets.fantasy import FantasyRules

_GK, _DEF = 0, 1
ROLE_CODES = {GK: _GK, DEF: _DEF, MID: 2, FWD: 3}
_OTHER = 4  # a role no formation has (not one of the four letters)
_PENDING = -(10**18)  # a player whose match is still to come: neither counted nor replaced
_UNLISTED = (_DEF, None, None)  # a player not in the list: a defender without a score
_UNLISTED_EACH = repeat(_UNLISTED)  # map(players.get, ids, _UNLISTED_EACH): each one's entry
# A lineup's roles counted as one number: a formation is a set of these (_shape_code).
_WEIGHT = (1, 1 << 16, 1 << 32, 1 << 48, 0)


def _shape_code(gk: int, d: int, c: int, a: int) -> int:
    return gk * _WEIGHT[0] + d * _WEIGHT[1] + c * _WEIGHT[2] + a * _WEIGHT[3]


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
    # Every listed player: role code, points (None: no score; _PENDING), base (FAN-MOD-1).
    players: dict[int, tuple[int, int | None, int | None]]
    shapes: frozenset[int]  # the formations as counts of P, D, C, A (_shape_code)


def _shapes(formations: Collection[str]) -> frozenset[int]:
    """The formations as role counts; a text that no lineup's formation can equal ("04-4-2",
    "4-4") is none, as the rules compare the text ``formation_of`` gives."""
    found = set()
    for text in formations:
        parts = text.split("-")
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            d, c, a = (int(p) for p in parts)
            if text == f"{d}-{c}-{a}":
                found.add(_shape_code(1, d, c, a))
    return frozenset(found)


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
            {n: ceil(step.average * n * scale) for n in range(1, best + 2)},
            int(step.points * scale),
        )
        for step in rules.modifier_steps
    )
    points = {p: int(s.points * scale) for p, s in scores.items() if s.points is not None}
    bases = {p: int(s.base * scale) for p, s in scores.items() if s.base is not None}
    pending = frozenset(p for p, s in scores.items() if s.pending)
    players: dict[int, tuple[int, int | None, int | None]] = {
        pid: (
            ROLE_CODES.get(role, _OTHER),
            _PENDING if pid in pending else points.get(pid),
            bases.get(pid),
        )
        for pid, role in roles.items()
    }
    for pid in scores.keys() - roles.keys():  # scored but not listed: a defender, as score_team
        players[pid] = (_DEF, _PENDING if pid in pending else points.get(pid), bases.get(pid))
    return MatchdayTable(
        scale=scale,
        points=points,
        bases=bases,
        pending=pending,
        roles=roles,
        penalty=int(rules.penalty_points * scale),
        steps=steps,
        formations=frozenset(rules.formations),
        players=players,
        shapes=_shapes(rules.formations),
    )


Entry = tuple[int, int | None, int | None]  # a player of the matchday: role, points, base


def _modifier(based: list[Entry], table: MatchdayTable, rules: FantasyRules) -> int:
    """FAN-MOD-1 of the counted players with a base: the keeper's is the last keeper's who
    scores, as :func:`.team_score.score_team` counts them."""
    keeper: int | None = None
    defenders: list[int] = []
    for role, _, base in based:
        if role == _GK:
            keeper = base
        elif role == _DEF:
            assert base is not None  # only those with a base are listed
            defenders.append(base)
    if keeper is None or len(defenders) < rules.modifier_defenders:
        return 0
    best = sorted(defenders, reverse=True)[: rules.modifier_best_defenders]
    votes = keeper + sum(best)
    for least, plus in table.steps:
        if votes >= least[len(best) + 1]:
            return plus
    return 0


def team_points(
    lineup: Lineup,
    roster: Collection[int],
    table: MatchdayTable,
    rules: FantasyRules,
    sold: Collection[int] = frozenset(),
) -> int:
    """The total :func:`.team_score.score_team` gives without the recorded penalties, in
    ``1/table.scale`` points; ``roster``: the team's players at the deadline, ``sold``: the
    players it sold by then (missing, not FAN-PEN-1 errors, issue 28 item 9)."""
    return lineup_points(lineup.starters, lineup.bench, roster, table, rules, sold)


def lineup_points(
    starters: Sequence[int],
    bench: Sequence[int],
    roster: Collection[int],
    table: MatchdayTable,
    rules: FantasyRules,
    sold: Collection[int] = frozenset(),
) -> int:
    """:func:`team_points` of a lineup given as its two lists of player ids.

    Issue 32 item 2: 380,000 of these a season of 10,000 teams, so one loop over the starters
    adds their points and keeps the modifier's votes as it goes (the keeper's base is the last
    scoring keeper's, starters before those who enter, as :func:`.team_score.score_team`
    counts them); and a lineup with no player twice, all in the roster (nearly every one), is
    checked once by set operations instead of player by player."""
    listed = {*starters, *bench}
    if len(listed) == len(starters) + len(bench) and not listed.difference(roster):
        # The usual lineup: no player twice, all in the roster (set operations in C).
        total, shape, missing, based = _starters_plain(starters, table.players)
        entries = map(table.players.get, bench, _UNLISTED_EACH)
        usable = [e for e in entries if e[1] is not None and e[1] != _PENDING]
        errors = 0
    else:
        seen: set[int] = set()
        total, shape, missing, based, errors = _starters(starters, roster, sold, table, seen)
        usable, wrong = _bench(bench, roster, sold, table.players, seen)
        errors += wrong
    if len(starters) != STARTERS or shape not in table.shapes:
        errors += 1  # FAN-PEN-1: not 11 in a valid formation
    errors += max(0, rules.bench_size - len(bench))
    if missing and usable:
        for entry in _entering(missing, usable, shape, table, rules):
            total += entry[1] or 0
            if entry[2] is not None:
                based.append(entry)
    return total + _modifier(based, table, rules) - errors * table.penalty


def _starters_plain(
    starters: Sequence[int], players: Mapping[int, Entry]
) -> tuple[int, int, list[int], list[Entry]]:
    """:func:`_starters` of starters all in the roster, none twice."""
    weight = _WEIGHT
    missing: list[int] = []
    based: list[Entry] = []
    total = shape = 0
    for entry in map(players.get, starters, _UNLISTED_EACH):
        role, points, _ = entry
        shape += weight[role]
        if points is None:
            missing.append(role)
        elif points != _PENDING:
            total += points
            if entry[2] is not None:
                based.append(entry)
    return total, shape, missing, based


def _starters(
    starters: Sequence[int],
    roster: Collection[int],
    sold: Collection[int],
    table: MatchdayTable,
    seen: set[int],
) -> tuple[int, int, list[int], list[Entry], int]:
    """The starters' points, their roles (:func:`_shape_code`), the missing ones' roles in
    lineup order, those counted with a base (for the modifier), and the FAN-PEN-1 errors."""
    weight = _WEIGHT
    missing: list[int] = []
    based: list[Entry] = []
    total = shape = errors = 0
    for pid in starters:
        entry = table.players.get(pid, _UNLISTED)
        role, points, base = entry
        shape += weight[role]
        if pid in seen or pid not in roster:
            # listed twice, or not in the roster (a player sold since: no error)
            errors += pid in seen or pid not in sold
            missing.append(role)
        elif points is None:
            missing.append(role)
        elif points != _PENDING:
            total += points
            if base is not None:
                based.append(entry)
        seen.add(pid)
    return total, shape, missing, based, errors


def _bench(
    bench: Sequence[int],
    roster: Collection[int],
    sold: Collection[int],
    players: Mapping[int, Entry],
    seen: set[int],
) -> tuple[list[Entry], int]:
    """The bench players who may enter (a score, no error), in order; the FAN-PEN-1 errors."""
    usable: list[Entry] = []
    errors = 0
    for pid in bench:
        if pid in seen or pid not in roster:
            errors += pid in seen or pid not in sold
        else:
            entry = players.get(pid, _UNLISTED)
            if entry[1] is not None and entry[1] != _PENDING:
                usable.append(entry)
        seen.add(pid)
    return usable, errors


def _entering(
    missing: list[int], usable: list[Entry], shape: int, table: MatchdayTable, rules: FantasyRules
) -> list[Entry]:
    """FAN-SUB-1: the bench players who enter, in bench order (see the module's text)."""
    most = rules.max_substitutions
    need = [0, 0, 0, 0, 0]
    for role in missing:
        need[role] += 1
    entered = [False] * len(usable)
    done = 0
    for i, (role, _, _) in enumerate(usable):  # the same role first
        if done >= most:
            break
        if need[role]:
            need[role] -= 1
            entered[i] = True
            done += 1
    if done < most and (need[_DEF] or need[2] or need[3]):
        left = _still_missing(missing, need)
        _other_roles(left, usable, entered, most - done, shape, table.shapes)
    return [player for player, went in zip(usable, entered, strict=True) if went]


def _still_missing(missing: list[int], need: list[int]) -> list[int]:
    """The roles of the starters the same-role pass left missing, in lineup order: of each
    role the last ``need[role]``; keepers left out (only a keeper replaces a keeper)."""
    skip = [missing.count(role) - need[role] for role in range(5)]
    left: list[int] = []
    for role in missing:
        if skip[role]:
            skip[role] -= 1
        elif role not in (_GK, _OTHER):
            left.append(role)
    return left


def _other_roles(
    left: list[int],
    usable: list[Entry],
    entered: list[bool],
    room: int,
    shape: int,
    shapes: frozenset[int],
) -> None:
    """Bench players in order, not keepers, each for the first starter still missing with
    whom the formation stays valid, at most ``room`` of them; ``entered`` is updated."""
    for i, (role, _, _) in enumerate(usable):
        if not room or not left:
            return
        if entered[i] or role in (_GK, _OTHER):
            continue
        for j, out in enumerate(left):
            if out != role and shape - _WEIGHT[out] + _WEIGHT[role] in shapes:
                shape += _WEIGHT[role] - _WEIGHT[out]
                del left[j]
                entered[i] = True
                room -= 1
                break


def team_total(
    lineup: Lineup,
    roster: Collection[int],
    table: MatchdayTable,
    rules: FantasyRules,
    extra: Fraction = Fraction(0),
    sold: Collection[int] = frozenset(),
) -> Fraction:
    """The total :func:`.team_score.score_team` gives, without its breakdown; ``extra``: the
    penalties the administrator recorded (FAN-PEN-1), subtracted."""
    return Fraction(team_points(lineup, roster, table, rules, sold), table.scale) - extra
