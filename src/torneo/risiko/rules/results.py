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
- RSK-PTS-1 bounds: a territory is held by one player and counts its neighbours once, so a
  table's points add up to at most the board's 164; a completed objective holds 86 of it (a
  RisiKo! is recorded as 100, and counts 86 of the board), so the others hold at most 78
  between them. Holding 86 *is* completing the objective: 86 without RisiKo! is refused (100
  when it was declared; an undeclared one is an exclusion, RSK-OUT-1). A table where nobody in
  the game holds a point is refused as nothing entered.
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
from torneo.core.messages import N_, Term
from torneo.risiko.rules.table_sizes import MAX_TABLE, MIN_TABLE
from torneo.risiko.rules.wording import numbers

OBJECTIVE_MAX = 86  # RSK-PTS-1: every tournament objective is worth 86 in all
RISIKO_POINTS = 100  # RSK-PTS-1: completing the objective is recorded as 100
BOARD_TOTAL = 164  # RSK-PTS-1: every territory's neighbours, over the whole board


class SeatStatus(StrEnum):
    SURVIVED = N_("survived")  # still in the game when it ended
    ELIMINATED = N_("eliminated")  # lost the last territory; ``eliminated`` gives the order
    EXCLUDED = N_("excluded")  # RSK-OUT-1: territories neutral, counts as eliminated first
    WITHDRAWN = N_("withdrawn")  # RSK-OUT-2 force majeure: keeps the points of the position
    EXPELLED = N_("expelled")  # RSK-OUT-2 rejected a ruling: out of the tournament

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
    board_total: int = BOARD_TOTAL


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


# What a seat's table points may be (RSK-PTS-1); filled by ``_points_params``.
_ACCEPTED_POINTS = N_(
    "0..%(below)s table points (the objective's territories), %(risiko)s for RisiKo!"
)


def _points_params(s: SeatResult, rules: ResultRules) -> dict[str, object]:
    """The parameters of a seat's refusal: the player (named for the referee by the service),
    the points typed, the seat status as a word of the vocabulary and the objective's limits."""
    return {
        "player": s.player,
        "points": s.table_points,
        "status": Term(s.status.value),
        "order": s.eliminated,
        "max": rules.objective_max,
        "below": rules.objective_max - 1,  # the whole objective is RisiKo!
        "risiko": rules.risiko_points,
    }


def check_table_result(result: TableResult, rules: ResultRules = ResultRules()) -> Refusal | None:
    """Refuse an impossible table result, naming the field and what is accepted."""
    seats = result.seats
    if not MIN_TABLE <= len(seats) <= MAX_TABLE:
        return Refusal(
            "seats",
            N_("%(n)s players at table %(table)s: a RisiKo! table seats %(min)s to %(max)s"),
            N_("%(min)s to %(max)s players"),
            "RSK-TBL-1",
            params={"n": len(seats), "table": result.table, "min": MIN_TABLE, "max": MAX_TABLE},
        )
    twice = [p for p, n in Counter(result.players).items() if n > 1]
    if twice:
        return Refusal(
            "seats",
            N_("player %(player)s sits twice at table %(table)s"),
            params={"player": twice[0], "table": result.table},
        )
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
            N_("nobody is left in the game at table %(table)s"),
            N_("at least one player in the game at the end"),
            "RSK-PTS-1",
            params={"table": result.table},
        )
    refusal = _check_board(result, rules)
    if refusal is not None:
        return refusal
    if not any(s.table_points for s in in_game):
        return Refusal(
            "table_points",
            N_("nobody in the game at table %(table)s holds a table point: nothing entered"),
            N_("the table points of the players still in the game"),
            "RSK-PTS-1",
            params={"table": result.table},
        )
    return _check_winners(result, in_game, rules)


def _check_board(result: TableResult, rules: ResultRules) -> Refusal | None:
    """RSK-PTS-1: a territory is held by one player and counts its neighbours once, so a table's
    points add up to at most the board's 164; a RisiKo! holds the whole objective (86 of the
    board, though recorded as 100), so the others hold at most 164 − 86 = 78 between them."""
    risiko = next((s for s in result.seats if s.table_points == rules.risiko_points), None)
    on_board = sum(rules.objective_max if s is risiko else s.table_points for s in result.seats)
    if on_board <= rules.board_total:
        return None
    params: dict[str, object] = {
        "table": result.table,
        "total": on_board,
        "board": rules.board_total,
        "others": on_board - rules.objective_max,
        "most": rules.board_total - rules.objective_max,
        "player": risiko.player if risiko is not None else None,
        "max": rules.objective_max,
    }
    if risiko is not None:
        return Refusal(
            "table_points",
            N_(
                "player %(player)s completed the objective (%(max)s of the board): the others "
                "at table %(table)s hold at most %(most)s table points between them, not "
                "%(others)s"
            ),
            N_("at most %(most)s table points for the other players together"),
            "RSK-PTS-1",
            params,
        )
    return Refusal(
        "table_points",
        N_(
            "%(total)s table points in all at table %(table)s, above the board's %(board)s "
            "(each territory counts for one player only)"
        ),
        N_("at most %(board)s table points at a table"),
        "RSK-PTS-1",
        params,
    )


def _check_seat(s: SeatResult, rules: ResultRules) -> Refusal | None:
    points = s.table_points
    params = _points_params(s, rules)
    if points < 0:
        return Refusal(
            "table_points",
            N_("player %(player)s has %(points)s table points"),
            _ACCEPTED_POINTS,
            params=params,
        )
    if points > rules.objective_max and points != rules.risiko_points:
        return Refusal(
            "table_points",
            N_(
                "player %(player)s has %(points)s table points, above the objective's maximum "
                "of %(max)s"
            ),
            _ACCEPTED_POINTS,
            "RSK-PTS-1",
            params,
        )
    if points == rules.objective_max:
        return Refusal(
            "table_points",
            N_(
                "player %(player)s has %(points)s table points, the whole objective: that is "
                "RisiKo!"
            ),
            N_(
                "%(risiko)s for a declared RisiKo!; an undeclared one is an exclusion "
                "(RSK-OUT-1); otherwise less than %(max)s"
            ),
            "RSK-PTS-1",
            params,
        )
    if not s.status.is_in_game and points:
        return Refusal(
            "table_points",
            N_(
                "player %(player)s is %(status)s and holds no territory, yet has %(points)s "
                "table points"
            ),
            N_("0 table points for a player no longer in the game"),
            "RSK-PTS-1",
            params,
        )
    if points == rules.risiko_points and s.status is not SeatStatus.SURVIVED:
        return Refusal(
            "table_points",
            N_("player %(player)s is %(status)s and cannot have completed RisiKo!"),
            _ACCEPTED_POINTS,
            "RSK-PTS-1",
            params,
        )
    if (s.status is SeatStatus.ELIMINATED) != (s.eliminated is not None):
        return Refusal(
            "eliminated",
            N_("player %(player)s is %(status)s with elimination order %(order)s"),
            N_("an elimination order (1 = first) for the eliminated players only"),
            "RSK-PTS-1",
            params,
        )
    return None


def _check_elimination_order(seats: Sequence[SeatResult]) -> Refusal | None:
    order = sorted(s.eliminated for s in seats if s.eliminated is not None)
    expected = list(range(1, len(order) + 1))
    if order != expected:
        return Refusal(
            "eliminated",
            N_("the elimination order %(order)s has gaps or repeats"),
            N_("each eliminated player numbered once: %(expected)s"),
            "RSK-PTS-1",
            params={"order": numbers(order), "expected": numbers(expected)},
        )
    return None


def _check_winners(
    result: TableResult, in_game: Sequence[SeatResult], rules: ResultRules
) -> Refusal | None:
    risiko = [s for s in in_game if s.table_points == rules.risiko_points]
    if len(risiko) > 1:
        return Refusal(
            "table_points",
            N_("two players completed RisiKo! at one table"),
            N_("one RisiKo! per game: the game ends when it is declared"),
            "RSK-PTS-1",
        )
    best = max(s.table_points for s in in_game)
    top = tuple(s.player for s in in_game if s.table_points == best)
    winners = result.winners
    params: dict[str, object] = {"table": result.table, "best": best, "top": numbers(top)}
    if not winners:
        if rules.sole_winner and len(top) > 1:
            return Refusal(
                "winners",
                N_(
                    "%(n)s winners tied on %(best)s table points at table %(table)s but the "
                    "event forces a sole winner"
                ),
                N_("name the winner after breaking the tie: one of %(top)s"),
                "RSK-PTS-1",
                {**params, "n": len(top)},
            )
        return None
    return _check_named_winners(winners, top, rules, params)


def _check_named_winners(
    winners: Sequence[PlayerId],
    top: Sequence[PlayerId],
    rules: ResultRules,
    params: dict[str, object],
) -> Refusal | None:
    """RSK-PTS-1: the winners the referee named are the tied leaders (one of them, if sole)."""
    not_top = [p for p in winners if p not in top]
    if not_top or len(set(winners)) != len(winners):
        return Refusal(
            "winners",
            N_("player %(player)s cannot be a winner at table %(table)s"),
            N_("the players in the game with the most table points: %(top)s"),
            "RSK-PTS-1",
            {**params, "player": not_top[0] if not_top else winners[0]},
        )
    if rules.sole_winner and len(winners) > 1:
        return Refusal(
            "winners",
            N_("%(n)s winners at table %(table)s but the event forces a sole winner"),
            N_("exactly one winner: one of %(top)s"),
            "RSK-PTS-1",
            {**params, "n": len(winners)},
        )
    if not rules.sole_winner and set(winners) != set(top):
        return Refusal(
            "winners",
            N_("the winners at table %(table)s must be all the players tied on %(best)s"),
            N_("%(top)s"),
            "RSK-PTS-1",
            params,
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
            return Refusal(
                "table",
                N_("table %(table)s is entered twice"),
                N_("one result a table"),
                params={"table": result.table},
            )
        tables.add(result.table)
        for player in result.players:
            if player in seen:
                return Refusal(
                    "players",
                    N_(
                        "player %(player)s is at table %(first)s and at table %(table)s in round "
                        "%(round)s"
                    ),
                    N_("each player at one table a round"),
                    "RSK-TBL-1",
                    {
                        "player": player,
                        "first": seen[player],
                        "table": result.table,
                        "round": result.round_no,
                    },
                )
            seen[player] = result.table
    if len(rounds) > 1:
        return Refusal("round_no", N_("results of different rounds entered as one round"))
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
