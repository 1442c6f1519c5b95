"""Jackpot leagues: leaderboard, jackpot and the final table (PKR-LEAGUE-1..4).

- PKR-LEAGUE-1: a league is fed by a set of weekly tournaments and keeps a leaderboard.
- PKR-LEAGUE-2: the jackpot is a part of each buy-in per entry (20 × 20 players × 36
  tournaments = 14,400) or a fixed levy per tournament (50 × 89 = 4,450).
- PKR-LEAGUE-3: the top N enter the final directly; the other seats go to the winners of a
  qualifier open to players with at least K tournaments played, or to a rank range; qualifiers
  start with the chips of the first rank not directly qualified; every finalist gets 10,000
  extra chips. Resolution: 1 leaderboard point = 1 chip by default.
- PKR-LEAGUE-4: points come from a formula, a league setting, over the entrants ``n``, the
  finish ``f``, the buy-in ``b`` (euros), ``rebuys``, ``addons`` and ``bounties``; optionally
  only the best N results count. Ties at a cut are broken by tournaments played, then best
  finish, then a draw of lots, recorded.

The formula itself is :mod:`.points_formula`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from fractions import Fraction

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.poker.rules.points_formula import PointsFormula, round_half_up

# --- Results and leaderboard ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerResult:
    player: PlayerId
    place: int
    rebuys: int = 0
    addons: int = 0
    bounties: int = 0


@dataclass(frozen=True, slots=True)
class TournamentResult:
    tournament: str  # the weekly tournament's id (PKR-SCHED-1)
    played_on: date
    entrants: int
    buy_in_cents: int
    results: tuple[PlayerResult, ...]


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    position: int  # 1, 2, 2, 4 ... (equal points, played and best finish share it)
    player: PlayerId
    points: Fraction
    played: int
    best_finish: int
    counted: tuple[Fraction, ...]  # the results that count (best N when set), best first


def result_points(
    formula: PointsFormula, tournament: TournamentResult, result: PlayerResult
) -> Fraction:
    return formula.evaluate(
        n=tournament.entrants,
        f=result.place,
        b=Fraction(tournament.buy_in_cents, 100),
        rebuys=result.rebuys,
        addons=result.addons,
        bounties=result.bounties,
    )


class FormulaMemo:
    """The formula's value per distinct input: a season repeats the same (n, f, b) thousands
    of times, so a full recompute evaluates each combination once. Values are also given as
    whole numbers of the league's smallest unit (10^-decimals), so sums and sorts over a
    season stay exact and cheap."""

    def __init__(self, formula: PointsFormula) -> None:
        self.formula = formula
        self.scale = 10**formula.decimals
        self._seen: dict[tuple[int, int, int, int, int, int], Fraction] = {}
        self._units: dict[tuple[int, int, int, int, int, int], int] = {}

    def points(self, tournament: TournamentResult, result: PlayerResult) -> Fraction:
        key = (
            tournament.entrants,
            result.place,
            tournament.buy_in_cents,
            result.rebuys,
            result.addons,
            result.bounties,
        )
        value = self._seen.get(key)
        if value is None:
            value = self._seen[key] = result_points(self.formula, tournament, result)
        return value

    def units(self, tournament: TournamentResult, result: PlayerResult) -> int:
        """The points in units of 10^-decimals (exact: the formula rounds to its decimals)."""
        key = (
            tournament.entrants,
            result.place,
            tournament.buy_in_cents,
            result.rebuys,
            result.addons,
            result.bounties,
        )
        found = self._units.get(key)
        if found is None:
            value = self.points(tournament, result)
            found = self._units[key] = value.numerator * (self.scale // value.denominator)
        return found


def leaderboard(
    tournaments: Sequence[TournamentResult],
    formula: PointsFormula,
    best_n: int | None = None,
    league_tournaments: Sequence[str] | None = None,
) -> tuple[LeaderboardRow, ...]:
    """PKR-LEAGUE-1/4: points per player over the league's tournaments, best first.

    Only tournaments whose id is in ``league_tournaments`` count (None: all given). Order:
    points, then tournaments played, then best finish (PKR-LEAGUE-4).
    """
    points: dict[PlayerId, list[int]] = {}
    best: dict[PlayerId, int] = {}
    memo = FormulaMemo(formula)
    scale = memo.scale
    for t in tournaments:
        if league_tournaments is not None and t.tournament not in league_tournaments:
            continue
        for r in t.results:
            points.setdefault(r.player, []).append(memo.units(t, r))
            best[r.player] = min(best.get(r.player, r.place), r.place)
    as_points: dict[int, Fraction] = {}

    def exact(units: int) -> Fraction:
        found = as_points.get(units)
        if found is None:
            found = as_points[units] = Fraction(units, scale)
        return found

    ranked = []
    for player, scored in points.items():
        kept = sorted(scored, reverse=True)[: best_n if best_n else None]
        ranked.append((sum(kept), len(scored), best[player], player, kept))
    ranked.sort(key=lambda r: (-r[0], -r[1], r[2], r[3]))
    rows = [(exact(u), n, b, p, tuple(exact(x) for x in kept)) for u, n, b, p, kept in ranked]
    out: list[LeaderboardRow] = []
    for i, (total, played, best_finish, player, counted) in enumerate(rows):
        previous = out[-1] if out else None
        same = previous is not None and (
            previous.points,
            previous.played,
            previous.best_finish,
        ) == (
            total,
            played,
            best_finish,
        )
        position = previous.position if same and previous else i + 1
        out.append(LeaderboardRow(position, player, total, played, best_finish, counted))
    return tuple(out)


# --- Jackpot (PKR-LEAGUE-2) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JackpotRule:
    per_entry_cents: int | None = None  # "20 × 20 × 36"
    per_tournament_cents: int | None = None  # "prelievo fisso di 50"

    def __post_init__(self) -> None:
        given = [v for v in (self.per_entry_cents, self.per_tournament_cents) if v is not None]
        if len(given) != 1 or given[0] < 0:
            raise TorneoError(
                "jackpot",
                N_("give exactly one of per entry or per tournament"),
                N_("one amount ≥ 0"),
            )


def jackpot_total(rule: JackpotRule, entries_per_tournament: Sequence[int]) -> int:
    """Cents in the jackpot after these tournaments (PKR-LEAGUE-2)."""
    if rule.per_entry_cents is not None:
        return rule.per_entry_cents * sum(entries_per_tournament)
    assert rule.per_tournament_cents is not None
    return rule.per_tournament_cents * len(entries_per_tournament)


def projected_jackpot(rule: JackpotRule, tournaments: int, entries_each: int) -> int:
    """The seed's "possible jackpot" (20 × 20 × 36 = 14,400; 50 × 89 = 4,450), in cents."""
    return jackpot_total(rule, [entries_each] * tournaments)


# --- Final table (PKR-LEAGUE-3) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FinalTableRules:
    direct_seats: int  # 6 (Campione) or 5 (Mister All'in)
    qualifier_seats: int  # 4 or 5
    qualifier_min_played: int | None = None  # "at least 25 of 36"
    qualifier_ranks: tuple[int, int] | None = None  # "6th to 25th"
    qualifier_chips_rank: int | None = None  # None: the first rank not directly qualified
    extra_chips: int = 10_000
    chips_per_point: Fraction = Fraction(1)  # Resolution: 1 point = 1 chip
    chip_unit: int = 1  # stacks are rounded (half up) to the smallest chip in play

    def __post_init__(self) -> None:
        if self.direct_seats < 0 or self.qualifier_seats < 0:
            raise TorneoError("final", N_("a negative number of seats"), N_("0 or more"))
        if self.qualifier_seats and self.qualifier_min_played is None and not self.qualifier_ranks:
            raise TorneoError(
                "final",
                N_("a qualifier open to nobody"),
                N_("a minimum of tournaments or a rank range"),
            )

    @property
    def chips_rank(self) -> int:
        return self.qualifier_chips_rank or self.direct_seats + 1


class SeatKind(StrEnum):
    DIRECT = "direct"
    QUALIFIER = "qualifier"


@dataclass(frozen=True, slots=True)
class LotDraw:
    """A draw of lots between players tied at a cut (PKR-LEAGUE-4), kept for the audit log."""

    tied: tuple[PlayerId, ...]
    order: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class Finalist:
    player: PlayerId
    kind: SeatKind
    rank: int  # position on the ordered leaderboard
    chips: int


@dataclass(frozen=True, slots=True)
class FinalTable:
    finalists: tuple[Finalist, ...]
    draws: tuple[LotDraw, ...]


def points_to_chips(points: Fraction, rules: FinalTableRules) -> int:
    """Resolution of PKR-LEAGUE-3: points × chips per point, to the nearest smallest chip."""
    unit = max(rules.chip_unit, 1)
    return int(round_half_up(points * rules.chips_per_point / unit, 0)) * unit


def order_for_cut(
    board: Sequence[LeaderboardRow], cut: int, rng: random.Random
) -> tuple[tuple[LeaderboardRow, ...], LotDraw | None]:
    """The board in order, with players tied on all criteria across position ``cut`` drawn.

    PKR-LEAGUE-4: ties at a cut-off go to tournaments played, best finish, then lots.
    """
    rows = list(board)
    if not 0 < cut < len(rows):
        return tuple(rows), None
    key = (rows[cut - 1].points, rows[cut - 1].played, rows[cut - 1].best_finish)
    if (rows[cut].points, rows[cut].played, rows[cut].best_finish) != key:
        return tuple(rows), None
    tied_idx = [i for i, r in enumerate(rows) if (r.points, r.played, r.best_finish) == key]
    tied = [rows[i] for i in tied_idx]
    drawn = list(tied)
    rng.shuffle(drawn)
    for i, row in zip(tied_idx, drawn, strict=True):
        rows[i] = row
    return tuple(rows), LotDraw(tuple(r.player for r in tied), tuple(r.player for r in drawn))


def qualifier_entrants(
    board: Sequence[LeaderboardRow], rules: FinalTableRules, direct: Sequence[PlayerId]
) -> tuple[PlayerId, ...]:
    """Who may play the qualifier: not directly in, and enough played or in the rank range."""
    taken = set(direct)
    out = []
    for position, row in enumerate(board, start=1):
        if row.player in taken:
            continue
        by_played = (
            rules.qualifier_min_played is not None and row.played >= rules.qualifier_min_played
        )
        by_rank = rules.qualifier_ranks is not None and (
            rules.qualifier_ranks[0] <= position <= rules.qualifier_ranks[1]
        )
        if by_played or by_rank:
            out.append(row.player)
    return tuple(out)


def direct_qualifiers(
    board: Sequence[LeaderboardRow], rules: FinalTableRules, rng: random.Random
) -> tuple[tuple[LeaderboardRow, ...], LotDraw | None]:
    ordered, draw = order_for_cut(board, rules.direct_seats, rng)
    return ordered[: rules.direct_seats], draw


def final_table(
    board: Sequence[LeaderboardRow],
    rules: FinalTableRules,
    qualifier_winners: Sequence[PlayerId],
    rng: random.Random,
) -> FinalTable:
    """PKR-LEAGUE-3: the finalists and their starting chips.

    Direct qualifiers start with their points as chips; qualifier winners with the chips of
    the first rank not directly qualified; everyone gets the extra chips.
    """
    ordered, draw = order_for_cut(board, rules.direct_seats, rng)
    seated = seat_finalists(ordered, rules, qualifier_winners)
    return FinalTable(seated.finalists, (draw,) if draw else ())


def seat_finalists(
    ordered: Sequence[LeaderboardRow], rules: FinalTableRules, qualifier_winners: Sequence[PlayerId]
) -> FinalTable:
    """PKR-LEAGUE-3 on a board whose cut is already decided (lots drawn): the finalists."""
    direct = ordered[: rules.direct_seats]
    eligible = set(qualifier_entrants(ordered, rules, [r.player for r in direct]))
    if len(qualifier_winners) > rules.qualifier_seats:
        raise TorneoError(
            "qualifier_winners",
            N_("%(n)s winners"),
            N_("at most %(qualifier_seats)s qualifier seats"),
            params={"n": len(qualifier_winners), "qualifier_seats": rules.qualifier_seats},
        )
    if len(set(qualifier_winners)) != len(qualifier_winners):
        raise TorneoError("qualifier_winners", N_("a player listed twice"), N_("each winner once"))
    for player in qualifier_winners:
        if player not in eligible:
            raise Conflict(
                "qualifier_winners",
                N_("player %(player)s could not play the qualifier"),
                N_("players not directly qualified with the tournaments played or rank required"),
                params={"player": player},
            )
    finalists = [
        Finalist(r.player, SeatKind.DIRECT, i, points_to_chips(r.points, rules) + rules.extra_chips)
        for i, r in enumerate(direct, start=1)
    ]
    chips_row = ordered[rules.chips_rank - 1] if len(ordered) >= rules.chips_rank else None
    base = points_to_chips(chips_row.points, rules) if chips_row else 0
    position = {r.player: i for i, r in enumerate(ordered, start=1)}
    finalists += [
        Finalist(p, SeatKind.QUALIFIER, position[p], base + rules.extra_chips)
        for p in qualifier_winners
    ]
    return FinalTable(tuple(finalists), ())
