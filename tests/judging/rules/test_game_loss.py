"""INV-PEN-2: a game loss turns a game of the match into a loss; INV-DECK-3 forfeits."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.records import MatchRecord
from torneo.engines.results import (
    GameScore,
    Outcome,
    ResultKind,
    check_game_score,
    parse_game_score,
)
from torneo.judging.rules import (
    Side,
    apply_game_loss,
    apply_match_loss,
    can_apply_game_loss,
    compose_reported,
    forfeit_played_games,
    matches_played_by,
    side_of,
)

P1, P2, P3 = PlayerId(1), PlayerId(2), PlayerId(3)


def test_INV_PEN_2_a_game_loss_on_an_unplayed_match_is_its_first_game() -> None:
    """INV-PEN-2: not yet played → the GL is game one, won by the opponent."""
    assert apply_game_loss(None, Side.A) == GameScore(0, 1)
    assert apply_game_loss(GameScore(0, 0), Side.B) == GameScore(1, 0)


def test_INV_PEN_2_two_game_losses_decide_the_match_and_a_third_is_refused() -> None:
    """INV-PEN-2: 0-2 is a lost match; nothing more can be taken from it."""
    twice = apply_game_loss(apply_game_loss(None, Side.A), Side.A)
    assert twice == GameScore(0, 2)
    assert twice.outcome is Outcome.WIN_B
    refusal = can_apply_game_loss(twice, 3)
    assert refusal is not None
    assert refusal.rule == "INV-PEN-2"
    assert refusal.accepted == "apply the game loss to the player's next match"
    with pytest.raises(Conflict):
        apply_game_loss(twice, Side.A)


@pytest.mark.parametrize("reported", ["2-0", "2-1", "0-2", "1-1-1"])
def test_INV_PEN_2_a_decided_match_is_refused(reported: str) -> None:
    """INV-PEN-2 decision: a match already won or fully played goes to the next match."""
    with pytest.raises(Conflict):
        apply_game_loss(parse_game_score(reported, 3), Side.A)


def test_INV_PEN_2_a_match_ended_at_time_takes_the_game_loss() -> None:
    """INV-PEN-2: 1-0 at time, GL to the winner → 1-1, a draw."""
    assert apply_game_loss(GameScore(1, 0), Side.A) == GameScore(1, 1)


@pytest.mark.parametrize(
    ("played", "total"),
    [
        ("2-0", GameScore(2, 1)),
        ("0-1", GameScore(0, 2)),
        ("1-1", GameScore(1, 2)),
        ("1-0", GameScore(1, 1)),
    ],
)
def test_INV_PEN_2_the_reported_games_are_added_after_the_game_loss(
    played: str, total: GameScore
) -> None:
    """INV-PEN-2: players report the games played at the table; the GL game comes first."""
    penalty = apply_game_loss(None, Side.A)  # 0-1
    assert compose_reported(penalty, parse_game_score(played, 3), 3) == total


@pytest.mark.parametrize("played", ["2-1", "0-2", "1-1-1"])
def test_INV_PEN_2_a_report_impossible_after_the_game_loss_is_refused(played: str) -> None:
    """INV-PEN-2: with a 0-1 from a GL, at most two more games can have been played."""
    with pytest.raises(TorneoError) as err:
        compose_reported(GameScore(0, 1), parse_game_score(played, 3), 3)
    assert err.value.field == "result"
    assert "0-1" in err.value.reason


def test_INV_PEN_2_no_games_can_follow_a_match_lost_by_game_losses() -> None:
    """INV-PEN-2: after 0-2 from GLs the only report is none."""
    with pytest.raises(TorneoError):
        compose_reported(GameScore(0, 2), GameScore(1, 0), 3)
    assert compose_reported(GameScore(0, 2), GameScore(0, 0), 3) == GameScore(0, 2)


def test_INV_PEN_2_no_intentional_draw_on_top_of_a_game_loss() -> None:
    """INV-PEN-2 with INV-ID-1: a match with a GL game cannot become an intentional draw."""
    assert compose_reported(GameScore(0, 0), GameScore.intentional_draw(3), 3).kind is (
        ResultKind.INTENTIONAL_DRAW
    )
    with pytest.raises(TorneoError):
        compose_reported(GameScore(0, 1), GameScore.intentional_draw(3), 3)


@pytest.mark.parametrize(
    ("best_of", "a", "b"),
    [(3, GameScore(0, 2), GameScore(2, 0)), (1, GameScore(0, 1), GameScore(1, 0))],
)
def test_a_match_loss_is_the_full_win_for_the_opponent(
    best_of: int, a: GameScore, b: GameScore
) -> None:
    assert apply_match_loss(Side.A, best_of) == a
    assert apply_match_loss(Side.B, best_of) == b


def test_side_of_a_player() -> None:
    match = MatchRecord(1, 1, P1, P2, None)
    assert side_of(match, P2) is Side.B
    with pytest.raises(TorneoError):
        side_of(match, P3)


def test_INV_DECK_3_one_game_loss_per_match_played() -> None:
    """INV-DECK-3 "un Game Loss per ogni partita giocata" (issue 29 item 8): a partita is the
    best-of-three match, so each earlier match of the player takes one game loss, not every
    game: a 2-0 is 1-1, not 0-2."""
    matches = [
        MatchRecord(1, 1, P1, P2, GameScore(2, 1)),  # won 2-1 → 1-2
        MatchRecord(2, 3, P3, P1, GameScore(0, 1)),  # won 1-0 at time (as B) → 1-0 for P3
        MatchRecord(3, 2, P1, None, None),  # bye: no game
        MatchRecord(4, 1, P1, P2, GameScore.intentional_draw(3)),  # no game played
        MatchRecord(5, 1, P1, P3, GameScore(0, 2)),  # already lost with every game
        MatchRecord(7, 1, P1, P2, GameScore(2, 0)),  # won 2-0 → 1-1
        MatchRecord(8, 1, P2, P1, GameScore(0, 1, 1)),  # won 1-0-1 (as B) → 1-0-1 for P2
        MatchRecord(9, 1, P1, P3, GameScore(1, 2)),  # lost 1-2 → 0-2
        MatchRecord(10, 1, P1, P3, GameScore(0, 1, 1)),  # no game won: the drawn one → 0-2
        MatchRecord(11, 1, P1, P3, None),  # the current round: not touched here
        MatchRecord(1, 2, P2, P3, GameScore(2, 0)),  # not the player's
    ]
    assert matches_played_by(matches, P1, 11) == 7
    changed = forfeit_played_games(matches, P1, 11)
    assert changed == (
        MatchRecord(1, 1, P1, P2, GameScore(1, 2)),
        MatchRecord(2, 3, P3, P1, GameScore(1, 0)),
        MatchRecord(7, 1, P1, P2, GameScore(1, 1)),
        MatchRecord(8, 1, P2, P1, GameScore(1, 0, 1)),
        MatchRecord(9, 1, P1, P3, GameScore(0, 2)),
        MatchRecord(10, 1, P1, P3, GameScore(0, 2)),
    )


@given(
    a=st.integers(0, 2),
    b=st.integers(0, 2),
    d=st.integers(0, 3),
    side=st.sampled_from([Side.A, Side.B]),
)
def test_INV_PEN_2_a_game_loss_always_leaves_a_possible_score(
    a: int, b: int, d: int, side: Side
) -> None:
    """INV-PEN-2 property: when a GL applies, the result is a legal best-of-three score."""
    score = GameScore(a, b, d)
    if check_game_score(score, 3) is not None or can_apply_game_loss(score, 3) is not None:
        return
    after = apply_game_loss(score, side, 3)
    assert check_game_score(after, 3) is None
    assert after.games_played == score.games_played + 1
    mine_before = score.wins_a if side is Side.A else score.wins_b
    mine_after = after.wins_a if side is Side.A else after.wins_b
    assert mine_after == mine_before
