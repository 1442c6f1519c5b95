"""The director's next action on a poker tournament, from its state alone (issue 15).

Entries first, then the seat draw (PKR-TBL-1), then the clock; while the clock runs the
floor's work is the director's page (busts, moves, the break); a finished tournament shows its
payouts.

>>> next_step(DeskState(status="registration", entries=0)).value
'register'
>>> next_step(DeskState(status="registration", entries=9, seated=True)).value
'start_clock'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Step(StrEnum):
    REGISTER = "register"  # take the entries
    DRAW_SEATS = "draw_seats"  # draw the seats of the entries
    START_CLOCK = "start_clock"  # shuffle up and deal
    RESUME_CLOCK = "resume_clock"  # the clock is paused
    RUN = "run"  # the floor: busts, moves, rebuys, breaks
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class DeskState:
    status: str  # registration | running | finished
    entries: int = 0  # players in (paid) or booked
    seated: bool = False
    clock_started: bool = False
    clock_running: bool = False


def next_step(state: DeskState) -> Step:
    if state.status == "finished":
        return Step.FINISHED
    if not state.entries:
        return Step.REGISTER
    if not state.seated:
        return Step.DRAW_SEATS
    if not state.clock_started:
        return Step.START_CLOCK
    if not state.clock_running:
        return Step.RESUME_CLOCK
    return Step.RUN
