"""Many teams' totals of a matchday at once (issue 18: a season of 38 matchdays for 10,000
teams): the same rules as :func:`.totals.team_total`, and so as :func:`.team_score.score_team`,
as whole-array steps instead of one Python call per team.

Two halves:

- :func:`squads` checks every team's lineup against its roster once (FAN-PEN-1 errors, the
  starters' and bench's roles): none of that depends on the votes, so a season whose lineups
  do not change checks them once, not once a matchday;
- :func:`batch_totals` puts one matchday (:class:`.totals.MatchdayTable`: every player's
  score, computed once) on all of them: each team's players are columns of an array, the
  FAN-SUB-1 substitutions run slot by slot and bench place by bench place for every team
  together (the rule is sequential within a team, never across teams), then FAN-MOD-1 and the
  penalties. Points are whole numbers of ``1/scale`` as in :mod:`.totals`, so sums are exact.

Substitutions follow :func:`.substitutions.substitutions` step for step: bench places in the
manager's order (at most ``max_substitutions``) enter for the first starter still missing of
their role; then, for those still missing (not a keeper), bench places in order (not a keeper)
enter for the first missing starter with whom the formation, re-checked after each entry, stays
valid.
``tests/fantasy/rules/test_batch.py`` checks every total equals ``score_team``'s.

numpy is imported where the arrays are built, so a page or a command that never scores a whole
league in one go does not load it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain
from typing import TYPE_CHECKING

from torneo.fantasy.rules.lineup import STARTERS, Lineup
from torneo.fantasy.rules.players import DEF, FWD, GK, MID
from torneo.fantasy.rules.totals import MatchdayTable
from torneo.presets.fantasy import FantasyRules

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

ROLE_CODES = {GK: 0, DEF: 1, MID: 2, FWD: 3}
_GK, _DEF = ROLE_CODES[GK], ROLE_CODES[DEF]
_PAD = 4  # an empty place of a short lineup: no role, never missing, never entering
NOBODY = 0  # the column of a player who never brings a score (a FAN-PEN-1 error, a padding)


@dataclass(frozen=True, slots=True)
class Squads:
    """Teams' lineups checked against their rosters: row ``t`` is the ``t``-th team given."""

    columns: dict[int, int]  # player id -> column of the matchday arrays (from 1)
    starters: NDArray[np.intp]  # teams × places: the column of each starter (NOBODY: error)
    starter_roles: NDArray[np.int8]
    bench: NDArray[np.intp]
    bench_roles: NDArray[np.int8]
    errors: NDArray[np.int64]  # FAN-PEN-1 errors the lineup alone shows (formation, places)
    counts: NDArray[np.int64]  # teams × 4: the starters' roles (errors included), for FAN-SUB-1

    def __len__(self) -> int:
        return len(self.errors)


def squads(
    teams: Sequence[tuple[Lineup, Collection[int]]],
    roles: Mapping[int, str],
    rules: FantasyRules,
) -> Squads:
    """``teams``: each team's lineup and the ids of its roster at the deadline; ``roles``:
    every listed player's role (a player missing from it plays as a defender, as in
    :mod:`.team_score`).

    The checks of :func:`.totals.team_total` (FAN-PEN-1), for all teams together: a player
    not in the roster, or listed before (as a starter or on the bench), is an error and never
    scores; starters not 11 in a valid formation, and each empty bench place, are errors.
    A season checks 10,000 teams' lineups every matchday: the only Python loop here copies
    each team's ids into one flat list, everything else is whole-array steps."""
    import numpy as np

    parts = (
        [lineup.starters for lineup, _ in teams],
        [lineup.bench for lineup, _ in teams],
        [roster for _, roster in teams],
    )
    # Every id in one flat array (all teams' starters, then benches, then rosters), built in C.
    values = np.fromiter(chain.from_iterable(chain.from_iterable(p) for p in parts), np.int64)
    values = values if values.size else np.zeros(1, np.int64)  # empty places read item 0
    size = np.stack([np.fromiter(map(len, p), np.int64, len(teams)) for p in parts], axis=1)
    first = np.cumsum(size.T.ravel()).reshape(3, len(teams)).T - size  # where each part starts

    def part(k: int) -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
        """Part ``k`` (starters, bench, roster) as teams × its longest, and where it is real."""
        places = np.arange(int(size[:, k].max(initial=0)))
        real = places < size[:, k, None]
        return np.where(real, values[np.where(real, first[:, k, None] + places, 0)], 0), real

    (starters, s_real), (bench, b_real), (held, h_real) = part(0), part(1), part(2)
    width = starters.shape[1]
    places = np.concatenate([starters, bench], axis=1)  # teams × (starters, then bench)
    real = np.concatenate([s_real, b_real], axis=1)
    in_roster = ((places[:, :, None] == held[:, None, :]) & h_real[:, None, :]).any(axis=2)
    earlier = np.tri(places.shape[1], k=-1, dtype=np.bool_)  # [j, k]: place k comes before j
    same = places[:, :, None] == places[:, None, :]
    again = (same & real[:, None, :] & earlier).any(axis=2)
    wrong = real & (~in_roster | again)
    ids, which = np.unique(places[real], return_inverse=True)
    codes = np.array([ROLE_CODES[roles.get(p, DEF)] for p in ids.tolist()], dtype=np.int8)
    role_of = np.full(places.shape, _PAD, dtype=np.int8)
    role_of[real] = codes[which]
    column = np.zeros(places.shape, dtype=np.intp)
    column[real] = which + 1
    column[wrong] = NOBODY
    start_roles = role_of[:, :width]
    counts = np.stack([(start_roles == code).sum(axis=1) for code in range(4)], axis=1)
    valid = _valid_shapes(rules, width)
    shape = np.minimum(counts, valid.shape[0] - 1)
    formation = (size[:, 0] == STARTERS) & valid[shape[:, 0], shape[:, 1], shape[:, 2], shape[:, 3]]
    empty = np.maximum(0, rules.bench_size - size[:, 1])
    return Squads(
        {p: n for n, p in enumerate(ids.tolist(), start=1)},
        column[:, :width],
        start_roles,
        column[:, width:],
        role_of[:, width:],
        wrong.sum(axis=1) + (~formation).astype(np.int64) + empty,
        counts.astype(np.int64),
    )


def _valid_shapes(rules: FantasyRules, most: int) -> NDArray[np.bool_]:
    """``valid[gk, d, c, a]``: these counts of roles make one of the league's formations."""
    import numpy as np

    valid = np.zeros((most + 2,) * 4, dtype=np.bool_)
    for text in rules.formations:
        d, c, a = (int(n) for n in text.split("-"))
        # the rules compare the text: "04-4-2" is no formation a lineup can have
        if text == f"{d}-{c}-{a}" and max(d, c, a) <= most + 1:
            valid[1, d, c, a] = True
    return valid


def _substitutions(
    squads: Squads, missing: NDArray[np.bool_], usable: NDArray[np.bool_], rules: FantasyRules
) -> NDArray[np.bool_]:
    """FAN-SUB-1 for every team: which bench places enter (teams × bench places)."""
    import numpy as np

    teams, depth = squads.bench.shape
    most = rules.max_substitutions
    used = np.zeros((teams, depth), dtype=np.bool_)
    filled = np.zeros(missing.shape, dtype=np.bool_)
    done = np.zeros(teams, dtype=np.int64)
    if depth == 0 or most <= 0:
        return used
    rows = np.arange(teams)
    s_roles, b_roles = squads.starter_roles, squads.bench_roles
    # FAN-SUB-1, issue 28 item 8: bench places in the manager's order, each entering for the
    # first starter still missing (in lineup order) he can replace, as in .substitutions.
    for place in range(depth):  # the same role first
        active = usable[:, place] & (done < most)
        if not active.any():
            continue
        want = missing & ~filled & (s_roles == b_roles[:, place, None]) & active[:, None]
        found = want.any(axis=1)
        slot = want.argmax(axis=1)
        filled[rows[found], slot[found]] = True
        used[found, place] = True
        done += found
    counts = squads.counts.copy()
    valid = _valid_shapes(rules, missing.shape[1])
    top = valid.shape[0] - 1
    for place in range(depth):  # then another role, if the formation stays valid
        into = b_roles[:, place].astype(np.intp)
        active = usable[:, place] & ~used[:, place] & (into != _GK) & (into < _PAD) & (done < most)
        if not active.any():
            continue
        chosen = np.full(teams, -1, dtype=np.intp)
        for slot in range(missing.shape[1]):
            out = s_roles[:, slot].astype(np.intp)
            ok = active & (chosen < 0) & missing[:, slot] & ~filled[:, slot]
            ok &= (out != _GK) & (out != into) & (out < _PAD)
            if not ok.any():
                continue
            after = counts.copy()
            after[rows, np.minimum(out, _PAD - 1)] -= 1
            after[rows, np.minimum(into, _PAD - 1)] += 1
            after = np.clip(after, 0, top)
            ok &= valid[after[:, 0], after[:, 1], after[:, 2], after[:, 3]]
            chosen[ok] = slot
        entered = chosen >= 0
        who, slot_of = rows[entered], chosen[entered]
        counts[who, s_roles[who, slot_of].astype(np.intp)] -= 1
        counts[who, into[entered]] += 1
        filled[who, slot_of] = True
        used[who, place] = True
        done += entered
    return used


def _modifier(
    counted: NDArray[np.bool_],
    roles: NDArray[np.int8],
    bases: NDArray[np.int64],
    table: MatchdayTable,
    rules: FantasyRules,
) -> NDArray[np.int64]:
    """FAN-MOD-1 for every team, in ``1/scale`` points; ``counted``, ``roles``, ``bases``:
    teams × (starters, then bench in order), as :func:`.totals.team_total` walks them."""
    import numpy as np

    teams, width = counted.shape
    keeper = counted & (roles == _GK)
    has_keeper = keeper.any(axis=1)
    last = width - 1 - keeper[:, ::-1].argmax(axis=1)  # the last keeper counted, as team_total
    keeper_base = bases[np.arange(teams), last]
    defender = counted & (roles == _DEF)
    defenders = defender.sum(axis=1)
    best = rules.modifier_best_defenders
    low = np.iinfo(np.int64).min // 4
    ranked = -np.sort(-np.where(defender, bases, low), axis=1)[:, :best]
    taken = np.minimum(defenders, best)
    ranked = np.where(np.arange(ranked.shape[1]) < taken[:, None], ranked, 0)
    votes = keeper_base + ranked.sum(axis=1)
    n = taken + 1
    eligible = has_keeper & (defenders >= rules.modifier_defenders)
    points = np.zeros(teams, dtype=np.int64)
    decided = ~eligible
    scale = table.scale
    for step in rules.modifier_steps:
        # votes / n >= average, exactly: votes >= ceil(average * n * scale), per n
        least = np.array([-((-step.average * k * scale) // 1) for k in range(best + 2)])
        reached = ~decided & (votes >= least.astype(np.int64)[n])
        points[reached] = int(step.points * scale)
        decided |= reached
    return points


def batch_totals(
    squads: Squads,
    table: MatchdayTable,
    rules: FantasyRules,
    extra: Sequence[Fraction] | None = None,
) -> list[Fraction]:
    """Each team's total of the matchday, as :func:`.totals.team_total` gives it; ``extra``:
    each team's penalties recorded by the administrator (FAN-PEN-1), subtracted."""
    import numpy as np

    if not len(squads):
        return []
    size = len(squads.columns) + 1
    points = np.zeros(size, dtype=np.int64)
    scored = np.zeros(size, dtype=np.bool_)
    bases = np.zeros(size, dtype=np.int64)
    with_base = np.zeros(size, dtype=np.bool_)
    pending = np.zeros(size, dtype=np.bool_)
    for pid, column in squads.columns.items():
        if pid in table.points:
            points[column], scored[column] = table.points[pid], True
        elif pid in table.pending:
            pending[column] = True
        if pid in table.bases:
            bases[column], with_base[column] = table.bases[pid], True
    starters_scored = scored[squads.starters]
    missing = ~starters_scored & ~pending[squads.starters] & (squads.starter_roles != _PAD)
    entered = _substitutions(squads, missing, scored[squads.bench], rules)
    columns = np.concatenate([squads.starters, squads.bench], axis=1)
    counted = np.concatenate([starters_scored, entered], axis=1)
    roles = np.concatenate([squads.starter_roles, squads.bench_roles], axis=1)
    total = np.where(counted, points[columns], 0).sum(axis=1)
    total += _modifier(counted & with_base[columns], roles, bases[columns], table, rules)
    total -= squads.errors * table.penalty
    # Few distinct totals (half points over a small range): one Fraction for each.
    values, which = np.unique(total, return_inverse=True)
    fractions = [Fraction(int(v), table.scale) for v in values.tolist()]
    totals = [fractions[i] for i in which.tolist()]
    if extra is not None:
        totals = [t - e if e else t for t, e in zip(totals, extra, strict=True)]
    return totals
