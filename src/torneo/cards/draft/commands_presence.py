"""Presence and the timer's questions for the live draft (BER-DRAFT-2).

"Connected" means a page of the player's draft (WebSocket or stream) reported within the last
:data:`PRESENCE_SECONDS` and was not closed since; every worker reports the pages it holds every
few seconds (``torneo.cards.draft.api_live``). Presence is connection telemetry, not a change of
the event: it is written without an audit row.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime, timedelta

from sqlalchemy import bindparam, func, or_, select, update
from sqlalchemy.orm import Session

from torneo.cards.draft.commands_notices import topic
from torneo.cards.draft.state import RUNNING, PodState, SeatRow, aware
from torneo.cards.draft.tables import DraftPod, DraftSeat
from torneo.cards.rules.draft import Position
from torneo.cards.tables import Event
from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.platform.store.uow import Actor, Store, UnitOfWork

PRESENCE_SECONDS = 15
TIMER = Actor("draft-timer")  # the server's own acts: timeouts, disqualifications, presence


def is_connected(seat: DraftSeat | SeatRow, now: datetime) -> bool:
    """A page of the seat's player reported within :data:`PRESENCE_SECONDS` and was not closed."""
    if seat.seen_at is None:
        return False
    seen = aware(seat.seen_at)
    if seat.left_at is not None and aware(seat.left_at) >= seen:
        return False
    return seen >= now - timedelta(seconds=PRESENCE_SECONDS)


def due_pods(store: Store) -> list[int]:
    """The running pods whose timer has run out (every worker's timer loop asks)."""
    now = store.clock()
    with store.read() as session:
        return list(
            session.scalars(
                select(DraftPod.id).where(DraftPod.status == RUNNING, DraftPod.deadline <= now)
            )
        )


def timer_look(store: Store) -> tuple[list[int], datetime | None]:
    """The running pods due now, and the next deadline after now (None: no other pod runs):
    two ranges of the (status, deadline) index, however many pods run, so a worker's timer can
    sleep until the next deadline instead of polling (``cards.draft.api_hub.DraftTimers``)."""
    with store.read() as session:
        connection = session.connection()
        now = {"now": store.clock()}
        due = [pod_id for (pod_id,) in connection.execute(_DUE, now)]
        wake = connection.execute(_WAKE, now).scalar()
    return due, aware(wake) if wake is not None else None


# Built once (issue 32: each worker's timer asks several times a second under load, and
# building the statements cost more than running them), read as plain rows.
_DUE = select(DraftPod.id).where(DraftPod.status == RUNNING, DraftPod.deadline <= bindparam("now"))
_WAKE = select(func.min(DraftPod.deadline)).where(
    DraftPod.status == RUNNING, DraftPod.deadline > bindparam("now")
)


# BER-DRAFT-2 after a restart: the time every page gets to reconnect and report its presence
# (two presence windows) before a pick time can end and judge who is connected.
RESTART_GRACE_SECONDS = 2 * PRESENCE_SECONDS


def rearm_after_restart(store: Store, grace_seconds: int = RESTART_GRACE_SECONDS) -> int:
    """BER-DRAFT-2 (issue 29 item 1): a worker's timer, when it starts, re-arms every running
    pod's deadline to at least ``grace_seconds`` from now; the number of pods re-armed.

    A player is disqualified only for being disconnected at the end of a pick time during which
    the server was up: after a restart no page has reported its presence yet, so a deadline that
    passed while the server was down (or ends before the pages can come back) would disqualify
    every seat still to pick at the second the server returned. A deadline further away stays.

    A pod with a seat still connected (:func:`is_connected`: a report within
    :data:`PRESENCE_SECONDS`, no close since) is left alone: the server was up, only one of its
    workers was replaced (issue 32 item 1: the standby of ``torneo serve`` takes over within a
    second or two), and the dead worker's pages count as connected while they reconnect. A
    whole-server restart closes every page (a shutdown writes their ``left_at``) or lasts longer
    than the presence window: its pods have no seat connected and are re-armed.
    Audited as the server's act, one row a pod."""
    with store.unit(TIMER) as uow:
        until = uow.now + timedelta(seconds=grace_seconds)
        connected = (
            select(DraftSeat.id)
            .where(
                DraftSeat.pod_id == DraftPod.id,
                DraftSeat.seen_at >= uow.now - timedelta(seconds=PRESENCE_SECONDS),
                or_(DraftSeat.left_at.is_(None), DraftSeat.left_at < DraftSeat.seen_at),
            )
            .exists()
        )
        pods = list(
            uow.session.scalars(
                select(DraftPod)
                .where(DraftPod.status == RUNNING, DraftPod.deadline < until, ~connected)
                .with_for_update()
            )
        )
        for pod in pods:
            before = pod.deadline
            pod.deadline = until
            uow.audit(
                "draft.rearm",
                "draft_pod",
                pod.id,
                event_id=pod.event_id,
                before={"deadline": before.isoformat() if before else None},
                after={"deadline": until.isoformat(), "rule": "BER-DRAFT-2"},
                reason="the server restarted: every page gets time to reconnect",
            )
        return len(pods)


def mark_seen(store: Store, event_id: int, player_ids: list[int]) -> None:
    """Presence: these players have a page of the event's draft open on this worker (one
    UPDATE, no audit: module doc). Before the draft starts there is no seat yet: nothing."""
    mark_presence(store, event_id, seen=player_ids)


def mark_left(store: Store, event_id: int, player_id: int) -> None:
    """The last page of this player closed (on this worker)."""
    mark_presence(store, event_id, left=[player_id])


def mark_presence(
    store: Store, event_id: int, *, seen: Iterable[int] = (), left: Iterable[int] = ()
) -> None:
    """Pages opened (``seen``) and the last pages of players closed (``left``), in one
    transaction of at most two UPDATEs, however many pages (a worker writes its pages'
    presence together: ``cards.draft.api_hub.DraftHub.report``)."""
    seen, left = sorted(set(seen)), sorted(set(left))
    if not seen and not left:
        return
    with store.unit(TIMER) as uow:
        mine = DraftSeat.event_id == event_id
        if seen:
            uow.session.execute(
                update(DraftSeat).where(mine, DraftSeat.player_id.in_(seen)).values(seen_at=uow.now)
            )
        if left:
            uow.session.execute(
                update(DraftSeat).where(mine, DraftSeat.player_id.in_(left)).values(left_at=uow.now)
            )


# The pod's row locked, by id or by a seated player, in statements built once (issue 32: building
# one at every pick cost more than its round trip). ``populate_existing``: the row as locked,
# never a version the session held before.
_POD_BY_ID = (
    select(DraftPod)
    .where(DraftPod.id == bindparam("pod"))
    .with_for_update(of=DraftPod)
    .execution_options(populate_existing=True)
)
_POD_OF_PLAYER = (
    select(DraftPod)
    .join(DraftSeat, DraftSeat.pod_id == DraftPod.id)
    .where(DraftSeat.event_id == bindparam("event"), DraftSeat.player_id == bindparam("player"))
    .with_for_update(of=DraftPod)
    .execution_options(populate_existing=True)
)


def lock_pod(
    session: Session, pod_id: int | None = None, *, event_id: int = 0, player_id: int = 0
) -> DraftPod:
    """The pod (by id, or the one where ``player_id`` sits), its row locked (``cards.draft.commands`` module doc)."""
    if session.get_bind().dialect.name == "sqlite":
        # BER-DRAFT-1 on SQLite (issue 29 item 2): FOR UPDATE is ignored there and the driver
        # begins a transaction only at its first write, so two picks milliseconds apart each
        # read the pod without the other's pick and neither passed the packs. A write first
        # takes the database's one write lock: the second pick waits for the first to commit
        # and then reads it, as the row lock makes it on PostgreSQL.
        session.execute(
            update(DraftPod)
            .where(DraftPod.event_id == event_id if pod_id is None else DraftPod.id == pod_id)
            .values(status=DraftPod.status)
            .execution_options(synchronize_session=False)
        )
    if pod_id is None:
        found = session.scalars(_POD_OF_PLAYER, {"event": event_id, "player": player_id})
    else:
        found = session.scalars(_POD_BY_ID, {"pod": pod_id})
    pod = found.first()
    if pod is None:
        raise NotFound(
            "pod", N_("no draft pod %(id)s"), N_("a pod of a started draft"), params={"id": pod_id}
        )
    return pod


def disqualify_absent(uow: UnitOfWork, state: PodState, seat: SeatRow, position: Position) -> None:
    """BER-DRAFT-2: the seat's player, not connected at the end of a pick, is disqualified from
    the event (the registration marked with the reason, the act audited as the server's)."""
    event = uow.session.get(Event, state.pod.event_id)
    assert event is not None
    # the seat is a plain row (state.pod_state): its change is written, and seen by _advance
    uow.session.execute(update(DraftSeat).where(DraftSeat.id == seat.id).values(disqualified=True))
    state.seats[seat.seat_no] = replace(seat, disqualified=True)
    reason = f"BER-DRAFT-2: not connected at the end of pick {position.pick} of booster {position.booster}"
    for reg in event.registrations:
        if reg.player_id == seat.player_id and not reg.disqualified:
            reg.disqualified, reg.dq_reason = True, reason
    uow.audit(
        "draft.disqualify",
        "registration",
        seat.player_id,
        event_id=event.id,
        after={"player_id": seat.player_id, "seat": seat.seat_no, "rule": "BER-DRAFT-2"},
        reason=reason,
    )
    uow.notify(topic(event.id), "disqualified", pod=seat.pod_id, seat=seat.seat_no)
