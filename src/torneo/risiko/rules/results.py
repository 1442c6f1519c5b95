"""The result of one RisiKo! game at one table (RSK-PTS-1, RSK-OUT-1, RSK-OUT-2).

The referee enters, per seat: the table points, whether the player is still in the game at the end
and, for the eliminated, the elimination order (1 = first eliminated, who ranks last). The winner
is the player in the game with the most table points; completing the secret objective
("RisiKo!") is recorded as 100 and wins outright.

Decisions where the regulation is silent (written here so the referee console can say them):
- Eliminated, excluded and expelled players hold no territory at the end: their table points are 0.
- RSK-OUT-1: an excluded player counts as *eliminated first*; when two are excluded at one table
  they share the last place, below every player eliminated by play.
- RSK-OUT-2: a force-majeure withdrawal leaves the player's territories neutral and the player
  keeps the points of the position reached: the seat is ranked with the players still in the game
  by its table points (if the neutral territories are all conquered later the referee records the
  seat as eliminated instead). A withdrawal that rejects a ruling is an expulsion: the seat ranks
  like an exclusion and the player leaves the tournament (see :mod:`.standings`).
- Co-winners are the players in the game tied on the most table points. When the event forces a
  sole winner the referee breaks the tie at the table (by the regulation's criterion) and names
  the winner; otherwise the winners are exactly the tied players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from torneo.core.errors import Refusal
from torneo.core.ids import PlayerId
from torneo.risiko.rules.table_sizes import MAX_TABLE, MIN_TABLE

OBJECTIVE_MAX = 86  # RSK-PTS-1: every tournament objective is worth 86 in all
RISIKO_POINTS = 100  # RSK-PTS-1: completing the objective is recorded as 100


class SeatStatus(StrEnum):
    SURVIVED = "survived"  # still in the game when it ended
    ELIMINATED = "eliminated"  # lost the last territory; ``eliminated`` gives the order
    EXCLUDED = "excluded"  # RSK-OUT-1: territories neutral, counts as eliminated first
    WITHDRAWN = "withdrawn"  # RSK-OUT-2 force majeure: keeps the points of the position
    EXPELLED = "expelled"  # RSK-OUT-2 rejected a ruling: out of the tournament

    @property
    def is_in_game(self) -> bool:
        """Holds territories at the end (a withdrawn player's are neutral but still count)."""
        return self in (SeatStatus.SURVIVED, SeatStatus.WITHDRAWN)

    @property
    def is_out_first(self) -> bool:
        """RSK-OUT-1/2: ranks as eliminated first."""
        return self in (SeatStatus.EXCLUDED, SeatStatus.EXPELLED)


@dataclass(frozen=True, slots=True)
class SeatResult:
    player: PlayerId
    table_points: int = 0
    status: SeatStatus = SeatStatus.SURVIVED
    eliminated: int | None = None  # 1 = first eliminated (ELIMINATED seats only)


@dataclass(frozen=True, slots=True)
class ResultRules:
    objective_max: int = OBJECTIVE_MAX
    risiko_points: int = RISIKO_POINTS
    sole_winner: bool = False  # the event forces one winner per table


@dataclass(frozen=True, slots=True)
class TableResult:
    """One game at one table. ``seats`` are in turn order; ``winners`` empty means "derive"."""

    round_no: int
    table: int
    seats: tuple[SeatResult, ...]
    winners: tuple[PlayerId, ...] = ()

    @property
    def size(self) -> int:
        return len(self.seats)

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(s.player for s in self.seats)

    def seat(self, player: PlayerId) -> SeatResult:
        return next(s for s in self.seats if s.player == player)

    def is_risiko(self, rules: ResultRules) -> bool:
        return any(s.table_points == rules.risiko_points for s in self.seats)

    def finishing_groups(self) -> tuple[tuple[PlayerId, ...], ...]:
        """Players best first, grouped where they share a place (RSK-PTS-1).

        Winners, then the others in the game by table points, then the eliminated from the last
        eliminated to the first, then the excluded and expelled (eliminated first, RSK-OUT-1).
        """
        groups: list[tuple[PlayerId, ...]] = []
        if self.winners:
            groups.append(self.winners)
        rest = [s for s in self.seats if s.status.is_in_game and s.player not in self.winners]
        for points in sorted({s.table_points for s in rest}, reverse=True):
            groups.append(tuple(s.player for s in rest if s.table_points == points))
        eliminated = [s for s in self.seats if s.status is SeatStatus.ELIMINATED]
        for s in sorted(eliminated, key=lambda s: -(s.eliminated or 0)):
            groups.append((s.player,))
        out_first = tuple(s.player for s in self.seats if s.status.is_out_first)
        if out_first:
            groups.append(out_first)
        return tuple(groups)

    def positions(self) -> dict[PlayerId, int]:
        """Place at the table (1 = best); players sharing a group share the higher place."""
        places: dict[PlayerId, int] = {}
        place = 1
        for group in self.finishing_groups():
            for player in group:
                places[player] = place
            place += len(group)
        return places


def _accepted_points(rules: ResultRules) -> str:
    return (
        f"0..{rules.objective_max} table points (the objective's territories), "
        f"{rules.risiko_points} for RisiKo!"
    )


def check_table_result(result: TableResult, rules: ResultRules = ResultRules()) -> Refusal | None:
    """Refuse an impossible table result, naming the field and what is accepted."""
    seats = result.seats
    if not MIN_TABLE <= len(seats) <= MAX_TABLE:
        return Refusal(
            "seats",
            f"{len(seats)} players at table {result.table}: a RisiKo! table seats "
            f"{MIN_TABLE} to {MAX_TABLE}",
            f"{MIN_TABLE} to {MAX_TABLE} players",
            "RSK-TBL-1",
        )
    twice = [p for p, n in Counter(result.players).items() if n > 1]
    if twice:
        return Refusal("seats", f"player {twice[0]} sits twice at table {result.table}", None)
    for s in seats:
        refusal = _check_seat(s, rules)
        if refusal is not None:
            return refusal
    refusal = _check_elimination_order(seats)
    if refusal is not None:
        return refusal
    in_game = [s for s in seats if s.status.is_in_game]
    if not in_game:
        return Refusal(
            "seats",
            f"nobody is left in the game at table {result.table}",
            "at least one player in the game at the end",
            "RSK-PTS-1",
        )
    return _check_winners(result, in_game, rules)


def _check_seat(s: SeatResult, rules: ResultRules) -> Refusal | None:
    points = s.table_points
    if points < 0:
        return Refusal(
            "table_points", f"player {s.player} has {points} table points", _accepted_points(rules)
        )
    if points > rules.objective_max and points != rules.risiko_points:
        return Refusal(
            "table_points",
            f"player {s.player} has {points} table points, above the objective's maximum of "
            f"{rules.objective_max}",
            _accepted_points(rules),
            "RSK-PTS-1",
        )
    if not s.status.is_in_game and points:
        return Refusal(
            "table_points",
            f"player {s.player} is {s.status.value} and holds no territory, yet has {points} "
            "table points",
            "0 table points for a player no longer in the game",
            "RSK-PTS-1",
        )
    if points == rules.risiko_points and s.status is not SeatStatus.SURVIVED:
        return Refusal(
            "table_points",
            f"player {s.player} is {s.status.value} and cannot have completed RisiKo!",
            _accepted_points(rules),
            "RSK-PTS-1",
        )
    if (s.status is SeatStatus.ELIMINATED) != (s.eliminated is not None):
        return Refusal(
            "eliminated",
            f"player {s.player} is {s.status.value} with elimination order {s.eliminated}",
            "an elimination order (1 = first) for the eliminated players only",
            "RSK-PTS-1",
        )
    return None


def _check_elimination_order(seats: Sequence[SeatResult]) -> Refusal | None:
    order = sorted(s.eliminated for s in seats if s.eliminated is not None)
    expected = list(range(1, len(order) + 1))
    if order != expected:
        return Refusal(
            "eliminated",
            f"the elimination order {', '.join(map(str, order))} has gaps or repeats",
            f"each eliminated player numbered once: {', '.join(map(str, expected))}",
            "RSK-PTS-1",
        )
    return None


def _check_winners(
    result: TableResult, in_game: Sequence[SeatResult], rules: ResultRules
) -> Refusal | None:
    risiko = [s for s in in_game if s.table_points == rules.risiko_points]
    if len(risiko) > 1:
        return Refusal(
            "table_points",
            "two players completed RisiKo! at one table",
            "one RisiKo! per game: the game ends when it is declared",
            "RSK-PTS-1",
        )
    best = max(s.table_points for s in in_game)
    top = tuple(s.player for s in in_game if s.table_points == best)
    winners = result.winners
    if not winners:
        if rules.sole_winner and len(top) > 1:
            return Refusal(
                "winners",
                f"{len(top)} winners tied on {best} table points at table {result.table} "
                "but the event forces a sole winner",
                "name the winner after breaking the tie: one of " + ", ".join(map(str, top)),
                "RSK-PTS-1",
            )
        return None
    not_top = [p for p in winners if p not in top]
    if not_top or len(set(winners)) != len(winners):
        return Refusal(
            "winners",
            f"player {not_top[0] if not_top else winners[0]} cannot be a winner at table "
            f"{result.table}",
            "the players in the game with the most table points: " + ", ".join(map(str, top)),
            "RSK-PTS-1",
        )
    if rules.sole_winner and len(winners) > 1:
        return Refusal(
            "winners",
            f"{len(winners)} winners at table {result.table} but the event forces a sole winner",
            "exactly one winner: one of " + ", ".join(map(str, top)),
            "RSK-PTS-1",
        )
    if not rules.sole_winner and set(winners) != set(top):
        return Refusal(
            "winners",
            f"the winners at table {result.table} must be all the players tied on {best}",
            ", ".join(map(str, top)),
            "RSK-PTS-1",
        )
    return None


def record_table_result(result: TableResult, rules: ResultRules = ResultRules()) -> TableResult:
    """Validate one table result and fill in its winners; raise naming the field otherwise."""
    refusal = check_table_result(result, rules)
    if refusal is not None:
        raise refusal.raise_as()
    if result.winners:
        return result
    in_game = [s for s in result.seats if s.status.is_in_game]
    best = max(s.table_points for s in in_game)
    winners = tuple(s.player for s in in_game if s.table_points == best)
    return replace(result, winners=winners)


def check_round(results: Iterable[TableResult]) -> Refusal | None:
    """Refuse a round where a player sits at two tables or two tables share a number."""
    seen: dict[PlayerId, int] = {}
    tables: set[int] = set()
    rounds: set[int] = set()
    for result in results:
        rounds.add(result.round_no)
        if result.table in tables:
            return Refusal("table", f"table {result.table} is entered twice", "one result a table")
        tables.add(result.table)
        for player in result.players:
            if player in seen:
                return Refusal(
                    "players",
                    f"player {player} is at table {seen[player]} and at table {result.table} "
                    f"in round {result.round_no}",
                    "each player at one table a round",
                    "RSK-TBL-1",
                )
            seen[player] = result.table
    if len(rounds) > 1:
        return Refusal("round_no", "results of different rounds entered as one round", None)
    return None


def record_round(
    results: Sequence[TableResult], rules: ResultRules = ResultRules()
) -> tuple[TableResult, ...]:
    """Validate a whole round (each table, then the round) and return the recorded results."""
    recorded = tuple(record_table_result(r, rules) for r in results)
    refusal = check_round(recorded)
    if refusal is not None:
        raise refusal.raise_as()
    return recorded
