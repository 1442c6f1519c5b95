"""Sealed pools and the live draft (BER-FMT-2/3, BER-DRAFT-1/2): one transaction each.

Concurrency: every change to a pod (a pick, the timeout, the start) locks the pod's row
(``SELECT … FOR UPDATE`` on PostgreSQL; SQLite has one writer anyway), then reads its picks, so
the picks of one pod are written one after the other and the last one of a round sees all the
others and passes the boosters. The unique key of a pick (pod, seat, booster, pick) is the
backstop: two workers racing on one pick store one, the other is refused and changes nothing.
The server's timer is the pod's stored ``deadline``: every worker's timer loop
(``torneo.cards.live_draft``) expires the pods whose deadline has passed, so a restarted worker,
or the other one, goes on where the draft was.

Decisions: a player not connected at a timeout is disqualified from the event (BER-DRAFT-2;
the registration is marked, with the reason, and the act audited as the server's); the seat of
a disqualified player keeps being picked for at random at once, so the pod never waits for it.
"Connected": see ``cards.draft.commands_presence`` (the functions the timer loop calls are
re-exported here).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import cast

from sqlalchemy import Table, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from torneo.cards.draft.commands_notices import pass_notice as pass_notice
from torneo.cards.draft.commands_notices import start_notice as start_notice
from torneo.cards.draft.commands_notices import topic as topic
from torneo.cards.draft.commands_presence import (
    PRESENCE_SECONDS as PRESENCE_SECONDS,
)
from torneo.cards.draft.commands_presence import (
    RESTART_GRACE_SECONDS as RESTART_GRACE_SECONDS,
)
from torneo.cards.draft.commands_presence import TIMER, disqualify_absent, is_connected, lock_pod
from torneo.cards.draft.commands_presence import due_pods as due_pods
from torneo.cards.draft.commands_presence import mark_left as mark_left
from torneo.cards.draft.commands_presence import mark_presence as mark_presence
from torneo.cards.draft.commands_presence import mark_seen as mark_seen
from torneo.cards.draft.commands_presence import rearm_after_restart as rearm_after_restart
from torneo.cards.draft.commands_presence import timer_look as timer_look
from torneo.cards.draft.state import (
    DONE,
    RUNNING,
    DraftFacts,
    PodState,
    aware,
    card_set,
    draft_facts,
    draft_seating,
    no_seat,
    pod_state,
    pods_of,
    setup_of,
)
from torneo.cards.draft.tables import CardEventSetup, DraftPick, DraftPod, DraftSeat
from torneo.cards.rules.boosters import draft_booster, sealed_pool, seeded
from torneo.cards.rules.draft import (
    AT_TIMEOUT,
    BY_PLAYER,
    DRAFTED,
    FOR_DISQUALIFIED,
    SEALED,
    Position,
    can_pick,
    everyone_picked,
    pack,
    timeout_pick,
)
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.sets import CardSet
from torneo.cards.sets.commands import judging_rules
from torneo.cards.state import get_event
from torneo.cards.state_access import authorize_event
from torneo.cards.tables import Event, Registration
from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.judging.commands_pools import format_key_of, record_pools
from torneo.judging.rules.decks import deck_format
from torneo.platform.guards import precheck, require_player
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets.judging import DeckFormat


@dataclass(frozen=True, slots=True)
class Picked:
    seat: int
    position: Position
    card: str
    now: Position | None  # the pod's pick after this one (None: the draft is over)


def _format(event: Event, setup: CardEventSetup | None, session: Session) -> tuple[str, DeckFormat]:
    if setup is None:
        raise Conflict(
            "set",
            N_("the event has no card set"),
            N_("an organizer chooses the set and format first (draft set-up)"),
        )
    rules = judging_rules(event.preset)
    return deck_format(rules, format_key_of(session, event.id))


def _before_round_one(event: Event) -> None:
    if event.status != EventStatus.RUNNING.value or event.matches:
        raise Conflict(
            "status",
            N_("pools are made once registration is closed and before round 1"),
            N_("a started event with no round paired yet"),
        )


def _players(event: Event) -> list[Registration]:
    return [r for r in event.registrations if not r.disqualified and r.dropped_after_round is None]


_NOT_THE_FORMAT = {
    SEALED: (
        N_("%(label)s is not a sealed format"),
        N_("a sealed format (BER-FMT-2); a draft is started with 'start draft'"),
    ),
    DRAFTED: (
        N_("%(label)s is not a draft format"),
        N_("a draft format (BER-FMT-3); sealed pools are opened instead"),
    ),
}


def _limited(
    uow: UnitOfWork, actor: Actor, event_id: int, rule: str
) -> tuple[Event, CardEventSetup, str, DeckFormat]:
    """The event (locked) whose judge acts, its set-up and format, which must be ``rule``'s,
    before round 1."""
    event = get_event(uow.session, event_id, for_update=True)
    authorize_event(uow.session, actor, event, Action.OFFICIATE)
    setup = setup_of(uow.session, event_id)
    key, fmt = _format(event, setup, uow.session)
    assert setup is not None
    if fmt.rule != rule:
        reason, accepted = _NOT_THE_FORMAT[rule]
        raise Conflict("format", reason, accepted, params={"label": fmt.label})
    _before_round_one(event)
    return event, setup, key, fmt


def open_sealed_pools(store: Store, actor: Actor, event_id: int) -> int:
    """BER-FMT-2: every player's sealed pool, drawn from the event's seed; returns the count."""
    precheck(actor, Action.OFFICIATE)
    with store.unit(actor) as uow:
        event, setup, key, fmt = _limited(uow, actor, event_id, SEALED)
        if setup.pools_opened_at is not None:
            raise Conflict("pools", N_("the sealed pools are opened already"), N_("once per event"))
        cards = card_set(uow.session, setup.set_id)
        starters = 1 if fmt.pool_starter_cards else 0
        if starters and cards.starter.size != fmt.pool_starter_cards:
            raise Conflict(
                "set",
                N_("the set's starter holds %(n)s cards, the format needs %(need)s"),
                N_("a set whose starter holds %(need)s cards"),
                params={"n": cards.starter.size, "need": fmt.pool_starter_cards},
            )
        pools = {}
        for reg in _players(event):
            ids = sealed_pool(
                cards, event.seed, reg.player_id, starters=starters, boosters=fmt.pool_boosters
            )
            pools[reg.player_id] = [_name(cards, c) for c in ids]
        record_pools(
            uow.session,
            event_id,
            pools,
            format_key=key,
            now=uow.now,
            by=actor.name,
            source="sealed",
        )
        setup.pools_opened_at = uow.now
        uow.audit(
            "draft.sealed_pools",
            "event",
            event_id,
            event_id=event_id,
            after={"players": len(pools), "format": key, "seed": event.seed},
        )
        uow.notify(f"event:{event_id}", "draft", pools=len(pools))
        return len(pools)


def _name(cards: CardSet, card_id: str) -> str:
    card = cards.card(card_id)
    return card.name if card is not None else card_id


def start_draft(store: Store, actor: Actor, event_id: int) -> int:
    """BER-DRAFT-1: the judge starts the draft: pods seated (:func:`draft_seating`), the first
    boosters opened, the timer running. Returns the number of pods."""
    precheck(actor, Action.OFFICIATE)
    with store.unit(actor) as uow:
        event, setup, key, fmt = _limited(uow, actor, event_id, DRAFTED)
        if pods_of(uow.session, event_id):
            raise Conflict("draft", N_("the draft has started already"), N_("one draft per event"))
        seating = draft_seating(event)
        cards = card_set(uow.session, setup.set_id)
        pods = [
            DraftPod(
                event_id=event_id,
                pod_no=number,
                status=RUNNING,
                boosters=fmt.pool_boosters,
                booster_no=1,
                pick_no=1,
                deadline=uow.now + timedelta(seconds=setup.pick_seconds),
                started_at=uow.now,
            )
            for number in range(1, len(seating) + 1)
        ]
        uow.session.add_all(pods)
        uow.session.flush()  # every pod in one INSERT, their ids for the seats
        seated = [
            (
                pod,
                [
                    DraftSeat(pod_id=pod.id, event_id=event_id, seat_no=seat, player_id=player)
                    for seat, player in enumerate(players, start=1)
                ],
            )
            for pod, players in zip(pods, seating, strict=True)
        ]
        uow.session.add_all(seat for _, seats in seated for seat in seats)
        uow.session.flush()  # their ids go in the notice
        # BER-DRAFT-2 (issue 32): the first pick's time runs from the start's end, as announced
        # (seating 64 pods took a loaded machine a second of every player's first pick)
        deadline = store.clock() + timedelta(seconds=setup.pick_seconds)
        uow.session.execute(
            update(DraftPod)
            .where(DraftPod.event_id == event_id)
            .values(deadline=deadline)
            .execution_options(synchronize_session=False)
        )
        uow.audit(
            "draft.start",
            "event",
            event_id,
            event_id=event_id,
            after={
                "format": key,
                "pods": [list(map(int, p)) for p in seating],
                "seed": event.seed,
                "pick_seconds": setup.pick_seconds,
                "alternate": setup.alternate,
            },
        )
        uow.notify(topic(event_id), "started", **start_notice(cards, event.seed, seated, deadline))
        uow.notify(f"event:{event_id}", "draft", started=True)
        return len(seating)


def _add_pick(
    uow: UnitOfWork, state: PodState, seat: int, position: Position, card: str, how: str
) -> None:
    """A pick for ``seat``, written with the transaction's others by :func:`_write_picks`."""
    state.picks[(seat, position.booster, position.pick)] = card
    state.added.append(
        {
            "pod_id": state.pod.id,
            "seat_no": seat,
            "booster_no": position.booster,
            "pick_no": position.pick,
            "card_code": card,
            "how": how,
            "picked_at": uow.now,
        }
    )


_PICKS = cast(Table, DraftPick.__table__)


def _write_picks(uow: UnitOfWork, state: PodState) -> None:
    """The transaction's picks and their audit rows: one INSERT each, however many picks (a
    timeout picks for several seats), without the ORM's flush (the draft's hottest path: a
    pick is written every few milliseconds under load, issue 16)."""
    if not state.added:
        return
    # Core on the transaction's connection: the ORM's bulk path cost more (issue 32)
    uow.connection().execute(insert(_PICKS), state.added)
    uow.audit_many(
        "draft.pick",
        "draft_pick",
        [
            (
                state.pod.id,
                {
                    "pod": state.pod.pod_no,
                    "seat": row["seat_no"],
                    "booster": row["booster_no"],
                    "pick": row["pick_no"],
                    "card": row["card_code"],
                    "how": row["how"],
                },
            )
            for row in state.added
        ],
        event_id=state.pod.event_id,
    )
    state.added.clear()


def _auto(
    uow: UnitOfWork, state: PodState, seed: int, seat: int, position: Position, how: str
) -> None:
    left = pack(state.plan, state.opened, state.picks, seat, position)
    rng = seeded(seed, "timeout", state.pod.pod_no, seat, position.booster, position.pick)
    _add_pick(uow, state, seat, position, timeout_pick(left, rng), how)


def _advance(uow: UnitOfWork, state: PodState, facts: DraftFacts) -> bool:
    """Pass the boosters once every seat has picked (BER-DRAFT-1), picking at once for the
    disqualified seats (BER-DRAFT-2), until someone must choose or the draft is over."""
    pod = state.pod
    passed = False
    while pod.status == RUNNING:
        position = Position(pod.booster_no, pod.pick_no)
        for seat_no, seat in sorted(state.seats.items()):
            if seat.disqualified and (seat_no, position.booster, position.pick) not in state.picks:
                _auto(uow, state, facts.seed, seat_no, position, FOR_DISQUALIFIED)
        if not everyone_picked(state.plan, state.picks, position):
            break
        following = state.plan.after(position)
        passed = True
        if following is None:
            pod.status, pod.deadline, pod.finished_at = DONE, None, uow.now
            _write_picks(uow, state)  # the pools are read from the stored picks
            _pools_of_pod(uow, state, facts.event_id)
            break
        if following.booster != position.booster:
            for seat_no in state.seats:
                state.opened[(seat_no, following.booster)] = draft_booster(
                    state.cards, facts.seed, pod.pod_no, seat_no, following.booster
                )
        pod.booster_no, pod.pick_no = following.booster, following.pick
        pod.deadline = uow.now + timedelta(seconds=facts.pick_seconds)
    if passed:
        uow.notify(topic(facts.event_id), "pass", **pass_notice(state))
        uow.notify(f"event:{facts.event_id}", "draft", pod=pod.pod_no)
    return passed


def _pools_of_pod(uow: UnitOfWork, state: PodState, event_id: int) -> None:
    """BER-FMT-3: the drafted cards are each player's pool, for their deck (judging)."""
    event = uow.session.get(Event, event_id)
    assert event is not None
    key, _ = _format(event, setup_of(uow.session, event.id), uow.session)
    every = uow.session.execute(
        select(DraftPick.seat_no, DraftPick.card_code).where(DraftPick.pod_id == state.pod.id)
    ).all()
    picks: dict[int, list[str]] = {s: [] for s in state.seats}
    for seat_no, code in every:
        picks[seat_no].append(code)
    # (the picks of this transaction are flushed before that select: autoflush)
    pools = {
        state.seats[s].player_id: [_name(state.cards, c) for c in cards]
        for s, cards in picks.items()
    }
    record_pools(
        uow.session, event.id, pools, format_key=key, now=uow.now, by=TIMER.name, source="draft"
    )


def _context(uow: UnitOfWork, pod: DraftPod) -> tuple[PodState, DraftFacts]:
    facts = draft_facts(uow.session, pod.event_id)
    return pod_state(uow.session, pod, facts.seed, facts), facts


def pick_card(
    store: Store,
    actor: Actor,
    event_id: int,
    card: str,
    *,
    booster: int | None = None,
    pick: int | None = None,
    at: datetime | None = None,
) -> Picked:
    """A player's pick for their own seat (BER-DRAFT-1); ``booster``/``pick`` as their page
    showed them, so a pick meant for a pack that has passed is refused, never misplaced.

    ``at``: when the pick reached the server (the page's socket read it; None: now). BER-DRAFT-2
    judges the pick's time by it, not by when its transaction runs: under load a pick read in
    time waited on the worker's threads past the deadline and was refused while the timer had
    not picked yet (issue 32). Once the timer has picked, the pack has passed: the pick is over."""
    player_id = require_player(actor)
    card = card.strip()
    with store.unit(actor) as uow:
        try:
            pod = lock_pod(uow.session, event_id=event_id, player_id=player_id)
        except NotFound:
            raise no_seat(event_id) from None
        state, facts = _context(uow, pod)
        return take_pick(uow, state, facts, player_id, card, booster=booster, pick=pick, at=at)


def take_pick(
    uow: UnitOfWork,
    state: PodState,
    facts: DraftFacts,
    player_id: int,
    card: str,
    *,
    booster: int | None,
    pick: int | None,
    at: datetime | None,
    alone: bool = True,
) -> Picked:
    """The pick of :func:`pick_card` in a unit holding the pod's lock; a refusal changes nothing
    (``alone`` False: a batch's, ``commands_batch``, which a clash with a stored pick fails)."""
    seat = next(s for s in state.seats.values() if s.player_id == player_id)
    position = state.position
    asked = Position(booster, pick) if booster is not None and pick is not None else None
    key = (seat.seat_no, position.booster, position.pick) if position else None
    refusal = can_pick(
        running=state.pod.status == RUNNING,
        current=position,
        asked=asked,
        disqualified=seat.disqualified,
        already=state.picks.get(key) if key else None,
        pack_left=pack(state.plan, state.opened, state.picks, seat.seat_no, position)
        if position
        else (),
        card=card,
        now=min(at, uow.now) if at is not None else uow.now,
        deadline=state.deadline,
    )
    if refusal is not None:
        raise refusal.raise_as(TorneoError if refusal.field == "card" else Conflict)
    assert position is not None
    _add_pick(uow, state, seat.seat_no, position, card, BY_PLAYER)
    try:
        passed = _advance(uow, state, facts)
        _write_picks(uow, state)
    except IntegrityError:
        if not alone:
            raise
        # BER-DRAFT-1: one card a pick. Two picks of one seat that read the pod together
        # (two tabs, a resent request) meet the database's one row per pick: the lost one
        # is answered as a conflict in words, never the constraint's text (issue 29 item 5).
        raise Conflict(
            "pick",
            N_("another pick of yours for booster %(booster)s, pick %(pick)s came first"),
            N_("one card a pick; wait for the next pack"),
            params={"booster": position.booster, "pick": position.pick},
            rule="BER-DRAFT-1",
        ) from None
    if not passed:
        # "seat N is ready" for the pod's pages; the last pick of a pass needs none: the
        # pass's notice brings every page its next pack (one broker message fewer)
        uow.notify(
            topic(facts.event_id),
            "picked",
            pod=state.pod.id,
            seat=seat.seat_no,
            booster=position.booster,
            pick=position.pick,
        )
    return Picked(seat.seat_no, position, card, state.position)


def expire_pod(store: Store, pod_id: int) -> bool:
    """BER-DRAFT-2 at the pod's deadline: a random pick for every seat still without one; a
    player not connected is disqualified. False when there was nothing to do (another worker
    did it, or a last pick came first)."""
    with store.unit(TIMER) as uow:
        pod = lock_pod(uow.session, pod_id)
        # Both workers' timers wake at the deadline: the second one finds the pod passed on,
        # and says so before reading its seats and picks.
        if pod.status != RUNNING or pod.deadline is None or aware(pod.deadline) > uow.now:
            return False
        state, facts = _context(uow, pod)
        position = state.position
        assert position is not None
        for seat_no, seat in sorted(state.seats.items()):
            if (seat_no, position.booster, position.pick) in state.picks:
                continue
            if seat.disqualified or is_connected(seat, uow.now):
                how = FOR_DISQUALIFIED if seat.disqualified else AT_TIMEOUT
                _auto(uow, state, facts.seed, seat_no, position, how)
                continue
            disqualify_absent(uow, state, seat, position)
            _auto(uow, state, facts.seed, seat_no, position, FOR_DISQUALIFIED)
        _advance(uow, state, facts)
        _write_picks(uow, state)
        return True
