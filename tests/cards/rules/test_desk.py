"""The desk's next action on a card event (issue 15): one case per state of a club night."""

from __future__ import annotations

import pytest

from torneo.cards.rules.desk import DeskState, NextStep, Step, next_step

CASES = [
    (
        "too few players",
        DeskState("registration", players=3, min_players=4),
        NextStep(Step.REGISTER),
    ),
    (
        "draft, enough players but no start yet",
        DeskState("draft", players=8, min_players=4, can_start=True),
        NextStep(Step.START),
    ),
    (
        "start refused by the rules",
        DeskState("registration", players=8, min_players=4),
        NextStep(Step.REGISTER),
    ),
    (
        "round being played",
        DeskState("running", round_no=2, reported=3, tables=5, can_pair=False),
        NextStep(Step.RESULTS, 2, 2),
    ),
    (
        "a disputed report comes before the missing results",
        DeskState("running", round_no=2, reported=3, tables=5, disputed=1),
        NextStep(Step.RESOLVE, 2, 2),
    ),
    (
        "round complete: pair the next",
        DeskState("running", round_no=2, reported=5, tables=5, can_pair=True),
        NextStep(Step.PAIR, 3),
    ),
    (
        "Swiss over: the Top X",
        DeskState("running", round_no=5, reported=13, tables=13, can_start_top=True),
        NextStep(Step.START_TOP, 6),
    ),
    (
        "final played: close",
        DeskState("running", round_no=8, reported=1, tables=1, can_close=True, is_top_running=True),
        NextStep(Step.CLOSE, 8),
    ),
    (
        "close comes before a pair the rules would still allow",
        DeskState("running", round_no=5, reported=8, tables=8, can_pair=True, can_close=True),
        NextStep(Step.CLOSE, 5),
    ),
    (
        "nothing applies",
        DeskState("running", round_no=3, reported=8, tables=8),
        NextStep(Step.WAIT, 3, 0),
    ),
    ("finished", DeskState("finished", round_no=5), NextStep(Step.FINISHED)),
    ("void", DeskState("void", round_no=2, reported=1, tables=5), NextStep(Step.VOID)),
]


@pytest.mark.parametrize(("name", "state", "expected"), CASES, ids=[c[0] for c in CASES])
def test_next_step(name: str, state: DeskState, expected: NextStep) -> None:
    assert next_step(state) == expected
