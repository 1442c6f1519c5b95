"""INV-JUDGE-1: with several judges the head judge has the last word.

The head judge may overrule a ruling given by another judge (an appeal); the overrule is itself a
ruling, so the record keeps both. A ruling of the head judge is final: nobody overrules it.
An overruled ruling no longer counts (a warning leaves the INV-PEN-1 count); the service reverts
the consequences it had applied (the ``Rescinded`` consequence names the ruling).
"""

from __future__ import annotations

from datetime import datetime

from torneo.core.errors import Conflict, Forbidden, NotFound, Refusal
from torneo.core.ids import UserId
from torneo.core.messages import N_
from torneo.judging.rules.record import Check, JudgingRecord, check_judge_and_player
from torneo.judging.rules.ruling import Rescinded, Ruling, RulingKind, rescinded_seqs


def _check_overrule(record: JudgingRecord, judge: UserId, seq: int, reason: str) -> Check | Ruling:
    shared = check_judge_and_player(record, judge, None, reason)
    if shared:
        return shared
    if not record.roster.is_head_judge(judge):
        return Check(
            Refusal(
                "judge",
                N_("only the head judge overrules a ruling"),
                N_("the head judge"),
                record.rules.judge_rule,
            ),
            Forbidden,
        )
    target = next((r for r in record.rulings if r.seq == seq), None)
    if target is None:
        return Check(
            Refusal(
                "ruling",
                N_("no ruling %(seq)s in this event"),
                N_("a ruling number"),
                params={"seq": seq},
            ),
            NotFound,
        )
    if target.kind is RulingKind.OVERRULE or record.roster.is_head_judge(target.judge):
        return Check(
            Refusal(
                "ruling",
                N_("ruling %(seq)s is the head judge's: it is final"),
                None,
                record.rules.judge_rule,
                params={"seq": seq},
            ),
            Conflict,
        )
    if seq in rescinded_seqs(record.rulings):
        return Check(
            Refusal("ruling", N_("ruling %(seq)s is already overruled"), params={"seq": seq}),
            Conflict,
        )
    return target


def can_overrule(record: JudgingRecord, *, judge: UserId, seq: int, reason: str) -> Refusal | None:
    outcome = _check_overrule(record, judge, seq, reason)
    return outcome.refusal if isinstance(outcome, Check) else None


def overrule(
    record: JudgingRecord, *, judge: UserId, seq: int, at: datetime, reason: str
) -> Ruling:
    outcome = _check_overrule(record, judge, seq, reason)
    if isinstance(outcome, Check):
        raise outcome.raise_error()
    return Ruling(
        seq=record.next_seq,
        event=record.event,
        judge=judge,
        at=at,
        player=outcome.player,
        kind=RulingKind.OVERRULE,
        rule=record.rules.judge_rule,
        reason=reason,
        infraction=outcome.infraction,
        round_no=outcome.round_no,
        consequences=(Rescinded(seq),),
    )
