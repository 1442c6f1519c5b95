"""BER-DRAFT-2: the pick timer, presence, a disqualification at a timeout, the re-arm
after a restart."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from tests.conftest import FakeClock
from tests.support.draft import (
    ORG,
    draft_event,
    online,
    pick_round,
    player,
    pod_now,
    seat_players,
)
from tests.support.events import fingerprint
from torneo.cards.draft import commands as draft
from torneo.cards.draft import views as views
from torneo.cards.draft.commands_presence import is_connected
from torneo.cards.draft.tables import DraftPick, DraftSeat
from torneo.cards.rules.draft import Position
from torneo.cards.tables import Registration
from torneo.core.errors import Conflict
from torneo.judging import commands_decks as decks
from torneo.judging.tables import DeckListRow
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store


def test_ber_draft_2_at_the_timeout_the_server_picks_at_random_and_disqualifies_the_absent(
    store: Store, clock: FakeClock
) -> None:
    event = draft_event(store, 4, pick_seconds=60)
    seats = seat_players(store, event)
    pick_round(store, event, skip=frozenset({2, 3}))  # seats 2 and 3 stall
    clock.advance(seconds=59)
    assert draft.due_pods(store) == []
    online(store, event, 2)  # seat 2's page is open; seat 3's not
    clock.advance(seconds=1)
    assert draft.due_pods(store) == [pod_now(store, event).pod.id]
    assert draft.expire_pod(store, pod_now(store, event).pod.id)
    assert not draft.expire_pod(store, pod_now(store, event).pod.id)  # once only
    with store.read() as s:
        hows = dict(
            s.execute(select(DraftPick.seat_no, DraftPick.how).where(DraftPick.pick_no == 1)).all()
        )
        reg = s.scalars(select(Registration).where(Registration.player_id == seats[(1, 3)])).one()
    assert hows == {1: "player", 2: "timeout", 3: "disqualified", 4: "player"}
    assert reg.disqualified
    assert "BER-DRAFT-2" in (reg.dq_reason or "")
    state = pod_now(store, event)
    assert state.position == Position(1, 2)
    assert (3, 1, 2) in state.picks  # the disqualified seat is picked for at once at the pass
    pick_round(store, event, skip=frozenset({3}))
    assert pod_now(store, event).position == Position(1, 3)
    with pytest.raises(Conflict) as out:
        draft.pick_card(store, player(seats[(1, 3)]), event, "DEMO-001", booster=1, pick=3)
    assert out.value.field == "seat"


def test_ber_draft_2_a_disqualified_seat_keeps_the_pod_going_to_the_end(
    store: Store, clock: FakeClock
) -> None:
    event = draft_event(store, 4, format_key="draft_one_booster")
    pick_round(store, event, skip=frozenset({4}))
    clock.advance(seconds=61)
    online(store, event, 1, 2, 3)
    draft.expire_pod(store, pod_now(store, event).pod.id)
    for _ in range(6):
        pick_round(store, event)
    assert pod_now(store, event).position is None
    with store.read() as s:
        per_seat = Counter(s.scalars(select(DraftPick.seat_no)))
    assert per_seat == {1: 7, 2: 7, 3: 7, 4: 7}


def test_presence_marks_a_seat_connected_until_its_page_closes(
    store: Store, clock: FakeClock
) -> None:
    event = draft_event(store, 4)
    seat_id = pod_now(store, event).seats[1].id
    online(store, event, 1)
    with store.read() as s:
        seat = s.get(DraftSeat, seat_id)
        assert seat is not None
        assert is_connected(seat, clock())
    clock.advance(seconds=1)
    draft.mark_left(store, event, seat_players(store, event)[(1, 1)])
    with store.read() as s:
        seat = s.get(DraftSeat, seat_id)
        assert seat is not None
        assert not is_connected(seat, clock())


def test_BER_DRAFT_2_a_restart_re_arms_every_deadline_with_a_grace_period(
    store: Store, clock: FakeClock
) -> None:
    """BER-DRAFT-2 (issue 29 item 1): the server is down for ten minutes mid-pick. When it comes
    back its timer re-arms the pod's deadline a grace period away (audited), so seat 4, whose
    page had no chance to reconnect, is not disqualified at the second the server returned;
    once its page is back the pick time ends and the server picks for it, no disqualification."""
    event = draft_event(store, 4, pick_seconds=30)
    seats = seat_players(store, event)
    pick_round(store, event, skip=frozenset({4}))
    online(store, event, 1, 2, 3, 4)
    clock.advance(minutes=10)  # the server was down: the deadline passed meanwhile
    assert draft.rearm_after_restart(store) == 1
    assert draft.due_pods(store) == []
    assert pod_now(store, event).deadline == clock.now + timedelta(
        seconds=draft.RESTART_GRACE_SECONDS
    )
    assert draft.rearm_after_restart(store) == 0  # a deadline far enough stays
    clock.advance(seconds=draft.RESTART_GRACE_SECONDS)
    online(store, event, 1, 2, 3, 4)  # the pages reconnected and report every few seconds
    assert draft.due_pods(store)
    draft.expire_pod(store, pod_now(store, event).pod.id)
    assert pod_now(store, event).position == Position(1, 2)
    with store.read() as s:
        assert s.scalar(select(func.count(DraftSeat.id)).where(DraftSeat.disqualified)) == 0
        registration = s.scalars(
            select(Registration).where(Registration.player_id == seats[(1, 4)])
        ).one()
        assert registration.disqualified is False
        audits = s.scalars(select(AuditEntry).where(AuditEntry.action == "draft.rearm")).all()
        assert len(audits) == 1


def test_BER_DRAFT_2_a_worker_replaced_while_the_pages_report_re_arms_nothing(
    store: Store, clock: FakeClock
) -> None:
    """BER-DRAFT-2 (issue 32 item 1): one worker of several dies and its replacement's timer
    starts while the pod's pages reported 2 s ago (the other worker kept the server up). No
    deadline moves: the pick time runs on, and the pages of the dead worker count as connected
    for PRESENCE_SECONDS while they reconnect, so at the deadline the server picks for the
    stalled seat and disqualifies nobody. (Before, every running pod waited 30 s more.)"""
    event = draft_event(store, 4, pick_seconds=30)
    pick_round(store, event, skip=frozenset({4}))
    clock.advance(seconds=27)
    online(store, event, 1, 2, 3, 4)
    deadline = pod_now(store, event).deadline
    clock.advance(seconds=2)  # the worker died; its replacement starts 1 s before the deadline
    assert draft.rearm_after_restart(store) == 0
    assert pod_now(store, event).deadline == deadline
    clock.advance(seconds=1)
    assert draft.due_pods(store)
    draft.expire_pod(store, pod_now(store, event).pod.id)
    assert pod_now(store, event).position == Position(1, 2)
    with store.read() as s:
        assert s.scalar(select(func.count(DraftSeat.id)).where(DraftSeat.disqualified)) == 0
        assert (
            s.scalar(select(func.count(AuditEntry.id)).where(AuditEntry.action == "draft.rearm"))
            == 0
        )


def test_BER_DRAFT_2_a_drafter_disqualified_in_the_draft_registers_no_deck(
    store: Store, clock: FakeClock
) -> None:
    """BER-DRAFT-2 / INV-PEN-1 (issue 29 item 5): a drafter disqualified at a timeout has no deck
    to register; the list is refused, naming the player, and nothing is stored."""
    event = draft_event(store, 4, pick_seconds=60)
    seats = seat_players(store, event)
    pick_round(store, event, skip=frozenset({3}))
    clock.advance(seconds=60)
    assert draft.expire_pod(store, pod_now(store, event).pod.id)  # seat 3's page is not open
    before = fingerprint(store, event)
    with pytest.raises(Conflict) as out:
        decks.submit_deck_list(store, ORG, event, player_id=seats[(1, 3)], text="3 DEMO-001")
    assert out.value.field == "player_id"
    assert "disqualified" in out.value.reason
    assert fingerprint(store, event) == before
    with store.read() as s:
        assert s.scalar(select(func.count(DeckListRow.id))) == 0
