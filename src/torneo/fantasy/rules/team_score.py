"""A team's score of a matchday, explained (FAN-SUB-1, FAN-MOD-1, FAN-PEN-1).

The players' scores (:mod:`.scoring`) are computed once per matchday; this module puts a
lineup on them: the eleven who bring a score (starters, and the bench players who replaced
starters without one), the defence modifier, the penalties, and the breakdown a manager reads.

FAN-PEN-1, ``penalty_points`` (10) each:

- ``formation``: the starters are not 11 in a valid formation;
- ``not_in_roster``: a starter who is not in the roster (he scores nothing, the bench enters);
  a player the team sold by a transfer after naming him (``sold``) is no error: he is a
  missing starter (the bench enters) or a bench player who cannot enter (issue 28 item 9);
- ``bench``: each error of the bench (a player not in the roster, listed twice or also a
  starter, an empty place), counted even if he would not have entered; he cannot enter;
- ``wrong_transfer`` and others: recorded by the league's administrator (the transfer itself
  was not applied).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from torneo.fantasy.rules.formations import formation_of
from torneo.fantasy.rules.lineup import STARTERS, Lineup
from torneo.fantasy.rules.modifier import Modifier, defence_modifier
from torneo.fantasy.rules.players import DEF, GK
from torneo.fantasy.rules.scoring import NOT_COUNTED, SOLD_SCORE, Fantavoto
from torneo.fantasy.rules.substitutions import Substitution, substitutions
from torneo.presets.fantasy import FantasyRules

FORMATION = "formation"
NOT_IN_ROSTER = "not_in_roster"
BENCH = "bench"


@dataclass(frozen=True, slots=True)
class Penalty:
    what: str
    points: Fraction
    player_id: int | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    """One player of the lineup in the breakdown."""

    player_id: int
    role: str
    bench: bool
    score: Fantavoto
    counted: bool  # brings his score to the team
    entered_for: int | None = None  # a bench player: the starter he replaced
    replaced_by: int | None = None  # a starter: the bench player who entered
    why: str | None = None  # SAME_ROLE / OTHER_ROLE for a substitution
    error: str | None = None  # FAN-PEN-1: NOT_IN_ROSTER or BENCH


@dataclass(frozen=True, slots=True)
class TeamScore:
    total: Fraction
    players: Fraction  # the sum of the counted players' scores
    modifier: Modifier
    penalties: tuple[Penalty, ...]
    lines: tuple[Line, ...]
    substitutions: tuple[Substitution, ...]
    formation: str | None  # the formation played (after the substitutions)
    counted: int  # how many brought a score (11, fewer when nobody could enter)


@dataclass
class _Side:
    """The starters or the bench, checked: roles, scores and FAN-PEN-1 errors per place."""

    roles: list[str]
    scores: list[Fantavoto]
    errors: list[str | None]


def _check(
    ids: Sequence[int],
    error: str,
    roster: Mapping[int, str],
    roles: Mapping[int, str],
    scores: Mapping[int, Fantavoto],
    seen: set[int],
    penalties: list[Penalty],
    pen: Fraction,
    sold: Collection[int],
) -> _Side:
    side = _Side([roles.get(p, DEF) for p in ids], [], [])
    for pid in ids:
        if pid not in roster and pid in sold and pid not in seen:
            # Issue 28 item 9 (a reading: FAN-PEN-1 punishes a manager's mistake, not a
            # transfer the app accepted): a sold player is missing, as a user expects.
            seen.add(pid)
            side.errors.append(None)
            side.scores.append(SOLD_SCORE)
            continue
        wrong = pid not in roster or pid in seen
        seen.add(pid)
        if wrong:
            penalties.append(Penalty(error, pen, pid))
        side.errors.append(error if wrong else None)
        side.scores.append(NOT_COUNTED if wrong else scores.get(pid, NOT_COUNTED))
    return side


@dataclass
class _Tally:
    """The counted players' scores; summed once at the end (:func:`exact_sum`): a season
    scores 380,000 lineups, and eleven Fraction additions each were a fifth of the time."""

    points: list[Fraction] = field(default_factory=list)
    goalkeeper: Fraction | None = None
    defenders: list[Fraction] = field(default_factory=list)

    def add(self, score: Fantavoto, role: str) -> None:
        assert score.points is not None
        self.points.append(score.points)
        if role == GK and score.base is not None:
            self.goalkeeper = score.base
        elif role == DEF and score.base is not None:
            self.defenders.append(score.base)


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """The exact sum of ``values``, reduced once at the end (as ``sum`` gives it)."""
    num, den = 0, 1
    for value in values:
        n, d = value.numerator, value.denominator
        if d == den:
            num += n
        else:
            num, den = num * d + n * den, den * d
    return Fraction(num, den)


def score_team(
    lineup: Lineup,
    roster: Mapping[int, str],
    roles: Mapping[int, str],
    scores: Mapping[int, Fantavoto],
    rules: FantasyRules,
    extra: Sequence[Penalty] = (),
    sold: Collection[int] = frozenset(),
) -> TeamScore:
    """FAN-SUB-1, FAN-MOD-1, FAN-PEN-1 for one lineup; ``roster``: the team's players at the
    deadline with their roles, ``roles``: every listed player's role, ``sold``: the players
    the team sold by the deadline (missing, not errors)."""
    pen = rules.penalty_points
    penalties: list[Penalty] = []
    starters, bench_ids = lineup.starters, lineup.bench
    seen: set[int] = set()
    start = _check(starters, NOT_IN_ROSTER, roster, roles, scores, seen, penalties, pen, sold)
    shape = formation_of(start.roles) if len(starters) == STARTERS else None
    if shape not in rules.formations:
        penalties.insert(0, Penalty(FORMATION, pen, note=shape or str(len(starters))))
    bench = _check(bench_ids, BENCH, roster, roles, scores, seen, penalties, pen, sold)
    for _ in range(max(0, rules.bench_size - len(bench_ids))):
        penalties.append(Penalty(BENCH, pen, None, "empty"))
    penalties.extend(extra)
    subs, played = substitutions(
        start.roles,
        [None if s.pending else s.counts for s in start.scores],
        bench.roles,
        [s.counts and e is None for s, e in zip(bench.scores, bench.errors, strict=True)],
        rules.formations,
        rules.max_substitutions,
    )
    by_slot = {s.slot: s for s in subs}
    by_bench = {s.bench: s for s in subs}
    tally = _Tally()
    lines: list[Line] = []
    for i, pid in enumerate(starters):
        score, sub = start.scores[i], by_slot.get(i)
        if score.counts:
            tally.add(score, start.roles[i])
        replaced_by = bench_ids[sub.bench] if sub else None
        why = sub.why if sub else None
        lines.append(
            Line(
                pid,
                start.roles[i],
                False,
                score,
                score.counts,
                None,
                replaced_by,
                why,
                start.errors[i],
            )
        )
    for b, pid in enumerate(bench_ids):
        score, sub = bench.scores[b], by_bench.get(b)
        if sub is not None:
            tally.add(score, bench.roles[b])
        entered_for = starters[sub.slot] if sub else None
        lines.append(
            Line(
                pid,
                bench.roles[b],
                True,
                score,
                sub is not None,
                entered_for,
                None,
                sub.why if sub else None,
                bench.errors[b],
            )
        )
    modifier = defence_modifier(tally.goalkeeper, tally.defenders, rules)
    players = exact_sum(tally.points)
    total = exact_sum([players, modifier.points, *(-p.points for p in penalties)])
    return TeamScore(
        total,
        players,
        modifier,
        tuple(penalties),
        tuple(lines),
        tuple(subs),
        played,
        len(tally.points),
    )
