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


@pytest.mark.parametrize("text", ["²-1", "1-٣", "1 - 0 resa resa", "0-0-1 concession"])
def test_BER_RES_1_odd_results_are_refused_naming_the_field(text: str) -> None:
    """BER-RES-1: digits other than 0-9, an unknown word, a drawn concession: a clear refusal."""
    with pytest.raises(TorneoError) as err:
        parse_game_score(text, 1)
    assert err.value.field == "result"


@pytest.mark.parametrize(
    ("text", "kind", "written"),
    [
        ("1-0", "played", "1-0"),
        ("0-0-1", "played_draw", "0-0-1"),
        ("ID", "intentional_draw", "ID"),
        ("1-0 concession", "concession", "1-0 concession"),
        ("0-1 resa", "concession", "0-1 concession"),
        ("0-1 auto", "auto_win", "0-1 auto"),
    ],
)
def test_BER_RES_1_each_kind_of_result_is_recorded_as_such(
    text: str, kind: str, written: str
) -> None:
    """BER-RES-1: win, played draw, draw by agreement, concession, auto-win: each its own kind."""
    score = parse_game_score(text, 1)
    assert score.kind.value == kind
    assert score.written() == written
    assert parse_game_score(written, 1) == score
