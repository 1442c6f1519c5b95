"""The organizer's next action on a RisiKo! tournament, from its state alone (issue 15).

Players first, then each round: draw the tables, get every table's result (from the referees'
consoles or the organizer's form), draw the next round of the structure; at the end the title
roll on a tie (RSK-TIE-1) and the closing. Closing is possible after any complete round, but
the next action is the next draw while the structure has one. The draw's own check (``next_draw``) decides whether a draw is
possible: this function only reads its answer.

>>> next_step(DeskState(status="registration", players=3, min_players=8)).kind.value
'register'
>>> next_step(DeskState(status="running", round_no=1, reported=2, tables=3)).missing
1
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Step(StrEnum):
    REGISTER = "register"
    DRAW = "draw"  # draw the tables of the next round
    RESULTS = "results"  # tables still without a result
    TITLE_ROLL = "title_roll"  # RSK-TIE-1: the title is tied, the roll decides
    CLOSE = "close"
    FINISHED = "finished"
    WAIT = "wait"


@dataclass(frozen=True, slots=True)
class DeskState:
    status: str  # registration | running | finished
    players: int = 0
    min_players: int = 0
    round_no: int = 0  # the last round drawn (0: none yet)
    reported: int = 0
    tables: int = 0
    can_draw: bool = False
    title_tied: bool = False
    can_close: bool = False


@dataclass(frozen=True, slots=True)
class NextStep:
    kind: Step
    round_no: int = 0
    missing: int = 0


def next_step(state: DeskState) -> NextStep:
    if state.status == "finished":
        return NextStep(Step.FINISHED)
    missing = max(0, state.tables - state.reported)
    if state.round_no and missing:
        return NextStep(Step.RESULTS, state.round_no, missing)
    if state.title_tied:
        return NextStep(Step.TITLE_ROLL, state.round_no)
    if state.can_draw and state.players >= state.min_players:
        return NextStep(Step.DRAW, state.round_no + 1)
    if state.can_close:  # the structure is played (an organizer may also close earlier)
        return NextStep(Step.CLOSE, state.round_no)
    if not state.round_no:
        return NextStep(Step.REGISTER)
    return NextStep(Step.WAIT, state.round_no)
