"""Intentional draws (INV-ID-1): declared to a judge when the round starts, or too late.

"I due giocatori devono decidere subito dopo essersi seduti [...] Qualunque ritardo comporterà
la squalifica di entrambi." The window counts from the judges' "go" (the round clock's first
start, ``commands_clock``); a late declaration disqualifies both players and their match is a
double loss. A round played without the clock starts when it is paired
(:func:`~torneo.judging.state.round_start`), so a late declaration is refused then too.
"""

from __future__ import annotations

from datetime import datetime

from torneo.cards.rules.lifecycle import EventStatus
from torneo.core.errors import Conflict, Refusal, TorneoError
from torneo.core.messages import N_, Term
from torneo.engines.records import Stage
from torneo.judging.commands import (
    Issued,
    acting_judge,
    clean_reason,
    issued_of,
    judging_unit,
    open_for_rulings,
)
from torneo.judging.commands_apply import match_at, record_rulings, touch
from torneo.judging.commands_rulings import find_match
from torneo.judging.results import penalty_games
from torneo.judging.rules import (
    can_declare_intentional_draw,
    declare_intentional_draw,
    disqualify_for_late_intentional_draw,
    double_loss,
    intentional_draw_window,
)
from torneo.judging.state import (
    JudgingContext,
    load_context,
    match_score,
    round_start,
    score_json,
    set_match_score,
)
from torneo.platform.store.uow import Actor, Store


def _round_start(ctx: JudgingContext, round_no: int) -> datetime | None:
    return round_start(ctx.session, ctx.event, round_no)


def intentional_draw(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    round_no: int,
    table: int,
    version: int | None = None,
    declared_at_start: bool = False,
) -> str:
    """INV-ID-1: the players declare the draw to a judge when the round starts.

    The deadline is for announcing it, not for typing it (issue 29 item 6): a judge who enters
    it after the window confirms it was declared at the start (``declared_at_start``), and the
    audit row says so; without the confirmation a late entry is refused as before."""
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        acting_judge(ctx, actor)
        if ctx.event.status != EventStatus.RUNNING.value:
            raise Conflict(
                "status",
                N_("the event is %(status)s"),
                N_("a running event"),
                params={"status": Term(ctx.event.status)},
            )
        record = find_match(ctx, round_no, table)
        row = match_at(ctx, round_no, table)
        assert row is not None
        if record.is_bye:
            raise TorneoError("table", N_("this is a bye: no draw"), N_("a table with two players"))
        if round_no != ctx.tournament().current_round:
            raise Conflict(
                "round",
                N_("round %(round)s is over"),
                N_("the current round"),
                params={"round": round_no},
            )
        if record.score is not None:
            raise Conflict(
                "result",
                N_("table %(table)s already has a result (%(score)s)"),
                N_("a match without a result"),
                params={"table": table, "score": record.score.text()},
            )
        started = _round_start(ctx, round_no)
        score = declare_intentional_draw(
            started,
            uow.now,
            intentional_draw_window(ctx.rules),
            ctx.ruleset.match.best_of,
            record.stage,
            declared_at_start=declared_at_start,
            time_zone=ctx.event.time_zone,
        )
        if penalty_games(ctx.event, ctx.rows, row).games_played:
            raise Conflict(
                "result",
                N_("table %(table)s has games lost by penalty: it cannot be an intentional draw"),
                N_("play the match"),
                params={"table": table},
            )
        set_match_score(row, score, uow.now, changed_in=ctx.changed_in)
        touch(ctx)
        uow.audit(
            "match.intentional_draw",
            "match",
            row.id,
            event_id=event_id,
            after={
                "result": score.text(),
                "round": round_no,
                "table": table,
                **({"declared_at_start": True} if declared_at_start else {}),
            },
        )
        uow.notify(f"event:{event_id}", "result", round=round_no, table=table)
        return score.text()


def can_declare_draw_now(store: Store, event_id: int, round_no: int) -> Refusal | None:
    """Why an intentional draw would be refused now (the judge's page shows it), or None."""
    with store.read() as session:
        ctx = load_context(session, event_id)
        started = _round_start(ctx, round_no)
        return can_declare_intentional_draw(
            started,
            store.clock(),
            intentional_draw_window(ctx.rules),
            Stage.SWISS,
            time_zone=ctx.event.time_zone,
        )


def disqualify_late_draw(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    round_no: int,
    table: int,
    reason: str,
    version: int | None = None,
) -> list[Issued]:
    """INV-ID-1: a late declaration disqualifies both players; their match is a double loss."""
    with judging_unit(store, actor, event_id, version) as (uow, ctx):
        judge = acting_judge(ctx, actor)
        open_for_rulings(ctx)
        record = find_match(ctx, round_no, table)
        if record.player_b is None:
            raise TorneoError("table", N_("this is a bye: no draw"), N_("a table with two players"))
        started = _round_start(ctx, round_no)
        refusal = can_declare_intentional_draw(
            started, uow.now, intentional_draw_window(ctx.rules), record.stage
        )
        if refusal is None:
            raise Conflict(
                "intentional_draw",
                N_("the declaration is in time: record the draw instead"),
                N_("a declaration after the window"),
            )
        rulings = disqualify_for_late_intentional_draw(
            ctx.record(),
            judge=judge,
            players=(record.player_a, record.player_b),
            at=uow.now,
            round_no=round_no,
            reason=clean_reason(reason),
        )
        stored = record_rulings(
            ctx, uow, rulings, skip_match_loss=frozenset((record.player_a, record.player_b))
        )
        row = match_at(ctx, round_no, table)
        assert row is not None
        before = score_json(match_score(row))
        set_match_score(row, double_loss(), uow.now, changed_in=ctx.changed_in)
        effect = {
            "kind": "result",
            "match": row.id,
            "round": round_no,
            "table": table,
            "before": before,
            "after": score_json(double_loss()),
        }
        stored[-1].effects = [*stored[-1].effects, effect]
        uow.audit(
            "match.double_loss",
            "match",
            row.id,
            event_id=event_id,
            after={"result": "double loss", "round": round_no, "table": table},
            reason=reason,
        )
        uow.notify(f"event:{event_id}", "result", round=round_no, table=table)
        return issued_of(rulings)
