"""Picks that arrive together, written in one transaction (issue 32 item 1: a group commit).

A worker's pages send their picks to :func:`pick_cards` through a
:class:`torneo.platform.store.group_commit.GroupCommit` keyed by event: a pick that arrives
while a batch of its event runs waits for it and goes with the next one, with every pick that
came meanwhile, so a transaction's fixed costs (the connection and its ping, BEGIN, the audit
INSERT, COMMIT, the broker's round trip) are paid once per batch; a lone pick is written at once.

In the batch's transaction the pods of its picks are locked in id order, in one statement (two
batches, or a batch and a single pod's pick or timeout on another worker, never deadlock), each
pod's seats and picks read once, and every pick judged in its arrival order by the same rules
as alone (``commands.take_pick``, BER-DRAFT-1/2), its audit rows its own player's: a refused
pick is that pick's answer only and changes nothing. The answers are given after the commit.
If the batch's transaction fails (the database away, a clash), nothing of it was stored and each
pick is tried again alone, as if it had come by itself: none is lost, none doubled.

On PostgreSQL a batch's picks are first sent in one message that stores each pick which is not
the last of its pass and which the rules take (``commands_fast``: most picks); the others (the
pass's last, the refusals) go as above, judged after them. SQLite (the default install: one
worker, one writer) writes each pick alone.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import bindparam, select
from sqlalchemy.exc import SQLAlchemyError

from torneo.cards.draft import commands, commands_fast
from torneo.cards.draft.commands_presence import TIMER
from torneo.cards.draft.state import draft_facts, no_seat, pod_state
from torneo.cards.draft.tables import DraftPod, DraftSeat
from torneo.core.errors import TorneoError
from torneo.platform.guards import require_player
from torneo.platform.store.uow import Actor, Store

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PickIn:
    """One page's pick, as ``commands.pick_card`` takes it."""

    actor: Actor
    card: str
    booster: int | None
    pick: int | None
    at: datetime | None


# The pods of the batch's players, locked in id order (module doc).
_PODS = (
    select(DraftSeat.player_id, DraftPod)
    .join(DraftSeat, DraftSeat.pod_id == DraftPod.id)
    .where(
        DraftSeat.event_id == bindparam("event"),
        DraftSeat.player_id.in_(bindparam("players", expanding=True)),
    )
    .order_by(DraftPod.id)
    .with_for_update(of=DraftPod)
    .execution_options(populate_existing=True)
)


def pick_cards(
    store: Store, event_id: int, picks: Sequence[PickIn]
) -> list[commands.Picked | BaseException]:
    """Each pick's outcome, in order: what ``commands.pick_card`` returns, or what it raises.
    On PostgreSQL each pick is first tried in one round trip (``commands_fast``: most picks are
    not the last of their pass); the others go the usual way."""
    outcomes = _fast(store, event_id, picks)
    rest = [p for p, outcome in zip(picks, outcomes, strict=True) if outcome is None]
    if not rest:
        return cast(list[commands.Picked | BaseException], outcomes)
    usual = iter(_usual(store, event_id, rest))
    return [next(usual) if outcome is None else outcome for outcome in outcomes]


def _fast(store: Store, event_id: int, picks: Sequence[PickIn]) -> list[commands.Picked | None]:
    tried = [
        commands_fast.FastPick(p.actor, p.card.strip(), p.booster, p.pick, p.at) for p in picks
    ]
    try:
        done = commands_fast.try_picks(store, event_id, tried)
    except SQLAlchemyError:  # the seats not read (the database away): the usual path meets it
        return [None] * len(picks)
    return [
        None if d is None else commands.Picked(d.seat, d.position, t.card, d.now)
        for t, d in zip(tried, done, strict=True)
    ]


def _usual(
    store: Store, event_id: int, picks: Sequence[PickIn]
) -> list[commands.Picked | BaseException]:
    if len(picks) > 1 and store.engine.dialect.name == "postgresql":
        try:
            return _together(store, event_id, picks)
        except SQLAlchemyError:
            log.info("draft: a batch of %s picks not written; each alone", len(picks))
    return [_alone(store, event_id, p) for p in picks]


def _alone(store: Store, event_id: int, p: PickIn) -> commands.Picked | BaseException:
    try:
        return commands.pick_card(
            store, p.actor, event_id, p.card, booster=p.booster, pick=p.pick, at=p.at
        )
    except (TorneoError, SQLAlchemyError) as exc:
        return exc


def _together(
    store: Store, event_id: int, picks: Sequence[PickIn]
) -> list[commands.Picked | BaseException]:
    outcomes: list[commands.Picked | BaseException] = []
    with store.unit(TIMER) as uow:
        players = [p.actor.player_id for p in picks]
        seated = sorted({p for p in players if p is not None})
        found = uow.session.execute(_PODS, {"event": event_id, "players": seated}).all()
        pod_of: dict[int, DraftPod] = dict(found)
        facts = draft_facts(uow.session, event_id) if found else None
        states = {
            pod.id: pod_state(uow.session, pod, facts.seed, facts)
            for pod in {pod.id: pod for pod in pod_of.values()}.values()
            if facts is not None
        }
        for p in picks:
            try:
                player_id = require_player(p.actor)
                pod = pod_of.get(player_id)
                if pod is None or facts is None:
                    raise no_seat(event_id)
                with uow.acting_as(p.actor):
                    outcomes.append(
                        commands.take_pick(
                            uow,
                            states[pod.id],
                            facts,
                            player_id,
                            p.card.strip(),
                            booster=p.booster,
                            pick=p.pick,
                            at=p.at,
                            alone=False,
                        )
                    )
            except TorneoError as err:  # this pick's refusal: the others go on
                outcomes.append(err)
    return outcomes
