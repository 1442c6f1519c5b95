"""Changing a drawn round by hand: taking the draw back, or swapping two players (RSK-TBL-2).

One transaction each, like every use case of :mod:`torneo.risiko.commands`.

Decisions where the rules are silent: a draw can be undone (and drawn again, with a new recorded
seed) while no table of it has a result or a console. A hand swap is allowed on the same terms,
at the two tables it touches; the organizer first sees what it changes (:func:`preview_swap`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from torneo.core.errors import Conflict
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.risiko.commands import audit, not_finished, topic, touch
from torneo.risiko.rules.criteria import DrawCriteria
from torneo.risiko.rules.draw import TableDraw
from torneo.risiko.rules.random_draw import swap_players as swap_in_draw
from torneo.risiko.state import (
    REGISTRATION,
    check_version,
    draw_of,
    find_game,
    get_tournament,
    history_of,
    next_version,
    round_row,
)
from torneo.risiko.state_access import authorize_tournament
from torneo.risiko.tables import RisikoRound, RisikoTournament


def _last(row: RisikoTournament, round_no: int) -> RisikoRound:
    rnd = round_row(row, round_no)
    if rnd is not row.rounds[-1]:
        raise Conflict(
            "round_no",
            N_("round %(round)s is not the last one"),
            N_("the last round"),
            params={"round": round_no},
        )
    return rnd


def _untouched(row: RisikoTournament, rnd: RisikoRound, tables: Sequence[int]) -> None:
    for table in tables:
        where = {"table": table, "round": rnd.number}
        if any(r.round_no == rnd.number and r.table_no == table for r in row.results):
            raise Conflict(
                "round_no",
                N_("table %(table)s of round %(round)s already has a result"),
                N_("change a draw before its results are entered"),
                params=where,
            )
        if find_game(row, rnd.number, table) is not None:
            raise Conflict(
                "round_no",
                N_("the referee console of table %(table)s of round %(round)s has started"),
                N_("change a draw before its games start"),
                params=where,
            )


def undo_draw(
    store: Store, actor: Actor, tournament_id: int, round_no: int, *, version: int | None = None
) -> None:
    """Take back the last draw while none of its tables has a result or a started console."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        not_finished(row)
        rnd = _last(row, round_no)
        _untouched(row, rnd, range(1, len(rnd.tables) + 1))
        row.rounds.remove(rnd)
        if not row.rounds:
            row.status = REGISTRATION
        touch(row)
        uow.notify(topic(row.id), "round", round=round_no)
        audit(uow, row, "draw.undo", round=round_no, seed=rnd.seed)


@dataclass(frozen=True, slots=True)
class SwapPreview:
    """A hand swap as the organizer sees it before confirming: the criteria before and after."""

    round_no: int
    a: PlayerId
    b: PlayerId
    table_a: int
    table_b: int
    before: DrawCriteria
    after: DrawCriteria
    draw: TableDraw  # the draw after the swap


def _preview(row: RisikoTournament, round_no: int, a: int, b: int) -> SwapPreview:
    rnd = round_row(row, round_no)
    history = history_of(row, before_round=round_no)
    draw = draw_of(rnd, history)
    table_a = draw.table_of(PlayerId(a)).number
    table_b = draw.table_of(PlayerId(b)).number
    after = swap_in_draw(draw, PlayerId(a), PlayerId(b), history)
    return SwapPreview(
        round_no, PlayerId(a), PlayerId(b), table_a, table_b, draw.criteria, after.criteria, after
    )


def preview_swap(store: Store, tournament_id: int, round_no: int, a: int, b: int) -> SwapPreview:
    """RSK-TBL-2: what swapping ``a`` and ``b`` by hand would change (nothing is saved)."""
    with store.read() as session:
        row = get_tournament(session, tournament_id)
        return _preview(row, round_no, a, b)


def swap_players(
    store: Store,
    actor: Actor,
    tournament_id: int,
    round_no: int,
    a: int,
    b: int,
    *,
    version: int | None = None,
) -> SwapPreview:
    """RSK-TBL-2: the organizer swaps two players by hand; the swap is recorded on the round."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        not_finished(row)
        preview = _preview(row, round_no, a, b)
        rnd = _last(row, round_no)
        _untouched(row, rnd, sorted({preview.table_a, preview.table_b}))
        rnd.tables = [[int(p) for p in t.seats] for t in preview.draw.tables]
        rnd.changed_in = next_version(row)  # issue 26 item 1: a referee's page is stale
        rnd.swaps = [
            *rnd.swaps,
            {"a": int(a), "b": int(b), "at": uow.now.isoformat(), "by": actor.name},
        ]
        touch(row)
        uow.notify(topic(row.id), "round", round=round_no)
        audit(
            uow,
            row,
            "draw.swap",
            round=round_no,
            a=a,
            b=b,
            tables=[preview.table_a, preview.table_b],
            before=_criteria_json(preview.before),
            after_swap=_criteria_json(preview.after),
        )
        return preview


def _criteria_json(c: DrawCriteria) -> dict[str, int]:
    return {
        "repeat_opponents": c.repeat_opponents,
        "same_club": c.same_club,
        "repeat_off_size": c.repeat_off_size,
        "winners_together": c.winners_together,
    }


__all__ = ["SwapPreview", "preview_swap", "swap_players", "undo_draw"]
