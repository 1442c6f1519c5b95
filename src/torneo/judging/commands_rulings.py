"""Penalties and judge acts (INV-PEN-1/2, INV-JUDGE-1, BER-JUDGE-1), one transaction each.

Decisions where the regulations are silent:
- the round a ruling is given in is the event's current round (round 1 before the first
  pairing: a game loss given then lands on the player's first match);
- the page may give the infraction's label as the reason when the judge types none (the
  two-tap flow); the service itself always requires a reason (the domain refuses an empty one);
- overruling a warning that triggered the INV-PEN-1 disqualification also overrules that
  disqualification (it no longer has a cause).
"""

from __future__ import annotations

from collections.abc import Sequence

from torneo.core.errors import NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.records import MatchRecord
from torneo.judging.commands import (
    Issued,
    acting_judge,
    clean_reason,
    current_round,
    issued_of,
    judging_unit,
    open_for_rulings,
)
from torneo.judging.commands_apply import record_rulings
from torneo.judging.rules import (
    RulingKind,
    award_win,
    issue_penalty,
    matches_played_by,
    order_replay,
    overrule,
    standing_rulings,
)
from torneo.judging.state import JudgingContext
from torneo.platform.store.uow import Actor, Store
from torneo.presets.judging import PenaltyKind


def issue(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    player_id: int,
    infraction: str,
    reason: str,
    penalties: Sequence[str] | None = None,
    version: int | None = None,
) -> list[Issued]:
    """Give the infraction's penalty (INV-PEN-1/2) with everything that follows from it.

    Returns the rulings stored, the INV-PEN-1 escalation included (a third warning comes back
    as a warning followed by a disqualification pointing at it).
    """
    kinds = _penalty_kinds(penalties)
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        judge = acting_judge(ctx, actor)
        open_for_rulings(ctx)
        round_no = current_round(ctx)
        rule = ctx.rules.infractions.get(infraction)
        games = 0
        if rule is not None and rule.game_losses == "each_game_played":
            games = matches_played_by(ctx.tournament().matches, PlayerId(player_id), round_no)
        rulings = issue_penalty(
            ctx.record(),
            judge=judge,
            player=PlayerId(player_id),
            infraction=infraction,
            at=uow.now,
            reason=clean_reason(reason),
            round_no=round_no,
            games_played=games,
            penalties=kinds,
        )
        record_rulings(ctx, uow, rulings)
        return issued_of(rulings)


def _penalty_kinds(penalties: Sequence[str] | None) -> list[PenaltyKind] | None:
    if penalties is None:
        return None
    accepted = ", ".join(p.value for p in PenaltyKind)
    kinds = []
    for value in penalties:
        try:
            kinds.append(PenaltyKind(value.strip()))
        except ValueError as exc:
            raise TorneoError(
                "penalties", N_("unknown penalty '%(value)s'"), accepted, params={"value": value}
            ) from exc
    return kinds or None


def overrule_ruling(
    store: Store,
    actor: Actor,
    event_id: int,
    seq: int,
    *,
    reason: str,
    version: int | None = None,
) -> list[Issued]:
    """INV-JUDGE-1: the head judge overrules ruling ``seq``; its consequences are undone."""
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        judge = acting_judge(ctx, actor)
        open_for_rulings(ctx)
        record = ctx.record()
        first = overrule(record, judge=judge, seq=seq, at=uow.now, reason=clean_reason(reason))
        rulings = [first]
        record = record.with_rulings(rulings)
        for follower in standing_rulings(record.rulings):
            if follower.escalated_from == seq and follower.kind is RulingKind.DISQUALIFICATION:
                follow = overrule(
                    record,
                    judge=judge,
                    seq=follower.seq,
                    at=uow.now,
                    reason=f"ruling {seq} overruled: {first.reason}",
                )
                rulings.append(follow)
                record = record.with_rulings([follow])
        record_rulings(ctx, uow, rulings)
        return issued_of(rulings)


def award_match(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    round_no: int,
    table: int,
    winner_id: int,
    reason: str,
    version: int | None = None,
) -> list[Issued]:
    """BER-JUDGE-1: the judge gives the match to ``winner_id``; the standings follow."""
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        judge = acting_judge(ctx, actor)
        open_for_rulings(ctx)
        match = find_match(ctx, round_no, table)
        ruling = award_win(
            ctx.record(),
            judge=judge,
            match=match,
            winner=PlayerId(winner_id),
            at=uow.now,
            reason=clean_reason(reason),
            best_of=ctx.ruleset.match.best_of,
        )
        record_rulings(ctx, uow, [ruling])
        return issued_of([ruling])


def order_matches_replayed(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    last: int,
    reason: str,
    player_id: int | None = None,
    version: int | None = None,
) -> list[Issued]:
    """BER-JUDGE-1: void the last ``last`` results (of one player, if given); they are replayed."""
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        judge = acting_judge(ctx, actor)
        open_for_rulings(ctx)
        ruling = order_replay(
            ctx.record(),
            judge=judge,
            matches=ctx.tournament().matches,
            last=last,
            at=uow.now,
            reason=clean_reason(reason),
            player=PlayerId(player_id) if player_id is not None else None,
        )
        record_rulings(ctx, uow, [ruling])
        return issued_of([ruling])


def find_match(ctx: JudgingContext, round_no: int, table: int) -> MatchRecord:
    match = next(
        (m for m in ctx.tournament().matches if m.round_no == round_no and m.table == table),
        None,
    )
    if match is None:
        raise NotFound(
            "table",
            N_("round %(round)s has no table %(table)s"),
            N_("a table of the round"),
            params={"round": round_no, "table": table},
        )
    return match
