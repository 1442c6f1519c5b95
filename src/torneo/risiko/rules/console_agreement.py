"""A table's result against its referee console (RSK-OUT-1/2, RSK-PTS-1, RSK-ROLL-1..3).

The console is the referee's record of the game: who was excluded, expelled or withdrew, who was
eliminated and in which order, how the game ended. A result entered for a table whose console was
used must agree with it; :func:`check_against_console` names the first difference. The referee may
still override the console with a reason (the service audits it), for a console that was not
followed to the end or a mis-tap found after the game.

Decisions where the seed is silent:
- A game still in its final rolls (game time announced over, not ended) has no result yet.
- An exclusion, an expulsion or a withdrawal is a referee's decision, so it is on the console: a
  result cannot add one the console lacks, nor drop one it has. An excluded player counts as
  eliminated first (RSK-OUT-1), so they are never entered as eliminated in some later order.
- A withdrawn player (RSK-OUT-2) may be recorded as eliminated when their neutral territories were
  all conquered after the withdrawal.
- The players the console eliminated are eliminated in the result, in the console's order; when
  the console's game ended, nobody it left in the game is eliminated in the result.
- A RisiKo! declared on the console is the declarer's 100; a result with a RisiKo! the console does
  not record (its game ended otherwise) is refused.
"""

from __future__ import annotations

from torneo.core.errors import Refusal
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Term
from torneo.risiko.rules.results import ResultRules, SeatStatus, TableResult
from torneo.risiko.rules.roll import EndReason, RollState, Seat

_ACCEPTED = N_("the table's console, or an override of the console with a reason")

# What a result may say for each seat state of the console.
_AGREES: dict[Seat, frozenset[SeatStatus]] = {
    Seat.EXCLUDED: frozenset({SeatStatus.EXCLUDED}),
    Seat.EXPELLED: frozenset({SeatStatus.EXPELLED}),
    Seat.WITHDRAWN: frozenset({SeatStatus.WITHDRAWN, SeatStatus.ELIMINATED}),
    Seat.ELIMINATED: frozenset({SeatStatus.ELIMINATED}),
    Seat.ACTIVE: frozenset({SeatStatus.SURVIVED, SeatStatus.ELIMINATED}),
}


def _differs(player: PlayerId, console: object, result: object, table: int) -> Refusal:
    return Refusal(
        "seats",
        N_(
            "player %(player)s: the console of table %(table)s records %(console)s, the result "
            "says %(result)s"
        ),
        _ACCEPTED,
        "RSK-OUT-1",
        params={"player": player, "table": table, "console": console, "result": result},
    )


def _check_seats(result: TableResult, state: RollState) -> Refusal | None:
    ended = state.ended is not None
    for player, seat in zip(state.order, state.seats, strict=True):
        status = result.seat(player).status
        allowed = _AGREES[seat]
        if ended and seat is Seat.ACTIVE:
            allowed = frozenset({SeatStatus.SURVIVED})
        if status not in allowed:
            return _differs(player, Term(seat.value), Term(status.value), result.table)
    return None


def _check_order(result: TableResult, state: RollState) -> Refusal | None:
    """The console's eliminations keep their order; a player the console left active and the
    result eliminates was eliminated after the console's last elimination."""
    recorded = list(state.eliminated)
    orders = {s.player: s.eliminated or 0 for s in result.seats if s.eliminated is not None}
    typed = [orders.get(p, 0) for p in recorded]
    last = max(typed, default=0)
    later = [
        orders[p]
        for p, seat in zip(state.order, state.seats, strict=True)
        if seat is Seat.ACTIVE and p in orders
    ]
    if typed == sorted(typed) and all(o > last for o in later):
        return None
    return Refusal(
        "eliminated",
        N_(
            "the elimination order at table %(table)s differs from the console, which records "
            "%(order)s"
        ),
        _ACCEPTED,
        "RSK-PTS-1",
        params={
            "table": result.table,
            "order": ", ".join(f"{i}. {p}" for i, p in enumerate(recorded, start=1)),
        },
    )


def _check_end(result: TableResult, state: RollState, rules: ResultRules) -> Refusal | None:
    params: dict[str, object] = {"table": result.table}
    if state.ended is None and state.final_round is not None:
        return Refusal(
            "table",
            N_(
                "the console of table %(table)s is still in its final rolls (%(phase)s): the "
                "game has not ended"
            ),
            N_("the result once the console's game has ended"),
            "RSK-ROLL-3",
            {**params, "phase": Term(state.phase.value)},
        )
    risiko = [s.player for s in result.seats if s.table_points == rules.risiko_points]
    if state.ended is EndReason.RISIKO:
        declarer = state.to_play
        if risiko != [declarer]:
            return Refusal(
                "table_points",
                N_(
                    "the console of table %(table)s records RisiKo! declared by player "
                    "%(player)s: their table points are %(risiko)s"
                ),
                _ACCEPTED,
                "RSK-PTS-1",
                {**params, "player": declarer, "risiko": rules.risiko_points},
            )
    elif state.ended is not None and risiko:
        return Refusal(
            "table_points",
            N_(
                "player %(player)s has %(risiko)s (RisiKo!) but the console of table %(table)s "
                "records the game ended by %(reason)s"
            ),
            _ACCEPTED,
            "RSK-PTS-1",
            {
                **params,
                "player": risiko[0],
                "risiko": rules.risiko_points,
                "reason": Term(state.ended.value),
            },
        )
    return None


def check_against_console(
    result: TableResult, state: RollState, rules: ResultRules | None = None
) -> Refusal | None:
    """The first difference between a table's result and its console, or None if they agree."""
    if set(result.players) != set(state.order):
        return Refusal(
            "seats",
            N_("the result of table %(table)s does not have the console's players"),
            _ACCEPTED,
            "RSK-TBL-1",
            params={"table": result.table},
        )
    return (
        _check_end(result, state, rules or ResultRules())
        or _check_seats(result, state)
        or _check_order(result, state)
    )


__all__ = ["check_against_console"]
