"""The organizer's next action on a card event, from its state alone (issue 15, the desk).

The desk shows one primary button: the one thing the evening waits for. The order of the checks
is the order a club night runs: players first, then the start, the draft or the sealed pools
of a limited event (BER-FMT-2/3) before round 1, then each round's results (a
disputed report before the rest: two players stand at the judges' table), then the next pairing,
the Top X and the closing. The checks of each button stay with the rules that own them
(:mod:`torneo.cards.rules.tournament`, the lifecycle): this function only reads their answers.

>>> state = DeskState(status="registration", players=3, min_players=4, can_start=False)
>>> next_step(state).kind.value
'register'
>>> next_step(DeskState(status="running", round_no=2, reported=5, tables=5, can_pair=True)).kind.value
'pair'
>>> next_step(DeskState(status="running", can_pair=True, pools="draft")).kind.value
'pools'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Step(StrEnum):
    REGISTER = "register"  # too few players to start
    START = "start"  # the registration can close: start the event
    POOLS = "pools"  # BER-FMT-2/3: the draft (or the sealed pools) comes before round 1
    RESOLVE = "resolve"  # players' reports disagree: a judge decides
    RESULTS = "results"  # the round is being played: enter (or wait for) its results
    PAIR = "pair"  # the round is complete: pair the next one (Swiss or Top X)
    START_TOP = "start_top"  # the Swiss rounds are over: the Top X begins
    CLOSE = "close"  # the last match is in: close the event
    FINISHED = "finished"  # nothing left: the final standings are public
    VOID = "void"  # declared void: nothing left to do
    WAIT = "wait"  # running, but no button applies (e.g. a Top X round still to report)


@dataclass(frozen=True, slots=True)
class DeskState:
    """What the next action depends on; the ``can_*`` flags are the rules' own answers."""

    status: str  # draft | registration | running | finished | void
    players: int = 0
    min_players: int = 0
    can_start: bool = False
    round_no: int = 0  # the current round (0: none paired yet)
    reported: int = 0  # tables of the current round with a result (byes count)
    tables: int = 0
    disputed: int = 0  # self-reports waiting for a judge's decision
    can_pair: bool = False  # the next Swiss round, or the next Top X round once it started
    can_start_top: bool = False
    can_close: bool = False
    is_top_running: bool = False
    pools: str = ""  # "draft" / "sealed" while a limited event's pools are still to be made


@dataclass(frozen=True, slots=True)
class NextStep:
    kind: Step
    round_no: int = 0  # the round the step is about (the one to pair, or the one being played)
    missing: int = 0  # results still missing in the current round
    pools: str = ""  # Step.POOLS: "draft" or "sealed"


def _before_running(state: DeskState) -> NextStep | None:
    """The step of an event that is not running (void, finished, still taking entries)."""
    if state.status == "void":
        return NextStep(Step.VOID)
    if state.status == "finished":
        return NextStep(Step.FINISHED)
    if state.status in ("draft", "registration"):
        if state.can_start and state.players >= state.min_players:
            return NextStep(Step.START)
        return NextStep(Step.REGISTER)
    return None


def next_step(state: DeskState) -> NextStep:
    """The one next action of the desk (module doc for the order)."""
    before = _before_running(state)
    if before is not None:
        return before
    missing = max(0, state.tables - state.reported)
    if state.disputed:
        return NextStep(Step.RESOLVE, state.round_no, missing)
    if state.round_no and missing:
        return NextStep(Step.RESULTS, state.round_no, missing)
    if state.pools and not state.round_no:
        return NextStep(Step.POOLS, 1, pools=state.pools)
    if state.can_close:
        return NextStep(Step.CLOSE, state.round_no)
    if state.can_start_top:
        return NextStep(Step.START_TOP, state.round_no + 1)
    if state.can_pair:
        return NextStep(Step.PAIR, state.round_no + 1)
    return NextStep(Step.WAIT, state.round_no, missing)
