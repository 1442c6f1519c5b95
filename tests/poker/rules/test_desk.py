"""The desk's next action on a poker tournament (issue 15)."""

from __future__ import annotations

import pytest

from torneo.poker.rules.desk import DeskState, Step, next_step

CASES = [
    ("no entries", DeskState("registration"), Step.REGISTER),
    ("entries, no seats", DeskState("registration", entries=9), Step.DRAW_SEATS),
    ("seated", DeskState("registration", entries=9, seated=True), Step.START_CLOCK),
    ("paused", DeskState("running", entries=9, seated=True, clock_started=True), Step.RESUME_CLOCK),
    (
        "running",
        DeskState("running", entries=9, seated=True, clock_started=True, clock_running=True),
        Step.RUN,
    ),
    ("finished", DeskState("finished", entries=9, seated=True, clock_started=True), Step.FINISHED),
]


@pytest.mark.parametrize(("name", "state", "expected"), CASES, ids=[c[0] for c in CASES])
def test_next_step(name: str, state: DeskState, expected: Step) -> None:
    assert next_step(state) is expected
