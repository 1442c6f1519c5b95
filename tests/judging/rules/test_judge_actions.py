"""BER-JUDGE-1: award a win, order the last matches replayed, every act recorded."""

import pytest

from tests.support.judging import FLOOR, OUTSIDER, T0, record
from torneo.core.errors import Forbidden, TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.records import MatchRecord
from torneo.engines.results import GameScore, ResultKind
from torneo.judging.rules import (
    MatchAwarded,
    MatchRef,
    ResultsVoided,
    RulingKind,
    award_win,
    can_award_win,
    can_order_replay,
    order_replay,
    record_of,
)

P = [PlayerId(i) for i in range(9)]
BER = "berserk-online"


def _matches() -> list[MatchRecord]:
    return [
        MatchRecord(1, 1, P[1], P[2], GameScore(1, 0)),
        MatchRecord(1, 2, P[3], P[4], GameScore(0, 1)),
        MatchRecord(1, 3, P[5], None, None),  # bye
        MatchRecord(2, 1, P[1], P[3], GameScore(1, 0)),
        MatchRecord(2, 2, P[2], P[5], GameScore(0, 1)),
        MatchRecord(2, 3, P[4], None, None),  # bye
        MatchRecord(3, 1, P[1], P[5], None),  # not reported yet
    ]


def test_BER_JUDGE_1_the_judge_awards_a_win() -> None:
    """BER-JUDGE-1: the match goes to the winner as an auto-win (1-0 in best of one)."""
    match = MatchRecord(2, 2, P[2], P[5], GameScore(0, 1))
    ruling = award_win(
        record(BER),
        judge=FLOOR,
        match=match,
        winner=P[2],
        at=T0,
        reason="l'avversario ha sfruttato un bug del client",
        best_of=1,
    )
    assert ruling.kind is RulingKind.AWARD_WIN
    assert (ruling.judge, ruling.at, ruling.rule) == (FLOOR, T0, "BER-JUDGE-1")
    (awarded,) = ruling.consequences
    assert awarded == MatchAwarded(
        MatchRef(2, 2), P[2], P[5], GameScore(1, 0, 0, ResultKind.AUTO_WIN)
    )
    assert ruling.concerns(P[5])
    b_wins = award_win(
        record(BER), judge=FLOOR, match=match, winner=P[5], at=T0, reason="r", best_of=3
    )
    (b_awarded,) = b_wins.consequences
    assert isinstance(b_awarded, MatchAwarded)
    assert b_awarded.score == GameScore(0, 2, 0, ResultKind.AUTO_WIN)


def test_BER_JUDGE_1_award_win_refusals() -> None:
    """BER-JUDGE-1: only where the preset allows it, by a judge, to a player of the match."""
    match = MatchRecord(2, 2, P[2], P[5], None)
    refusal = can_award_win(record(), judge=FLOOR, match=match, winner=P[2], reason="r")
    assert refusal is not None
    assert refusal.rule == "BER-JUDGE-1"
    assert can_award_win(record(BER), judge=FLOOR, match=match, winner=P[3], reason="r") is not None
    bye = MatchRecord(1, 3, P[5], None, None)
    assert can_award_win(record(BER), judge=FLOOR, match=bye, winner=P[5], reason="r") is not None
    with pytest.raises(Forbidden):
        award_win(
            record(BER), judge=OUTSIDER, match=match, winner=P[2], at=T0, reason="r", best_of=1
        )


def test_BER_JUDGE_1_replay_the_last_matches_of_a_player() -> None:
    """BER-JUDGE-1: the last 2 reported matches of player 1 become void, byes never count."""
    ruling = order_replay(
        record(BER),
        judge=FLOOR,
        matches=_matches(),
        last=2,
        at=T0,
        reason="disconnessione del server",
        player=P[1],
    )
    assert ruling.kind is RulingKind.REPLAY
    (voided,) = ruling.consequences
    assert voided == ResultsVoided((MatchRef(1, 1), MatchRef(2, 1)), frozenset({P[1], P[2], P[3]}))
    assert ruling in record_of(P[3], [ruling])  # the opponents see it on their record too
    assert ruling not in record_of(P[4], [ruling])


def test_BER_JUDGE_1_replay_the_last_matches_of_the_event() -> None:
    """BER-JUDGE-1: without a player, the latest reported matches of the event."""
    ruling = order_replay(
        record(BER), judge=FLOOR, matches=_matches(), last=3, at=T0, reason="crash"
    )
    (voided,) = ruling.consequences
    assert isinstance(voided, ResultsVoided)
    assert voided.matches == (MatchRef(1, 2), MatchRef(2, 1), MatchRef(2, 2))
    assert ruling.round_no == 2


@pytest.mark.parametrize("last", [0, -1, 5])
def test_BER_JUDGE_1_replay_more_matches_than_played_is_refused(last: int) -> None:
    """BER-JUDGE-1: 1..N reported matches; N is said in the refusal."""
    refusal = can_order_replay(
        record(BER), judge=FLOOR, matches=_matches(), last=last, reason="r", player=P[1]
    )
    assert refusal is not None
    assert str(refusal.accepted_message) == "1..2"
    with pytest.raises(TorneoError):
        order_replay(
            record(BER), judge=FLOOR, matches=_matches(), last=last, at=T0, reason="r", player=P[1]
        )


def test_BER_JUDGE_1_replay_refusals() -> None:
    """BER-JUDGE-1: a power of Berserk judges only, for entrants of the event."""
    assert (
        can_order_replay(record(), judge=FLOOR, matches=_matches(), last=1, reason="r") is not None
    )
    assert (
        can_order_replay(
            record(BER), judge=FLOOR, matches=_matches(), last=1, reason="r", player=PlayerId(50)
        )
        is not None
    )
    with pytest.raises(Forbidden):
        order_replay(record(BER), judge=OUTSIDER, matches=_matches(), last=1, at=T0, reason="r")
