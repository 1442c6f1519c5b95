"""INV-JUDGE-1: the head judge has the last word; their rulings are final."""

import pytest

from tests.support.judging import FLOOR, HEAD, T0, at, record
from torneo.core.errors import Conflict, Forbidden, NotFound
from torneo.core.ids import PlayerId, UserId
from torneo.judging.rules import (
    JudgingRecord,
    Rescinded,
    RulingKind,
    can_overrule,
    is_disqualified,
    issue_penalty,
    overrule,
    record_of,
    warnings_of,
)

P1 = PlayerId(1)


def _warned(times: int, judge: UserId = FLOOR) -> JudgingRecord:
    rec = record()
    for minute in range(times):
        rec = rec.with_rulings(
            issue_penalty(
                rec,
                judge=judge,
                player=P1,
                infraction="slow_play",
                at=at(minute),
                reason="lento",
                round_no=1,
            )
        )
    return rec


def test_INV_JUDGE_1_the_head_judge_overrules_a_floor_judge() -> None:
    """INV-JUDGE-1: an appeal to the head judge voids the ruling; the record keeps both."""
    rec = record()
    rec = rec.with_rulings(
        issue_penalty(
            rec, judge=FLOOR, player=P1, infraction="slow_play", at=T0, reason="lento", round_no=1
        )
    )
    ruling = overrule(rec, judge=HEAD, seq=1, at=at(5), reason="il giocatore attendeva l'arbitro")
    assert ruling.kind is RulingKind.OVERRULE
    assert ruling.consequences == (Rescinded(1),)
    assert ruling.rule == "INV-JUDGE-1"
    rec = rec.with_rulings([ruling])
    assert warnings_of(P1, rec.rulings) == 0
    assert [r.seq for r in record_of(P1, rec.rulings)] == [1, 2]
    with pytest.raises(Conflict):
        overrule(rec, judge=HEAD, seq=1, at=at(6), reason="di nuovo")


def test_INV_JUDGE_1_an_overruled_warning_leaves_the_count() -> None:
    """INV-JUDGE-1 with INV-PEN-1: after an overrule the next warning is the 2nd, not the 3rd."""
    rec = _warned(2)
    rec = rec.with_rulings([overrule(rec, judge=HEAD, seq=2, at=at(9), reason="errore")])
    third = issue_penalty(
        rec,
        judge=FLOOR,
        player=P1,
        infraction="slow_play",
        at=at(10),
        reason="lento",
        round_no=2,
    )
    assert [r.kind for r in third] == [RulingKind.WARNING]
    assert not is_disqualified(P1, (*rec.rulings, *third))


def test_INV_JUDGE_1_the_head_judges_ruling_is_final() -> None:
    """INV-JUDGE-1: nobody overrules the head judge; only the head judge overrules."""
    rec = _warned(1, judge=HEAD)
    refusal = can_overrule(rec, judge=HEAD, seq=1, reason="ripensamento")
    assert refusal is not None
    assert "final" in refusal.text
    floor = _warned(1)
    with pytest.raises(Forbidden):
        overrule(floor, judge=FLOOR, seq=1, at=T0, reason="r")
    with pytest.raises(NotFound):
        overrule(floor, judge=HEAD, seq=9, at=T0, reason="r")
