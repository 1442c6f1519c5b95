"""The tournament ranking of a RisiKo! event (RSK-PTS-2 discards, RSK-TIE-1 ties).

Each player's games are scored by the event's formula (:mod:`.formulas`); the worst
``discard_worst`` games do not count; the ranking is by total, then wins, then the best single
game, then the second best, and so on (RSK-TIE-1). Players equal on all of these share the place.

Decisions where the rules are silent:
- Discards keep the same number of games for everybody: with R qualifying rounds played and N
  discards, each player's best ``max(1, R − N)`` games count, so a late entry who missed a round
  is not discarded a game they never played.
- RSK-TIE-1 compares all the games played (not only the counting ones), best first, a missing
  game counting as 0; a co-win counts as a win.
- A player expelled from the tournament (RSK-OUT-2) is listed after everybody, without a place.
- The final ranking of an event with semifinals and a final table: the final table by its own
  finishing order, then the semifinalists by their place at their semifinal table (a table's 2nd
  before any 3rd), then everyone else by the qualifying ranking; inside each step the qualifying
  ranking breaks ties.
- One champion: players sharing a place at the final table (co-winners tied on table points) are
  ordered by the regulation's order, the qualifying ranking (RSK-TIE-1: total, wins, best game,
  …); players equal on all of it too roll two dice before the referee, the highest roll first
  (:func:`title_roll`; equal rolls roll again). Until the roll is recorded they share the place,
  and a title shared that way stops the tournament from closing. An event may instead share its
  titles (``shared_titles``): co-winners of the final table are then all champions.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.ranking import competition_ranks
from torneo.risiko.rules.formulas import ScoringRules, game_points
from torneo.risiko.rules.results import SeatStatus, TableResult
from torneo.risiko.rules.wording import numbers


@dataclass(frozen=True, slots=True)
class GamePoints:
    """One player's game: where, the tournament points it earned, and how it went."""

    round_no: int
    table: int
    points: Fraction
    table_points: int
    position: int  # place at the table, 1 = best
    won: bool
    counted: bool = True  # False when discarded


@dataclass(frozen=True, slots=True)
class Standing:
    position: int | None  # None for an expelled player
    player: PlayerId
    total: Fraction
    wins: int
    games: tuple[GamePoints, ...]  # in round order
    expelled: bool = False

    @property
    def discarded(self) -> tuple[int, ...]:
        return tuple(g.round_no for g in self.games if not g.counted)


def _player_games(
    results: Iterable[TableResult], rules: ScoringRules
) -> tuple[dict[PlayerId, list[GamePoints]], set[PlayerId], set[int]]:
    games: dict[PlayerId, list[GamePoints]] = defaultdict(list)
    expelled: set[PlayerId] = set()
    rounds: set[int] = set()
    for result in results:
        rounds.add(result.round_no)
        points = game_points(result, rules)
        places = result.positions()
        for seat in result.seats:
            if seat.status is SeatStatus.EXPELLED:
                expelled.add(seat.player)
            games[seat.player].append(
                GamePoints(
                    result.round_no,
                    result.table,
                    points[seat.player],
                    seat.table_points,
                    places[seat.player],
                    seat.player in result.winners,
                )
            )
    return games, expelled, rounds


def _discard(games: list[GamePoints], keep: int) -> tuple[GamePoints, ...]:
    """RSK-PTS-2: the best ``keep`` games count; among equal points the earlier round counts."""
    ordered = sorted(games, key=lambda g: g.round_no)
    best = sorted(ordered, key=lambda g: -g.points)[:keep]
    kept = {(g.round_no, g.table) for g in best}
    return tuple(
        g
        if (g.round_no, g.table) in kept
        else GamePoints(
            g.round_no, g.table, g.points, g.table_points, g.position, g.won, counted=False
        )
        for g in ordered
    )


def standings(
    results: Iterable[TableResult],
    rules: ScoringRules,
    players: Iterable[PlayerId] = (),
) -> tuple[Standing, ...]:
    """RSK-TIE-1 ranking of recorded games; ``players`` adds registered players with no game."""
    games, expelled, rounds = _player_games(results, rules)
    for player in players:
        games.setdefault(player, [])
    keep = max(1, len(rounds) - rules.discard_worst)
    longest = max((len(g) for g in games.values()), default=0)
    rows: list[tuple[tuple[object, ...], Standing]] = []
    for player, played in games.items():
        scored = _discard(played, keep)
        total = sum((g.points for g in scored if g.counted), Fraction(0))
        wins = sum(1 for g in scored if g.won)
        best_first = sorted((g.points for g in scored), reverse=True)
        best_first += [Fraction(0)] * (longest - len(best_first))
        # RSK-TIE-1: total, then wins, then the best game, the second best, …
        key = (-total, -wins, tuple(-p for p in best_first))
        rows.append((key, Standing(None, player, total, wins, scored, player in expelled)))
    ranked = sorted((r for r in rows if not r[1].expelled), key=lambda r: (r[0], r[1].player))
    places = competition_ranks([key for key, _ in ranked])
    out = [
        Standing(place, s.player, s.total, s.wins, s.games)
        for place, (_, s) in zip(places, ranked, strict=True)
    ]
    out += sorted((s for _, s in rows if s.expelled), key=lambda s: s.player)
    return tuple(out)


class Stage(StrEnum):
    FINAL = N_("final")
    SEMIFINAL = N_("semifinal")
    QUALIFYING = N_("qualifying")


@dataclass(frozen=True, slots=True)
class FinalPlace:
    position: int
    player: PlayerId
    stage: Stage  # the furthest stage the player reached


def _final_key(
    player: PlayerId,
    place: int,
    qualifying: Mapping[PlayerId, int],
    roll: Sequence[PlayerId],
) -> tuple[int, ...]:
    """RSK-TIE-1 at the final table: its place, then the qualifying ranking, then the roll."""
    rolled = roll.index(player) if player in roll else len(roll)
    return (0, place, qualifying.get(player, len(qualifying) + 1), rolled)


def final_ranking(
    qualifying: Sequence[Standing],
    semifinals: Sequence[TableResult] = (),
    final: TableResult | None = None,
    *,
    roll: Sequence[PlayerId] = (),
    shared_titles: bool = False,
) -> tuple[FinalPlace, ...]:
    """The event's final ranking: final table, then semifinalists, then the qualifying order.

    ``roll`` is the referee's roll between players still tied at the final table, best first.
    """
    order = {s.player: i for i, s in enumerate(qualifying)}
    position = {s.player: s.position or len(order) + 1 for s in qualifying}
    last = len(order)
    rows: list[tuple[tuple[int, ...], FinalPlace]] = []
    placed: set[PlayerId] = set()
    if final is not None:
        for player, place in final.positions().items():
            key = (0, place) if shared_titles else _final_key(player, place, position, roll)
            rows.append((key, FinalPlace(0, player, Stage.FINAL)))
            placed.add(player)
    for semi in semifinals:
        for player, place in semi.positions().items():
            if player not in placed:
                rows.append(((1, place), FinalPlace(0, player, Stage.SEMIFINAL)))
                placed.add(player)
    for s in qualifying:
        if s.player not in placed and s.position is not None:
            rows.append(((2, 0), FinalPlace(0, s.player, Stage.QUALIFYING)))
    rows.sort(key=lambda r: (r[0], order.get(r[1].player, last), r[1].player))
    # Players still tied at the final table share the place; every other step is strict.
    keys = [k if k[0] == 0 else (k[0], k[1], i) for i, (k, _) in enumerate(rows)]
    places = competition_ranks(keys)
    return tuple(
        FinalPlace(place, row.player, row.stage)
        for place, (_, row) in zip(places, rows, strict=True)
    )


def title_tie(qualifying: Sequence[Standing], final: TableResult) -> tuple[PlayerId, ...]:
    """RSK-TIE-1: the players still sharing first place at the final table after the
    regulation's order (the qualifying ranking): the ones who must roll; empty when decided."""
    ranking = final_ranking(qualifying, (), final)
    first = tuple(p.player for p in ranking if p.position == 1 and p.stage is Stage.FINAL)
    return tuple(sorted(first)) if len(first) > 1 else ()


def title_roll(totals: Mapping[PlayerId, int], tied: Sequence[PlayerId]) -> tuple[PlayerId, ...]:
    """RSK-TIE-1: the referee's roll between the players tied for the title (two dice each):
    the players best first; every tied player rolls once, and equal rolls must roll again."""
    params: dict[str, object] = {"tied": numbers(sorted(tied)), "min": 2, "max": 12}
    accepted = N_("one roll of two dice (%(min)s to %(max)s) for each of %(tied)s, all different")
    if set(totals) != set(tied):
        raise TorneoError(
            "rolls",
            N_("the roll for the title is between %(tied)s"),
            accepted,
            params=params,
            rule="RSK-TIE-1",
        )
    bad = [t for t in totals.values() if not 2 <= t <= 12]
    if bad:
        raise TorneoError(
            "rolls",
            N_("%(total)s is not a roll of two dice"),
            accepted,
            params={**params, "total": bad[0]},
            rule="RSK-TIE-1",
        )
    if len(set(totals.values())) != len(totals):
        raise TorneoError(
            "rolls",
            N_("equal rolls for the title: those players roll again"),
            accepted,
            params=params,
            rule="RSK-TIE-1",
        )
    return tuple(sorted(totals, key=lambda p: -totals[p]))
