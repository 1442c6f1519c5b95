"""The desk's next action on a RisiKo! tournament (issue 15)."""

from __future__ import annotations

import pytest

from torneo.risiko.rules.desk import DeskState, NextStep, Step, next_step

CASES = [
    (
        "no players",
        DeskState("registration", players=0, min_players=3, can_draw=True),
        NextStep(Step.REGISTER),
    ),
    (
        "players: draw",
        DeskState("registration", players=12, min_players=3, can_draw=True),
        NextStep(Step.DRAW, 1),
    ),
    (
        "tables playing",
        DeskState("running", players=12, round_no=1, reported=1, tables=3),
        NextStep(Step.RESULTS, 1, 2),
    ),
    (
        "round in: draw the next",
        DeskState(
            "running", players=12, min_players=3, round_no=1, reported=3, tables=3, can_draw=True
        ),
        NextStep(Step.DRAW, 2),
    ),
    (
        "title tied",
        DeskState("running", round_no=4, reported=1, tables=1, title_tied=True),
        NextStep(Step.TITLE_ROLL, 4),
    ),
    (
        "close",
        DeskState("running", round_no=4, reported=1, tables=1, can_close=True),
        NextStep(Step.CLOSE, 4),
    ),
    (
        "a complete round may close, but the structure has a next draw",
        DeskState(
            "running",
            players=12,
            min_players=3,
            round_no=1,
            reported=3,
            tables=3,
            can_draw=True,
            can_close=True,
        ),
        NextStep(Step.DRAW, 2),
    ),
    ("finished", DeskState("finished", round_no=4), NextStep(Step.FINISHED)),
    ("waiting", DeskState("running", round_no=2, reported=3, tables=3), NextStep(Step.WAIT, 2)),
]


@pytest.mark.parametrize(("name", "state", "expected"), CASES, ids=[c[0] for c in CASES])
def test_next_step(name: str, state: DeskState, expected: NextStep) -> None:
    assert next_step(state) == expected
