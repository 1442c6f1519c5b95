"""The tournament clock (PKR-BTN-1): start, pause, resume, jump to a level, add or take time.

The clock is stored as timestamps (:mod:`torneo.poker.rules.clock`); the seat draw must be done
and two players must be in before it starts.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from torneo.core.errors import Conflict, TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.poker import state_changes as changes
from torneo.poker.commands import RUNNING, not_finished, parse_int, topic
from torneo.poker.rules import clock as poker_clock
from torneo.poker.state import (
    clock_to_json,
    get_tournament,
    load,
)
from torneo.poker.state_access import authorize_tournament

# --- the clock --------------------------------------------------------------------------------


def _clock_action(
    store: Store,
    actor: Actor,
    tournament_id: int,
    action: str,
    version: int | None,
    change: Any,
    **details: Any,
) -> None:
    precheck(actor, Action.OFFICIATE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.OFFICIATE)
        changes.based_on(row, version, [changes.CLOCK])
        not_finished(row)
        state = load(row)
        if action == "start":
            state.require_seating()
            if len(state.field.alive) < 2:
                raise Conflict(
                    "players",
                    N_("%(n)s players"),
                    N_("at least 2"),
                    params={"n": len(state.field.alive)},
                )
        new = change(state.clock, uow.now)
        before = row.clock
        row.clock = clock_to_json(new)
        if action == "start":
            row.status = RUNNING
        # the start opens the play (bust-outs, late entries): it conflicts with every stale page
        changes.declare(row, [changes.EVERYTHING if action == "start" else changes.CLOCK])
        uow.audit(
            f"poker.clock.{action}",
            "poker_tournament",
            row.id,
            before=before,
            after={**row.clock, **details},
        )
        uow.notify(topic(row.id), "clock", action=action)


def start_clock(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> None:
    _clock_action(store, actor, tournament_id, "start", version, poker_clock.start)


def pause_clock(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> None:
    _clock_action(store, actor, tournament_id, "pause", version, poker_clock.pause)


def resume_clock(
    store: Store, actor: Actor, tournament_id: int, *, version: int | None = None
) -> None:
    _clock_action(store, actor, tournament_id, "resume", version, poker_clock.resume)


def jump_to_level(
    store: Store, actor: Actor, tournament_id: int, *, level: int | str, version: int | None = None
) -> None:
    number = parse_int("level", level, low=1)

    def change(clock: poker_clock.TournamentClock, now: Any) -> poker_clock.TournamentClock:
        if not clock.is_started:
            raise Conflict(
                "clock", N_("the tournament clock has not started"), N_("start it first")
            )
        return poker_clock.jump_to_level(clock, number, now)

    _clock_action(store, actor, tournament_id, "jump", version, change, level=number)


def add_time(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    seconds: int | str,
    version: int | None = None,
) -> None:
    """Lengthen (or, negative, shorten) the running level or break."""
    amount = parse_int("seconds", seconds, low=-24 * 3600, high=24 * 3600)
    if amount == 0:
        raise TorneoError("seconds", N_("0 seconds"), N_("a number of seconds other than 0"))

    def change(clock: poker_clock.TournamentClock, now: Any) -> poker_clock.TournamentClock:
        if not clock.is_started:
            raise Conflict(
                "clock", N_("the tournament clock has not started"), N_("start it first")
            )
        return poker_clock.add_time(clock, timedelta(seconds=amount), now)

    _clock_action(store, actor, tournament_id, "add_time", version, change, seconds=amount)
