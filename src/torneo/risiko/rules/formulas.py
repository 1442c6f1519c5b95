"""Tournament points of one game, by the formula the event chose (RSK-PTS-2).

Each formula is a named strategy registered in :data:`FORMULAS`, the one place that maps a
preset's ``formula`` name to code. A formula turns a recorded :class:`TableResult` into exact
points per player (``Fraction``; master's thousandths are exact too). The Open variant's
table-size factors (×1.25 at tables of 5, ×0.75 at tables of 3) are applied after the formula
by :func:`game_points`, whatever the formula.

Decisions where the clubs' practice is silent:
- Co-winners: bonus-50 gives +25 to each of two and nothing to three or more (RSK-PTS-2); master
  treats its +1 the same way (+1 sole, +1/2 each of two, nothing to three or more); spartac gives
  each co-winner the winner's 100 + own points; placement lets tied players share the average of
  the places they occupy (co-winners at a table of 4: (12 + 7) / 2 each).
- Placement for the eliminated counts from the first eliminated (0, then 1, 2, 3), so an
  exclusion (eliminated first, RSK-OUT-1) is always worth 0 whatever happens after it.
- Master's ×1.25 at tables of 5 multiplies the table-point part (table points / 1000), which is
  then rounded *up* to thousandths; the total is capped at 1.100, the value of a RisiKo!.
- Master with the Open variant: master already weighs the tables of 5, so the Open factors take
  the place of master's own (×1.25 once at 5, ×0.75 at 3) and weigh the same part, the table
  points; the +1 and the 1.100 cap stay. The other formulas take the Open factor on the whole.
- Every formula's output is checked against its own bounds (:func:`formula_bounds`: bonus-50
  0..RisiKo! + 50, master 0..1.100, spartac 0..100 + 86, placement 0..12 + RisiKo!/100, times the
  Open factor): settings that would score outside them are refused, never scored.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.risiko.rules.results import ResultRules, SeatStatus, TableResult

Points = dict[PlayerId, Fraction]


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """The scoring settings of one event (defaults: docs/rules.md §3)."""

    formula: str = "bonus-50"
    results: ResultRules = field(default_factory=ResultRules)
    # Open variant: size → factor, e.g. {5: 5/4, 3: 3/4}; empty = no factor.
    table_size_factors: Mapping[int, Fraction] = field(default_factory=dict)
    discard_worst: int = 0  # the worst N games of each player do not count
    bonus_sole: int = 50  # bonus-50: the sole winner
    bonus_pair: int = 25  # bonus-50: each of two co-winners
    master_table_factors: Mapping[int, Fraction] = field(
        default_factory=lambda: {5: Fraction(5, 4)}
    )
    master_cap: Fraction = Fraction(11, 10)
    placement_survivors: tuple[int, ...] = (12, 7, 5, 3, 2)  # by place among those in the game
    placement_eliminated: tuple[int, ...] = (0, 1, 2, 3)  # from the first eliminated on


ScoringFormula = Callable[[TableResult, ScoringRules], Points]


def _winner_share(result: TableResult, whole: Fraction, pair: Fraction) -> Fraction:
    """RSK-PTS-2: the whole bonus to a sole winner, ``pair`` each to two, nothing to more."""
    if len(result.winners) == 1:
        return whole
    if len(result.winners) == 2:
        return pair
    return Fraction(0)


def bonus_50(result: TableResult, rules: ScoringRules) -> Points:
    """RSK-PTS-2 bonus-50 (Raduno/Nazionale): table points, +50 sole winner, +25 two co-winners."""
    share = _winner_share(result, Fraction(rules.bonus_sole), Fraction(rules.bonus_pair))
    return {
        s.player: Fraction(s.table_points) + (share if s.player in result.winners else 0)
        for s in result.seats
    }


def _ceil_thousandths(value: Fraction) -> Fraction:
    return Fraction(math.ceil(value * 1000), 1000)


def _master_factor(size: int, rules: ScoringRules) -> Fraction:
    """RSK-PTS-2: master's table-size factor, or the Open variant's in its place (never both)."""
    if rules.table_size_factors:
        return rules.table_size_factors.get(size, Fraction(1))
    return rules.master_table_factors.get(size, Fraction(1))


def master(result: TableResult, rules: ScoringRules) -> Points:
    """RSK-PTS-2 master: table points / 1000, +1 for the winner, ×1.25 at 5, cap 1.100."""
    factor = _master_factor(result.size, rules)
    share = _winner_share(result, Fraction(1), Fraction(1, 2))
    risiko = rules.results.risiko_points
    points: Points = {}
    for s in result.seats:
        if s.table_points == risiko:
            points[s.player] = rules.master_cap  # RisiKo! = 1.100
            continue
        value = _ceil_thousandths(Fraction(s.table_points) * factor / 1000)
        if s.player in result.winners:
            value += share
        points[s.player] = min(rules.master_cap, value)
    return points


def spartac(result: TableResult, rules: ScoringRules) -> Points:
    """RSK-PTS-2 spartac: winner 100 + own (RisiKo! 186), others 100 − (winner − own).

    A winner at or above the objective's maximum (86) counts as 100 for the others.
    """
    cap = rules.results.objective_max
    best = max(result.seat(w).table_points for w in result.winners)
    reference = 100 if best >= cap else best
    points: Points = {}
    for s in result.seats:
        if s.player in result.winners:
            points[s.player] = Fraction(100 + min(s.table_points, cap))
        else:
            points[s.player] = Fraction(100 - (reference - s.table_points))
    return points


def placement(result: TableResult, rules: ScoringRules) -> Points:
    """RSK-PTS-2 placement: 12/7/5/3/2 in the game, 0/1/2/3 eliminated, + table points / 100."""
    points: Points = {}
    in_game_slot = 0
    out_first = sum(1 for s in result.seats if s.status.is_out_first)
    for group in result.finishing_groups():
        first = result.seat(group[0])
        if first.status.is_in_game:
            slots = range(in_game_slot, in_game_slot + len(group))
            scale = rules.placement_survivors
            in_game_slot += len(group)
        elif first.status is SeatStatus.ELIMINATED:
            slot = out_first + (first.eliminated or 1) - 1
            slots = range(slot, slot + 1)
            scale = rules.placement_eliminated
        else:  # RSK-OUT-1: excluded / expelled share the slots of the first eliminated
            slots = range(len(group))
            scale = rules.placement_eliminated
        share = Fraction(sum(scale[i] if i < len(scale) else 0 for i in slots), len(group))
        for player in group:
            points[player] = share + Fraction(result.seat(player).table_points, 100)
    return points


FORMULAS: Mapping[str, ScoringFormula] = MappingProxyType(
    {
        "bonus-50": bonus_50,
        "master": master,
        "spartac": spartac,
        "placement": placement,
    }
)


# Formulas that weigh the table size themselves (the Open factor is not applied again after).
_OWN_SIZE_FACTOR = frozenset({"master"})


def _bounds_before_factor(result: TableResult, rules: ScoringRules) -> tuple[Fraction, Fraction]:
    risiko = rules.results.risiko_points
    if rules.formula == "bonus-50":
        return Fraction(0), Fraction(risiko + rules.bonus_sole)
    if rules.formula == "master":
        return Fraction(0), rules.master_cap
    if rules.formula == "spartac":
        return Fraction(0), Fraction(100 + rules.results.objective_max)
    best = max(rules.placement_survivors, default=0)
    return Fraction(0), best + Fraction(risiko, 100)


def formula_bounds(result: TableResult, rules: ScoringRules) -> tuple[Fraction, Fraction]:
    """RSK-PTS-2: the least and the most a player can score at this table by the formula."""
    formula(rules.formula)
    low, high = _bounds_before_factor(result, rules)
    if rules.formula in _OWN_SIZE_FACTOR:
        return low, high
    factor = rules.table_size_factors.get(result.size, Fraction(1))
    return low * factor, high * factor


def _check_bounds(result: TableResult, rules: ScoringRules, points: Points) -> None:
    low, high = formula_bounds(result, rules)
    for player, value in points.items():
        if not low <= value <= high:
            raise TorneoError(
                "points",
                N_(
                    "%(formula)s gives player %(player)s %(value)s points at table %(table)s "
                    "of round %(round)s, outside its %(low)s..%(high)s"
                ),
                N_("the formula's settings as the regulation gives them"),
                params={
                    "formula": rules.formula,
                    "player": player,
                    "value": str(value),
                    "table": result.table,
                    "round": result.round_no,
                    "low": str(low),
                    "high": str(high),
                },
                rule="RSK-PTS-2",
            )


def formula(name: str) -> ScoringFormula:
    try:
        return FORMULAS[name]
    except KeyError:
        raise TorneoError(
            "formula",
            N_("unknown scoring formula '%(name)s'"),
            ", ".join(FORMULAS),
            params={"name": name},
        ) from None


def game_points(result: TableResult, rules: ScoringRules) -> Points:
    """Tournament points of one recorded game: the formula, then the Open table-size factor
    (master weighs the size itself), checked against the formula's bounds."""
    if not result.winners:
        raise TorneoError(
            "winners",
            N_("table %(table)s of round %(round)s has no recorded winner"),
            N_("a table result validated by record_table_result"),
            params={"table": result.table, "round": result.round_no},
        )
    points = formula(rules.formula)(result, rules)
    factor = rules.table_size_factors.get(result.size, Fraction(1))
    if factor != 1 and rules.formula not in _OWN_SIZE_FACTOR:
        points = {player: value * factor for player, value in points.items()}
    _check_bounds(result, rules, points)
    return points
