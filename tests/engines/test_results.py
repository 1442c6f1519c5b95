"""INV-STRUCT-3 best-of-three game scores and INV-ID-1 intentional draws."""

import pytest

from torneo.core.errors import TorneoError
from torneo.engines.results import (
    GameScore,
    Outcome,
    ResultKind,
    check_game_score,
    parse_game_score,
)


@pytest.mark.parametrize(
    ("text", "outcome"),
    [
        ("2-0", Outcome.WIN_A),
        ("2-1", Outcome.WIN_A),
        ("1-2", Outcome.WIN_B),
        ("1-0", Outcome.WIN_A),
        ("1-1", Outcome.DRAW),
        ("1-1-1", Outcome.DRAW),
        ("0-0-3", Outcome.DRAW),
    ],
)
def test_INV_STRUCT_3_valid_best_of_three_scores(text: str, outcome: Outcome) -> None:
    assert parse_game_score(text, 3).outcome is outcome


@pytest.mark.parametrize("text", ["3-0", "2-2", "0-3", "2-1-1", "1-1-2", "x", "2", "-1-0", "2:0"])
def test_INV_STRUCT_3_impossible_scores_name_the_field(text: str) -> None:
    with pytest.raises(TorneoError) as err:
        parse_game_score(text, 3)
    assert err.value.field == "result"
    assert err.value.accepted
    assert "2-0" in err.value.accepted


def test_INV_ID_1_intentional_draw_is_0_0_3() -> None:
    score = parse_game_score("ID", 3)
    assert (score.wins_a, score.wins_b, score.draws, score.kind) == (
        0,
        0,
        3,
        ResultKind.INTENTIONAL_DRAW,
    )
    assert parse_game_score("0-0-3", 3).kind is ResultKind.INTENTIONAL_DRAW
    assert check_game_score(GameScore(1, 0, 2, ResultKind.INTENTIONAL_DRAW), 3) is not None


def test_swapped_mirrors_the_score() -> None:
    assert GameScore(2, 1).swapped() == GameScore(1, 2)
