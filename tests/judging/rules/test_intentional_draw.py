"""INV-ID-1: an intentional draw is declared at the round's start; late → both disqualified."""

from datetime import timedelta

import pytest

from tests.support.judging import FLOOR, OUTSIDER, T0, at, record, rules
from torneo.core.errors import Conflict, Forbidden, TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.records import Stage
from torneo.engines.results import GameScore, Outcome, ResultKind
from torneo.judging.rules import (
    Disqualified,
    RulingKind,
    can_declare_intentional_draw,
    declare_intentional_draw,
    disqualify_for_late_intentional_draw,
    double_loss,
    intentional_draw_window,
    is_disqualified,
    issue_penalty,
)

P1, P2 = PlayerId(1), PlayerId(2)
GRACE = intentional_draw_window(rules("invasion-it-2012"))


def test_INV_ID_1_declared_at_the_start_is_one_point_each() -> None:
    """INV-ID-1: declared with the judges' start, the match is a 0-0-3 draw."""
    assert timedelta(minutes=2) == GRACE
    score = declare_intentional_draw(T0, at(1), GRACE, 3)
    assert score == GameScore.intentional_draw(3)
    assert score.outcome is Outcome.DRAW
    assert can_declare_intentional_draw(None, T0, GRACE) is None  # seated, before the start
    assert can_declare_intentional_draw(T0, at(2), GRACE) is None  # the window's last moment


def test_INV_ID_1_a_late_declaration_is_refused() -> None:
    """INV-ID-1: any delay is refused, saying both would be disqualified."""
    refusal = can_declare_intentional_draw(T0, at(2) + timedelta(seconds=1), GRACE)
    assert refusal is not None
    assert refusal.rule == "INV-ID-1"
    assert "disqualifies both" in refusal.text
    with pytest.raises(Conflict):
        declare_intentional_draw(T0, at(10), GRACE, 3)


def test_INV_ID_1_the_judge_disqualifies_both_for_a_late_declaration() -> None:
    """INV-ID-1: declared late → both players disqualified; the match is a double loss."""
    rulings = disqualify_for_late_intentional_draw(
        record(),
        judge=FLOOR,
        players=(P1, P2),
        at=at(12),
        round_no=3,
        reason="patta dichiarata al 12° minuto",
    )
    assert [(r.player, r.kind, r.rule) for r in rulings] == [
        (P1, RulingKind.DISQUALIFICATION, "INV-ID-1"),
        (P2, RulingKind.DISQUALIFICATION, "INV-ID-1"),
    ]
    assert [r.seq for r in rulings] == [1, 2]
    assert rulings[0].consequences == (Disqualified(P1, 3, "patta dichiarata al 12° minuto"),)
    assert all(is_disqualified(p, rulings) for p in (P1, P2))
    assert double_loss().kind is ResultKind.DOUBLE_LOSS


def test_INV_ID_1_nothing_is_issued_when_one_of_the_two_cannot_be_disqualified() -> None:
    """INV-ID-1: both or neither: an already disqualified player stops the whole act."""
    rec = record()
    rec = rec.with_rulings(
        issue_penalty(
            rec,
            judge=FLOOR,
            player=P2,
            infraction="flagrant_cheating",
            at=T0,
            reason="r",
            round_no=3,
        )
    )
    with pytest.raises(Conflict):
        disqualify_for_late_intentional_draw(
            rec, judge=FLOOR, players=(P1, P2), at=at(12), round_no=3, reason="tardi"
        )
    with pytest.raises(Forbidden):
        disqualify_for_late_intentional_draw(
            record(), judge=OUTSIDER, players=(P1, P2), at=at(12), round_no=3, reason="tardi"
        )
    with pytest.raises(TorneoError):
        disqualify_for_late_intentional_draw(
            record(), judge=FLOOR, players=(P1, P1), at=at(12), round_no=3, reason="tardi"
        )


def test_INV_ID_1_no_draw_in_a_top_x_match() -> None:
    """INV-ID-1 with INV-STRUCT-3: single elimination has no draws."""
    assert can_declare_intentional_draw(T0, T0, GRACE, Stage.TOP) is not None


def test_BER_RES_1_berserk_draws_by_agreement_at_any_time() -> None:
    """BER-RES-1: no window in the Berserk preset: a draw by agreement is accepted any time."""
    grace = intentional_draw_window(rules("berserk-online"))
    assert grace is None
    assert can_declare_intentional_draw(T0, at(300), grace) is None
