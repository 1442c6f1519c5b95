"""The tiebreak library: named, pure functions registered in one place (:data:`TIEBREAKS`).

The definitions are in the package docstring (``torneo.engines.standings``); each function here
repeats its own in one line. A tiebreak either gives every player a value (``values``) or, like
head-to-head, only makes sense inside a tied group (``within``). Values are :class:`Scores`:
exact integer numerators over integer denominators, turned into a Fraction only when read, so
ordering 10,000 players compares plain integers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from torneo.core.errors import Refusal, TorneoError
from torneo.core.messages import N_
from torneo.engines.standings.aggregates import WIN, Tally, earned_points

ONE_THIRD = Fraction(1, 3)  # MTR: the floor of every percentage


# Issue 14 item 2: a table shows each row's tiebreaks as Fractions, made when read; most values
# repeat (row to row and page to page) and Fraction() normalizes in Python code, so the made ones
# are kept by (numerator, denominator): a Fraction is immutable and equal input gives an equal
# value. Bounded: cleared when full (a race only makes a Fraction twice).
_FRACTIONS: dict[tuple[int, int], Fraction] = {}
_FRACTIONS_KEPT = 1 << 16


@dataclass(frozen=True, slots=True)
class Scores:
    """Exact values ``numerators[i] / denominators[i]`` (or over one common ``denominator``)."""

    numerators: Sequence[int]
    denominators: Sequence[int] | None = None
    denominator: int = 1

    def __len__(self) -> int:
        return len(self.numerators)

    def fraction(self, i: int) -> Fraction:
        den = self.denominator if self.denominators is None else self.denominators[i]
        key = (self.numerators[i], den)
        found = _FRACTIONS.get(key)
        if found is None:
            if len(_FRACTIONS) >= _FRACTIONS_KEPT:
                _FRACTIONS.clear()
            found = _FRACTIONS[key] = Fraction(*key)
        return found

    def fractions(self) -> list[Fraction]:
        return [self.fraction(i) for i in range(len(self.numerators))]

    def sort_keys(self, higher_is_better: bool) -> list[int]:
        """Integer keys, ascending = better: every value over the least common denominator."""
        sign = -1 if higher_is_better else 1
        if self.denominators is None:
            return [sign * x for x in self.numerators]
        common = lcm(*set(self.denominators))
        return [
            sign * x * (common // d)
            for x, d in zip(self.numerators, self.denominators, strict=True)
        ]


Values = Callable[[Tally], Scores]
Within = Callable[[Tally, Sequence[int]], Scores]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """A named tiebreak. Exactly one of ``values`` / ``within`` is set."""

    name: str
    summary: str
    higher_is_better: bool
    values: Values | None = None
    within: Within | None = None


def match_points(t: Tally) -> Scores:
    """Points with a bye counted at ``bye_for_tiebreak`` (BER-BYE-1)."""
    return Scores(t.tiebreak_points)


def bye_last(t: Tally) -> Scores:
    """Byes received; fewer ranks higher (INV-BYE-1)."""
    return Scores(t.byes)


def _win_points(t: Tally) -> int:
    """The points of a won match, the unit of every match-win %."""
    win = t.scheme.win
    if win <= 0:
        raise TorneoError(
            "points.win",
            N_("is %(win)s; match-win %% needs it"),
            N_("a positive number"),
            params={"win": win},
        )
    return win


def _mw_numerators(t: Tally) -> tuple[list[int], int]:
    """Each player's MW% as an integer numerator over one common denominator (floor 1/3)."""
    win = _win_points(t)
    den = 3 * win * lcm(*{r for r in t.rounds if r > 0}, 1)
    floor = den // 3
    nums = [
        max(p * (den // (r * win)), floor) if r else floor
        for p, r in zip(t.points, t.rounds, strict=True)
    ]
    return nums, den


def _gw_numerators(t: Tally) -> tuple[list[int], int]:
    """Each player's GW% as an integer numerator over one common denominator (floor 1/3)."""
    games = [w + lo + d for w, lo, d in zip(t.game_wins, t.game_losses, t.game_draws, strict=True)]
    den = 3 * lcm(*{g for g in games if g > 0}, 1)
    floor = den // 3
    nums = [
        max((3 * w + d) * (den // (3 * g)), floor) if g else floor
        for w, d, g in zip(t.game_wins, t.game_draws, games, strict=True)
    ]
    return nums, den


def _played_mw_numerators(t: Tally) -> tuple[list[int], int]:
    """Each player's record without their byes, as an opponent's MW% (floor 1/3).

    INV-BYE-1: a bye "non conta come partita giocata", so an opponent's bye is not a won match
    of theirs; we read the opponents' records as their played matches: points earned against an
    opponent over ``matches × points.win``. A round a late entry missed stays the loss MTR makes
    it (the package docstring), in the player's own MW% and as an opponent alike: the seed says
    nothing of it, and it is a match lost, not one won without playing. An opponent always has
    at least the match against the player.
    """
    win = _win_points(t)
    bye = t.scheme.bye
    records = [(p - bye * y, r - y) for p, r, y in zip(t.points, t.rounds, t.byes, strict=True)]
    den = 3 * win * lcm(*{r for _, r in records if r > 0}, 1)
    floor = den // 3
    nums = [max(p * (den // (r * win)), floor) if r else floor for p, r in records]
    return nums, den


def _played_gw_numerators(t: Tally) -> tuple[list[int], int]:
    """Each player's GW% in the games of the matches they played, as an opponent's (floor 1/3).

    INV-BYE-1 as in :func:`_played_mw_numerators`: the 2-0 a bye adds to a player's own GW% is
    not a game an opponent of theirs is measured by.
    """
    bye_games = t.best_of // 2 + 1
    won = [w - bye_games * y for w, y in zip(t.game_wins, t.byes, strict=True)]
    games = [w + lo + d for w, lo, d in zip(won, t.game_losses, t.game_draws, strict=True)]
    den = 3 * lcm(*{g for g in games if g > 0}, 1)
    floor = den // 3
    nums = [
        max((3 * w + d) * (den // (3 * g)), floor) if g else floor
        for w, d, g in zip(won, t.game_draws, games, strict=True)
    ]
    return nums, den


def _mean_of_opponents(t: Tally, nums: list[int], den: int) -> Scores:
    """The mean of the opponents' values; 1/3 (the MTR floor) for a player with no opponent."""
    floor = den // 3
    sums = [sum([nums[o] for o in opps]) if opps else floor for opps in t.opponents]
    counts = [den * len(opps) if opps else den for opps in t.opponents]
    return Scores(sums, counts)


def mw(t: Tally) -> Scores:
    """Match-win %: points / (rounds × win points), at least 1/3 (MTR)."""
    nums, den = _mw_numerators(t)
    return Scores(nums, denominator=den)


def omw(t: Tally) -> Scores:
    """Opponents' match-win %: mean of their MW% in played matches (INV-BYE-1), each at least 1/3."""
    return _mean_of_opponents(t, *_played_mw_numerators(t))


def gw(t: Tally) -> Scores:
    """Game-win %: (3 × games won + games drawn) / (3 × games), at least 1/3; a bye is 2-0."""
    nums, den = _gw_numerators(t)
    return Scores(nums, denominator=den)


def ogw(t: Tally) -> Scores:
    """Opponents' game-win %: mean of their GW% in played matches (INV-BYE-1), each at least 1/3."""
    return _mean_of_opponents(t, *_played_gw_numerators(t))


def _opponent_points(t: Tally) -> list[list[int]]:
    pts = t.points
    return [[pts[o] for o in opps] for opps in t.opponents]


def buchholz(t: Tally) -> Scores:
    """Sum of the opponents' points."""
    pts = t.points
    return Scores([sum([pts[o] for o in opps]) for opps in t.opponents])


def buchholz_cut1(t: Tally) -> Scores:
    """Buchholz without the lowest opponent."""
    return Scores([sum(op) - min(op) if op else 0 for op in _opponent_points(t)])


def buchholz_median(t: Tally) -> Scores:
    """Buchholz without the highest and the lowest opponent."""
    return Scores(
        [sum(op) - min(op) - max(op) if len(op) >= 2 else 0 for op in _opponent_points(t)]
    )


def sonneborn_berger(t: Tally) -> Scores:
    """Points of the opponents beaten plus half the points of the opponents drawn."""
    pts = t.points
    doubled: list[int] = []
    for opps, outs in zip(t.opponents, t.outcomes, strict=True):
        # Outcome codes WIN = 2, DRAW = 1 are twice the share of the match won; losses add 0.
        doubled.append(sum([pts[o] * code for o, code in zip(opps, outs, strict=True) if code > 0]))
    return Scores(doubled, denominator=2)


def quality_of_wins(t: Tally) -> Scores:
    """BER-TIE-1 Resolution: sum of the final points of the opponents beaten."""
    pts = t.points
    return Scores(
        [
            sum([pts[o] for o, code in zip(opps, outs, strict=True) if code == WIN])
            for opps, outs in zip(t.opponents, t.outcomes, strict=True)
        ]
    )


def head_to_head(t: Tally, group: Sequence[int]) -> Scores:
    """BER-TIE-1 step 2: points earned against the rest of the group, if all of them met."""
    members = set(group)
    met: dict[int, set[int]] = {i: set() for i in group}
    score: dict[int, int] = dict.fromkeys(group, 0)
    earned = earned_points(t.scheme)
    for i in group:
        for o, code in zip(t.opponents[i], t.outcomes[i], strict=True):
            if o in members:
                met[i].add(o)
                score[i] += earned[code]
    if any(len(met[i]) != len(group) - 1 for i in group):
        return Scores([0] * len(group))  # some pair never met: it separates nobody
    return Scores([score[i] for i in group])


def fewer_warnings(t: Tally) -> Scores:
    """BER-TIE-1 step 3: warnings received; fewer ranks higher."""
    return Scores(t.warnings)


def rounds_played(t: Tally) -> Scores:
    """Rounds actually played (matches and byes); more ranks higher."""
    return Scores([m + b for m, b in zip(t.matches_played, t.byes, strict=True)])


def random_draw(t: Tally) -> Scores:
    """A reproducible draw: ``random.Random(seed)`` shuffles the ids in ascending order."""
    order = sorted(t.ids)
    random.Random(t.seed).shuffle(order)
    drawn = {pid: n for n, pid in enumerate(order, start=1)}
    return Scores([drawn[pid] for pid in t.ids])


def _entry(
    name: str, higher: bool, values: Values | None = None, within: Within | None = None
) -> tuple[str, Tiebreak]:
    fn = values or within
    if fn is None or not fn.__doc__:
        raise TypeError(f"tiebreak {name} needs a documented function")
    return name, Tiebreak(name, fn.__doc__, higher, values, within)


TIEBREAKS: dict[str, Tiebreak] = dict(
    [
        _entry("match_points", True, match_points),
        _entry("bye_last", False, bye_last),
        _entry("mw", True, mw),
        _entry("omw", True, omw),
        _entry("gw", True, gw),
        _entry("ogw", True, ogw),
        _entry("buchholz", True, buchholz),
        _entry("buchholz_cut1", True, buchholz_cut1),
        _entry("buchholz_median", True, buchholz_median),
        _entry("sonneborn_berger", True, sonneborn_berger),
        _entry("quality_of_wins", True, quality_of_wins),
        _entry("head_to_head", True, within=head_to_head),
        _entry("fewer_warnings", False, fewer_warnings),
        _entry("rounds_played", True, rounds_played),
        _entry("random", False, random_draw),
    ]
)


def check_chain(chain: Sequence[str]) -> Refusal | None:
    """Refuse a chain naming an unknown tiebreak or naming one twice."""
    # The accepted names are the preset's keywords: the same in every language.
    known = {"known": ", ".join(TIEBREAKS)}
    for name in chain:
        if name not in TIEBREAKS:
            return Refusal(
                "tiebreaks",
                N_("'%(name)s' is not a known tiebreak"),
                N_("%(known)s"),
                params={**known, "name": name},
            )
    if len(set(chain)) != len(chain):
        return Refusal("tiebreaks", N_("a tiebreak is listed twice"), N_("%(known)s"), params=known)
    return None


__all__ = ["ONE_THIRD", "TIEBREAKS", "Scores", "Tiebreak", "check_chain"]
